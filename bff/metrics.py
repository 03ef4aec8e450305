"""The API's Prometheus hooks: requests by route template, status and latency, 429 refusals, and
`GET /metrics` (docs/operations.md, "Metrics").

/metrics is not public: it is served on the API's own port only with METRICS_TOKEN set (as
`Authorization: Bearer <token>`, 404 otherwise), and on METRICS_HOST:METRICS_PORT (loopback by default),
which gunicorn's master opens (bff/gunicorn_conf.py)."""

from __future__ import annotations

import hmac
import time
from typing import Any

from flask import Flask, Response, g, request
from flask.globals import request_ctx

from bff.errors import error_body
from bff.observability import STARTED
from core.adapters import metrics
from core.domain import errors
from core.settings import Settings

METRICS_PATH = "/metrics"


def rate_limited(action: str) -> None:
    """bff.auth.check_rate refused a request: its 429 counts as a rate-limit refusal, not a login delay."""
    g.metrics_refusal = action


def install(app: Flask, settings: Settings) -> None:
    # Each (method, route, status)'s counter and latency children, looked up once: prometheus_client's
    # labels() validates and joins its label values on every call (docs/benchmarks.md#python-calls-per-request).
    # As many entries as the metrics themselves hold series.
    children: dict[tuple[str, str, int], tuple[Any, Any]] = {}

    @app.after_request
    def _count(response):
        req = request_ctx.request  # one context lookup instead of one per attribute
        if req.path == METRICS_PATH:
            return response
        rule = req.url_rule
        route = rule.rule if rule is not None else "unmatched"
        status = response.status_code
        key = (req.method, route, status)
        counted = children.get(key)
        if counted is None:
            counted = children[key] = (
                metrics.HTTP_REQUESTS.labels(req.method, route, str(status)),
                metrics.HTTP_LATENCY.labels(req.method, route),
            )
        counted[0].inc()
        started = req.environ.get(STARTED)  # RequestLog's
        if started is not None:
            counted[1].observe(time.perf_counter() - started)
        if status == 429:
            action = getattr(g, "metrics_refusal", None)
            metrics.REFUSALS.labels(
                "rate_limit" if action else "login_throttle", action or route
            ).inc()
        return response

    token = settings.metrics_token

    @app.get(METRICS_PATH)
    def _metrics():
        supplied = request.headers.get("Authorization", "")
        if not token or not hmac.compare_digest(supplied.encode(), f"Bearer {token}".encode()):
            return error_body(errors.NOT_FOUND)
        body, content_type = metrics.render(settings.prometheus_multiproc_dir)
        return Response(body, content_type=content_type, headers={"Cache-Control": "no-store"})
