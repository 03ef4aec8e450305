"""Password hashing cost: argon2id at OWASP's minimum, and the login capacity it allows.

Two figures: the issue's `cores / hash time` (one verify timed alone, times the cores), and the
capacity measured with one hashing process per core at once (argon2id is memory-hard: parallel
verifies share the memory bandwidth, so they may scale less than linearly)."""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time

from core.adapters.passwords import Argon2Hasher

SECRET = "a" * 64


def _verifies_for(seconds: float) -> int:
    hasher = Argon2Hasher()
    stored = hasher.hash(SECRET)
    done, end = 0, time.perf_counter() + seconds
    while time.perf_counter() < end:
        hasher.verify(stored, SECRET)
        done += 1
    return done


def run(rounds: int = 20, parallel_seconds: float = 4.0) -> dict:
    hasher = Argon2Hasher()
    stored = hasher.hash(SECRET)
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        hasher.verify(stored, SECRET)
        times.append(time.perf_counter() - start)
    seconds = statistics.median(times)
    cores = os.cpu_count() or 1
    with multiprocessing.get_context("spawn").Pool(cores) as pool:
        parallel = sum(pool.map(_verifies_for, [parallel_seconds] * cores)) / parallel_seconds
    return {
        "parameters": stored.split("$")[3],
        "verify_ms": round(1000 * seconds, 2),
        "logins_per_second_per_core": round(1 / seconds, 1),
        "cores": cores,
        "expected_login_capacity": round(cores / seconds, 1),
        "parallel_verifies_per_second": round(parallel, 1),
    }
