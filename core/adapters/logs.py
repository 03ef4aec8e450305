"""The one logging setup of the API (gunicorn's own access and error logs included) and the worker:
structlog, JSON lines, the request id (and any other context bound with `bind_context`) on every line,
and one redaction step that every line goes through last, whoever wrote it (structlog, the standard
`logging` calls of core/services and the adapters, gunicorn, Celery, SQLAlchemy).

`redact` (text) and `redact_value` (any JSON-like value) are the reusable functions: an error reporter's
before_send hook passes its events through `redact_value`. See README.md, Security, "Logs".
"""

from __future__ import annotations

import json
import logging
import re
import sys
from typing import Any
from urllib.parse import unquote_plus

import structlog
from structlog.typing import EventDict, Processor, WrappedLogger

# Masked wherever they appear in a log line:
_ARGON2 = re.compile(
    r"\$argon2(?:id|i|d)\$[A-Za-z0-9+/=$,.-]*"
)  # a stored password hash, salt and all
_EMAIL = re.compile(
    r"([A-Za-z0-9!#$%&*+/=?^_`{|}~.-])[A-Za-z0-9!#$%&*+/=?^_`{|}~.-]*(?:@|%40)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)",
    re.IGNORECASE,
)  # also URL-encoded (`%40`)
_SECRET_QUERY = re.compile(
    r"((?:token|redirectKey|key|email|password|newPass|oldPass|pin|pollToken)=)[^&\s\"']+",
    re.IGNORECASE,
)
_BEARER = re.compile(r"(Bearer\s+)\S+", re.IGNORECASE)
_LONG_SECRET = re.compile(
    r"[A-Za-z0-9_\-+]{32,}={0,2}"
)  # tokens, keys, SHA-256 hex (not paths: no "/")
_NONCE = re.compile(
    r"\b(?:fake-[A-Za-z0-9-]*nonce|tokencc_[A-Za-z0-9_-]+)\b"
)  # payment nonces (Braintree's, tests')
# Query strings (docs/security.md#query-strings-in-logs), wherever a path is followed by one (gunicorn's request
# line, an adapter's URL): only the parameters below keep their value, and only when it is a short plain
# word, number or list once URL-decoded; every other value, and any parameter not named here, becomes
# `[redacted]`. The names are the documented query parameters that never carry a person or a secret
# (`tests/security/test_query_redaction.py` sends every documented one with an e-mail, token and name).
SAFE_QUERY_PARAMETERS = frozenset(
    {
        "accountId",
        "action",
        "addOns",
        "beforeId",
        "by",
        "count",
        "countryCode",
        "currency",
        "days",
        "format",
        "id",
        "language",
        "limit",
        "planId",
        "planType",
        "prefix",
        "product",
        "showAll",
        "staffId",
        "weeks",
    }
)
REDACTED = "[redacted]"
_SAFE_VALUE = re.compile(r"^[A-Za-z0-9_.,:-]{0,64}$")
_PARAMETER_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")
_QUERY = re.compile(r"(/[^\s?\"']*)\?([^\s\"'#]*)")


# Query strings with nothing to redact, as they are logged: the public reads are asked with the same few
# (`countryCode=FR`), so each is judged once. A query with anything redacted is never kept here (a secret
# stays in no process memory longer than its request); at most this many, forgotten all at once when full.
_HARMLESS_QUERIES: dict[str, str] = {}
HARMLESS_QUERIES_KEPT = 1024


def redact_query(query: str) -> str:
    """A query string by allow-list: `by=email&q=[redacted]`. Names and values are URL-decoded (`%40`, `+`)
    before they are judged, so an encoded e-mail is not let through as harmless text."""
    if not query:
        return query
    known = _HARMLESS_QUERIES.get(query)
    if known is not None:
        return known
    kept = []
    harmless = True
    for pair in query.split("&"):
        raw_name, has_value, raw_value = pair.partition("=")
        name, value = unquote_plus(raw_name), unquote_plus(raw_value)
        if not _PARAMETER_NAME.match(name):
            kept.append(REDACTED)
            harmless = False
        elif name in SAFE_QUERY_PARAMETERS and _SAFE_VALUE.match(value):
            kept.append(f"{name}={value}" if has_value else name)
        else:
            kept.append(f"{name}={REDACTED}")
            harmless = False
    logged = "&".join(kept)
    if harmless:
        if len(_HARMLESS_QUERIES) >= HARMLESS_QUERIES_KEPT:
            _HARMLESS_QUERIES.clear()
        _HARMLESS_QUERIES[query] = logged
    return logged


