"""Headers on every answer, request ids, and logs that never carry a secret."""

import json
import logging

from bff.observability import redact
from core.adapters.logs import formatter
from tests.helpers import bearer, pw, signed_up


def test_security_headers_and_request_id(client):
    response = client.get("/v4/country")
    for header, value in [
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
    ]:
        assert response.headers[header] == value
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    assert len(response.headers["X-Request-Id"]) == 32
    echoed = client.get("/healthz", headers={"X-Request-Id": "abc-12345678"})
    assert echoed.headers["X-Request-Id"] == "abc-12345678"
    assert (
        client.get("/healthz", headers={"X-Request-Id": "<bad>"}).headers["X-Request-Id"] != "<bad>"
    )


def test_authenticated_answers_are_not_cached(client):
    token = signed_up(client)
    assert (
        client.get("/v5/subscriptions", headers=bearer(token)).headers["Cache-Control"]
        == "no-store"
    )


def test_redaction():
    assert redact("login parent.name@example.com") == "login p***@example.com"
    assert redact("/v4/users/confirm-email?token=abcdef") == "/v4/users/confirm-email?token=***"
    assert "***" in redact("Bearer " + "A" * 43)


def test_no_secret_reaches_the_logs(client, caplog, mailbox):
    caplog.set_level(logging.DEBUG)
    token = signed_up(client, email="secret.parent@example.com")
    client.post(
        "/v4/accounts/login", json={"email": "secret.parent@example.com", "password": pw("wrong")}
    )
    key = client.get("/v4/users/redirect/generate-key", headers=bearer(token)).json["redirectKey"]
    client.get(f"/v4/users/redirect/verify-key?redirectKey={key}")
    client.get("/v4/users/forgotten-pass?email=secret.parent@example.com")
    reset = mailbox.link("secret.parent@example.com", "/reset-password")
    client.post("/v4/users/reset-pass", json={"token": reset, "newPass": pw("new")})
    client.post(
        "/v5/braintree/subscription",
        headers=bearer(token),
        json={"paymentNonce": "fake-valid-nonce", "plans": {"planId": "lumo_tv_monthly_eur"}},
    )
    lines = "\n".join(formatter().format(record) for record in caplog.records)
    assert lines  # the access log did write
    for secret in (
        token,
        key,
        reset,
        pw(),
        pw("wrong"),
        pw("new"),
        "secret.parent@example.com",
        "fake-valid-nonce",
    ):
        assert secret not in lines


def test_one_access_line_per_request_with_its_fields(client, caplog):
    caplog.set_level(logging.INFO, logger="lumo.access")
    response = client.get("/v5/plans?countryCode=FR", headers={"X-Request-Id": "req-12345678"})
    records = [r for r in caplog.records if r.name == "lumo.access"]
    assert len(records) == 1
    line = json.loads(formatter().format(records[0]))
    assert line["event"] == "request" and line["logger"] == "lumo.access"
    assert line["level"] == "info" and line["timestamp"].endswith("Z")
    assert line["request_id"] == response.headers["X-Request-Id"] == "req-12345678"
    assert (line["method"], line["path"], line["status"]) == ("GET", "/v5/plans", 200)
    assert isinstance(line["ms"], float) and line["ms"] >= 0


def test_the_app_remembers_plain_functions_and_asks_flask_about_anything_else(app, monkeypatch):
    import flask
    import pytest

    asked: list[object] = []
    real = flask.Flask.ensure_sync

    def counted(self, func):
        asked.append(func)
        return real(self, func)

    monkeypatch.setattr(flask.Flask, "ensure_sync", counted)

    def plain():
        return "plain"

    async def coroutine():
        return "async"

    assert app.ensure_sync(plain) is plain and app.ensure_sync(plain) is plain
    assert asked == [plain]  # asked Flask once, then remembered
    with pytest.raises(
        RuntimeError, match="async"
    ):  # Flask's answer: no async views without asgiref
        app.ensure_sync(coroutine)
    assert asked[-1] is coroutine


def test_gunicorn_writes_its_own_access_line_only_when_asked(monkeypatch):
    """One access line per request, the API's: gunicorn's (bff/gunicorn_conf.py) only with --access-logfile."""
    from types import SimpleNamespace

    from gunicorn import glogging

    from bff.gunicorn_conf import OneAccessLine

    written: list[tuple] = []
    monkeypatch.setattr(glogging.Logger, "access", lambda self, *args: written.append(args))
    logger = OneAccessLine.__new__(OneAccessLine)  # no logging set-up: only the decision is tested
    logger.cfg = SimpleNamespace(accesslog=None)
    assert logger.access_log_enabled is False
    logger.access("response", "request", {}, 0.1)
    assert written == []
    logger.cfg = SimpleNamespace(accesslog="-")
    assert logger.access_log_enabled is True
    logger.access("response", "request", {}, 0.1)
    assert written == [("response", "request", {}, 0.1)]
