"""The scale test's scenario (`main`): a database of the run's own, the topology started, the load with
API node 1 and worker 1 killed and restarted, the checks, the summary; everything stopped and dropped."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url

from scripts.scale.checks import (
    check_beat_once,
    check_emails,
    check_rate_limit_shared,
    check_records,
    check_sessions_on_both_nodes,
    drain_outbox,
    read_records,
)
from scripts.scale.client import wait_http
from scripts.scale.config import (
    API_PORTS,
    BIN,
    CLOCK_SECONDS,
    DEADLINE,
    LB_PORT,
    OUT,
    PG,
    RATE_LIMIT,
    REDIS,
    ROOT,
    SMTP_PORT,
    THREADS,
    USERS,
    log,
)
from scripts.scale.harness import Inbox, Node, cluster
from scripts.scale.journeys import parent, settle_stalled_payments


def create_database(run: str) -> tuple[Engine, str, str]:
    """This run's PostgreSQL database: the admin engine (to drop it), its name and its URL."""
    base = make_url(PG)
    database = f"lumo_scale_{run}"
    admin = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{database}"'))
    url = base.set(database=database).render_as_string(hide_password=False)
    return admin, database, url


def node_environment(url: str) -> dict:
    """The environment of every process: this one's without SCALE_* and PROMETHEUS_*, on the run's
    database, Redis and SMTP stand-in, with short clock, outbox and lease periods."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SCALE_", "PROMETHEUS_"))}
    env.update(
        DATABASE_URL=url,
        REDIS_URL=REDIS,
        SMTP_URL=f"smtp://127.0.0.1:{SMTP_PORT}",
        LUMO_ENV="development",
        RATE_LIMIT_PER_MINUTE=str(RATE_LIMIT),
        REGISTER_RATE_LIMIT_PER_MINUTE="1000",
        COUPON_RATE_LIMIT_PER_MINUTE="1000",
        CLOCK_SECONDS=str(CLOCK_SECONDS),
        OUTBOX_REDRIVE_SECONDS="2",
        OUTBOX_RETRY_SECONDS="2",
        OUTBOX_LEASE_SECONDS="10",
        ARGON2_MEMORY_KIB="19456",
        PUBLIC_URL="http://127.0.0.1:3000",
        SANDBOX_WEBHOOK_SECRET="scale-test",
    )
    return env


def migrate_and_seed(env: dict) -> None:
    subprocess.run(
        [str(BIN / "alembic"), "upgrade", "head"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [str(BIN / "flask"), "--app", "bff", "seed"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )


def run_load(
    apis: list[Node], workers: list[Node], run: str, started: float, load_started: float
) -> tuple[list[dict], float | None, float | None]:
    """USERS parents, THREADS at a time; API node 1 and worker 1 killed after a third of them and started
    again after two thirds. Answers the parents' outcomes and when the kill and the restart happened."""
    outcomes: list[dict] = []
    killed_at = restarted_at = None
    with ThreadPoolExecutor(THREADS) as pool:
        futures = [pool.submit(parent, i, run) for i in range(USERS)]
        for n, future in enumerate(futures):
            outcomes.append(
                future.result(timeout=max(1.0, DEADLINE - (time.monotonic() - started)))
            )
            if n + 1 == USERS // 3:
                apis[0].kill()
                workers[0].kill()
                killed_at = time.monotonic() - load_started
                log(f"killed api1 (:{API_PORTS[0]}) and worker1 (SIGKILL) after {n + 1} parents")
            if n + 1 == 2 * USERS // 3:
                apis[0].start()
                workers[0].start()
                wait_http(API_PORTS[0])
                restarted_at = time.monotonic() - load_started
                log(f"restarted api1 and worker1 after {n + 1} parents")
    return outcomes, killed_at, restarted_at


def main() -> int:
    if not shutil.which("haproxy"):
        print(
            "test-scale: haproxy is not installed (Debian: apt-get install haproxy)",
            file=sys.stderr,
        )
        return 2
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    run = uuid.uuid4().hex[:6]
    admin, database, url = create_database(run)
    import redis

    redis.Redis.from_url(REDIS).flushdb()  # this run's Redis database only
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=SMTP_PORT)
    smtp.start()
    env = node_environment(url)
    migrate_and_seed(env)

    apis, workers, beat, lb = cluster(env, run)
    everything = [*apis, *workers, beat, lb]
    summary: dict = {
        "users": USERS,
        "threads": THREADS,
        "api_nodes": len(apis),
        "workers": len(workers),
    }
    failures: list[str] = []
    started = time.monotonic()
    try:
        for node in everything:
            node.start()
        for port in API_PORTS:
            wait_http(port)
        wait_http(LB_PORT)
        log(
            f"up: haproxy :{LB_PORT} -> api {API_PORTS}, 2 workers, beat, PostgreSQL {database}, Redis {REDIS}"
        )
        beat_started = load_started = time.monotonic()

        outcomes, killed_at, restarted_at = run_load(apis, workers, run, started, load_started)
        load_seconds = time.monotonic() - load_started
        log(f"load done: {USERS} parents in {load_seconds:.1f} s")
        stalled = settle_stalled_payments(outcomes, env)
        summary["payments_caught_by_the_kill"] = stalled
        if stalled > THREADS:  # no more than the requests in flight when node 1 died
            failures.append(f"{stalled} payments left pending, more than the {THREADS} in flight")

        check_sessions_on_both_nodes(outcomes, summary, failures)
        check_rate_limit_shared(summary, failures)

        engine = create_engine(url)
        drain_outbox(engine)
        time.sleep(2 * CLOCK_SECONDS)  # let beat tick a few more times
        beat_seconds = time.monotonic() - beat_started
        accounts, subs, redemptions, emails = read_records(engine, run)
        engine.dispose()
        summary.update(
            {
                "load_seconds": round(load_seconds, 1),
                "killed_at_s": round(killed_at or 0, 1),
                "restarted_at_s": round(restarted_at or 0, 1),
            }
        )
        check_records(outcomes, accounts, subs, redemptions, summary, failures)
        check_emails(emails, inbox, summary, failures)
        check_beat_once(beat, workers, beat_seconds, summary, failures)
    finally:
        for node in reversed(everything):
            node.stop()
        smtp.stop()
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))
        admin.dispose()
    summary["failures"] = failures
    summary["total_seconds"] = round(time.monotonic() - started, 1)
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary, indent=2))
    print(
        "test-scale: " + ("FAILED\n  " + "\n  ".join(failures) if failures else "all checks passed")
    )
    return 1 if failures else 0
