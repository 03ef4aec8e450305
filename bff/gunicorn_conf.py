"""gunicorn's configuration (`gunicorn -c python:bff.gunicorn_conf 'bff:create_app()'`, used by `make run`
and the Procfile).

- Logs: one access line per request, the API's own (`lumo.access`, bff/observability.py: method, path, the
  query by allow-list, status, time, request id); gunicorn's access log is off, as it repeated that line for
  every request (docs/operations.md#logs). Its error log goes through the API's one logging setup (JSON,
  redacted, docs/security.md#query-strings-in-logs): a request gunicorn refuses itself before Flask sees it
  (414 URI too long, 431 headers too large, 400 unparsable) is on record there ("Invalid request from
  ip=…", a warning), and is answered the API's JSON error body instead of HTML. An operator who wants
  gunicorn's access lines too adds `--access-logfile -`; they are redacted the same way.
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

from gunicorn import glogging, util

from core.adapters import metrics
from core.adapters.logs import logconfig_dict as _logconfig_dict
from core.settings import from_environment

access_log_format = (
    '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'  # if turned on; + request_id (core.adapters.logs)
)
loglevel = "info"
logconfig_dict = _logconfig_dict(loglevel.upper())


class OneAccessLine(glogging.Logger):
    """gunicorn's logger, writing its access line only when `--access-logfile` asks for it: with a
    `logconfig_dict` gunicorn would otherwise build and write one for every request, beside the API's."""

    @property
    def access_log_enabled(self) -> bool:
        return bool(self.cfg.accesslog)

    def access(self, resp, req, environ, request_time) -> None:
        if self.cfg.accesslog:
            super().access(resp, req, environ, request_time)


logger_class = OneAccessLine

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
