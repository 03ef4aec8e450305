"""Optional error tracking (Sentry), on when SENTRY_DSN is set (docs/operations.md, "Error tracking").

Every event and breadcrumb passes `scrub` before it leaves: the log's redaction (core/adapters/logs.py)
on every string, fields whose name says secret (password, token, nonce, key, hash, e-mail, …) masked
whole, and no request body, cookies, headers, user or local variables sent at all. So an event carries
no e-mail, token, hash or payment nonce, as the log lines do not.
"""

from __future__ import annotations

import re
from typing import Any

from core.adapters.logs import redact

_SECRET_NAME = re.compile(
    r"pass|token|nonce|secret|key|hash|sig|auth|cookie|session|e-?mail|pin|card|cvv", re.IGNORECASE
)
_KEPT_HEADERS = {"content-type", "content-length", "x-request-id", "accept-language"}
# Sentry's own identifiers (random hex the long-secret rule would mask, and Sentry needs them)
_SAFE_KEYS = frozenset(
    {
        "event_id",
        "trace_id",
        "span_id",
        "parent_span_id",
        "sample_rand",
        "timestamp",
        "start_timestamp",
        "release",
        "environment",
        "platform",
        "level",
    }
)


def _clean(value: Any, depth: int = 0) -> Any:
    """Fields named like a secret masked whole; every other string through the logs' `redact`."""
    if depth > 20:
        return "***"
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if isinstance(k, str) and k in _SAFE_KEYS:
                out[k] = v
            elif isinstance(k, str) and _SECRET_NAME.search(k) and v not in (None, "", [], {}):
                out[k] = "***"
            else:
                out[k] = _clean(v, depth + 1)
        return out
    if isinstance(value, (list, tuple)):
        return [_clean(v, depth + 1) for v in value]
    if isinstance(value, str):
        return redact(value)
    return value


def scrub(event: dict, _hint: Any = None) -> dict:
    """Sentry's before_send and before_breadcrumb: the same redaction as the logs, and then some."""
    request = event.get("request")
    if isinstance(request, dict):
        for dropped in ("data", "cookies", "env"):
            request.pop(dropped, None)
        headers = request.get("headers")
        if isinstance(headers, dict):
            request["headers"] = {k: v for k, v in headers.items() if k.lower() in _KEPT_HEADERS}
        if request.get("query_string"):
            request["query_string"] = "***"
    event.pop("user", None)
    for exception in (event.get("exception") or {}).get("values") or []:
        for frame in (exception.get("stacktrace") or {}).get("frames") or []:
            frame.pop("vars", None)
    return _clean(event)


def init(dsn: str, integrations: list, environment: str, release: str | None = None) -> bool:
    """Start Sentry for this process (the API or the worker); a no-op without a DSN."""
    if not dsn:
        return False
    import sentry_sdk

    sentry_sdk.init(
        dsn=dsn,
        integrations=integrations,
        environment=environment,
        release=release,
        include_local_variables=False,
        max_request_body_size="never",
        # sentry-sdk types an event as its private TypedDict (sentry_sdk._types.Event), which a function
        # of plain dicts cannot name; scrub takes any event dict.
        before_send=scrub,  # type: ignore[arg-type]
        before_breadcrumb=scrub,
        traces_sample_rate=0.0,
    )
    return True


__all__ = ["init", "scrub", "redact"]
