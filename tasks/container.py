"""The worker's composition root, built once on first use, never at import."""

from __future__ import annotations

from functools import lru_cache

from celery import current_app

from core.bootstrap import Container, bootstrap


@lru_cache(maxsize=1)
def worker_container() -> Container:
    # Inside the worker, outbox rows written by a job (the clock's reminders) are delivered by that
    # same job right away; the dispatcher itself never writes outbox rows, so this cannot recurse.
    return bootstrap(current_app.conf.lumo_settings, deliver_inline=True)
