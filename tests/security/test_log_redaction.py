"""No password hash, e-mail or token in a log line: the engines hide statement parameters, and the one
redaction step (core.adapters.logs) masks argon2 hashes and e-mail addresses wherever a line is formatted."""

from __future__ import annotations

import io
import json
import logging

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from core.adapters.db.unit_of_work import make_engine
from core.adapters.logs import (
    bind_context,
    clear_context,
    configure,
    formatter,
    get_logger,
    redact,
    redact_slowly,
    redact_value,
    slow_formatter,
)
from core.adapters.passwords import Argon2Hasher

HASH = Argon2Hasher(memory_kib=1024).hash(
    "f" * 64
)  # contains "+" or "/" often enough: checked below
KNOWN_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdCtzYWx0L3NhbHQ$Zm9v+YmFy/YmF6K3F1eC9xdXV4K2Nvcmdl"


@pytest.mark.parametrize("secret", [HASH, KNOWN_HASH], ids=["fresh", "known"])
def test_argon2_hashes_are_masked_whole(secret):
    line = redact(f"[parameters: ('ana+kids@example.com', '{secret}', 'Ana')]")
    assert "argon2id$v" not in line and secret not in line
    for piece in secret.split("$")[-2:]:  # salt and hash, whatever "+" and "/" they hold
        assert piece not in line
    assert "ana+kids@example.com" not in line and "a***@example.com" in line


def test_emails_tokens_and_bearers_are_masked():
    line = redact(
        "to o'brien.x+y@mail.example.org Bearer abc.def GET /v4/users/forgotten-pass?email=a@b.co "
        "/v4/users/redirect/verify-key?redirectKey=k1 /v5/braintree/subscription/change-plan"
    )
    assert (
        "brien" not in line and "x+y" not in line and "abc.def" not in line and "a@b.co" not in line
    )
    assert (
        "k1" not in line and "/v5/braintree/subscription/change-plan" in line
    )  # paths stay readable


# Pieces of every kind the patterns look for (and near misses), joined at random by the property below.
_PIECES = [
    KNOWN_HASH,
    "$argon2i$v=19$x",
    "token=abc",
    "?Email=p@x.org",
    "newPass=s3",
    "=",
    "Bearer abc.def",
    "BEARER\tx",
    "bearer",
    "a.b+c@mail.example.org",
    "@",
    "fake-valid-nonce",
    "fake-NONCE",
    "tokencc_bf_abc",
    "x" * 31,
    "y" * 32,
    "A" * 43 + "==",
    "/v5/coupon/validate/LUMO-HALF",
    "/ops/v1/parents?by=email&q=a%40b.co",
    "?days=30&format=csv",
    "%40",
    "?",
    "request",
    " ",
    "/",
    "-",
    "é",
]


@given(st.lists(st.sampled_from(_PIECES) | st.text(max_size=12), max_size=8))
@settings(max_examples=500, deadline=None)
def test_the_shortcuts_of_redact_change_no_result(pieces):
    text = "".join(pieces)
    assert redact(text) == redact_slowly(text)


def test_redact_value_walks_nested_values():
    event = {
        "exception": {"values": [{"value": f"hash {KNOWN_HASH}"}]},
        "user": {"email": "p@example.com"},
        "n": 3,
    }
    clean = redact_value(event)
    assert (
        KNOWN_HASH not in json.dumps(clean)
        and "p@example.com" not in json.dumps(clean)
        and clean["n"] == 3
    )


def test_a_database_error_shows_no_parameter(database_url):
    engine = make_engine(database_url)
    try:
        with pytest.raises(Exception) as caught, engine.connect() as connection:
            connection.execute(
                text("SELECT * FROM no_such_table WHERE password = :p"), {"p": KNOWN_HASH}
            )
    finally:
        engine.dispose()
    assert KNOWN_HASH not in str(caught.value) and "hidden due to hide_parameters" in str(
        caught.value
    )


def test_every_line_is_json_with_the_request_id_and_redacted():
    stream = io.StringIO()
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    try:
        configure("INFO", stream=stream)
        bind_context(request_id="0123456789abcdef0123456789abcdef")
        get_logger("lumo.test").info("hello %s", "parent@example.com", path="/x?token=abc")
        logging.getLogger("core.services.test").warning("stdlib %s", KNOWN_HASH)
        try:
            raise ValueError(f"boom {KNOWN_HASH} parent@example.com")
        except ValueError:
            logging.getLogger("core.services.test").exception("failed")
    finally:
        clear_context()
        root.handlers[:] = handlers
        root.setLevel(level)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert len(lines) == 3
    assert all(line["request_id"] == "0123456789abcdef0123456789abcdef" for line in lines)
    raw = stream.getvalue()
    assert KNOWN_HASH not in raw and "parent@example.com" not in raw and "token=abc" not in raw
    assert "Traceback" in lines[2]["exception"]


def test_the_formatter_renders_records_from_any_logger():
    record = logging.LogRecord(
        "gunicorn.access",
        logging.INFO,
        __file__,
        1,
        '127.0.0.1 "GET /v4/users/confirm-email?token=%s HTTP/1.1" 200',
        ("s3cr3t",),
        None,
    )
    line = json.loads(formatter().format(record))
    assert "s3cr3t" not in line["event"] and line["logger"] == "gunicorn.access"


ACCESS_FIELDS = [
    {"method": "GET", "path": "/v5/subscriptions", "status": 200, "ms": 1.25},
    {
        "request_id": "ignored-the-context-has-one",
        "method": "GET",
        "path": "/v4/users/confirm-email",
        "status": 400,
        "ms": 0.5,
        "query": "token=[redacted]&email=p%40example.com",
    },
    {
        "method": "POST",
        "path": "/v5/accounts/parent@example.com/" + "a" * 40,
        "status": 201,
        "ms": 3,
    },
]


@pytest.mark.parametrize("fields", ACCESS_FIELDS)
@pytest.mark.parametrize("context", [{"request_id": "0123456789abcdef"}, {}])
def test_the_access_line_short_way_writes_the_same_line_as_the_processors(fields, context):
    def line(make) -> str:
        record = logging.getLogger("lumo.access").makeRecord(
            "lumo.access", logging.INFO, __file__, 0, "request", (), None, extra={"fields": fields}
        )
        return make().format(record)

    clear_context()
    try:
        bind_context(**context)
        fast, slow = line(formatter), line(slow_formatter)
    finally:
        clear_context()
    assert list(json.loads(fast)) == list(json.loads(slow))  # the same fields in the same order
    assert fast == slow.replace(json.loads(slow)["timestamp"], json.loads(fast)["timestamp"])
    assert "parent@example.com" not in fast
