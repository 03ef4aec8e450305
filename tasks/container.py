"""The worker's composition root, built once on first use, never at import."""

from __future__ import annotations

from functools import lru_cache

from celery import current_app

from core.adapters.jobs import InlineJobQueue
from core.bootstrap import Container, bootstrap


@lru_cache(maxsize=1)
def worker_container() -> Container:
    container = bootstrap(current_app.conf.lumo_settings)
    # Inside the worker, outbox rows written by a job (the clock's reminders) are delivered by that
    # same job right away; the dispatcher itself never writes outbox rows, so this cannot recurse.
    container.services.jobs = InlineJobQueue(container.deliver_outbox)
    return container
