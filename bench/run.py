"""`make bench`: API load (wrk over gunicorn, PostgreSQL, Redis), growth to a million
accounts, password hashing cost. Figures are ratios to baselines measured in the same
run. Results: bench/results/latest.json (+ growth.png). Never part of `make test`.

BENCH_QUICK=1 runs shorter and stops the growth at 100 thousand accounts; BENCH_PARTS=load,web (any of
hashing, load, growth, web, pre_ping) runs only those parts.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from alembic import command  # noqa: E402
from alembic.config import Config  # noqa: E402
from sqlalchemy import create_engine, text  # noqa: E402

from bench import growth, hashing, load, ops_revenue, pre_ping, web_pages  # noqa: E402

PG_ADMIN = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
BENCH_DB = "lumo_bench"
RESULTS = ROOT / "bench" / "results"


def fresh_database() -> str:
    """A database of its own, dropped and migrated anew on every run."""
    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)"))
        c.execute(text(f"CREATE DATABASE {BENCH_DB}"))
    admin.dispose()
    url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{BENCH_DB}"
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, "head")
    return url


def seeded(url: str) -> str:
    """The demo data (coupons such as LUMO-HALF that the load part validates)."""
    from core.adapters.db.seeding import seed_demo
    from core.adapters.passwords import Argon2Hasher

    engine = create_engine(url)
    seed_demo(engine, Argon2Hasher())
    engine.dispose()
    return url


def table(results: dict) -> str:
    lines: list[str] = []
    if "load" in results:
        lines.append(
            f"{'endpoint':34} {'conns':>5} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'vs bare':>8}"
        )
        for c, r in results["load"]["baseline"].items():
            lines.append(
                f"{'bare Flask JSON (baseline)':34} {c:>5} {r['rps']:8.0f} {r['p50_ms']:8.2f} "
                f"{r['p99_ms']:8.2f} {1:8.2f}"
            )
        for name, by_c in results["load"]["endpoints"].items():
            for c, r in by_c.items():
                lines.append(
                    f"{name:34} {c:>5} {r['rps']:8.0f} {r['p50_ms']:8.2f} {r['p99_ms']:8.2f} "
                    f"{r['ratio_to_bare']:8.2f}"
                )
    if "hashing" in results:
        h = results["hashing"]
        lines.append(
            f"\nargon2id {h['parameters']}: {h['verify_ms']} ms per verify -> "
            f"{h['logins_per_second_per_core']} logins/s per core, {h['expected_login_capacity']} "
            f"expected on {h['cores']} cores; {h['parallel_verifies_per_second']} verifies/s measured "
            f"with {h['cores']} hashing processes at once"
        )
        if "load" in results:
            login32 = results["load"]["endpoints"]["POST /v4/accounts/login"][32]["rps"]
            lines.append(
                f"measured login at 32 connections: {login32:.1f}/s = "
                f"{login32 / h['expected_login_capacity']:.2f} of cores / hash time; "
                f"{login32 / h['parallel_verifies_per_second']:.2f} of the {h['parallel_verifies_per_second']}"
                f" verifies/s measured with one hashing process per core"
            )
    if "growth" in results:
        lines.append(f"\n{'accounts':>10} {'subs p50':>9} {'subs p99':>9} {'login p50':>10}")
        for size, r in results["growth"].items():
            lines.append(
                f"{size:>10} {r['subscriptions_p50_ms']:9.2f} {r['subscriptions_p99_ms']:9.2f} "
                f"{r['login_p50_ms']:10.2f}"
            )
    for engine, f in results.get("pre_ping", {}).get("results", {}).items():
        lines.append(
            f"pool_pre_ping, {engine}: {f['without']} µs per checkout without, {f['with ping']} with "
            f"(+{f['ping cost']} µs)"
        )
    web = results.get("web")
    if web:
        lines.append(
            f"\n{'page (mobile)':14} {'JS KB gz':>9} {'score':>6} {'LCP ms':>8} {'TBT ms':>8} {'CLS':>6}"
        )
        for route, lh in web["lighthouse_mobile_median_of_3"].items():
            lines.append(
                f"{route:14} {web['first_load_js_kb_gzip'][route]:9.1f} {lh['score']:6.0f} "
                f"{lh['lcp_ms']:8.0f} {lh['tbt_ms']:8.0f} {lh['cls']:6.3f}"
            )
    return "\n".join(lines)


PARTS = ("hashing", "load", "growth", "web", "pre_ping", "revenue")


def main() -> None:
    quick = os.environ.get("BENCH_QUICK") == "1"
    if quick:
        os.environ.setdefault("BENCH_SECONDS", "2")
        load.SECONDS = int(os.environ["BENCH_SECONDS"])
    parts = [
        p.strip() for p in os.environ.get("BENCH_PARTS", ",".join(PARTS)).split(",") if p.strip()
    ]
    if os.environ.get("BENCH_WEB") == "0":
        parts = [p for p in parts if p != "web"]
    unknown = set(parts) - set(PARTS)
    if unknown:
        raise SystemExit(f"BENCH_PARTS: unknown {sorted(unknown)}; choose among {', '.join(PARTS)}")
    env = {
        "DATABASE_URL": seeded(fresh_database()),
        "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/9"),
        "RATE_LIMIT_PER_MINUTE": "1000000000",
        "OUTBOX_DIR": "/tmp/lumo-bench-outbox",
        "LUMO_ENV": "development",
    }
    results: dict = {
        "setup": "gunicorn sync workers, PostgreSQL, Redis, loopback, wrk",
        "parts": parts,
    }
    RESULTS.mkdir(parents=True, exist_ok=True)

    def keep() -> (
        None
    ):  # after every part: a later part that fails loses nothing measured before it
        (RESULTS / "latest.json").write_text(json.dumps(results, indent=2) + "\n")

    if "hashing" in parts:
        results["hashing"] = hashing.run()
        keep()
    if "load" in parts:
        results["load"] = load.run(env)
        keep()
    if (
        "growth" in parts
    ):  # a database of its own: the accounts the load part registered would skew it
        growth_env = {**env, "DATABASE_URL": fresh_database()} if "load" in parts else env
        results["growth"] = growth.run(
            growth_env, sizes=growth.SIZES[:2] if quick else growth.SIZES
        )
        keep()
    if "web" in parts:
        results["web"] = web_pages.run(env)
        keep()
    if "pre_ping" in parts:
        results["pre_ping"] = pre_ping.run(env["DATABASE_URL"])
        keep()
    if "revenue" in parts:  # the console's revenue and funnel queries, in a database of their own
        results["revenue"] = ops_revenue.run(PG_ADMIN, 20_000 if quick else 1_000_000)
        keep()
    chart = growth.plot(results["growth"], RESULTS / "growth.png") if "growth" in results else None
    print(table(results))
    print("\nresults: bench/results/latest.json" + (f"; chart: {chart}" if chart else ""))


if __name__ == "__main__":
    main()