def _redact_queries(text: str) -> str:
    return _QUERY.sub(lambda m: f"{m.group(1)}?{redact_query(m.group(2))}", text)


# Fields of a log line that are ours and never hold personal data (the request id is 32 hex characters,
# which the long-secret rule would otherwise mask).
SAFE_KEYS = frozenset(
    {
        "timestamp",
        "level",
        "logger",
        "request_id",
        "method",
        "status",
        "ms",
        "task_id",
        "outbox_id",
        "kind",
        "topic",
        "attempt",
    }
)


def redact(text: str) -> str:
    """Redact query strings by allow-list, mask argon2 hashes, secrets in query strings, bearer tokens, long
    random strings and e-mail addresses, URL-encoded too (first character and domain kept: `p***@example.com`).

    Each pattern runs only where it could match: every one needs a character or word a short ordinary
    text (an access line's path, "request") lacks, and testing for it is much cheaper than the search
    (the access log redacts every request's path). Same result as running all six
    (tests/security/test_log_redaction.py compares them)."""
    if "?" in text and "/" in text:
        text = _redact_queries(text)
    if "$argon2" in text:
        text = _ARGON2.sub("$argon2***", text)
    if "=" in text:
        text = _SECRET_QUERY.sub(r"\1***", text)
    lowered = text.lower()
    if "bearer" in lowered:
        text = _BEARER.sub(r"\1***", text)
    if "@" in text or "%40" in lowered:
        text = _EMAIL.sub(r"\1***@\2", text)
    if "nonce" in lowered or "tokencc_" in text:
        text = _NONCE.sub("***", text)
    if len(text) >= 32:
        text = _LONG_SECRET.sub("***", text)
    return text


def redact_slowly(text: str) -> str:
    """`redact` without the shortcuts: every pattern on every text (the reference the tests compare to)."""
    text = _redact_queries(text)
    text = _ARGON2.sub("$argon2***", text)
    text = _SECRET_QUERY.sub(r"\1***", text)
    text = _BEARER.sub(r"\1***", text)
    text = _EMAIL.sub(r"\1***@\2", text)
    text = _NONCE.sub("***", text)
    return _LONG_SECRET.sub("***", text)


