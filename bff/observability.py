"""Request ids, JSON access logs that never carry secrets, and security headers."""

from __future__ import annotations

import logging
import re
import time
import uuid

from flask import Flask

from core.adapters import logs
from core.adapters.logs import redact  # noqa: F401 - the one redaction, re-exported for the edge

# The access line: a standard-library record handed straight to the handlers (the one JSON formatter adds
# the request id, level, logger and time, and redacts). Not structlog's bound logger, whose call also
# walked the stack for the caller's file and line, which no line shows: 30 -> 23 us per request.
log = logging.getLogger("lumo.access")

_API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"
_DOCS_CSP = (
    "default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https://cdn.jsdelivr.net; "
    "connect-src 'self'; frame-ancestors 'none'"
)


def _security_headers(csp: str, production: bool) -> list[tuple[str, str]]:
    """The headers every answer carries (built once: appending them is cheaper than one set() each)."""
    headers = [
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"),
        ("Content-Security-Policy", csp),
        ("X-Frame-Options", "DENY"),
    ]
    if production:
        headers.append(("Strict-Transport-Security", "max-age=63072000; includeSubDomains"))
    return headers


STARTED = (
    "lumo.started"  # the WSGI environ key holding when RequestLog began the request (bff.metrics)
)
_REQUEST_ID = re.compile(r"[A-Za-z0-9\-]{8,64}")


class RequestLog:
    """WSGI middleware around the Flask application: the request id (the caller's `X-Request-Id` when it is
    a plausible one, else a new one) bound to every line logged while the request runs and answered in
    `X-Request-Id`; the security headers; `Cache-Control: no-store` on answers to a request with
    credentials that set none; and the one access line per request. Working on the WSGI environ and the
    header list directly, rather than in Flask hooks through `request` and `Headers`, it costs about half
    the Python calls (docs/benchmarks.md#python-calls-per-request)."""

    def __init__(self, app, production: bool) -> None:
        self.app = app
        self.api_headers = _security_headers(_API_CSP, production)
        self.docs_headers = _security_headers(_DOCS_CSP, production)

    def __call__(self, environ, start_response):
        supplied = environ.get("HTTP_X_REQUEST_ID", "")
        request_id = supplied if _REQUEST_ID.fullmatch(supplied) else uuid.uuid4().hex
        started = environ[STARTED] = time.perf_counter()  # also the latency metric's start
        logs.clear_context()
        logs.bind_context(request_id=request_id)  # on every line logged while this request runs
        # PATH_INFO is the path's UTF-8 bytes read as Latin-1 (PEP 3333): decoded as werkzeug decodes it
        path = environ.get("PATH_INFO", "").encode("latin-1").decode("utf-8", "replace")
        added = [
            ("X-Request-Id", request_id),
            *(self.docs_headers if path.startswith("/docs") else self.api_headers),
        ]
        credentials = "HTTP_AUTHORIZATION" in environ
        answered: list[int] = []

        def start(status: str, headers: list[tuple[str, str]], exc_info=None):
            answered.append(int(status[:3]))
            if credentials and not any(name.lower() == "cache-control" for name, _ in headers):
                headers.append(
                    ("Cache-Control", "no-store")
                )  # a parent's data stays out of shared caches
            headers[:] = [h for h in headers if h[0].lower() != "x-request-id"] + added
            return start_response(status, headers, exc_info)

        try:
            return self.app(environ, start)
        finally:
            if log.isEnabledFor(logging.INFO):
                _access_line(environ, request_id, path, answered[-1] if answered else 500, started)
            logs.clear_context()


def _access_line(environ, request_id: str, path: str, status: int, started: float) -> None:
    fields = {
        "request_id": request_id,  # whenever the record is formatted
        "method": environ.get("REQUEST_METHOD", ""),
        "path": path if path.startswith("/") else "/" + path,
        "status": status,
        "ms": round(1000 * (time.perf_counter() - started), 2),
    }
    query = environ.get("QUERY_STRING")
    if query:  # by allow-list, decoded before it is judged (docs/security.md#query-strings-in-logs)
        fields["query"] = logs.redact_query(query)
    log.handle(
        log.makeRecord(
            log.name, logging.INFO, __file__, 0, "request", (), None, extra={"fields": fields}
        )
    )


def install(app: Flask, production: bool) -> None:
    # Flask's documented way to add WSGI middleware; its types declare wsgi_app a method.
    app.wsgi_app = RequestLog(app.wsgi_app, production)  # type: ignore[method-assign]


def configure_logging(level: str = "INFO") -> None:
    logs.configure(level)
