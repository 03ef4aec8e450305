"""The API's Prometheus hooks: requests by route template, status and latency, 429 refusals, and
`GET /metrics` (docs/operations.md, "Metrics").

/metrics is not public: it is served on the API's own port only with METRICS_TOKEN set (as
`Authorization: Bearer <token>`, 404 otherwise), and on METRICS_HOST:METRICS_PORT (loopback by default),
which gunicorn's master opens (bff/gunicorn_conf.py)."""

from __future__ import annotations

import hmac
import time

from flask import Flask, Response, g, request

from bff.errors import error_body
from core.adapters import metrics
from core.domain import errors
from core.settings import Settings

METRICS_PATH = "/metrics"


def rate_limited(action: str) -> None:
    """bff.auth.check_rate refused a request: its 429 counts as a rate-limit refusal, not a login delay."""
    g.metrics_refusal = action


def install(app: Flask, settings: Settings) -> None:
    @app.before_request
    def _start_timer():
        g.metrics_started = time.perf_counter()

    @app.after_request
    def _count(response):
        if request.path == METRICS_PATH:
            return response
        route = request.url_rule.rule if request.url_rule is not None else "unmatched"
        started = getattr(g, "metrics_started", None)
        metrics.HTTP_REQUESTS.labels(request.method, route, str(response.status_code)).inc()
        if started is not None:
            metrics.HTTP_LATENCY.labels(request.method, route).observe(
                time.perf_counter() - started
            )
        if response.status_code == 429:
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
