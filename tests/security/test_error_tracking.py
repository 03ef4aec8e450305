"""Sentry (SENTRY_DSN) events carry no e-mail, token, hash or nonce: an error is sent to a local
stand-in of Sentry's ingest endpoint and the envelope it receives is inspected."""

from __future__ import annotations

import gzip
import json
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from core.adapters.error_tracking import scrub
from tests.helpers import bearer, pw

EMAIL = "secret.parent@example.com"
TOKEN = "tok_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
ARGON2 = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA"
NONCE = "fake-valid-nonce"
PASSWORD_HASH = pw("hunter2 hunter2")


class Ingest(BaseHTTPRequestHandler):
    received: list[bytes] = []
    dsn = ""

    def do_POST(self):  # noqa: N802
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        encoding = self.headers.get("Content-Encoding", "")
        if encoding == "gzip":
            body = gzip.decompress(body)
        elif encoding == "deflate":
            body = zlib.decompress(body)
        elif encoding == "br":
            import brotli

            body = brotli.decompress(body)
        Ingest.received.append(body)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


@pytest.fixture
def ingest():
    Ingest.received = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Ingest)  # a free port
    Ingest.dsn = f"http://publickey@127.0.0.1:{server.server_address[1]}/42"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Ingest.received
    server.shutdown()
    server.server_close()


def events(received: list[bytes]) -> list[dict]:
    found = []
    for envelope in received:
        for line in envelope.split(b"\n"):
            try:
                item = json.loads(line)
            except ValueError:
                continue
            if isinstance(item, dict) and (
                "exception" in item or "logentry" in item or "message" in item
            ):
                found.append(item)
    return found


def test_an_api_error_reaches_sentry_without_personal_data_or_secrets(container, ingest):
    import sentry_sdk

    from bff import create_app

    settings = container.settings.replace(sentry_dsn=Ingest.dsn)
    app = create_app(settings=settings, container=container)

    @app.post("/boom")
    def boom():
        password_hash = ARGON2  # noqa: F841  (a local variable: never sent)
        raise RuntimeError(
            f"cannot charge {EMAIL} with {NONCE} token={TOKEN} stored {ARGON2} bearer {TOKEN}"
        )

    try:
        response = app.test_client().post(
            f"/boom?token={TOKEN}&email={EMAIL}",
            json={"email": EMAIL, "password": PASSWORD_HASH, "paymentNonce": NONCE},
            headers={**bearer(TOKEN), "Cookie": f"session={TOKEN}"},
        )
        assert response.status_code == 500
        sentry_sdk.flush(timeout=5)
    finally:
        sentry_sdk.get_client().close()
        sentry_sdk.init(None)  # the other tests run without Sentry
    sent = events(ingest)
    assert sent, "no event reached the stand-in"
    event = sent[0]
    assert event["exception"]["values"][-1]["type"] == "RuntimeError"
    assert (
        "s***@example.com" in event["exception"]["values"][-1]["value"]
    )  # what happened stays readable
    assert event["request"]["url"].endswith("/boom") and event["request"]["method"] == "POST"
    raw = b"\n".join(ingest).decode()
    for secret in (EMAIL, TOKEN, "c2FsdHNhbHRzYWx0", NONCE, PASSWORD_HASH, "hunter2"):
        assert secret not in raw, secret
    assert "vars" not in json.dumps(event["exception"])  # no local variables


def test_scrub_masks_secret_fields_everywhere():
    event = {
        "extra": {
            "payload": {"paymentNonce": "fake-paypal-billing-agreement-nonce", "plan": "lumo_tv"}
        },
        "breadcrumbs": {
            "values": [{"message": f"login of {EMAIL}", "data": {"redirectKey": "abc"}}]
        },
        "user": {"email": EMAIL, "ip_address": "203.0.113.9"},
        "request": {
            "headers": {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"},
            "data": {"password": PASSWORD_HASH},
            "query_string": f"token={TOKEN}",
        },
    }
    cleaned = scrub(event)
    text = json.dumps(cleaned)
    assert (
        "fake-paypal" not in text
        and EMAIL not in text
        and TOKEN not in text
        and PASSWORD_HASH not in text
    )
    assert "203.0.113.9" not in text and "abc" not in text
    assert cleaned["extra"]["payload"]["plan"] == "lumo_tv"
    assert cleaned["request"]["headers"] == {"Content-Type": "application/json"}


def test_the_worker_reports_a_failing_task(settings, ingest):
    import sentry_sdk

    from tasks.celery_app import create_celery

    celery = create_celery(settings.replace(sentry_dsn=Ingest.dsn))
    try:

        @celery.task(name="tests.failing")
        def failing():
            raise ValueError(f"no mail to {EMAIL}")

        failing.apply()
        sentry_sdk.flush(timeout=5)
    finally:
        sentry_sdk.get_client().close()
        sentry_sdk.init(None)
    sent = events(ingest)
    assert sent and sent[0]["exception"]["values"][-1]["type"] == "ValueError"
    assert EMAIL not in b"\n".join(ingest).decode()
