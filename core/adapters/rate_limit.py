"""Fixed-window rate limits: in memory for one process, Redis for many.

Windows are aligned on the epoch (a 60 s window ends on the minute), so the seconds left in the
current window are the `Retry-After` of a refused request.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections import defaultdict
from typing import Any, cast

from sqlalchemy import Table

log = logging.getLogger(__name__)


def seconds_left(now: float, window_seconds: int) -> int:
    """Whole seconds until the current window ends (at least 1)."""
    return max(1, math.ceil(window_seconds - (now % window_seconds)))


class MemoryRateLimiter:
    def __init__(self, now=time.time) -> None:
        self._now = now
        self._counts: dict[tuple[str, int], int] = defaultdict(int)
        self._lock = threading.Lock()

    def hit(self, key: str, limit: int, window_seconds: int) -> bool:
        window = int(self._now() // window_seconds)
        with self._lock:
            if len(self._counts) > 100_000:
                self._counts = defaultdict(
                    int, {k: v for k, v in self._counts.items() if k[1] >= window}
                )
            self._counts[(key, window)] += 1
            return self._counts[(key, window)] <= limit

    def retry_after(self, window_seconds: int) -> int:
        return seconds_left(self._now(), window_seconds)


class SqlRateLimiter:
    """The same fixed windows counted in the database (table rate_limit_counters), one upsert per hit:
    shared by every API process like Redis. Used only while Redis is unreachable (below). Rows of
    ended windows are deleted now and then by the hits themselves."""

    PURGE_EVERY = 200  # hits

    def __init__(self, engine, now=time.time) -> None:
        from core.adapters.db.models.operations import RateLimitCounterRow

        self._engine = engine
        self._now = now
        self._table = cast(Table, RateLimitCounterRow.__table__)  # a mapped class's table
        self._hits = 0

    def hit(self, key: str, limit: int, window_seconds: int) -> bool:
        from sqlalchemy import delete

        now = self._now()
        window = int(now // window_seconds)
        t = self._table
        upsert = self._insert().values(
            key=f"{key}:{window_seconds}"[:200],
            window_no=window,
            hits=1,
            expires=(window + 1) * window_seconds,
        )
        counted = upsert.on_conflict_do_update(
            index_elements=[t.c.key, t.c.window_no], set_={"hits": t.c.hits + 1}
        ).returning(t.c.hits)
        self._hits += 1
        with self._engine.begin() as connection:
            hits = connection.execute(counted).scalar_one()
            if self._hits % self.PURGE_EVERY == 0:
                connection.execute(delete(t).where(t.c.expires < int(now)))
        return hits <= limit

    def retry_after(self, window_seconds: int) -> int:
        return seconds_left(self._now(), window_seconds)

    def _insert(self) -> Any:
        """INSERT … ON CONFLICT: the same API in PostgreSQL's and SQLite's dialects, two types."""
        if self._engine.dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as postgresql_insert

            return postgresql_insert(self._table)
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        return sqlite_insert(self._table)


# One hit, one command: the window's count, which expires a second after its window ends (the key names
# the window, so setting the expiry on the first hit is enough). Run with EVALSHA (redis-py's Script
# loads it again after a Redis restart or SCRIPT FLUSH). It replaced a MULTI/INCR/EXPIRE/EXEC pipeline:
# the same single round trip, but four commands to pack and four replies to parse on every coupon
# check and every login (client CPU per hit 60 -> 42 us, docs/benchmarks.md); and INCR with EXPIRE are
# now atomic, so no count can be left without its expiry.
COUNT_HIT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then
    redis.call('EXPIRE', KEYS[1], ARGV[1])
end
return count
"""


class RedisRateLimiter:
    """Shared by every API process. If Redis cannot be reached, the limits are counted in the
    database instead (SqlRateLimiter: still shared by every process, so still bounded by the limit;
    README "Security"); without a database fallback (tests), in each process's memory. When Redis
    comes back its counts start from zero: in that one window a key can reach twice its limit.
    The brute-force guard of logins lives in the database anyway and does not depend on Redis."""

    WARN_EVERY_SECONDS = 60

    def __init__(
        self,
        client,
        prefix: str = "lumo:rl",
        fallback: MemoryRateLimiter | SqlRateLimiter | None = None,
    ) -> None:
        self._client = client
        self._prefix = prefix
        self._fallback = fallback or MemoryRateLimiter()
        self._warned_at = -math.inf
        self._count: Any = None  # the registered COUNT_HIT script (redis-py's Script)

    def hit(self, key: str, limit: int, window_seconds: int) -> bool:
        window = int(time.time() // window_seconds)
        redis_key = f"{self._prefix}:{key}:{window}"
        try:
            if self._count is None:  # computes the script's SHA1 only: no round trip
                self._count = self._client.register_script(COUNT_HIT)
            count = self._count(keys=[redis_key], args=[window_seconds + 1])
        except Exception as error:  # noqa: BLE001 - any Redis failure: degrade, never fail the request
            self._warn(error)
            return self._fallback.hit(key, limit, window_seconds)
        return int(count) <= limit

    def retry_after(self, window_seconds: int) -> int:
        return seconds_left(time.time(), window_seconds)

    def _warn(self, error: Exception) -> None:
        now = time.monotonic()
        if now - self._warned_at >= self.WARN_EVERY_SECONDS:
            self._warned_at = now
            log.warning(
                "rate limits fall back to %s: Redis unavailable (%s)",
                "the database" if isinstance(self._fallback, SqlRateLimiter) else "process memory",
                type(error).__name__,
            )
