"""POST /v4/analytics: API key, validation, storage with its outbox row, forwarding to a
real collector on loopback, and the daily funnel report."""

import uuid
from datetime import timedelta

import pytest
from sqlalchemy import select

from bff import create_app
from core.adapters.db.models.analytics import AnalyticsEventRow
from core.adapters.db.models.operations import OutboxRow
from core.adapters.rate_limit import MemoryRateLimiter
from core.bootstrap import bootstrap
from core.settings import DEV_ANALYTICS_KEY
from tests.helpers import limit_requests
from tests.loopback import HttpReceiver

KEY = DEV_ANALYTICS_KEY


def record(**changes) -> dict:
    body = {
        "env": "web",
        "app": "lumo-web",
        "countryCode": "fr",
        "timestamp": "2026-05-01T09:30:00Z",
        "origin": "Organic",
        "device": {"platform": "web", "deviceType": "desktop"},
        "transactionUuid": str(uuid.uuid4()),
        "event": "OPEN_APP",
        "utm": {"source": "google", "medium": "cpc", "campaign": "spring"},
    }
    body.update(changes)
    return body


def post(client, body, key=KEY):
    return client.post("/v4/analytics", json=body, headers={"X-Api-Key": key} if key else {})


@pytest.fixture
def now_record(clock):
    return lambda **changes: record(**{"timestamp": clock.now().isoformat(), **changes})


def stored(container):
    with container.engine.connect() as c:
        return c.execute(select(AnalyticsEventRow)).mappings().all()


def test_a_record_is_stored_with_its_forwarding_job(client, container, now_record):
    response = post(client, now_record(clickId="gclid-42", name="Mia", email="mia@example.com"))
    assert response.status_code == 200 and response.json == {"status": True, "duplicate": False}
    [row] = stored(container)
    assert (row["country_code"], row["origin"], row["event"], row["utm_source"]) == (
        "FR",
        "Ads",
        "OPEN_APP",
        "google",
    )
    assert "mia" not in str(dict(row)).lower() and "gclid" not in str(
        dict(row)
    )  # no e-mail, name or click id kept
    with container.engine.connect() as c:
        [job] = c.execute(select(OutboxRow).where(OutboxRow.kind == "analytics")).mappings().all()
    assert (
        job["payload"] == {"event_id": row["id"]} and job["delivered_at"] is not None
    )  # no collector: store only


def test_the_same_record_twice_is_stored_once(client, container, now_record):
    body = now_record()
    assert post(client, body).json["duplicate"] is False
    assert post(client, body).json == {"status": True, "duplicate": True}
    assert len(stored(container)) == 1


@pytest.mark.parametrize("key", [None, "wrong-key"])
def test_a_missing_or_unknown_api_key_is_refused(client, container, now_record, key):
    response = post(client, now_record(), key=key)
    assert response.status_code == 401 and response.json == {"code": 0, "message": "loginNeeded"}
    assert stored(container) == []


@pytest.mark.parametrize(
    "changes,field",
    [
        ({"event": "SIGN_UP"}, "event"),
        ({"origin": "Paid"}, "origin"),
        ({"transactionUuid": "not-a-uuid"}, "transactionUuid"),
        ({"countryCode": "FRA"}, "countryCode"),
        ({"timestamp": "yesterday"}, "timestamp"),
        ({"device": {"platform": "web"}}, "device"),
        ({"app": "parent@example.com"}, "app"),
    ],
)
def test_invalid_records_get_the_house_error_body(client, now_record, changes, field):
    response = post(client, now_record(**changes))
    assert response.status_code == 400
    assert (response.json["code"], response.json["message"]) == (0, "parameterRequired")
    assert field in response.json["errors"]


def test_an_email_in_the_utm_data_is_refused(client, container, now_record):
    response = post(client, now_record(utm={"source": "newsletter", "content": "mia@example.com"}))
    assert response.status_code == 400 and "utm.content" in response.json["errors"]
    assert stored(container) == []


def test_epoch_milliseconds_and_a_far_future_time(client, container, clock):
    millis = int(clock.now().timestamp() * 1000)
    assert post(client, record(timestamp=millis)).status_code == 200
    assert stored(container)[0]["occurred_at"] == clock.now()
    future = post(client, record(timestamp=(clock.now() + timedelta(days=3)).isoformat()))
    assert future.status_code == 400 and "timestamp" in future.json["errors"]


