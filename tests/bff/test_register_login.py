"""POST /v5/accounts, POST /v4/accounts/login and /logout through HTTP, on a real database."""

from datetime import timedelta

import pytest
from sqlalchemy import select

from core.adapters.db.models.accounts import AccountRow, TokenRow
from core.adapters.db.seeding import seed_demo
from core.adapters.rate_limit import MemoryRateLimiter
from core.domain.tokens import hash_token
from tests.helpers import PASSWORD, bearer, limit_requests, pw, register, signed_up


def test_register_answers_token_coupon_and_subscription_flag(client, container):
    response = register(
        client,
        email="Parent@Example.com",
        isPromoAccepted=True,
        countryCode="de",
        utm={"source": "google", "campaign": "spring"},
        env="web",
    )
    assert response.status_code == 200
    body = response.json
    assert set(body) >= {"token", "userCoupon", "hasSubscription"}
    assert (
        body["userCoupon"] is None and body["hasSubscription"] is False and body["status"] is True
    )
    with container.engine.connect() as c:
        row = c.execute(select(AccountRow)).one()
    assert row.email == "parent@example.com" and row.country_code == "DE"
    assert row.utm == {"source": "google", "campaign": "spring"}
    assert row.promo_accepted_at is not None and row.terms_accepted_at is not None
    # argon2id of the client hash; neither the password nor its SHA-256 is stored
    assert row.password_hash.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert pw() not in row.password_hash


def test_tokens_are_stored_hashed(client, container):
    token = signed_up(client)
    with container.engine.connect() as c:
        rows = c.execute(select(TokenRow.token_hash, TokenRow.payload)).all()
    stored = " ".join(f"{h} {p}" for h, p in rows)
    assert token not in stored
    assert hash_token(token) in [h for h, _ in rows]


@pytest.mark.parametrize("email", ["", "not-an-email", "a@b", "two@@at.com"])
def test_register_invalid_email_is_code_2(client, email):
    response = register(client, email=email)
    assert (response.status_code, response.json["code"], response.json["message"]) == (
        400,
        2,
        "invalidEmail",
    )


def test_register_taken_email_is_code_5(client):
    signed_up(client)
    response = register(client, email="PARENT@example.com")
    assert (response.status_code, response.json["code"], response.json["message"]) == (
        400,
        5,
        "emailTaken",
    )


def test_register_unknown_coupon_is_code_3_and_creates_nothing(client, container):
    response = register(client, coupon="NO-SUCH-CODE")
    assert (response.status_code, response.json["code"], response.json["message"]) == (
        400,
        3,
        "couponInvalid",
    )
    with container.engine.connect() as c:
        assert c.execute(select(AccountRow)).all() == []


def test_register_with_access_coupon_has_subscription(client, container):
    seed_demo(container.engine, container.services.hasher)
    body = register(client, coupon="lumo-free-0001").json
    assert body["hasSubscription"] is True and body["freeCampaign"] is True
    assert body["userCoupon"]["couponSerialNumber"] == "LUMO-FREE-0001"
    subs = client.get("/v5/subscriptions", headers=bearer(body["token"])).json["subscriptions"]
    assert [(s["paymentStateId"], s["isExpired"], s["durationCode"]) for s in subs] == [
        ("Free_Campaign", False, "P1M")
    ]
    again = register(client, email="second@example.com", coupon="LUMO-FREE-0001")
    assert (again.status_code, again.json["code"], again.json["message"]) == (
        400,
        3,
        "couponRedeemed",
    )


def test_the_api_document_names_every_error_registration_answers(client):
    """The web app's register page is sent the texts of the errors documented here (i18n tests read them)."""
    answers = client.get("/openapi.json").json["paths"]["/v5/accounts"]["post"]["responses"]
    documented = " ".join(str(answer.get("description", "")) for answer in answers.values())
    for message in (
        "invalidEmail",
        "couponInvalid",
        "couponExpired",
        "couponRedeemed",
        "emailTaken",
    ):
        assert f"`{message}`" in documented


@pytest.mark.parametrize(
    "body,field",
    [
        ({"email": "a@b.com", "isTcAccepted": True}, "password"),
        ({"email": "a@b.com", "password": "plain-text", "isTcAccepted": True}, "password"),
        ({"email": "a@b.com", "password": "a" * 64}, "isTcAccepted"),
        ({"email": "a@b.com", "password": "a" * 64, "isTcAccepted": False}, "isTcAccepted"),
        ({"email": 7, "password": "a" * 64, "isTcAccepted": True}, "email"),
    ],
)
def test_register_bad_payload_is_a_clear_400(client, body, field):
    response = client.post("/v5/accounts", json=body)
    assert response.status_code == 400
    assert response.json["code"] == 0 and field in response.json["errors"]


def test_register_not_json_is_400_not_500(client):
    response = client.post("/v5/accounts", data="{oops", content_type="application/json")
    assert response.status_code in (400, 415) and response.json["message"]


def test_login_answers_token(client):
    signed_up(client)
    response = client.post(
        "/v4/accounts/login",
        json={"email": " Parent@Example.com", "password": pw(), "countryCode": "CH"},
    )
    assert response.status_code == 200 and response.json["token"]
    me = client.get("/v5/subscriptions", headers=bearer(response.json["token"]))
    assert me.status_code == 200 and me.json["email"] == "parent@example.com"


def test_login_unknown_user_is_404(client):
    response = client.post(
        "/v4/accounts/login", json={"email": "ghost@example.com", "password": pw()}
    )
    assert (response.status_code, response.json["message"]) == (404, "emailNotFound")


def test_login_wrong_password_is_code_1(client):
    signed_up(client)
    response = client.post(
        "/v4/accounts/login", json={"email": "parent@example.com", "password": pw("nope")}
    )
    assert (response.status_code, response.json["code"], response.json["message"]) == (
        400,
        1,
        "wrongPassword",
    )


@pytest.mark.parametrize(
    "body", [{}, {"email": "", "password": "x"}, {"email": "a@b.com", "password": ""}]
)
def test_login_needs_email_and_password(client, body):
    response = client.post("/v4/accounts/login", json=body)
    assert response.status_code == 400 and response.json["message"] == "parameterRequired"


def test_logout_revokes_the_token(client):
    token = signed_up(client)
    assert client.post("/v4/accounts/logout", headers=bearer(token)).json == {"status": True}
    assert client.get("/v5/subscriptions", headers=bearer(token)).status_code == 401
    assert client.post("/v4/accounts/logout", headers=bearer(token)).status_code == 401


def test_session_token_expires(client, clock, container):
    token = signed_up(client)
    clock.advance(timedelta(days=container.settings.session_days, seconds=1))
    response = client.get("/v5/subscriptions", headers=bearer(token))
    assert (response.status_code, response.json["message"]) == (401, "loginNeeded")


def test_login_is_rate_limited(client, container):
    """Per client address (the per-account delays are in tests/bff/test_abuse_limits.py)."""
    signed_up(client)
    limit_requests(
        container, MemoryRateLimiter(now=lambda: 0.0)
    )  # a window that does not roll over mid-test
    limit = container.settings.rate_limit_per_minute
    codes = [
        client.post(
            "/v4/accounts/login", json={"email": f"ghost{i}@example.com", "password": pw("x")}
        ).status_code
        for i in range(limit + 1)
    ]
    assert codes[:limit] == [404] * limit
    assert codes[-1] == 429
    assert (
        client.post(
            "/v4/accounts/login", json={"email": "parent@example.com", "password": pw(PASSWORD)}
        ).json["message"]
        == "rateLimited"
    )
