"""gunicorn settings of the API (`gunicorn -c python:bff.gunicorn_conf …`, Procfile and `make run`):
Prometheus multiprocess mode. PROMETHEUS_MULTIPROC_DIR (set before gunicorn starts, one per API node)
is emptied when the master starts; the master serves the summed metrics of its workers on
METRICS_HOST:METRICS_PORT (loopback by default: not the public port); an exited worker's live gauges go.
docs/operations.md, "Metrics"."""
from __future__ import annotations

import logging
import shutil
from pathlib import Path

from core.adapters import metrics
from core.settings import from_environment

_settings = from_environment()
log = logging.getLogger("gunicorn.error")


def on_starting(server) -> None:
    folder = _settings.prometheus_multiproc_dir
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        Path(folder).mkdir(parents=True, exist_ok=True)


def when_ready(server) -> None:
    if not _settings.metrics_port:
        return
    from prometheus_client import start_http_server

    try:
        start_http_server(_settings.metrics_port, addr=_settings.metrics_host,
                          registry=metrics.scrape_registry(_settings.prometheus_multiproc_dir))
    except OSError as error:  # the API runs without its metrics rather than not at all
        log.warning("metrics port %s:%s not opened: %s", _settings.metrics_host, _settings.metrics_port, error)
        return
    log.info("metrics on http://%s:%s/metrics", _settings.metrics_host, _settings.metrics_port)


def child_exit(server, worker) -> None:
    metrics.mark_process_dead(worker.pid, _settings.prometheus_multiproc_dir)
