"""`make bench`: API load (wrk over gunicorn, PostgreSQL, Redis), growth to a million
accounts, password hashing cost, the web pages. Figures are ratios to baselines measured in the same
run. Never part of `make test`; details and history in docs/benchmarks.md.

    python bench/run.py [PART ...]        # default: every part; `make bench PART=api`
    BENCH_PARTS=load,web python bench/run.py

Parts: hashing, load (alias api), calls, growth, web, web_signed_in, pre_ping, revenue. BENCH_QUICK=1 runs shorter and stops
the growth at 100 thousand accounts. BENCH_DATABASE names the scratch PostgreSQL database (default
`lumo_bench_<pid>`: two runs never share one; a name that already exists is refused rather than wiped);
it and the databases the parts derive from it (`<name>_growth`, `<name>_revenue`) are dropped at the
end. Results go to var/bench/ (BENCH_OUT): latest.json, a copy stamped with the run's time, charts.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, text  # noqa: E402

from bench import (  # noqa: E402
    calls,
    growth,
    hashing,
    load,
    ops_revenue,
    pre_ping,
    web_pages,
    web_signed_in,
)
from bench.scratch_db import scratch_database  # noqa: E402

PG_ADMIN = os.environ.get("BENCH_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
OUT = Path(os.environ.get("BENCH_OUT", ROOT / "var" / "bench"))


@dataclass
class Run:
    """What every part gets: the API's environment (its own scratch database, seeded), whether the run
    is quick, where to write files, and a way to have a further scratch database of its own."""

    env: dict
    quick: bool
    out: Path
    database: str
    stack: ExitStack
    results: dict = field(default_factory=dict)

    def scratch(self, suffix: str) -> str:
        """A further empty, migrated database `<database>_<suffix>`, dropped at the end of the run."""
        engine = self.stack.enter_context(
            scratch_database(PG_ADMIN, _unused(f"{self.database}_{suffix}"))
        )
        return engine.url.render_as_string(hide_password=False)


@dataclass(frozen=True)
class Part:
    run: Callable[[Run], dict]
    table: Callable[[dict, dict], list[str]] = lambda result, results: []


def _load(r: Run) -> dict:
    return load.run(r.env)


def _growth(r: Run) -> dict:
    # A database of its own: the accounts the load part registered would skew it.
    env = {**r.env, "DATABASE_URL": r.scratch("growth")} if "load" in r.results else r.env
    result = growth.run(env, sizes=growth.SIZES[:2] if r.quick else growth.SIZES)
    result_chart = growth.plot(result, r.out / "growth.png")
    r.results.setdefault("charts", []).append(result_chart)
    return result


def _revenue(r: Run) -> dict:
    return ops_revenue.run(
        PG_ADMIN, 20_000 if r.quick else 1_000_000, name=_unused(f"{r.database}_revenue")
    )


def _hashing_table(h: dict, results: dict) -> list[str]:
    lines = [
        f"\nargon2id {h['parameters']}: {h['verify_ms']} ms per verify -> "
        f"{h['logins_per_second_per_core']} logins/s per core, {h['expected_login_capacity']} "
        f"expected on {h['cores']} cores; {h['parallel_verifies_per_second']} verifies/s measured "
        f"with {h['cores']} hashing processes at once"
    ]
    login = results.get("load", {}).get("endpoints", {}).get("POST /v4/accounts/login", {})
    if 32 in login:
        login32 = login[32]["rps"]
        lines.append(
            f"measured login at 32 connections: {login32:.1f}/s = "
            f"{login32 / h['expected_login_capacity']:.2f} of cores / hash time; "
            f"{login32 / h['parallel_verifies_per_second']:.2f} of the "
            f"{h['parallel_verifies_per_second']} verifies/s measured with one hashing process per core"
        )
    return lines


def _growth_table(result: dict, results: dict) -> list[str]:
    lines = [f"\n{'accounts':>10} {'subs p50':>9} {'subs p99':>9} {'login p50':>10}"]
    for size, r in result.items():
        lines.append(
            f"{size:>10} {r['subscriptions_p50_ms']:9.2f} {r['subscriptions_p99_ms']:9.2f} "
            f"{r['login_p50_ms']:10.2f}"
        )
    return lines


def _pre_ping_table(result: dict, results: dict) -> list[str]:
    return [
        f"pool_pre_ping, {engine}: {f['without']} µs per checkout without, {f['with ping']} with "
        f"(+{f['ping cost']} µs)"
        for engine, f in result.get("results", {}).items()
    ]


def _web_table(web: dict, results: dict) -> list[str]:
    """Lumo | floor | ratio for every public page (bench/web_pages.py)."""
    return ["", web_pages.table(web)]


# The parts in the order they run; each measures, and prints its own lines of the table.
PARTS: dict[str, Part] = {
    "hashing": Part(lambda r: hashing.run(), _hashing_table),
    "load": Part(_load, lambda result, results: load.table(result)),
    "calls": Part(lambda r: calls.run(r.env), lambda result, results: [calls.table(result)]),
    "growth": Part(_growth, _growth_table),
    "web": Part(lambda r: web_pages.run(r.env), _web_table),
    "web_signed_in": Part(
        lambda r: web_signed_in.run(r.env),
        lambda result, results: ["", web_signed_in.table(result)],
    ),
    "pre_ping": Part(lambda r: pre_ping.run(r.env["DATABASE_URL"]), _pre_ping_table),
    "revenue": Part(
        _revenue
    ),  # the console's revenue and funnel queries, in a database of their own
}
ALIASES = {"api": ("load",), "all": tuple(PARTS)}


def chosen_parts(argv: list[str], environ: dict) -> list[str]:
    """The parts named on the command line (else BENCH_PARTS, else all), aliases expanded, in run order."""
    named = [p for arg in argv for p in arg.split(",") if p.strip()] or [
        p.strip() for p in environ.get("BENCH_PARTS", "all").split(",") if p.strip()
    ]
    wanted: set[str] = set()
    for name in named:
        name = name.strip()
        if name in ALIASES:
            wanted.update(ALIASES[name])
        elif name in PARTS:
            wanted.add(name)
        else:
            raise SystemExit(
                f"bench: unknown part {name!r}; choose among {', '.join([*PARTS, *ALIASES])}"
            )
    if environ.get("BENCH_WEB") == "0":
        wanted.discard("web")
        wanted.discard("web_signed_in")
    return [p for p in PARTS if p in wanted]


def database_name(environ: dict) -> str:
    name = environ.get("BENCH_DATABASE") or f"lumo_bench_{os.getpid()}"
    if not name.replace("_", "").isalnum() or len(name) > 50:
        raise SystemExit(f"BENCH_DATABASE: letters, digits and _ only, at most 50: {name!r}")
    return name


def _unused(name: str) -> str:
    """Refuse a database that exists: it may be another run's (a killed run's is dropped by hand)."""
    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            exists = c.execute(
                text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}
            ).first()
    finally:
        admin.dispose()
    if exists:
        raise SystemExit(
            f"bench: database {name} exists (another run's?); choose another BENCH_DATABASE "
            f"or drop it: dropdb -h 127.0.0.1 -U postgres {name}"
        )
    return name


def seeded(engine) -> str:
    """The demo data (coupons such as LUMO-HALF that the load part validates)."""
    from core.adapters.db.seeding import seed_demo
    from core.adapters.passwords import Argon2Hasher

    seed_demo(engine, Argon2Hasher())
    return engine.url.render_as_string(hide_password=False)


def table(results: dict) -> str:
    lines: list[str] = []
    for name, part in PARTS.items():
        if name in results:
            lines += part.table(results[name], results)
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    quick = os.environ.get("BENCH_QUICK") == "1"
    if quick:
        os.environ.setdefault("BENCH_SECONDS", "2")
        load.SECONDS = int(os.environ["BENCH_SECONDS"])
    parts = chosen_parts(argv, os.environ)
    database = database_name(os.environ)
    OUT.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    results: dict = {"setup": load.SETUP, "parts": parts, "started": stamp}
    with ExitStack() as stack:
        engine = stack.enter_context(scratch_database(PG_ADMIN, _unused(database)))
        run = Run(
            env={
                "DATABASE_URL": seeded(engine),
                "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/9"),
                "RATE_LIMIT_PER_MINUTE": "1000000000",
                "OUTBOX_DIR": f"/tmp/lumo-bench-outbox-{database}",
                "LUMO_ENV": "development",
            },
            quick=quick,
            out=OUT,
            database=database,
            stack=stack,
            results=results,
        )
        for name in parts:
            results[name] = PARTS[name].run(run)
            # after every part: a later part that fails loses nothing measured before it
            for path in (OUT / "latest.json", OUT / f"{stamp}.json"):
                path.write_text(json.dumps(results, indent=2, default=str) + "\n")
    print(table(results))
    charts = "".join(f"; chart: {c}" for c in results.get("charts", []))
    print(f"\nresults: {OUT / 'latest.json'} (and {stamp}.json){charts}")


if __name__ == "__main__":
    main(sys.argv[1:])
