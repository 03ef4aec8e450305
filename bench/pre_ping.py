"""What `pool_pre_ping` costs (core/adapters/db/unit_of_work.py): the time of one checkout + one
`SELECT 1` + return, with and without the ping, on the engines the API uses (write: a transaction per
checkout; read: autocommit). Standalone: `.venv/bin/python bench/pre_ping.py [DATABASE_URL]`
(PostgreSQL; default the machine's `test` database); also the `pre_ping` part of `make bench`."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import text  # noqa: E402

from core.adapters.db.unit_of_work import make_engine  # noqa: E402

DEFAULT_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
ROUNDS = 3
CHECKOUTS = 2000


def _per_checkout_us(engine, transaction: bool) -> float:
    with engine.connect() as c:  # open the pooled connection first
        c.execute(text("SELECT 1"))
    best = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        for _ in range(CHECKOUTS):
            if transaction:
                with engine.begin() as c:
                    c.execute(text("SELECT 1"))
            else:
                with engine.connect() as c:
                    c.execute(text("SELECT 1"))
        best.append((time.perf_counter() - started) / CHECKOUTS * 1e6)
    return statistics.median(best)


def run(url: str = DEFAULT_URL) -> dict:
    results = {}
    for name, read_only in (
        ("write engine (transaction)", False),
        ("read engine (autocommit)", True),
    ):
        figures = {}
        for ping in (False, True):
            engine = make_engine(url, read_only=read_only, pre_ping=ping)
            try:
                figures["with ping" if ping else "without"] = round(
                    _per_checkout_us(engine, not read_only), 1
                )
            finally:
                engine.dispose()
        figures["ping cost"] = round(figures["with ping"] - figures["without"], 1)
        results[name] = figures
    return {
        "unit": "microseconds per checkout + SELECT 1",
        "checkouts": CHECKOUTS,
        "results": results,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(sys.argv[1] if len(sys.argv) > 1 else DEFAULT_URL), indent=2))
