"""Site switches (maintenance, holiday promo), contact form, newsletter and the age gate."""

import logging
from datetime import date, timedelta

import pytest
from sqlalchemy import text

from bff import create_app
from core.adapters.db.models.base import Base
from core.adapters.db.seeding import seed_demo
from core.adapters.jobs import InlineJobQueue
from core.adapters.rate_limit import MemoryRateLimiter
from core.bootstrap import bootstrap
from core.domain.site import HolidayPromo, SiteConfig
from tests.helpers import bearer, limit_requests, pay, signed_up

MESSAGE = {
    "name": "Ana Pereira",
    "email": "ana@example.com",
    "phone": "+33 6 12 34 56 78",
    "subject": "need_help",
    "message": "The TV app asks for a code, where is it?",
}


def test_site_defaults(client):
    assert client.get("/v4/site").json == {
        "maintenance": False,
        "holidayPromo": {"active": False, "from": None, "to": None, "couponCode": None},
    }


def test_holiday_promo_window(client, container, clock):
    today = clock.now().date()
    container.services.switches.defaults = SiteConfig(
        holiday_promo=HolidayPromo(today, today + timedelta(days=20), "LUMO-FAMILY")
    )
    promo = client.get("/v4/site").json["holidayPromo"]
    assert promo == {
        "active": True,
        "from": today.isoformat(),
        "to": (today + timedelta(days=20)).isoformat(),
        "couponCode": "LUMO-FAMILY",
    }
    clock.advance(timedelta(days=21))
    assert client.get("/v4/site").json["holidayPromo"]["active"] is False
    assert client.get("/v4/site").json["holidayPromo"]["couponCode"] is None


def test_the_seeded_holiday_coupon_is_a_month_free_before_billing(client, container, clock):
    """`make run` seeds LUMO-HOLIDAY, the README's HOLIDAY_PROMO_COUPON: the holiday modal's link leads to /promo/
    LUMO-HOLIDAY, which validates it; paying with it starts billing a month later."""
    seed_demo(container.engine, container.services.hasher)
    today = clock.now().date()
    container.services.switches.defaults = SiteConfig(
        holiday_promo=HolidayPromo(today, today + timedelta(days=20), "LUMO-HOLIDAY")
    )
    code = client.get("/v4/site").json["holidayPromo"]["couponCode"]
    coupon = client.get(f"/v5/coupon/validate/{code}")
    assert coupon.status_code == 201
    assert (
        coupon.json["couponType"],
        coupon.json["couponDurationCode"],
        coupon.json["couponProduct"],
    ) == ("STANDARD_COUPON", "P1M", "lumo")
    token = signed_up(client)
    assert pay(client, token, coupon=code).status_code == 200
    request = next(iter(container.gateway.subscriptions.values()))["request"]
    assert request.trial_days in (28, 29, 30, 31)  # one calendar month


def test_promo_settings_are_checked_at_start_up():
    from core.settings import from_environment

    settings = from_environment(
        {
            "HOLIDAY_PROMO_FROM": "2026-12-15",
            "HOLIDAY_PROMO_TO": "2027-01-05",
            "HOLIDAY_PROMO_COUPON": "LUMO-FAMILY",
            "MAINTENANCE_MODE": "true",
        }
    )
    assert (settings.holiday_promo_from, settings.holiday_promo_to) == (
        date(2026, 12, 15),
        date(2027, 1, 5),
    )
    assert settings.maintenance_mode is True
    for bad in (
        {"HOLIDAY_PROMO_FROM": "2026-12-15"},
        {"HOLIDAY_PROMO_FROM": "2027-01-05", "HOLIDAY_PROMO_TO": "2026-12-15"},
        {"TERMS_VERSION": "v2"},
        {"PROMO_CONSENT_VERSION": "2026-11-x"},
    ):
        with pytest.raises(ValueError):
            from_environment(bad)


@pytest.fixture
def maintenance_client(settings, clock, mailbox):
    c = bootstrap(
        settings.replace(maintenance_mode=True),
        clock=clock,
        mailer=mailbox,
        jobs=InlineJobQueue(lambda: None),
        rate_limiter=MemoryRateLimiter(),
    )
    yield create_app(container=c).test_client()
    c.close()


def test_maintenance_answers_503_except_health_and_site(maintenance_client):
    for response in (
        maintenance_client.get("/v5/subscriptions"),
        maintenance_client.post("/v4/accounts/login", json={}),
        maintenance_client.get("/v5/plans"),
        maintenance_client.post("/v5/braintree/webhooks"),
    ):
        assert (response.status_code, response.json) == (503, {"code": 0, "message": "maintenance"})
        assert response.headers["Retry-After"] == "300" and response.headers["X-Request-Id"]
    assert maintenance_client.get("/v4/site").json["maintenance"] is True
    assert maintenance_client.get("/healthz").status_code == 200
    assert maintenance_client.get("/readyz").status_code == 200
    assert maintenance_client.get("/openapi.json").status_code == 200


