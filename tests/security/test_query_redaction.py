"""Query strings in the access logs, by allow-list (docs/security.md#query-strings-in-logs): every documented
query parameter is sent with an e-mail, a token and a name in it, plain and URL-encoded, and neither the API's
own access line nor gunicorn's request line keeps any of them; harmless parameters keep their values."""

from __future__ import annotations

import logging
import secrets
from urllib.parse import quote, quote_plus

import pytest

from bff.gunicorn_conf import access_log_format
from core.adapters import logs
from core.adapters.logs import REDACTED, SAFE_QUERY_PARAMETERS, formatter, redact, redact_query

NAME = "Ana Silva"
EMAIL = "ana.silva+kids@example.com"
TOKEN = secrets.token_urlsafe(18)  # 24 characters: shorter than the long-secret rule's 32


def _encodings() -> list[str]:
    value = f"{NAME} {EMAIL} {TOKEN}"
    return [
        quote_plus(value),  # ana.silva%2Bkids%40example.com, spaces as +
        quote(value, safe=""),  # spaces as %20
        value.replace(" ", "+"),  # the @ as it is
        quote(quote(value, safe=""), safe=""),  # encoded twice
    ]


def _documented_query_parameters(client) -> list[tuple[str, str, str]]:
    """(method, path with its path parameters filled in, parameter name) from the OpenAPI document."""
    found = []
    for path, operations in client.get("/openapi.json").json["paths"].items():
        concrete = path.replace("{code}", "LUMO-HALF").replace("{", "").replace("}", "")
        for method, operation in operations.items():
            if not isinstance(operation, dict):  # the path's own `parameters`
                continue
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "query":
                    found.append((method.upper(), concrete, parameter["name"]))
    return found


def _gunicorn_line(method: str, path: str, query: str) -> str:
    """The record gunicorn's access log makes (its `r` atom is the request line as the client sent it)."""
    record = logging.LogRecord(
        "gunicorn.access",
        logging.INFO,
        __file__,
        0,
        access_log_format,
        ({"h": "127.0.0.1", "r": f"{method} {path}?{query} HTTP/1.1", "s": 200, "b": 2, "M": 3},),
        None,
    )
    return formatter().format(record)


def _leaks(line: str) -> list[str]:
    lowered = line.lower()
    return [
        piece for piece in ("silva", "ana+", "ana%20", TOKEN.lower(), "kids") if piece in lowered
    ]


@pytest.fixture
def access_lines():
    logger = logging.getLogger("lumo.access")
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(record)

    handler, level = Keep(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    yield records
    logger.removeHandler(handler)
    logger.setLevel(level)


def test_every_documented_query_parameter_with_an_email_token_and_name_leaves_none_in_the_logs(
    client, access_lines
):
    documented = _documented_query_parameters(client)
    assert {"q", "by", "email", "token", "redirectKey", "coupon"} <= {n for _, _, n in documented}
    access_lines.clear()  # the document's own request
    lines = []
    for method, path, name in documented:
        for encoded in _encodings():
            query = f"{name}={encoded}"
            client.open(f"{path}?{query}", method=method)
            lines.append(_gunicorn_line(method, path, query))
    lines += [formatter().format(record) for record in access_lines]
    assert len(lines) == 2 * 4 * len(documented)
    leaking = [(line, _leaks(line)) for line in lines if _leaks(line)]
    assert leaking == []
    text = "\n".join(lines)
    assert all(
        f"{n}={REDACTED}" in text or f"{n}=***" in text for _, _, n in documented
    )  # every parameter named, none with these values (token=, email= are masked as before)


def test_the_console_search_line_keeps_its_kind_and_loses_its_query(client, access_lines):
    query = "by=email&q=" + quote(EMAIL, safe="")
    client.get(f"/ops/v1/parents?{query}")
    [record] = access_lines
    assert record.fields["query"] == f"by=email&q={REDACTED}"  # type: ignore[attr-defined]
    assert "by=email&q=[redacted] HTTP/1.1" in _gunicorn_line("GET", "/ops/v1/parents", query)


def test_harmless_parameters_keep_their_values():
    assert redact_query("days=30&format=csv&limit=50&beforeId=12") == (
        "days=30&format=csv&limit=50&beforeId=12"
    )
    assert redact_query("countryCode=FR&addOns=lumo_books,lumo_games") == (
        "countryCode=FR&addOns=lumo_books,lumo_games"
    )
    assert (
        redact_query("q=zeb&utm_source=x&%71=Ana")
        == "q=[redacted]&utm_source=[redacted]&q=[redacted]"
    )
    assert redact_query("prefix=ana%40example.com&by=Ana%20Silva") == (
        "prefix=[redacted]&by=[redacted]"
    )
    assert redact_query("ana@example.com") == REDACTED
    assert "q" not in SAFE_QUERY_PARAMETERS and "email" not in SAFE_QUERY_PARAMETERS


def test_only_harmless_queries_are_remembered_and_the_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(logs, "_HARMLESS_QUERIES", {})
    monkeypatch.setattr(logs, "HARMLESS_QUERIES_KEPT", 3)
    for _ in range(2):
        assert redact_query("countryCode=FR&showAll=true") == "countryCode=FR&showAll=true"
        for secret in _encodings():
            assert redact_query(f"countryCode=FR&token={secret}") == (
                f"countryCode=FR&token={REDACTED}"
            )
            assert redact_query(secret) == REDACTED
    assert logs._HARMLESS_QUERIES == {"countryCode=FR&showAll=true": "countryCode=FR&showAll=true"}
    for code in ("CH", "DE", "IT", "US"):
        assert redact_query(f"countryCode={code}") == f"countryCode={code}"
    assert len(logs._HARMLESS_QUERIES) <= 3
    assert "countryCode=US" in logs._HARMLESS_QUERIES  # the newest is kept


def test_url_encoded_emails_are_masked_anywhere():
    assert redact("sent to ana.silva%40example.com") == "sent to a***@example.com"
    assert redact("sent to ana.silva%40Example.com") == "sent to a***@Example.com"