def redact_value(value: Any, _depth: int = 0) -> Any:
    """`redact` applied to every string inside a JSON-like value (dicts, lists, tuples)."""
    if isinstance(value, str):
        return redact(value)
    if _depth > 20:
        return "***"
    if isinstance(value, dict):
        return {k: redact_value(v, _depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_value(v, _depth + 1) for v in value]
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    return redact(str(value))


def redact_event(_logger: WrappedLogger, _method: str, event_dict: EventDict) -> EventDict:
    """The structlog processor: every field but our own safe ones goes through `redact_value`."""
    return {k: (v if k in SAFE_KEYS else redact_value(v)) for k, v in event_dict.items()}


def _standard_record_fields(
    _logger: WrappedLogger, _method: str, event_dict: EventDict
) -> EventDict:
    """A `logging` record's `extra={"fields": {...}}` becomes fields of the line."""
    record = event_dict.get("_record")
    if record is not None and record.name == "gunicorn.access" and isinstance(record.args, dict):
        event_dict.setdefault(
            "request_id", record.args.get("{x-request-id}o") or None
        )  # the API's answer header
    fields = getattr(record, "fields", None) if record is not None else None
    if isinstance(fields, dict):
        for k, v in fields.items():
            event_dict.setdefault(k, v)
    return event_dict


_SHARED: list[Processor] = [
    structlog.contextvars.merge_contextvars,
    structlog.stdlib.add_log_level,
    structlog.stdlib.add_logger_name,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
]


ACCESS_LOGGER = "lumo.access"
_ACCESS_STAMPER = structlog.processors.TimeStamper(fmt="iso", utc=True)


class _Formatter(structlog.stdlib.ProcessorFormatter):
    """structlog's formatter, with a short way for the one line every request writes (the API's access
    line: a record of `lumo.access` carrying its fields): the same processors' work — context, level,
    logger, time, the record's fields, redaction, JSON — done inline, the same line to the byte
    (tests/security/test_log_redaction.py compares the two). About 50 fewer Python calls per request
    (docs/benchmarks.md#python-calls-per-request)."""

    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "fields", None)
        if record.name != ACCESS_LOGGER or not isinstance(fields, dict) or record.exc_info:
            return super().format(record)
        line: dict[str, Any] = {"event": record.getMessage()}
        for key, value in structlog.contextvars.get_contextvars().items():
            line.setdefault(key, value)
        line.setdefault("level", record.levelname.lower())
        line.setdefault("logger", record.name)
        stamped = _ACCESS_STAMPER(None, "", line)
        for key, value in fields.items():
            stamped.setdefault(key, value)
        return json.dumps(
            {k: (v if k in SAFE_KEYS else redact_value(v)) for k, v in stamped.items()},
            default=repr,
        )


def formatter() -> logging.Formatter:
    """A `logging.Formatter` writing one redacted JSON object per line (also named by gunicorn's
    `logconfig_dict` and usable on any handler, e.g. in tests)."""
    return _Formatter(
        foreign_pre_chain=[*_SHARED, _standard_record_fields],
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.format_exc_info,
            redact_event,
            structlog.processors.JSONRenderer(),
        ],
    )  # ASCII: one record, one line


def slow_formatter() -> logging.Formatter:
    """`formatter` without the access line's short way: the reference the tests compare it to."""
    return structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=[*_SHARED, _standard_record_fields],
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.format_exc_info,
            redact_event,
            structlog.processors.JSONRenderer(),
        ],
    )


def route_to_logging() -> None:
    """structlog's loggers hand their event dicts to the standard library's logging (where `formatter`
    renders them); safe to call more than once."""
    structlog.configure(
        processors=[
            *_SHARED,
            structlog.stdlib.PositionalArgumentsFormatter(),
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )


def configure(level: str | int = "INFO", stream=None) -> None:
    """Route structlog and the standard library's logging to one redacting JSON handler (stderr)."""
    route_to_logging()
    # Our lines name no thread or process: records skip looking them up (the logging HOWTO's
    # "Optimization"; some 8 Python calls per access line, docs/benchmarks.md#python-calls-per-request).
    logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(formatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in (
        "gunicorn.error",
        "gunicorn.access",
        "celery",
        "celery.task",
        "celery.worker",
        "celery.app.trace",
        "celery.redirected",
    ):
        named = logging.getLogger(name)
        named.handlers[:] = []
        named.propagate = True


def get_logger(name: str):
    return structlog.stdlib.get_logger(name)


def bind_context(**values) -> None:
    """Fields on every line logged from here on in this context (thread, task): e.g. the request id."""
    structlog.contextvars.bind_contextvars(**values)


def clear_context() -> None:
    structlog.contextvars.clear_contextvars()


def logconfig_dict(level: str = "INFO") -> dict:
    """gunicorn's `logconfig_dict`: its error and access logs through the same formatter."""
    handler = {"class": "logging.StreamHandler", "formatter": "lumo", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"lumo": {"()": "core.adapters.logs.formatter"}},
        "handlers": {"lumo": handler},
        "root": {"level": level, "handlers": ["lumo"]},
        "loggers": {
            "gunicorn.error": {"level": level, "handlers": [], "propagate": True},
            "gunicorn.access": {"level": level, "handlers": [], "propagate": True},
        },
    }