def test_contact_message_is_stored_and_mailed_to_support(client, container, mailbox):
    response = client.post("/v4/contact", json={**MESSAGE, "language": "pt-BR"})
    assert response.json == {"status": True}
    with container.engine.connect() as c:
        row = c.exec_driver_sql(
            "SELECT name, email, phone, subject, message, language, account_id "
            "FROM contact_messages"
        ).one()
    assert tuple(row) == (
        "Ana Pereira",
        "ana@example.com",
        "+33 6 12 34 56 78",
        "need_help",
        MESSAGE["message"],
        "pt",
        None,
    )
    [mail] = mailbox.to("support@lumo.example")
    assert mail.language == "en" and "I need help" in mail.subject and "Ana Pereira" in mail.subject
    assert (
        "written in pt" in mail.text
        and MESSAGE["message"] in mail.text
        and "ana@example.com" in mail.text
    )
    assert mailbox.to("ana@example.com") == []  # no mail to an address typed into a public form


def test_a_logged_in_sender_is_tied_to_the_account(client, container):
    token = signed_up(client)
    client.post("/v4/contact", json={**MESSAGE, "phone": None}, headers=bearer(token))
    with container.engine.connect() as c:
        account_id, phone = c.exec_driver_sql(
            "SELECT account_id, phone FROM contact_messages"
        ).one()
    assert account_id is not None and phone is None


@pytest.mark.parametrize(
    "changes,fields",
    [
        ({"name": ""}, {"name"}),
        ({"email": "nope"}, {"email"}),
        ({"phone": "call me"}, {"phone"}),
        ({"subject": "complaint"}, {"subject"}),
        ({"message": ""}, {"message"}),
        ({"message": "x" * 2001}, {"message"}),
        ({"message": "   "}, {"message"}),
    ],
)
def test_contact_validation(client, changes, fields):
    response = client.post("/v4/contact", json={**MESSAGE, **changes})
    assert (response.status_code, response.json["message"]) == (400, "parameterRequired")
    assert set(response.json["errors"]) == fields


def test_contact_storage_failure_is_contact_send_failed(client, container, monkeypatch):
    def broken():
        raise RuntimeError("disk full")

    monkeypatch.setattr(container.services, "uow", broken)
    response = client.post("/v4/contact", json=MESSAGE)
    assert (response.status_code, response.json) == (
        503,
        {"code": 0, "message": "contactSendFailed"},
    )


def test_contact_is_rate_limited(client, container):
    limit_requests(
        container, MemoryRateLimiter(now=lambda: 0.0)
    )  # a window that does not roll over mid-test
    limit = container.settings.contact_rate_limit_per_hour
    codes = [client.post("/v4/contact", json=MESSAGE).status_code for _ in range(limit + 1)]
    assert codes[:limit] == [200] * limit and codes[-1] == 429


def test_newsletter_sign_up_once(client, container, clock):
    assert client.post(
        "/v4/newsletter", json={"email": " Fan@Example.com ", "language": "de"}
    ).json == {"status": True}
    again = client.post("/v4/newsletter", json={"email": "fan@example.com"})
    assert (again.status_code, again.json) == (
        400,
        {"code": 0, "message": "newsletterAlreadySaved"},
    )
    with container.engine.connect() as c:
        row = c.exec_driver_sql(
            "SELECT email, language, consent_version FROM newsletter_subscriptions"
        ).one()
    assert tuple(row) == ("fan@example.com", "de", "2026-11")
    bad = client.post("/v4/newsletter", json={"email": "not-an-address"})
    assert (bad.status_code, bad.json["code"], bad.json["message"]) == (400, 2, "invalidEmail")


def count_rows(engine) -> int:
    with engine.connect() as c:
        return sum(
            c.execute(text(f"SELECT count(*) FROM {t.name}")).scalar()
            for t in Base.metadata.sorted_tables
        )


@pytest.mark.parametrize("year,allowed", [(1984, True), ("1990", True), (None, False)])
def test_age_gate_stores_and_logs_nothing(client, container, clock, caplog, year, allowed):
    year = year or clock.now().year - 9
    before = count_rows(container.engine)
    with caplog.at_level(logging.DEBUG):
        response = client.post("/v5/age-gate", json={"birthYear": year})
    assert response.json == {"allowed": allowed}
    assert count_rows(container.engine) == before
    # Timings (created, msecs, the request's ms...) are floats whose digits may spell any year: left out.
    logged = [
        {
            k: v
            for k, v in {**r.__dict__, **getattr(r, "fields", {})}.items()
            if not isinstance(v, float)
        }
        for r in caplog.records
    ]
    assert str(year) not in caplog.text and str(year) not in str(logged)


@pytest.mark.parametrize(
    "body,message",
    [
        ({"birthYear": 1800}, "birthYearInvalid"),
        ({"birthYear": 2999}, "birthYearInvalid"),
        ({"birthYear": "nineteen"}, "parameterRequired"),
        ({}, "parameterRequired"),
    ],
)
def test_age_gate_refuses_implausible_years(client, body, message):
    response = client.post("/v5/age-gate", json=body)
    assert (response.status_code, response.json["message"]) == (400, message)
    assert "1800" not in response.get_data(as_text=True) and "2999" not in response.get_data(
        as_text=True
    )
