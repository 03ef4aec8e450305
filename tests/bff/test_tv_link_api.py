"""Linking a TV by PIN: start, poll, claim; expiry, single use, races, rate limits, hashes only."""

import re
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

from core.adapters.rate_limit import MemoryRateLimiter
from core.services import accounts
from tests.helpers import bearer, limit_requests, pw, signed_up


@pytest.fixture
def frozen_limits(container):
    """Rate-limit windows that never roll over during the test (fixed windows follow the wall clock)."""
    limit_requests(container, MemoryRateLimiter(now=lambda: 0.0))


def start(client):
    response = client.post("/v5/tv/link")
    assert response.status_code == 200, response.json
    return response.json


def claim(client, auth, pin):
    return client.post("/v5/tv/link/claim", json={"pin": pin}, headers=auth)


def test_start_answers_a_pin_a_link_and_its_qr_code(client):
    link = start(client)
    assert re.fullmatch(r"[0-9]{6}", link["pin"])
    assert link["linkUrl"] == f"http://lumo.test/link?pin={link['pin']}"
    assert (
        link["qrSvg"].startswith("<svg")
        and "viewBox" in link["qrSvg"]
        and link["qrSvg"].endswith("</svg>\n")
    )
    assert (link["expiresIn"], link["pollInterval"]) == (600, 5)
    assert len(link["pollToken"]) == 64


def test_the_qr_code_encodes_the_link_url(client):
    pytest.importorskip("segno")
    link = start(client)
    import segno

    expected = segno.make(link["linkUrl"], error="m", micro=False)
    assert f'viewBox="0 0 {expected.symbol_size(scale=1)[0]}' in link["qrSvg"]


def test_pending_then_linked_once_then_gone(client):
    link = start(client)
    pending = client.get(f"/v5/tv/link/{link['pollToken']}")
    assert (pending.status_code, pending.json) == (202, {"status": "pending", "expiresIn": 600})
    parent = signed_up(client)
    assert claim(client, bearer(parent), link["pin"]).json == {"status": True}
    linked = client.get(f"/v5/tv/link/{link['pollToken']}")
    assert linked.status_code == 200 and linked.json["status"] == "linked"
    tv_token = linked.json["token"]
    assert (
        client.get("/v5/subscriptions", headers=bearer(tv_token)).json["email"]
        == "parent@example.com"
    )
    later = client.get(f"/v5/tv/link/{link['pollToken']}")
    assert (later.status_code, later.json["message"]) == (410, "linkExpired")
    assert client.get("/v5/tv/link/" + "0" * 64).status_code == 404


def test_a_pin_expires_after_ten_minutes(client, clock):
    link = start(client)
    parent = bearer(signed_up(client))
    clock.advance(timedelta(seconds=599))
    assert client.get(f"/v5/tv/link/{link['pollToken']}").json["expiresIn"] == 1
    clock.advance(timedelta(seconds=1))
    response = claim(client, parent, link["pin"])
    assert (response.status_code, response.json["message"]) == (400, "linkPinInvalid")
    assert client.get(f"/v5/tv/link/{link['pollToken']}").status_code == 410


def test_a_claimed_link_must_be_collected_within_ten_minutes(client, clock):
    link = start(client)
    clock.advance(timedelta(minutes=9))
    assert claim(client, bearer(signed_up(client)), link["pin"]).status_code == 200
    clock.advance(timedelta(minutes=9))
    assert (
        client.get(f"/v5/tv/link/{link['pollToken']}").status_code == 200
    )  # 18 minutes after start
    other = start(client)
    claim(client, bearer(signed_up(client, email="b@example.com")), other["pin"])
    clock.advance(timedelta(minutes=10))
    assert client.get(f"/v5/tv/link/{other['pollToken']}").status_code == 410


def test_a_pin_is_single_use(client):
    link = start(client)
    first, second = bearer(signed_up(client)), bearer(signed_up(client, email="other@example.com"))
    assert claim(client, first, link["pin"]).status_code == 200
    again = claim(client, second, link["pin"])
    assert (again.status_code, again.json["message"]) == (400, "linkPinInvalid")
    assert claim(client, first, link["pin"]).status_code == 400
    token = client.get(f"/v5/tv/link/{link['pollToken']}").json["token"]
    assert (
        client.get("/v5/subscriptions", headers=bearer(token)).json["email"] == "parent@example.com"
    )


def test_two_parents_racing_for_one_pin_exactly_one_wins(app, container, frozen_limits):
    link = start(app.test_client())
    tokens = [
        accounts.register(
            container.services,
            accounts.Registration(
                email=f"racer{i}@example.com", password=pw(), is_tc_accepted=True
            ),
        ).token
        for i in range(10)
    ]

    def attempt(token):
        return claim(app.test_client(), bearer(token), link["pin"]).status_code

    with ThreadPoolExecutor(max_workers=10) as pool:  # 10: the per-address limit of claims
        codes = list(pool.map(attempt, tokens))
    assert sorted(codes) == [200] + [400] * 9
    with container.engine.connect() as c:
        rows = c.exec_driver_sql("SELECT account_id, pin_hash FROM tv_links").all()
    assert len(rows) == 1 and rows[0][0] is not None and rows[0][1] is None


@pytest.mark.parametrize("pin", ["", "12345", "abcdef", "1234567"])
def test_malformed_pins_are_refused(client, pin):
    response = claim(client, bearer(signed_up(client)), pin)
    assert response.status_code == 400 and response.json["message"] in (
        "linkPinInvalid",
        "parameterRequired",
    )


def test_claiming_needs_a_logged_in_parent(client):
    link = start(client)
    assert client.post("/v5/tv/link/claim", json={"pin": link["pin"]}).status_code == 401
    assert client.get(f"/v5/tv/link/{link['pollToken']}").status_code == 202


def test_guessing_is_limited_per_account(client, frozen_limits):
    parent = bearer(signed_up(client))
    answers = [claim(client, parent, f"{n:06d}").status_code for n in range(11)]
    assert answers == [400] * 10 + [429]
    link = start(client)
    assert (
        claim(client, parent, link["pin"]).status_code == 429
    )  # even the right PIN, until the window ends


def test_guessing_is_limited_per_address_across_accounts(client, frozen_limits):
    answers = []
    for i in range(4):
        parent = bearer(signed_up(client, email=f"guesser{i}@example.com"))
        answers += [claim(client, parent, f"{i}{n:05d}").status_code for n in range(3)]
    assert answers[:10] == [400] * 10 and set(answers[10:]) == {429}


def test_starting_is_limited_per_address(client, container, frozen_limits):
    limit = container.settings.rate_limit_per_minute
    codes = [client.post("/v5/tv/link").status_code for _ in range(limit + 1)]
    assert codes[:limit] == [200] * limit and codes[-1] == 429


def test_only_hashes_are_stored(client, container):
    link = start(client)
    with container.engine.connect() as c:
        stored = str(c.exec_driver_sql("SELECT * FROM tv_links").all())
    assert link["pin"] not in stored and link["pollToken"] not in stored


def test_the_poll_token_never_reaches_the_access_log(app, caplog):
    from bff import observability

    link = start(app.test_client())
    with caplog.at_level("INFO", logger="lumo.access"):
        app.test_client().get(f"/v5/tv/link/{link['pollToken']}")
    lines = [
        observability.redact(r.getMessage()) + str(getattr(r, "fields", "")) for r in caplog.records
    ]
    assert lines and not any(link["pollToken"] in observability.redact(line) for line in lines)
