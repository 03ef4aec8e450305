"""The daily retention purge (RETENTION_* settings): thin, the rules are in core.services.retention."""

from __future__ import annotations

from dataclasses import asdict

from celery import shared_task

from core.services.retention import RetentionPolicy, purge_expired
from tasks.container import worker_container

PURGE_TASK = "tasks.purge_expired_data"


def retention_policy(settings) -> RetentionPolicy:
    return RetentionPolicy(
        analytics_days=settings.retention_analytics_days,
        outbox_days=settings.retention_outbox_days,
        tokens_days=settings.retention_tokens_days,
        contact_days=settings.retention_contact_days,
    )


@shared_task(name=PURGE_TASK, acks_late=True)
def purge_expired_data() -> dict:
    container = worker_container()
    return asdict(purge_expired(container.services, retention_policy(container.settings)))
