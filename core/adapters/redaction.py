"""One redaction rule for log lines and error reports (bff/observability.py, core/adapters/error_tracking.py):
tokens, keys, hashes and e-mail addresses are masked wherever they appear."""
from __future__ import annotations

import re
from typing import Any

_ARGON2 = re.compile(r"\$argon2(?:id|i|d)\$[A-Za-z0-9+/=$,.-]*")  # a stored password hash, salt and all
_BEARER = re.compile(r"(Bearer\s+)\S+", re.IGNORECASE)
_EMAIL = re.compile(r"([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+)")
_SECRET_QUERY = re.compile(r"((?:token|redirectKey|key|email|password)=)[^&\s]+", re.IGNORECASE)
_NONCE = re.compile(r"\b(?:fake-[A-Za-z0-9-]*nonce|tokencc_[A-Za-z0-9_-]+)\b")  # payment nonces (Braintree's, tests')
_LONG_SECRET = re.compile(r"\b[A-Za-z0-9_\-]{32,}\b")


def redact(text: str) -> str:
    text = _ARGON2.sub("$argon2***", text)
    text = _BEARER.sub(r"\1***", text)
    text = _SECRET_QUERY.sub(r"\1***", text)
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
