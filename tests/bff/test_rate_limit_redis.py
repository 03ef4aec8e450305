"""The Redis rate limiter counts a hit with one command (the COUNT_HIT script): a count per key and
window, refused past the limit, an expiry set once, and the script loaded again when Redis lost it.

With REDIS_URL (the CI run on real services) on the real server; without it on a stand-in that keeps
redis-py's Script contract (EVALSHA, NoScriptError when the server does not hold the script)."""

from __future__ import annotations

import hashlib
import uuid

import pytest
import redis
from redis.exceptions import NoScriptError

from core.adapters.rate_limit import COUNT_HIT, RedisRateLimiter
from core.settings import from_environment


class StandInRedis:
    """EVALSHA of COUNT_HIT, SCRIPT LOAD/FLUSH and TTL, as the server does them (seconds as given)."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.expiry: dict[str, int] = {}
        self.scripts: set[str] = set()
        self.commands: list[str] = []

    def register_script(self, script: str):
        return redis.commands.core.Script(self, script)  # type: ignore[arg-type]  # duck-typed

    def get_encoder(self):
        return redis.Redis().get_encoder()

    def script_load(self, script: str) -> str:
        self.commands.append("SCRIPT LOAD")
        sha = hashlib.sha1(script.encode()).hexdigest()
        self.scripts.add(sha)
        return sha

    def script_flush(self) -> None:
        self.scripts.clear()

    def evalsha(self, sha: str, numkeys: int, *keys_and_args):
        self.commands.append("EVALSHA")
        if sha not in self.scripts:
            raise NoScriptError("NOSCRIPT No matching script.")
        assert sha == hashlib.sha1(COUNT_HIT.encode()).hexdigest() and numkeys == 1
        key, ttl = keys_and_args
        self.counts[key] = self.counts.get(key, 0) + 1
        if self.counts[key] == 1:
            self.expiry[key] = int(ttl)
        return self.counts[key]

    def ttl(self, key: str) -> int:
        return self.expiry.get(key, -1)

    def delete(self, *keys: str) -> None:
        for key in keys:
            self.counts.pop(key, None)
            self.expiry.pop(key, None)


@pytest.fixture
def client():
    url = from_environment().redis_url
    if not url:
        yield StandInRedis()
        return
    real = redis.Redis.from_url(url)
    yield real
    real.close()


def _keys(client, prefix: str) -> list[str]:
    if isinstance(client, StandInRedis):
        return [k for k in client.counts if k.startswith(prefix)]
    return [k.decode() for k in client.scan_iter(f"{prefix}:*")]


def test_a_hit_is_counted_per_key_and_refused_past_the_limit(client):
    prefix = f"lumo:test:{uuid.uuid4().hex}"
    limiter = RedisRateLimiter(client, prefix=prefix)
    assert [limiter.hit("coupon:ip:1.2.3.4", 3, 60) for _ in range(5)] == [
        True,
        True,
        True,
        False,
        False,
    ]
    assert limiter.hit("coupon:ip:5.6.7.8", 3, 60)  # another client: its own count
    keys = _keys(client, prefix)
    assert len(keys) == 2
    for key in keys:  # the window's count goes a second after the window (at most 61 s)
        assert 0 < client.ttl(key) <= 61
    client.delete(*keys)


def test_the_script_is_loaded_again_after_redis_lost_it(client):
    prefix = f"lumo:test:{uuid.uuid4().hex}"
    limiter = RedisRateLimiter(client, prefix=prefix)
    assert limiter.hit("login:ip:1.2.3.4", 2, 60)
    client.script_flush()  # what a Redis restart does to loaded scripts
    assert limiter.hit("login:ip:1.2.3.4", 2, 60)  # still counted in Redis, not in a fallback
    assert not limiter.hit("login:ip:1.2.3.4", 2, 60)
    if isinstance(client, StandInRedis):
        assert client.commands.count("SCRIPT LOAD") >= 2
    client.delete(*_keys(client, prefix))
