"""gunicorn's configuration (`gunicorn -c python:bff.gunicorn_conf 'bff:create_app()'`, used by `make run`
and the Procfile).

- Logs: its access and error logs go through the API's one logging setup (JSON, redacted: the request line's
  query keeps only harmless parameters, by allow-list, docs/security.md#query-strings-in-logs), and the answers gunicorn writes itself before
  Flask sees a request (414 URI too long, 431 headers too large, 400 unparsable) are the API's JSON error
  body instead of HTML.
- Metrics: Prometheus multiprocess mode. PROMETHEUS_MULTIPROC_DIR (set before gunicorn starts, one per API
  node) is emptied when the master starts; the master serves the summed metrics of its workers on
  METRICS_HOST:METRICS_PORT (loopback by default: not the public port); an exited worker's live gauges go
  (docs/operations.md, "Metrics").

Other options stay on the command line (bind, workers, reload)."""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

from gunicorn import util

from core.adapters import metrics
from core.adapters.logs import logconfig_dict as _logconfig_dict
from core.settings import from_environment

accesslog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'  # + request_id (core.adapters.logs)
loglevel = "info"
logconfig_dict = _logconfig_dict(loglevel.upper())

_settings = from_environment()
log = logging.getLogger("gunicorn.error")


def _json_error(sock, status_int: int, reason: str, _mesg: str) -> None:
    """gunicorn.util.write_error, with the API's error body (`{"code": 0, "message": …}`); the request
    line gunicorn would echo back is not repeated (it may carry a secret query)."""
    body = json.dumps({"code": 0, "message": "somethingWentWrong"}).encode()
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode("latin-1")
    util.write_nonblock(sock, head + body)


util.write_error = _json_error


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
        start_http_server(
            _settings.metrics_port,
            addr=_settings.metrics_host,
            registry=metrics.scrape_registry(_settings.prometheus_multiproc_dir),
        )
    except OSError as error:  # the API runs without its metrics rather than not at all
        log.warning(
            "metrics port %s:%s not opened: %s",
            _settings.metrics_host,
            _settings.metrics_port,
            error,
        )
        return
    log.info("metrics on http://%s:%s/metrics", _settings.metrics_host, _settings.metrics_port)


def child_exit(server, worker) -> None:
    metrics.mark_process_dead(worker.pid, _settings.prometheus_multiproc_dir)
