"""Retention periods (RETENTION_*), enforced by the daily beat job, measured with the injected clock."""

import uuid
from datetime import timedelta

from core.settings import DEV_ANALYTICS_KEY
from tasks.retention import purge_expired_data
from tests.helpers import bearer, pw, signed_up


def counts(container) -> dict:
    with container.engine.connect() as c:
        return {
            table: c.exec_driver_sql(f"SELECT count(*) FROM {table}").scalar()
            for table in ("analytics_events", "outbox", "auth_tokens", "contact_messages")
        }


def test_each_kind_of_record_goes_when_its_period_ends(app, container, clock, monkeypatch):
    monkeypatch.setattr("tasks.retention.worker_container", lambda: container)
    client = app.test_client()
    signed_up(client)  # a session token, welcome + confirmation e-mails (its link is a token too)
    other = client.post(
        "/v4/accounts/login", json={"email": "parent@example.com", "password": pw()}
    ).json["token"]
    client.post("/v4/accounts/logout", headers=bearer(other))  # a revoked token
    assert (
        client.post(
            "/v4/contact",
            json={"name": "Ana", "email": "ana@example.com", "subject": "hello", "message": "Hi"},
        ).status_code
        == 200
    )
    assert (
        client.post(
            "/v4/analytics",
            headers={"X-Api-Key": DEV_ANALYTICS_KEY},
            json={
                "env": "web",
                "app": "lumo-web",
                "countryCode": "fr",
                "timestamp": clock.now().isoformat(),
                "origin": "Organic",
                "device": {"platform": "web", "deviceType": "desktop"},
                "transactionUuid": str(uuid.uuid4()),
                "event": "OPEN_APP",
            },
        ).status_code
        == 200
    )
    container.deliver_outbox()
    start = counts(container)
    assert start["auth_tokens"] == 3 and start["outbox"] >= 3 and start["contact_messages"] == 1

    def purge_after(days):
        clock.advance(timedelta(days=days) - (clock.now() - began))
        return purge_expired_data.apply().get()

    began = clock.now()
    settings = container.settings
    assert purge_expired_data.apply().get() == {
        "analytics_events": 0,
        "outbox": 0,
        "tokens": 0,
        "contact_messages": 0,
        "consent_proofs": 0,
        "declarations": 0,
        "withdrawals": 0,
    }
    assert purge_after(settings.retention_tokens_days + 1)["tokens"] == 1  # the revoked one
    assert purge_after(
        settings.retention_outbox_days + 1
    ) == {  # and the confirmation link, expired since day 3
        "analytics_events": 0,
        "outbox": start["outbox"],
        "tokens": 1,
        "contact_messages": 0,
        "consent_proofs": 0,
        "declarations": 0,
        "withdrawals": 0,
    }
    assert purge_after(settings.retention_contact_days + 1)["contact_messages"] == 1
    assert purge_after(settings.retention_analytics_days + 1)["analytics_events"] == 1
    assert counts(container) == {
        "analytics_events": 0,
        "outbox": 0,
        "auth_tokens": 0,
        "contact_messages": 0,
    }


def test_sessions_idle_past_their_period_are_purged(app, container, clock, monkeypatch):
    monkeypatch.setattr("tasks.retention.worker_container", lambda: container)
    signed_up(app.test_client())

    def sessions():
        with container.engine.connect() as c:
            return c.exec_driver_sql(
                "SELECT count(*) FROM auth_tokens WHERE purpose = 'session'"
            ).scalar()

    clock.advance(
        timedelta(
            days=container.settings.session_idle_days + container.settings.retention_tokens_days - 1
        )
    )
    purge_expired_data.apply().get()
    assert sessions() == 1  # dead (idle) for 6 days: kept a little, like any ended token
    clock.advance(timedelta(days=2))
    purge_expired_data.apply().get()
    assert sessions() == 0


def test_pending_and_dead_outbox_rows_are_kept(container, clock, monkeypatch):
    from core.domain.ports.messaging import OutboxMessage

    monkeypatch.setattr("tasks.retention.worker_container", lambda: container)
    with container.services.uow() as uow:
        uow.outbox.add(OutboxMessage(kind="email", topic="welcome", payload={"account_id": 999}))
        uow.commit()
    clock.advance(timedelta(days=400))
    assert purge_expired_data.apply().get()["outbox"] == 0
