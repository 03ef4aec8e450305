"""Pure rules of the background jobs: analytics records and funnel, partner callbacks,
retry backoff, and the job settings. No database, no network."""

from datetime import UTC, datetime, timedelta

import pytest

from core.domain import callbacks
from core.domain.accounts import Account
from core.domain.analytics import AnalyticsEvent, FunnelCount, check, funnel, origin_for
from core.domain.errors import DomainError
from core.domain.subscriptions import Subscription
from core.services.outbox_dispatch import RetryPolicy
from core.settings import DEV_ANALYTICS_KEY, from_environment, parse_partner_callbacks

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def event(**changes) -> AnalyticsEvent:
    values = dict(
        env="web",
        app="lumo-web",
        country_code="FR",
        occurred_at=NOW,
        origin="Organic",
        platform="web",
        device_type="desktop",
        transaction_uuid="5f0c7d1e-1111-4a4a-8888-000000000001",
        event="OPEN_APP",
    )
    values.update(changes)
    return AnalyticsEvent(**values)


def test_a_click_id_makes_the_origin_ads():
    assert origin_for("Organic", "gclid-123") == "Ads"
    assert origin_for("Organic", None) == "Organic"
    assert origin_for(None, "") == "Organic"


@pytest.mark.parametrize(
    "changes,field",
    [
        ({"utm": {"content": "mia@example.com"}}, "utm.content"),
        ({"app": "x a@b.fr"}, "app"),
        ({"occurred_at": NOW + timedelta(days=2)}, "timestamp"),
        ({"occurred_at": datetime(2019, 12, 31, tzinfo=UTC)}, "timestamp"),
    ],
)
def test_records_with_personal_data_or_impossible_times_are_refused(changes, field):
    with pytest.raises(DomainError) as caught:
        check(event(**changes), NOW)
    assert field in caught.value.params["errors"]


def test_a_plausible_record_passes_and_keeps_the_spec_shape():
    e = event(utm={"source": "google", "campaign": "spring"}, occurred_at=NOW - timedelta(days=3))
    check(e, NOW)
    record = e.as_record()
    assert set(record) == {
        "env",
        "app",
        "countryCode",
        "timestamp",
        "origin",
        "device",
        "transactionUuid",
        "event",
        "utm",
    }
    assert record["device"] == {"platform": "web", "deviceType": "desktop"}


def test_funnel_rows_by_country_and_source_and_the_total():
    counts = [
        FunnelCount("FR", "google", "OPEN_APP", 10),
        FunnelCount("FR", "google", "CLICK_REGISTER", 4),
        FunnelCount("FR", "google", "START_FREE_TRIAL", 2),
        FunnelCount("FR", "google", "PAYMENT_DONE", 1),
        FunnelCount("DE", "", "OPEN_APP", 30),
        FunnelCount("DE", "", "CLOSE", 25),
    ]
    rows, total = funnel(counts)
    assert [(r.country_code, r.utm_source) for r in rows] == [("DE", "(none)"), ("FR", "google")]
    assert (rows[1].visits, rows[1].registrations, rows[1].trials, rows[1].paid) == (10, 4, 2, 1)
    assert rows[1].conversion == 0.1 and rows[0].paid == 0
    assert (total.visits, total.paid) == (40, 1)


def test_partner_of_a_subscription():
    sub = Subscription(
        account_id=1,
        subscription_type="lumo_tv",
        duration_code="P1M",
        store_id="lumo",
        payment_state_id="Active",
    )
    assert callbacks.partner_of(sub, Account(email="a@b.fr", password_hash="x")) is None
    assert (
        callbacks.partner_of(sub, Account(email="a@b.fr", password_hash="x", partner="ACME"))
        == "acme"
    )
    sub.store_id = "swisscom"
    assert callbacks.partner_of(sub, None) == "swisscom"
    sub.store_id = "ios"  # app stores bill through themselves: nobody to call back
    assert callbacks.partner_of(sub, None) is None


def test_callback_signature_is_hmac_sha256_over_the_raw_body():
    raw = callbacks.body(7, {"event": "subscribed", "partner": "acme"})
    header = callbacks.signature(raw, "s3cret")
    assert header.startswith("sha256=") and len(header) == 7 + 64
    assert callbacks.verify(raw, "s3cret", header)
    assert not callbacks.verify(raw + b" ", "s3cret", header) and not callbacks.verify(
        raw, "other", header
    )


def test_backoff_doubles_and_is_capped():
    policy = RetryPolicy(max_attempts=10, base_seconds=30, cap_seconds=3600)
    assert [policy.backoff(n).total_seconds() for n in (1, 2, 3, 4)] == [30, 60, 120, 240]
    assert policy.backoff(20) == timedelta(hours=1)


def test_job_settings():
    settings = from_environment(
        {
            "PARTNER_CALLBACKS": "swisscom=https://cb.swisscom.example/lumo|s1; "
            "switch=http://x.example/a?b=1|s|2",
            "ANALYTICS_API_KEYS": "k1, k2,",
        }
    )
    assert settings.partner_callbacks == {
        "swisscom": ("https://cb.swisscom.example/lumo", "s1"),
        "switch": ("http://x.example/a?b=1|s", "2"),
    }
    assert settings.analytics_api_keys == ("k1", "k2")
    assert from_environment({}).analytics_api_keys == (DEV_ANALYTICS_KEY,)
    assert from_environment({"LUMO_ENV": "production"}).analytics_api_keys == ()
    assert (settings.past_due_grace_days, settings.outbox_max_attempts, settings.celery_queue) == (
        14,
        10,
        "celery",
    )
    with pytest.raises(ValueError):
        parse_partner_callbacks("swisscom=https://no-secret.example")


def test_the_record_use_case_stores_once_and_queues_the_forwarding(ctx, store):
    from core.services import analytics

    now = ctx.clock.now()
    assert analytics.record(ctx, event(occurred_at=now), click_id="gclid-1") is True
    assert (
        analytics.record(ctx, event(occurred_at=now)) is False
    )  # the same record again: a client retry
    [kept] = store.analytics.values()
    assert (kept.origin, kept.received_at) == ("Ads", now)
    [job] = store.outbox.values()
    assert (job.kind, job.topic, job.payload) == ("analytics", "OPEN_APP", {"event_id": kept.id})
    assert ctx.jobs.pings == 1
    rows, total = analytics.funnel_report(ctx, now.date())
    assert total.visits == 1 and rows[0].country_code == "FR"
