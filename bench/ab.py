"""Before and after in one invocation: this checkout's API and another checkout's (BENCH_AGAINST, e.g. an
export of main) served side by side with the bare endpoint, on one seeded scratch database, the rounds
interleaved (bare, then each endpoint on each API). On a loaded machine, figures taken minutes apart are not
comparable; these are taken seconds apart. Same variables as the load part (bench/load.py, bench/servers.py).

    git archive main | tar -x -C /tmp/lumo-main
    BENCH_AGAINST=/tmp/lumo-main BENCH_CONNECTIONS=32 .venv/bin/python bench/ab.py
"""

from __future__ import annotations

import json
import os
import sys
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import load, run  # noqa: E402
from bench.scratch_db import scratch_database  # noqa: E402
from bench.servers import gunicorn  # noqa: E402
from core.domain.accounts import client_password_hash  # noqa: E402


def main() -> None:
    against = Path(os.environ["BENCH_AGAINST"]).resolve()
    database = run.database_name(os.environ)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    results: dict = {"setup": load.SETUP, "against_root": str(against), "repeats": load.REPEATS}
    with ExitStack() as stack:
        engine = stack.enter_context(scratch_database(run.PG_ADMIN, run._unused(database)))
        env = {
            "DATABASE_URL": run.seeded(engine),
            "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/9"),
            "RATE_LIMIT_PER_MINUTE": "1000000000",
            "OUTBOX_DIR": f"/tmp/lumo-bench-outbox-{database}",
            "LUMO_ENV": "development",
        }
        bare = stack.enter_context(gunicorn("bench.bare_app:create_app()", env, "/json"))
        apis = {
            "this checkout": stack.enter_context(gunicorn("bff:create_app()", env, "/healthz")),
            "against": stack.enter_context(
                gunicorn("bff:create_app()", env, "/healthz", root=against)
            ),
        }
        password = client_password_hash("bench password")
        token = load._post(
            f"{apis['this checkout']}/v5/accounts",
            {"email": "load@lumo.example", "password": password, "isTcAccepted": True},
        )["token"]
        subscriber = load.subscriber_token(apis["this checkout"], password)
        cases = {
            (api, name): case
            for api, base in apis.items()
            for name, case in load.cases(base, token, password, subscriber).items()
            if "POST" not in name and load.wanted(name)
        }
        bare_case = {"url": f"{bare}/json"}
        for case in (bare_case, *cases.values()):
            load._wrk_case(case, 8, seconds=load.WARM_UP_SECONDS)
        for c in load.CONCURRENCY:
            bare_runs, runs = [], {key: [] for key in cases}
            for _ in range(load.REPEATS):
                bare_runs.append(load._wrk_case(bare_case, c))
                for key, case in cases.items():
                    runs[key].append(load._wrk_case(case, c))
            results.setdefault("baseline", {})[c] = load.summary(bare_runs)
            for (api, name), measured in runs.items():
                results.setdefault(api, {}).setdefault(name, {})[c] = load.summary(
                    measured, bare_runs
                )
    out = run.OUT / f"ab-{stamp}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"{load.SETUP}; median of {load.REPEATS} interleaved rounds; against {against}")
    print(f"{'endpoint':34} {'conns':>5} {'this':>22} {'against':>22}")
    for c, b in results["baseline"].items():
        print(f"{'bare Flask JSON':34} {c:>5} {b['rps']:9.0f}/s p99 {b['p99_ms']:6.0f} ms")
    for name, by_c in results["this checkout"].items():
        for c, r in by_c.items():
            a = results["against"][name][c]
            print(
                f"{name:34} {c:>5} {r['ratio_to_bare']:6.2f} p99 {r['p99_to_bare']:4.1f}x bare "
                f"{a['ratio_to_bare']:6.2f} p99 {a['p99_to_bare']:4.1f}x bare"
            )
    print(f"results: {out}")


if __name__ == "__main__":
    main()
