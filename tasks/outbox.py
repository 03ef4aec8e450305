"""Delivering the outbox (e-mails, analytics forwards, partner callbacks). Each message
is leased in the database, so running this task twice at once, or again after a crash,
sends nothing twice."""

from __future__ import annotations

from celery import shared_task

from core.adapters.jobs import DELIVER_OUTBOX_TASK
from tasks.container import worker_container


@shared_task(name=DELIVER_OUTBOX_TASK, acks_late=True)
def deliver_outbox() -> int:
    return worker_container().deliver_outbox().total
