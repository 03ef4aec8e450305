"""Login answers keep the spec's codes (404 emailNotFound, 400 wrongPassword) but cost the same password check
either way (docs/security.md#login-timing): counted here, never timed."""

from __future__ import annotations

import pytest

from core.services import equal_time
from tests.helpers import PASSWORD, pw, signed_up


@pytest.fixture
def calls(container, monkeypatch):
    hasher = container.services.hasher
    seen: list[str] = []
    verify, hash_ = hasher.verify, hasher.hash

    def counting_verify(stored, secret):
        seen.append("verify")
        return verify(stored, secret)

    def counting_hash(secret):
        seen.append("hash")
        return hash_(secret)

    monkeypatch.setattr(hasher, "verify", counting_verify)
    monkeypatch.setattr(hasher, "hash", counting_hash)
    return seen


def _login(client, email, password="wrong password"):
    return client.post("/v4/accounts/login", json={"email": email, "password": pw(password)})


def test_an_unknown_address_costs_the_same_password_check_as_a_wrong_password(client, calls):
    signed_up(client, email="known@example.com")
    calls.clear()

    wrong = _login(client, "known@example.com")
    assert (wrong.status_code, wrong.json["message"]) == (400, "wrongPassword")
    assert calls == ["verify"]

    calls.clear()
    unknown = _login(client, "nobody@example.com")
    assert (unknown.status_code, unknown.json["message"]) == (404, "emailNotFound")
    assert calls.count("verify") == 1

    calls.clear()
    alias = _login(client, "0041 79 000 00 00")  # a partner user's phone number that is nobody's
    assert (alias.status_code, alias.json["message"]) == (404, "emailNotFound")
    assert calls == ["verify"]  # the dummy hash is made once per hasher, then only verified


def test_the_dummy_hash_never_lets_anyone_in(client, container):
    assert _login(client, "nobody@example.com", PASSWORD).status_code == 404
    hasher = container.services.hasher
    dummy = equal_time._dummy_hashes[hasher]
    assert dummy.startswith("$argon2id$") and not hasher.verify(dummy, pw(PASSWORD))
    assert _login(client, "nobody@example.com", "0" * 64).status_code == 404
