"""Fixed-window rate limits: in memory for one process, Redis for many."""
from __future__ import annotations

import threading
import time
from collections import defaultdict


class MemoryRateLimiter:
    def __init__(self, now=time.monotonic) -> None:
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


class RedisRateLimiter:
    """Shared by every API process. If Redis is down we let the request through:
    a lost Redis must not stop parents from logging in."""

    def __init__(self, client, prefix: str = "lumo:rl") -> None:
        self._client = client
        self._prefix = prefix

    def hit(self, key: str, limit: int, window_seconds: int) -> bool:
        window = int(time.time() // window_seconds)
        redis_key = f"{self._prefix}:{key}:{window}"
        try:
            pipe = self._client.pipeline()
            pipe.incr(redis_key)
            pipe.expire(redis_key, window_seconds + 1)
            count, _ = pipe.execute()
        except Exception:
            return True
        return int(count) <= limit
