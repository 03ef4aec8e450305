"""Maintenance mode (MAINTENANCE_MODE, or the runtime switch): every API call answers 503 `maintenance` with Retry-After,
except the health checks, the site switches the web app reads to show its maintenance page, and the
API's own documentation."""

from __future__ import annotations

from flask import Flask, request

from bff.context import services
from bff.errors import error_body
from core.domain import errors

RETRY_AFTER_SECONDS = 300
OPEN_PATHS = ("/healthz", "/readyz", "/v4/site", "/openapi.json", "/metrics")


def install(app: Flask) -> None:
    """The switch is read per request from the runtime switches (cached, core/services/site_switches.py):
    MAINTENANCE_MODE is only its default, and `flask --app bff site set maintenance on` needs no restart."""

    @app.before_request
    def _maintenance():
        if not services().site_config().maintenance:
            return None
        if (
            request.path in OPEN_PATHS
            or request.path == "/docs"
            or request.path.startswith("/docs/")
            or request.path.startswith("/ops/")
        ):  # the operator console works during maintenance
            return None
        response, status = error_body(errors.SERVICE_UNAVAILABLE)
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response, status
