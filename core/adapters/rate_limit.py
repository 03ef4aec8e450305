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
                self._counts = defaultdict(int, {k: v for k, v in self._counts.items() if k[1] >= window})
            self._counts[(key, window)] += 1
            return self._counts[(key, window)] <= limit

    def retry_after(self, window_seconds: int) -> int:
        return seconds_left(self._now(), window_seconds)


class RedisRateLimiter:
    """Shared by every API process. If Redis cannot be reached, each process falls back to its own
    memory counters: limits stay in force (per process instead of shared, so at most the number of
    processes times the limit), and parents can still register and log in. Neither fail-open nor
    fail-closed; the brute-force guard of logins lives in the database and does not depend on Redis."""

    WARN_EVERY_SECONDS = 60

    def __init__(self, client, prefix: str = "lumo:rl", fallback: MemoryRateLimiter | None = None) -> None:
        self._client = client
        self._prefix = prefix
        self._fallback = fallback or MemoryRateLimiter()
        self._warned_at = -math.inf

    def hit(self, key: str, limit: int, window_seconds: int) -> bool:
        window = int(time.time() // window_seconds)
        redis_key = f"{self._prefix}:{key}:{window}"
        try:
            pipe = self._client.pipeline()
            pipe.incr(redis_key)
            pipe.expire(redis_key, window_seconds + 1)
            count, _ = pipe.execute()
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
            log.warning("rate limits fall back to process memory: Redis unavailable (%s)", type(error).__name__)
