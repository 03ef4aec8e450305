"""Which address the limits count, whatever a client writes in X-Forwarded-For; e-mail keys as keyed
hashes; and the database counter that keeps the limits shared while Redis is unreachable."""

from __future__ import annotations

import pytest

from bff import create_app
from core.adapters.rate_limit import RedisRateLimiter, SqlRateLimiter
from core.bootstrap import bootstrap
from core.settings import from_environment
from tests.helpers import pw, register

LIMIT = 3


def _app(settings, hops, rate_limiter=None):
    container = bootstrap(
        settings.replace(trusted_proxy_hops=hops, register_rate_limit_per_minute=LIMIT),
        rate_limiter=rate_limiter or _counter(settings),
    )
    return container, create_app(container=container).test_client()


NOW = 1_800_000_000.0  # one fixed instant: no minute boundary can fall inside a test's count


def _engine(settings):
    from core.adapters.db.unit_of_work import make_engine

    return make_engine(settings.database_url)


def _counter(settings) -> SqlRateLimiter:
    return SqlRateLimiter(_engine(settings), now=lambda: NOW)


def _statuses(client, forged, peer="198.51.100.9"):
    """LIMIT + 3 registrations from one peer, each with another forged X-Forwarded-For."""
    out = []
    for i in range(LIMIT + 3):
        headers = {"X-Forwarded-For": value} if (value := forged(i)) else {}
        response = client.post(
            "/v5/accounts",
            headers=headers,
            environ_base={"REMOTE_ADDR": peer},
            json={"email": f"f{i}@example.com", "password": pw(), "isTcAccepted": True},
        )
        out.append(response.status_code)
    return out


@pytest.mark.parametrize(
    "forged", [lambda i: f"10.0.0.{i}", lambda i: f"10.0.0.{i}, 10.9.9.{i}", lambda i: None]
)
def test_through_the_web_apps_proxy_a_forged_header_moves_nothing(settings, forged):
    """The web app's server appends the visitor's address (webapp/server.mjs): the API reads that last entry."""
    container, client = _app(settings, hops=1)
    try:
        statuses = []
        for i in range(LIMIT + 3):
            value = forged(i)
            header = (
                f"{value}, 203.0.113.5" if value else "203.0.113.5"
            )  # what the web app forwards
            response = client.post(
                "/v5/accounts",
                headers={"X-Forwarded-For": header},
                environ_base={"REMOTE_ADDR": "127.0.0.1"},
                json={"email": f"w{i}@example.com", "password": pw(), "isTcAccepted": True},
            )
            statuses.append(response.status_code)
    finally:
        container.close()
    assert statuses == [200] * LIMIT + [429] * 3


def test_straight_at_the_api_with_no_trusted_proxy_the_header_is_ignored(settings):
    container, client = _app(settings, hops=0)
    try:
        assert _statuses(client, lambda i: f"10.0.0.{i}") == [200] * LIMIT + [429] * 3
    finally:
        container.close()


def test_two_visitors_behind_the_proxy_have_their_own_limits(settings):
    container, client = _app(settings, hops=1)
    try:
        for visitor in ("203.0.113.5", "203.0.113.6"):
            for i in range(LIMIT):
                response = client.post(
                    "/v5/accounts",
                    headers={"X-Forwarded-For": visitor},
                    environ_base={"REMOTE_ADDR": "127.0.0.1"},
                    json={
                        "email": f"{visitor}.{i}@example.com",
                        "password": pw(),
                        "isTcAccepted": True,
                    },
                )
                assert response.status_code == 200
    finally:
        container.close()


def test_trusted_proxy_hops_is_a_bounded_setting():
    assert from_environment({}).trusted_proxy_hops == 1
    assert from_environment({"TRUSTED_PROXY_HOPS": "2"}).trusted_proxy_hops == 2
    with pytest.raises(ValueError):
        from_environment({"TRUSTED_PROXY_HOPS": "9"})


class DeadRedis:
    """A Redis client whose every command fails as on a lost connection."""

    def register_script(self, _script):
        def run(**_ignored):
            raise ConnectionError("Redis is gone")

        return run


def test_with_redis_lost_the_limits_are_counted_in_the_database_across_processes(settings):
    """Two API processes (two containers, two limiters) on one database: still one shared count."""
    first, client_a = _app(
        settings, hops=0, rate_limiter=RedisRateLimiter(DeadRedis(), fallback=_counter(settings))
    )
    second, client_b = _app(
        settings, hops=0, rate_limiter=RedisRateLimiter(DeadRedis(), fallback=_counter(settings))
    )
    try:
        statuses = [
            (client_a if i % 2 else client_b)
            .post(
                "/v5/accounts",
                environ_base={"REMOTE_ADDR": "198.51.100.7"},
                json={"email": f"r{i}@example.com", "password": pw(), "isTcAccepted": True},
            )
            .status_code
            for i in range(2 * LIMIT)
        ]
    finally:
        first.close()
        second.close()
    assert statuses.count(200) == LIMIT and statuses.count(429) == LIMIT


def test_the_database_counter_purges_ended_windows(settings):
    clock = {"now": 1_000_000.0}
    limiter = SqlRateLimiter(_engine(settings), now=lambda: clock["now"])
    limiter.PURGE_EVERY = 2
    assert limiter.hit("k", 1, 60) and not limiter.hit("k", 1, 60)
    clock["now"] += 120
    assert limiter.hit("k", 1, 60)
    assert limiter.hit("k2", 1, 60)  # the second hit purges
    with limiter._engine.connect() as c:
        from sqlalchemy import text

        windows = c.execute(text("SELECT window_no FROM rate_limit_counters")).scalars().all()
    assert int(1_000_000 // 60) not in windows


def test_login_limit_keys_hold_no_email(app, client, container):
    seen = []
    original = container.rate_limiter.hit
    container.rate_limiter.hit = lambda key, *a: seen.append(key) or original(key, *a)
    register(client, email="Key.Parent@example.com")
    client.post("/v4/accounts/login", json={"email": "key.parent@example.com", "password": pw()})
    client.post("/v4/newsletter", json={"email": "key.parent@example.com"})
    assert any(k.startswith("login:email:") for k in seen) and any(
        k.startswith("newsletter:email:") for k in seen
    )
    assert not any("key.parent" in k.lower() or "@" in k for k in seen)
