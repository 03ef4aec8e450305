"""`make bench`: in-process throughput of the accounts API, as ratios to a bare
endpoint measured in the same run (so the machine's speed cancels out).

The load test over gunicorn/PostgreSQL/Redis comes with the performance issue;
this is the first, honest baseline. Results go to bench/results/latest.json.
"""
from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from alembic import command  # noqa: E402
from alembic.config import Config  # noqa: E402

from bff import create_app  # noqa: E402
from core.domain.accounts import client_password_hash  # noqa: E402
from core.settings import from_environment  # noqa: E402

SECONDS_PER_CASE = 2.0


def measure(call) -> dict:
    latencies, deadline = [], time.perf_counter() + SECONDS_PER_CASE
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        call()
        latencies.append(time.perf_counter() - start)
    latencies.sort()
    return {"rps": len(latencies) / sum(latencies), "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[int(len(latencies) * 0.99) - 1], "n": len(latencies)}


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    settings = from_environment({"DATABASE_URL": f"sqlite:///{folder / 'bench.db'}", "OUTBOX_DIR": str(folder),
                                 "RATE_LIMIT_PER_MINUTE": "100000000"})
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", settings.database_url)
    command.upgrade(config, "head")
    client = create_app(settings).test_client()
    password = client_password_hash("bench password")
    token = client.post("/v5/accounts", json={"email": "bench@lumo.example", "password": password,
                                              "isTcAccepted": True}).json["token"]
    auth = {"Authorization": f"Bearer {token}"}
    cases = {
        "baseline GET /healthz": lambda: client.get("/healthz"),
        "GET /v4/country": lambda: client.get("/v4/country", headers={"X-Country-Code": "DE"}),
        "GET /v5/subscriptions": lambda: client.get("/v5/subscriptions", headers=auth),
        "POST /v4/accounts/login": lambda: client.post("/v4/accounts/login",
                                                       json={"email": "bench@lumo.example", "password": password}),
    }
    results = {name: measure(call) for name, call in cases.items()}
    base = results["baseline GET /healthz"]["rps"]
    print(f"{'case':32} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'vs baseline':>12}")
    for name, r in results.items():
        r["ratio_to_baseline"] = r["rps"] / base
        print(f"{name:32} {r['rps']:9.0f} {r['p50_ms']:8.2f} {r['p99_ms']:8.2f} {r['ratio_to_baseline']:11.3f}x")
    out = ROOT / "bench" / "results" / "latest.json"
    out.write_text(json.dumps({"mode": "in-process, SQLite", "results": results}, indent=2) + "\n")
    print(f"written to {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
