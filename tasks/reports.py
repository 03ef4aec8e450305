"""The operator console's daily roll-ups: thin, the counting is in core.services.ops.revenue."""

from __future__ import annotations

from celery import shared_task

from core.services.ops.revenue import roll_up_funnel
from tasks.container import worker_container

FUNNEL_ROLLUP_TASK = "tasks.roll_up_funnel"


@shared_task(name=FUNNEL_ROLLUP_TASK, acks_late=True)
def roll_up_funnel_task() -> int:
    """Finished UTC days of the analytics funnel into funnel_daily (idempotent; hourly by beat)."""
    return roll_up_funnel(worker_container().services)
