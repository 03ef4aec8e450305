"""The worker's Prometheus side (docs/operations.md, "Metrics"): task outcomes and run times, the
outbox and subscription gauges refreshed by beat, and the metrics port (WORKER_METRICS_PORT on
METRICS_HOST, loopback by default) opened by the worker's main process."""

from __future__ import annotations

import logging
import os
import time

from celery import shared_task, signals

from core.adapters import metrics
from tasks.container import worker_container

REFRESH_GAUGES_TASK = "tasks.refresh_metrics"
log = logging.getLogger(__name__)
_started: dict[str, float] = {}


@shared_task(name=REFRESH_GAUGES_TASK, acks_late=True)
def refresh_metrics() -> dict:
    """Outbox pending/leased/dead by kind and subscriptions by state: two GROUP BY queries."""
    counts = metrics.refresh_gauges(worker_container().engine)
    return {
        "outbox": sum(counts["outbox"].values()),
        "subscriptions": sum(counts["subscriptions"].values()),
    }


@signals.task_prerun.connect
def _task_started(task_id=None, **_):
    _started[task_id] = time.perf_counter()


@signals.task_postrun.connect
def _task_finished(task_id=None, task=None, state=None, **_):
    started = _started.pop(task_id, None)
    name = getattr(task, "name", "unknown")
    metrics.CELERY_TASKS.labels(name, (state or "unknown").lower()).inc()
    if started is not None:
        metrics.CELERY_TASK_SECONDS.labels(name).observe(time.perf_counter() - started)


@signals.task_retry.connect
def _task_retried(sender=None, **_):
    metrics.CELERY_TASKS.labels(getattr(sender, "name", "unknown"), "retry").inc()


@signals.worker_init.connect
def _open_metrics_port(sender=None, **_):
    settings = sender.app.conf.lumo_settings
    folder = settings.prometheus_multiproc_dir
    if folder:
        os.makedirs(folder, exist_ok=True)
        for leftover in os.listdir(folder):  # a previous run's files would be summed with ours
            os.unlink(os.path.join(folder, leftover))
    if not settings.worker_metrics_port:
        return
    from prometheus_client import start_http_server

    try:
        start_http_server(
            settings.worker_metrics_port,
            addr=settings.metrics_host,
            registry=metrics.scrape_registry(folder),
        )
    except OSError as error:
        log.warning("worker metrics port not opened: %s", error)


@signals.worker_process_shutdown.connect
def _child_gone(pid=None, **_):
    from celery import current_app

    metrics.mark_process_dead(
        pid or os.getpid(), current_app.conf.lumo_settings.prometheus_multiproc_dir
    )
