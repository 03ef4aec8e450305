"""Privacy by design, checked on the schema and on what is stored: analytics records carry no e-mail,
name or account; a child is a nickname and an age band."""

import json
import uuid

from sqlalchemy import inspect, text

from core.adapters.db.models.analytics import AnalyticsEventRow
from core.adapters.db.models.family import ChildProfileRow
from core.settings import DEV_ANALYTICS_KEY
from tests.helpers import bearer, signed_up

IDENTIFYING = {
    "email",
    "name",
    "first_name",
    "last_name",
    "account_id",
    "user_id",
    "ip",
    "ip_address",
    "phone",
    "birth_date",
    "birth_year",
    "address",
    "click_id",
}


def test_analytics_events_have_no_column_that_identifies_a_person():
    columns = {c.name for c in AnalyticsEventRow.__table__.columns}
    assert columns & IDENTIFYING == set()


def test_a_child_is_a_nickname_and_an_age_band(database_url):
    columns = {c.name for c in ChildProfileRow.__table__.columns}
    assert columns == {"id", "account_id", "slot", "name", "age_band", "created_at"}


def test_a_logged_in_parents_analytics_record_keeps_nothing_of_them(client, container, clock):
    token = signed_up(client, email="mia.parent@example.com")
    headers = {**bearer(token), "X-Api-Key": DEV_ANALYTICS_KEY}
    record = {
        "env": "web",
        "app": "lumo-web",
        "countryCode": "fr",
        "timestamp": clock.now().isoformat(),
        "origin": "Organic",
        "device": {"platform": "web", "deviceType": "desktop"},
        "transactionUuid": str(uuid.uuid4()),
        "event": "CLICK_REGISTER",
        "clickId": "gclid-secret-42",
        "email": "mia.parent@example.com",
        "name": "Mia Parent",
        "userName": "Mia",
        "accountId": 1,
    }
    assert client.post("/v4/analytics", json=record, headers=headers).status_code == 200
    with container.engine.connect() as c:
        events = [dict(r) for r in c.execute(text("SELECT * FROM analytics_events")).mappings()]
        jobs = [
            dict(r)
            for r in c.execute(
                text("SELECT payload FROM outbox WHERE kind = 'analytics'")
            ).mappings()
        ]
    assert len(events) == 1 and len(jobs) == 1
    stored = json.dumps([events, jobs], default=str).lower()
    for trace in ("mia", "parent@", "gclid-secret", token.lower()):
        assert trace not in stored
    assert "account_id" not in events[0]
    assert inspect(container.engine).get_columns(
        "analytics_events"
    )  # the table is there, as migrated
