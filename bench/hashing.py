"""Password hashing cost: argon2id at OWASP's minimum, and the login capacity it allows."""
from __future__ import annotations

import os
import statistics
import time

from core.adapters.passwords import Argon2Hasher


def run(rounds: int = 20) -> dict:
    hasher = Argon2Hasher()
    secret = "a" * 64
    stored = hasher.hash(secret)
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        hasher.verify(stored, secret)
        times.append(time.perf_counter() - start)
    seconds = statistics.median(times)
    cores = os.cpu_count() or 1
    return {"parameters": stored.split("$")[3], "verify_ms": round(1000 * seconds, 2),
            "logins_per_second_per_core": round(1 / seconds, 1), "cores": cores,
            "expected_login_capacity": round(cores / seconds, 1)}
