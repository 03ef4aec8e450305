"""Faults injected into a running API: the database connection dropped at commit, Redis gone, the
payment gateway timing out after it charged. Each must end in a clear answer and no half-written or
doubled data. (A worker killed mid-task: tests/tasks/test_real_worker.py and the lease tests of
tests/tasks/test_outbox_dispatch.py.)"""

import os
from datetime import timedelta

import pytest
from sqlalchemy import create_engine, event
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

from core.adapters.jobs import CeleryJobQueue
from core.adapters.rate_limit import RedisRateLimiter
from core.domain import payments
from tests.helpers import bearer, limit_requests, pay, pw, register, signed_up

DEAD_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1: connection refused at once
ON_POSTGRES = "postgresql" in os.environ.get("DATABASE_URL", "")


def row_counts(container) -> dict:
    with container.engine.connect() as c:
        return {
            table: c.exec_driver_sql(f"SELECT count(*) FROM {table}").scalar()
            for table in ("accounts", "auth_tokens", "outbox", "consent_records", "subscriptions")
        }


class CommitFault:
    """Fails the next COMMIT on the engine, as a connection the server dropped would."""

    def __init__(self, engine, kill_backend: bool = False) -> None:
        self.engine, self.kill_backend, self.armed, self.fired = engine, kill_backend, False, 0
        event.listen(engine, "commit", self._on_commit)

    def _on_commit(self, connection) -> None:
        if not self.armed:
            return
        self.armed, self.fired = False, self.fired + 1
        if self.kill_backend:  # really drop it: the server ends the session, the COMMIT then fails
            pid = connection.connection.dbapi_connection.info.backend_pid
            killer = create_engine(os.environ["DATABASE_URL"], poolclass=NullPool)
            with killer.connect() as c:
                c.exec_driver_sql(f"SELECT pg_terminate_backend({pid})")
            killer.dispose()
        else:
            raise OperationalError(
                "COMMIT", {}, ConnectionResetError("server closed the connection unexpectedly")
            )

    def remove(self) -> None:
        event.remove(self.engine, "commit", self._on_commit)


@pytest.fixture(params=["raised"] + (["terminated"] if ON_POSTGRES else []))
def commit_fault(request, container):
    fault = CommitFault(container.engine, kill_backend=request.param == "terminated")
    yield fault
    fault.remove()


def test_a_registration_whose_commit_is_lost_is_503_and_leaves_nothing(
    client, container, commit_fault
):
    before = row_counts(container)
    commit_fault.armed = True
    response = register(client, email="lost@example.com")
    assert commit_fault.fired == 1
    assert (response.status_code, response.json) == (503, {"code": 0, "message": "maintenance"})
    assert response.headers["Retry-After"] == "1"
    assert row_counts(container) == before  # no account, token, consent or outbox row half-written
    # The API recovers with the next request, and the retry registers once.
    assert register(client, email="lost@example.com").status_code == 200
    assert row_counts(container)["accounts"] == before["accounts"] + 1


def test_a_payment_whose_settlement_commit_is_lost_resumes_once(
    client, container, clock, commit_fault
):
    token = signed_up(client)
    # Two commits: the pending row (kept), then the settlement after the gateway answered (lost).
    real = container.gateway.create_subscription

    def charge_then_drop(request):
        result = real(request)
        commit_fault.armed = True
        return result

    container.gateway.create_subscription = charge_then_drop
    lost = pay(client, token, key="pay-1")
    assert lost.status_code == 503 and lost.headers["Retry-After"] == "1"
    container.gateway.create_subscription = real
    with container.engine.connect() as c:
        states = [r[0] for r in c.exec_driver_sql("SELECT payment_state_id FROM subscriptions")]
    assert states == ["Pending"]  # not shown as paid
    clock.advance(timedelta(minutes=3))
    retried = pay(client, token, key="pay-1")
    assert retried.status_code == 200
    assert pay(client, token, key="pay-1").json == retried.json  # and again: the same answer
    assert len(container.gateway.subscriptions) == 1  # charged once


def test_redis_down_still_registers_and_logs_in_with_limits_held_in_memory(
    client, container, mailbox, clock
):
    import redis

    limit_requests(
        container, RedisRateLimiter(redis.Redis.from_url(DEAD_REDIS, socket_connect_timeout=0.5))
    )
    container.services.jobs = CeleryJobQueue(DEAD_REDIS)
    assert register(client).status_code == 200
    login = client.post(
        "/v4/accounts/login", json={"email": "parent@example.com", "password": pw()}
    )
    assert login.status_code == 200
    assert client.get("/v5/subscriptions", headers=bearer(login.json["token"])).status_code == 200
    with container.engine.connect() as c:
        pending = c.exec_driver_sql(
            "SELECT count(*) FROM outbox WHERE delivered_at IS NULL"
        ).scalar()
    assert (
        pending == 2 and mailbox.sent == []
    )  # the welcome and confirmation e-mails wait in the outbox
    clock.advance(timedelta(minutes=1))
    assert container.deliver_emails() == 2  # the beat's re-drive sends them
    # The limits fall back to this process's memory: still refused past the limit, with Retry-After.
    limit_requests(container, register_rate_limit_per_minute=1)
    codes = [register(client, email=f"more{i}@example.com").status_code for i in range(3)]
    assert 429 in codes
    # The brute-force guard lives in the database: Redis being down does not open it.
    for _ in range(5):
        client.post(
            "/v4/accounts/login", json={"email": "parent@example.com", "password": pw("wrong")}
        )
    refused = client.post(
        "/v4/accounts/login", json={"email": "parent@example.com", "password": pw()}
    )
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0


def test_a_gateway_timeout_after_the_charge_records_nothing_paid_and_the_retry_succeeds_once(
    client, container, clock
):
    token = signed_up(client)
    gateway = container.gateway
    real = gateway.create_subscription

    def charged_but_timed_out(request):
        real(request)  # Braintree did create it; the answer never came back
        raise payments.GatewayUnavailable("read timeout")

    gateway.create_subscription = charged_but_timed_out
    timeout = pay(client, token, key="k-timeout")
    assert (timeout.status_code, timeout.json["message"]) == (503, "subscriptionCreateFailed")
    gateway.create_subscription = real
    with container.engine.connect() as c:
        paid = c.exec_driver_sql(
            "SELECT count(*) FROM subscriptions WHERE payment_state_id IN ('Active', 'Trial')"
        ).scalar()
    assert paid == 0
    assert (
        pay(client, token, key="k-timeout").status_code == 409
    )  # still in flight: not charged twice
    clock.advance(timedelta(minutes=3))
    answers = [pay(client, token, key="k-timeout") for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert len({a.json["data"]["subscriptionId"] for a in answers}) == 1
    assert len(gateway.subscriptions) == 1
