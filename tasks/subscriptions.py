"""The subscription clock: lapse subscriptions whose time is up."""
from __future__ import annotations

from celery import shared_task

from core.services.subscription_changes import expire_due
from tasks.container import worker_container

EXPIRE_TASK = "tasks.expire_subscriptions"


@shared_task(name=EXPIRE_TASK, acks_late=True)
def expire_subscriptions() -> int:
    return expire_due(worker_container().services)
