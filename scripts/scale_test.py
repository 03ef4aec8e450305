"""`make test-scale`: Lumo on several nodes behind a real load balancer, with failures (docs/operations.md).

Topology, all on loopback: HAProxy (Debian's) on SCALE_LB_PORT in front of two gunicorn API nodes
(separate processes, separate ports, 2 workers each), two Celery workers and one beat on Redis, one
PostgreSQL database of the run's own, and an SMTP stand-in that records every e-mail it receives.

Bounded mixed load (SCALE_USERS parents, SCALE_THREADS at a time, each from its own loopback address):
register, log in, read the plans, then pay for a plan or redeem a campaign coupon, and validate a coupon.
After a third of the parents, API node 1 and worker 1 are killed (SIGKILL); after two thirds they are
started again. Then the checks:
- registrations, subscriptions, redemptions: every one the client saw succeed is in the database,
  exactly once; nothing the client did not ask for; a payment left pending by the killed node is resolved
  by the clock's sweep (run as if its 2 minutes had passed) and then paid, once;
- e-mails: every e-mail of the outbox delivered and received; none received twice, except that a worker
  SIGKILLed between the SMTP server's acceptance and the delivered mark sends that one message again after
  its lease (same Message-ID, so mail clients show it once): at most one per killed worker, reported;
- rate limits shared: from one address, RATE_LIMIT_PER_MINUTE attempts pass through the balancer, the
  rest get 429, although the two nodes take turns;
- sessions and redirect keys: a token works on either node; a redirect key made on one node is spent
  on the other, and then refused on the first;
- beat runs once: the scheduler sent the clock task once per CLOCK_SECONDS, each received by one worker.
Prints a summary (and writes var/scale/summary.json); exit status 1 when a check fails.
This is a test tool, not application code: it reads its SCALE_* settings from the environment itself.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from core.domain.accounts import client_password_hash  # noqa: E402

BIN = Path(sys.executable).parent  # the virtualenv running this script
OUT = ROOT / "var" / "scale"
PG = os.environ.get("SCALE_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("SCALE_REDIS_URL", "redis://127.0.0.1:6379/5")
API_PORTS = [int(p) for p in os.environ.get("SCALE_API_PORTS", "5501,5502").split(",")]
LB_PORT = int(os.environ.get("SCALE_LB_PORT", "8500"))
SMTP_PORT = int(os.environ.get("SCALE_SMTP_PORT", "5525"))
USERS = int(os.environ.get("SCALE_USERS", "80"))
WORKERS_KILLED = 1  # worker 1 is SIGKILLed once mid-load
THREADS = int(os.environ.get("SCALE_THREADS", "6"))
DEADLINE = float(os.environ.get("SCALE_DEADLINE_SECONDS", "240"))
CLOCK_SECONDS = 5
RATE_LIMIT = 20
PASSWORD = client_password_hash("scale test password 42")


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


# --- the SMTP stand-in -------------------------------------------------------------------------------


class Inbox:
    def __init__(self) -> None:
        self.message_ids: list[str] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        match = re.search(rb"^Message-ID:\s*(\S+)", envelope.content, re.MULTILINE | re.IGNORECASE)
        with self.lock:
            self.message_ids.append(match.group(1).decode() if match else "?")
        return "250 OK"


# --- processes ---------------------------------------------------------------------------------------


class Node:
    def __init__(self, name: str, command: list[str], env: dict) -> None:
        self.name, self.command, self.env = name, command, env
        self.process: subprocess.Popen | None = None
        self.log_path = OUT / f"{name}.log"

    def start(self) -> None:
        log_file = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            self.command,
            cwd=ROOT,
            env=self.env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log_file.close()

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_http(port: int, path: str = "/readyz", seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            status, _ = call(port, "GET", path, timeout=2)
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"nothing answers {path} on port {port}")


def call(
    port: int,
    method: str,
    path: str,
    body=None,
    token=None,
    source="127.0.0.1",
    headers=None,
    timeout=30,
) -> tuple[int, dict]:
    conn = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=timeout, source_address=(source, 0)
    )
    try:
        head = {"Content-Type": "application/json", **(headers or {})}
        if token:
            head["Authorization"] = f"Bearer {token}"
        conn.request(
            method, path, body=json.dumps(body) if body is not None else None, headers=head
        )
        response = conn.getresponse()
        raw = response.read()
        try:
            data = json.loads(raw) if raw else {}
        except ValueError:
            data = {"raw": raw[:200].decode(errors="replace")}
        return response.status, data
    finally:
        conn.close()


def retried(port, method, path, body=None, token=None, source="127.0.0.1", headers=None, tries=8):
    """Connection errors and 502/503 (a node killed mid-request) are tried again, as a client would;
    the calls retried are idempotent (registration: e-mail unique; payment: Idempotency-Key)."""
    for attempt in range(tries):
        try:
            status, data = call(port, method, path, body, token, source, headers)
        except OSError:
            status, data = 0, {}
        if status not in (0, 502, 503, 504):
            return status, data, attempt
        time.sleep(0.3 * (attempt + 1))
    return status, data, tries


# --- the load ------------------------------------------------------------------------------------------


def parent(i: int, run: str) -> dict:
    source = f"127.0.{1 + i // 250}.{1 + i % 250}"
    email = f"scale-{run}-{i}@example.com"
    outcome = {
        "i": i,
        "email": email,
        "registered": False,
        "subscribed": False,
        "redeemed": False,
        "retries": 0,
    }
    status, data, again = retried(
        LB_PORT,
        "POST",
        "/v5/accounts",
        {"email": email, "password": PASSWORD, "isTcAccepted": True, "displayName": "Scale"},
        source=source,
    )
    outcome["retries"] += again
    if status == 400 and again and data.get("code") == 5:
        status = 200  # the first attempt went through before its node died: the e-mail is ours
    if status != 200:
        outcome["error"] = f"register {status} {data}"
        return outcome
    outcome["registered"] = True
    status, data, again = retried(
        LB_PORT,
        "POST",
        "/v4/accounts/login",
        {"email": email, "password": PASSWORD, "countryCode": "FR"},
        source=source,
    )
    outcome["retries"] += again
    if status != 200:
        outcome["error"] = f"login {status} {data}"
        return outcome
    token = data["token"]
    status, _, again = retried(
        LB_PORT, "GET", "/v5/plans?countryCode=FR", token=token, source=source
    )
    outcome["retries"] += again
    if i % 2 == 0:
        key = f"pay-{run}-{i}"
        status, data, again = pay(token, source, key)
        outcome["retries"] += again
        if status == 409 and again and data.get("message") == "paymentInProgress":
            # Its first attempt died with API node 1 between the pending purchase and the gateway's
            # answer: the purchase stays pending until the sweep (settle_stalled_payments below).
            outcome["stalled_payment"] = key
        else:
            outcome["subscribed"] = status == 200
            if status != 200:
                outcome["error"] = f"pay {status} {data}"
    else:
        status, data, again = retried(
            LB_PORT,
            "POST",
            "/v5/coupon/redeem",
            {"coupon": "LUMO-FAMILY"},
            token=token,
            source=source,
        )
        outcome["retries"] += again
        if status == 400 and again:
            status = (
                200  # redeemed by the attempt whose answer was lost (checked in the database below)
            )
        outcome["redeemed"] = status == 200
        if status != 200:
            outcome["error"] = f"redeem {status} {data}"
    status, _, again = retried(
        LB_PORT, "GET", "/v5/coupon/validate/LUMO-HALF", token=token, source=source
    )
    outcome["retries"] += again
    outcome["token"] = token
    outcome["source"] = source
    return outcome


def pay(token: str, source: str, key: str) -> tuple[int, dict, int]:
    return retried(
        LB_PORT,
        "POST",
        "/v5/braintree/subscription",
        {
            "paymentNonce": "fake-valid-nonce",
            "plans": {"planId": "lumo_tv_monthly_eur"},
            "coupon": None,
            "billingName": "Scale Parent",
        },
        token=token,
        source=source,
        headers={"Idempotency-Key": key},
    )


def settle_stalled_payments(outcomes: list[dict], env: dict) -> int:
    """A payment caught by the SIGKILL of its API node stays pending: the clock's sweep settles it once it
    is STALE_PENDING old if the gateway has it, and fails it if not (core/services/purchase_settlement.py). The sweep
    runs here as if that time had passed; then each such parent's client asks again under the same key and,
    if that payment failed (it never reached the gateway), pays once more under a new key, as the payment
    page's "try again" does. Answers how many payments were caught."""
    stalled = [o for o in outcomes if o.get("stalled_payment")]
    if not stalled:
        return 0
    from datetime import UTC, datetime, timedelta

    from core.bootstrap import bootstrap
    from core.domain.clock import FixedClock
    from core.services.purchase_settlement import STALE_PENDING, resolve_stale_purchases
    from core.settings import from_environment

    later = FixedClock(datetime.now(UTC) + STALE_PENDING + timedelta(seconds=1))
    container = bootstrap(from_environment(env), clock=later)
    resolve_stale_purchases(container.services)
    for o in stalled:
        status, data, _ = pay(o["token"], o["source"], o["stalled_payment"])
        if status == 400 and data.get("message") == "paymentNotValid":
            status, data, _ = pay(o["token"], o["source"], f"{o['stalled_payment']}-again")
        o["subscribed"] = status == 200
        if status != 200:
            o["error"] = f"pay after the sweep {status} {data}"
    return len(stalled)


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
    base = make_url(PG)
    database = f"lumo_scale_{run}"
    admin = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{database}"'))
    url = base.set(database=database).render_as_string(hide_password=False)
    import redis

    redis.Redis.from_url(REDIS).flushdb()  # this run's Redis database only
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=SMTP_PORT)
    smtp.start()
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

    apis = [
        Node(
            f"api{n + 1}",
            [
                str(BIN / "gunicorn"),
                "-c",
                "python:bff.gunicorn_conf",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                "2",
                "bff:create_app()",
            ],
            {**env, "PROMETHEUS_MULTIPROC_DIR": str(OUT / f"prom-api{n + 1}")},
        )
        for n, port in enumerate(API_PORTS)
    ]
    workers = [
        Node(
            f"worker{n}",
            [
                str(BIN / "celery"),
                "-A",
                "tasks.worker",
                "worker",
                "-n",
                f"w{n}-{run}@%h",
                "--concurrency=2",
                "--loglevel=INFO",
            ],
            {**env, "PROMETHEUS_MULTIPROC_DIR": str(OUT / f"prom-worker{n}")},
        )
        for n in (1, 2)
    ]
    beat = Node(
        "beat",
        [
            str(BIN / "celery"),
            "-A",
            "tasks.worker",
            "beat",
            "--loglevel=INFO",
            f"--schedule={OUT / 'beat-schedule'}",
        ],
        env,
    )
    haproxy_cfg = OUT / "haproxy.cfg"
    haproxy_cfg.write_text(
        f"""global
    maxconn 256
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    retries 3
    option redispatch
    retry-on conn-failure
frontend lumo
    bind 127.0.0.1:{LB_PORT}
    option forwardfor
    default_backend api
backend api
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 1s fall 2 rise 2
"""
        + "".join(
            f"    server api{n + 1} 127.0.0.1:{port} check\n" for n, port in enumerate(API_PORTS)
        )
    )
    lb = Node("haproxy", ["haproxy", "-db", "-f", str(haproxy_cfg)], env)
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
                    log(
                        f"killed api1 (:{API_PORTS[0]}) and worker1 (SIGKILL) after {n + 1} parents"
                    )
                if n + 1 == 2 * USERS // 3:
                    apis[0].start()
                    workers[0].start()
                    wait_http(API_PORTS[0])
                    restarted_at = time.monotonic() - load_started
                    log(f"restarted api1 and worker1 after {n + 1} parents")
        load_seconds = time.monotonic() - load_started
        log(f"load done: {USERS} parents in {load_seconds:.1f} s")
        stalled = settle_stalled_payments(outcomes, env)
        summary["payments_caught_by_the_kill"] = stalled
        if stalled > THREADS:  # no more than the requests in flight when node 1 died
            failures.append(f"{stalled} payments left pending, more than the {THREADS} in flight")

        # -- sessions and redirect keys on either node
        sample = [o for o in outcomes if o.get("token")][:10]
        sessions_ok = all(
            call(port, "GET", "/v5/subscriptions", token=o["token"])[0] == 200
            for o in sample
            for port in API_PORTS
        )
        status, key = call(
            API_PORTS[0], "GET", "/v4/users/redirect/generate-key", token=sample[0]["token"]
        )
        on_other = call(
            API_PORTS[1],
            "GET",
            f"/v4/users/redirect/verify-key?redirectKey={key['redirectKey']}",
            source="127.0.4.1",
        )[0]
        again = call(
            API_PORTS[0],
            "GET",
            f"/v4/users/redirect/verify-key?redirectKey={key['redirectKey']}",
            source="127.0.4.2",
        )[0]
        summary["sessions_valid_on_both_nodes"] = sessions_ok
        summary["redirect_key"] = {
            "made_on": "api1",
            "spent_on_api2": on_other,
            "again_on_api1": again,
        }
        if not sessions_ok:
            failures.append("a session token was refused by one of the nodes")
        if (
            status != 200 or on_other != 200 or again not in (400, 401)
        ):  # spent: refused on the other node too
            failures.append(
                f"redirect key across nodes: made {status}, spent {on_other}, reused {again}"
            )

        # -- rate limits shared between the nodes: one address, 30 attempts through the balancer
        answers = [
            call(
                LB_PORT, "GET", "/v4/users/redirect/verify-key?redirectKey=nope", source="127.0.5.1"
            )[0]
            for _ in range(RATE_LIMIT + 10)
        ]
        passed, refused = sum(1 for s in answers if s != 429), answers.count(429)
        summary["rate_limit"] = {
            "limit": RATE_LIMIT,
            "attempts": len(answers),
            "passed": passed,
            "refused": refused,
        }
        if (passed, refused) != (RATE_LIMIT, 10):
            failures.append(
                f"rate limit not shared: {passed} passed, {refused} refused (limit {RATE_LIMIT})"
            )

        # -- drain: every e-mail delivered
        engine = create_engine(url)
        drain_deadline = time.monotonic() + 90
        while time.monotonic() < drain_deadline:
            with engine.connect() as c:
                pending = c.execute(
                    text(
                        "SELECT count(*) FROM outbox WHERE delivered_at IS NULL "
                        "AND dead_at IS NULL AND kind = 'email'"
                    )
                ).scalar()
            if pending == 0:
                break
            time.sleep(1)
        time.sleep(2 * CLOCK_SECONDS)  # let beat tick a few more times
        beat_seconds = time.monotonic() - beat_started

        with engine.connect() as c:
            accounts = dict(
                c.execute(
                    text("SELECT email, id FROM accounts WHERE email LIKE :p"),
                    {"p": f"scale-{run}-%"},
                ).all()
            )
            subs = dict(
                c.execute(
                    text(
                        "SELECT a.email, count(*) FROM subscriptions s JOIN accounts a "
                        "ON a.id = s.account_id WHERE a.email LIKE :p AND s.payment_state_id NOT IN "
                        "('Failed', 'Pending') GROUP BY a.email"
                    ),
                    {"p": f"scale-{run}-%"},
                ).all()
            )
            redemptions = dict(
                c.execute(
                    text(
                        "SELECT a.email, count(*) FROM coupon_redemptions r JOIN accounts a ON a.id = r.account_id "
                        "WHERE a.email LIKE :p GROUP BY a.email"
                    ),
                    {"p": f"scale-{run}-%"},
                ).all()
            )
            emails = c.execute(
                text(
                    "SELECT id, delivered_at IS NOT NULL, dead_at IS NOT NULL FROM outbox "
                    "WHERE kind = 'email'"
                )
            ).all()
        engine.dispose()
        registered = [o for o in outcomes if o["registered"]]
        paid = [o for o in outcomes if o["subscribed"]]
        redeemed = [o for o in outcomes if o["redeemed"]]
        lost_registrations = [o["email"] for o in registered if o["email"] not in accounts]
        phantom = sorted(set(accounts) - {o["email"] for o in registered})
        wrong_subs = [o["email"] for o in paid + redeemed if subs.get(o["email"]) != 1]
        extra_subs = [e for e, n in subs.items() if n > 1]
        wrong_redemptions = [o["email"] for o in redeemed if redemptions.get(o["email"]) != 1]
        delivered = {f"<outbox-{i}@lumo>" for i, ok, _ in emails if ok}
        received = inbox.message_ids
        duplicates = sorted({m for m in received if received.count(m) > 1})
        not_received = sorted(delivered - set(received))
        undelivered = [i for i, ok, dead in emails if not ok]
        summary.update(
            {
                "load_seconds": round(load_seconds, 1),
                "killed_at_s": round(killed_at or 0, 1),
                "restarted_at_s": round(restarted_at or 0, 1),
                "client_retries": sum(o["retries"] for o in outcomes),
                "errors": [o["error"] for o in outcomes if o.get("error")][:10],
                "registrations": {
                    "client_saw": len(registered),
                    "in_database": len(accounts),
                    "lost": len(lost_registrations),
                    "not_asked_for": len(phantom),
                },
                "subscriptions": {
                    "paid": len(paid),
                    "coupon": len(redeemed),
                    "in_database": sum(subs.values()),
                    "accounts_without_exactly_one": len(wrong_subs),
                    "duplicated": len(extra_subs),
                },
                "redemptions": {
                    "client_saw": len(redeemed),
                    "in_database": sum(redemptions.values()),
                    "wrong": len(wrong_redemptions),
                },
                "emails": {
                    "outbox": len(emails),
                    "delivered": len(delivered),
                    "undelivered": len(undelivered),
                    "received_by_smtp": len(received),
                    "resent_after_worker_kill": len(duplicates),
                    "delivered_not_received": len(not_received),
                },
            }
        )
        if len(registered) != USERS:
            failures.append(
                f"only {len(registered)} of {USERS} registrations succeeded: {summary['errors'][:3]}"
            )
        if lost_registrations or phantom:
            failures.append(f"registrations lost {lost_registrations[:3]} or unasked {phantom[:3]}")
        if wrong_subs or extra_subs:
            failures.append(f"subscriptions not exactly one: {wrong_subs[:3]} {extra_subs[:3]}")
        if len(paid) + len(redeemed) != len(registered):
            failures.append(
                f"{len(registered) - len(paid) - len(redeemed)} parents neither paid nor redeemed"
            )
        if wrong_redemptions:
            failures.append(f"redemptions not exactly one: {wrong_redemptions[:3]}")
        # A worker killed by SIGKILL inside the few milliseconds between the SMTP server's "250 OK" and the
        # delivered mark cannot have recorded the send: no protocol makes that exactly-once. It re-sends that
        # one message (same Message-ID). More than one per killed worker, or any sent three times, is a bug.
        resent_ok = len(duplicates) <= WORKERS_KILLED and all(
            received.count(m) == 2 for m in duplicates
        )
        if undelivered or not_received or not resent_ok:
            failures.append(
                f"e-mails: {len(undelivered)} undelivered, {len(duplicates)} received twice "
                f"(at most {WORKERS_KILLED} allowed), {len(not_received)} delivered but not received"
            )

        # -- beat once: what the scheduler sent, and what the workers received
        beat_log = beat.log_path.read_text(errors="replace")
        sent = beat_log.count("Sending due task expire-subscriptions")
        worker_logs = [w.log_path.read_text(errors="replace") for w in workers]
        received_by = [
            len(re.findall(r"Task tasks\.expire_subscriptions\[[^\]]+\] received", w))
            for w in worker_logs
        ]
        expected = beat_seconds / CLOCK_SECONDS
        summary["beat"] = {
            "processes": 1,
            "seconds": round(beat_seconds, 1),
            "clock_every_s": CLOCK_SECONDS,
            "clock_sent": sent,
            "expected_about": round(expected),
            "received_by_workers": received_by,
        }
        if not (0.6 * expected <= sent <= expected + 2) or sum(received_by) < sent:
            failures.append(
                f"beat sent the clock {sent} times in {beat_seconds:.0f} s (about {expected:.0f} "
                f"expected); workers received {received_by}"
            )
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


if __name__ == "__main__":
    sys.exit(main())
