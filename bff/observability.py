"""Request ids, JSON access logs that never carry secrets, and security headers."""
from __future__ import annotations

import json
import logging
import re
import time
import uuid

from flask import Flask, g, request

from core.adapters.redaction import redact  # the API's logs and error reports mask the same things

log = logging.getLogger("lumo.access")

_API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"
_DOCS_CSP = ("default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
             "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https://cdn.jsdelivr.net; "
             "connect-src 'self'; frame-ancestors 'none'")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {"time": self.formatTime(record), "level": record.levelname, "logger": record.name,
                 "message": redact(record.getMessage())}
        entry.update({k: v for k, v in getattr(record, "fields", {}).items()})
        if record.exc_info:
            entry["error"] = redact(f"{record.exc_info[0].__name__}: {record.exc_info[1]}")
        return json.dumps(entry, ensure_ascii=False)


def _security_headers(csp: str, production: bool) -> list[tuple[str, str]]:
    """The headers every answer carries (built once: appending them is cheaper than one set() each)."""
    headers = [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
               ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"),
               ("Content-Security-Policy", csp), ("X-Frame-Options", "DENY")]
    if production:
        headers.append(("Strict-Transport-Security", "max-age=63072000; includeSubDomains"))
    return headers


def install(app: Flask, production: bool) -> None:
    api_headers, docs_headers = _security_headers(_API_CSP, production), _security_headers(_DOCS_CSP, production)

    @app.before_request
    def _start():
        supplied = request.headers.get("X-Request-Id", "")
        g.request_id = supplied if re.fullmatch(r"[A-Za-z0-9\-]{8,64}", supplied) else uuid.uuid4().hex
        g.started = time.perf_counter()

    @app.after_request
    def _finish(response):
        headers = response.headers
        headers["X-Request-Id"] = getattr(g, "request_id", "")
        headers.extend(docs_headers if request.path.startswith("/docs") else api_headers)
        if "Authorization" in request.headers and "Cache-Control" not in response.headers:
            response.headers["Cache-Control"] = "no-store"  # a parent's data stays out of shared caches
        log.info("request", extra={"fields": {
            "request_id": getattr(g, "request_id", ""), "method": request.method,
            "path": redact(request.path), "status": response.status_code,
            "ms": round(1000 * (time.perf_counter() - getattr(g, "started", time.perf_counter())), 2)}})
        return response


def configure_logging(level: str = "INFO") -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
