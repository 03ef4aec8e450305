"""The worker's composition root, built once on first use, never at import."""
from __future__ import annotations

from functools import lru_cache

from celery import current_app

from core.bootstrap import Container, bootstrap
from core.adapters.jobs import InlineJobQueue


@lru_cache(maxsize=1)
def worker_container() -> Container:
    container = bootstrap(current_app.conf.lumo_settings)
    # Inside the worker, new outbox work found while delivering is handled by the loop itself.
    container.services.jobs = InlineJobQueue(lambda: None)
    return container
