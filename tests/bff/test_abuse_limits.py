"""Abuse limits: 429 with Retry-After per client address, and growing delays per account on failed
logins (ASVS 2.2.1: at most 100 failed attempts per account per hour) that never lock the parent out."""

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

from core.adapters.rate_limit import MemoryRateLimiter
from tests.helpers import PASSWORD, add_coupon, bearer, limit_requests, pw, register, signed_up

EMAIL = "parent@example.com"
ATTACK_SECONDS = 3600  # one simulated hour of guessing
ATTACK_EVERY_SECONDS = 5  # a guess every 5 s: 720 guesses
PARALLEL_GUESSES = 30  # wrong passwords sent at once on one account
ASVS_MAX_FAILURES_PER_HOUR = 100


def login(client, password=PASSWORD, email=EMAIL):
    return client.post("/v4/accounts/login", json={"email": email, "password": pw(password)})


@pytest.fixture
def unlimited_addresses(container):
    """Keep the per-address limits out of the way of tests about the per-account delays."""
    limit_requests(container, rate_limit_per_minute=1_000_000)


def test_five_tries_then_growing_delays_then_the_right_password_works(
    client, container, clock, unlimited_addresses
):
    signed_up(client)
    assert [login(client, "wrong").status_code for _ in range(5)] == [400] * 5
    refused = login(client)  # even the right password waits: a refusal must teach nothing
    assert (refused.status_code, refused.json, refused.headers["Retry-After"]) == (
        429,
        {"code": 0, "message": "rateLimited"},
        "2",
    )
    waits = []
    for _ in range(10):
        clock.advance(timedelta(seconds=int(login(client).headers["Retry-After"])))
        assert login(client, "wrong").status_code == 400
        waits.append(int(login(client, "wrong").headers["Retry-After"]))
    assert waits == [
        4,
        8,
        16,
        32,
        64,
        128,
        256,
        300,
        300,
        300,
    ]  # doubling, capped at LOGIN_MAX_DELAY_SECONDS
    clock.advance(timedelta(seconds=300))
    ok = login(client)
    assert ok.status_code == 200 and ok.json["token"]
    # A success clears the count: five free tries again.
    assert [login(client, "wrong").status_code for _ in range(5)] == [400] * 5


def test_a_quiet_hour_clears_the_count(client, clock, unlimited_addresses):
    signed_up(client)
    for _ in range(5):
        login(client, "wrong")
    clock.advance(timedelta(hours=1))
    assert [login(client, "wrong").status_code for _ in range(4)] == [400] * 4


def test_an_hour_of_guessing_gives_far_fewer_than_100_failures_and_the_parent_still_gets_in(
    client, clock, unlimited_addresses
):
    signed_up(client)
    failures = refusals = 0
    for _ in range(ATTACK_SECONDS // ATTACK_EVERY_SECONDS):
        code = login(client, "guess").status_code
        failures += code == 400
        refusals += code == 429
        clock.advance(timedelta(seconds=ATTACK_EVERY_SECONDS))
    assert failures + refusals == ATTACK_SECONDS // ATTACK_EVERY_SECONDS
    assert failures <= ASVS_MAX_FAILURES_PER_HOUR and failures < 30
    # The attacker never holds the account longer than one capped delay.
    clock.advance(timedelta(seconds=300))
    assert login(client).status_code == 200


def test_parallel_guesses_are_counted_one_by_one(app, container, unlimited_addresses):
    signed_up(app.test_client())

    def guess(i):
        return login(app.test_client(), f"guess {i}").status_code

    with ThreadPoolExecutor(max_workers=10) as pool:
        codes = list(pool.map(guess, range(PARALLEL_GUESSES)))
    assert set(codes) <= {400, 429}
    assert (
        codes.count(400) <= container.settings.login_free_failures
    )  # no burst slips past the count


def test_the_delay_is_per_account(client, unlimited_addresses):
    signed_up(client)
    signed_up(client, email="other@example.com")
    for _ in range(6):
        login(client, "wrong")
    assert login(client).status_code == 429
    assert login(client, email="other@example.com").status_code == 200


@pytest.mark.parametrize(
    "setting, call",
    [
        ("register_rate_limit_per_minute", lambda c, i: register(c, email=f"new{i}@example.com")),
        (
            "forgot_password_rate_limit_per_minute",
            lambda c, i: c.get(f"/v4/users/forgotten-pass?email=p{i}@example.com"),
        ),
        ("coupon_rate_limit_per_minute", lambda c, i: c.get(f"/v5/coupon/validate/NOPE-{i}")),
        (
            "coupon_rate_limit_per_minute",
            lambda c, i: c.post("/v4/coupon/validate", json={"coupon": f"NOPE-{i}"}),
        ),
        (
            "contact_rate_limit_per_hour",
            lambda c, i: c.post(
                "/v4/contact",
                json={
                    "name": "Ana",
                    "email": "ana@example.com",
                    "subject": "hello",
                    "message": f"hi {i}",
                },
            ),
        ),
        (
            "link_claim_attempts",
            lambda c, i: c.post(
                "/v5/tv/link/claim",
                json={"pin": f"{i:06d}"},
                headers=bearer(c.application.config["TEST_TOKEN"]),
            ),
        ),
    ],
)
def test_per_address_limits_are_configurable_and_answer_retry_after(
    client, container, app, setting, call
):
    app.config["TEST_TOKEN"] = signed_up(client, email="limits@example.com")
    limit_requests(
        container, MemoryRateLimiter(now=lambda: 0.0)
    )  # a window that does not roll over mid-test
    limit_requests(container, **{setting: 2})
    answers = [call(client, i) for i in range(3)]
    assert [a.status_code for a in answers[:2]] != [429, 429]
    refused = answers[2]
    assert (refused.status_code, refused.json["message"]) == (429, "rateLimited")
    window = (
        3600
        if setting == "contact_rate_limit_per_hour"
        else 600
        if setting == "link_claim_attempts"
        else 60
    )
    assert refused.headers["Retry-After"] == str(window)


def test_a_redeemed_coupon_code_cannot_be_guessed_faster_than_the_limit(client, container):
    add_coupon(
        container, code="LUMO-SECRET-1", coupon_type="UNIQUE_ACCESS_COUPON", duration_code="P1M"
    )
    limit_requests(container, MemoryRateLimiter(now=lambda: 0.0))
    limit = container.settings.coupon_rate_limit_per_minute
    codes = [client.get(f"/v5/coupon/validate/GUESS-{i}").status_code for i in range(limit)]
    assert 429 not in codes
    assert (
        client.get("/v5/coupon/validate/LUMO-SECRET-1").status_code == 429
    )  # even the right code waits