def test_the_endpoint_is_rate_limited(client, container, now_record):
    limit_requests(container, analytics_rate_limit_per_minute=3)
    codes = [post(client, now_record()).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


def test_production_refuses_to_start_without_its_own_keys(settings):
    for keys in ((), (DEV_ANALYTICS_KEY,), ("prod-key", DEV_ANALYTICS_KEY)):
        with pytest.raises(RuntimeError, match="ANALYTICS_API_KEYS"):
            create_app(settings.replace(env="production", analytics_api_keys=keys))


def test_records_are_forwarded_to_the_collector_with_retries(settings, clock, mailbox, now_record):
    with HttpReceiver(statuses=(503, 200)) as collector:
        c = bootstrap(
            settings.replace(analytics_collector_url=f"{collector.url}/events"),
            clock=clock,
            mailer=mailbox,
            rate_limiter=MemoryRateLimiter(),
        )
        c.services.jobs.outbox_changed = lambda: None
        try:
            client = create_app(container=c).test_client()
            assert (
                post(client, now_record(clickId="fbclid-1", event="PAYMENT_DONE")).status_code
                == 200
            )
            first = c.deliver_outbox()
            assert (first.total, first.retrying) == (0, 1)  # the collector answered 503
            assert c.deliver_outbox().retrying == 0  # backing off
            clock.advance(timedelta(seconds=settings.outbox_retry_seconds))
            assert c.deliver_outbox().delivered["analytics"] == 1
            clock.advance(timedelta(hours=1))
            assert c.deliver_outbox().total == 0
        finally:
            c.close()
    assert len(collector.requests) == 2 and len(collector.accepted) == 1
    sent = collector.accepted[0]
    assert sent["path"] == "/events" and sent["headers"]["Content-Type"] == "application/json"
    body = sent["json"]
    assert (body["event"], body["origin"], body["countryCode"], body["utm"]["source"]) == (
        "PAYMENT_DONE",
        "Ads",
        "FR",
        "google",
    )
    assert body["device"] == {"platform": "web", "deviceType": "desktop"} and "receivedAt" in body
    assert (
        collector.requests[0]["json"]["id"] == body["id"]
    )  # the same id on a retry: the collector can dedupe


def test_daily_funnel_report(app, client, container, clock):
    day = clock.now().date()

    def visitor(country, source, steps):
        txn = str(uuid.uuid4())
        for event in steps:
            utm = {"source": source} if source else {}
            assert (
                post(
                    client,
                    record(
                        transactionUuid=txn,
                        event=event,
                        countryCode=country,
                        utm=utm,
                        timestamp=clock.now().isoformat(),
                    ),
                ).status_code
                == 200
            )

    for _ in range(3):
        visitor("FR", "google", ["OPEN_APP"])
    visitor("FR", "google", ["OPEN_APP", "CLICK_REGISTER", "START_FREE_TRIAL", "PAYMENT_DONE"])
    visitor("DE", None, ["OPEN_APP", "CLICK_REGISTER", "CLOSE"])
    result = app.test_cli_runner().invoke(args=["analytics", "funnel", "--day", day.isoformat()])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    fr = next(line for line in lines if line.startswith("FR"))
    de = next(line for line in lines if line.startswith("DE"))
    total = next(line for line in lines if line.startswith("ALL"))
    assert fr.split() == ["FR", "google", "4", "1", "1", "1", "25.0%"]
    assert de.split() == ["DE", "(none)", "1", "1", "0", "0", "0.0%"]
    assert total.split() == ["ALL", "ALL", "5", "2", "1", "1", "20.0%"]
    yesterday = (day - timedelta(days=1)).isoformat()
    other_day = app.test_cli_runner().invoke(args=["analytics", "funnel", "--day", yesterday])
    assert "(no records received that day)" in other_day.output
    # The PNG chart moved to the operator console: the command has no --png any more.
    gone = app.test_cli_runner().invoke(
        args=["analytics", "funnel", "--day", day.isoformat(), "--png", "x.png"]
    )
    assert gone.exit_code != 0 and "--png" in gone.output
