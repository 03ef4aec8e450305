"""As a new user or an attacker would meet it: over real HTTP, two API processes (gunicorn with
the production configuration: bff/gunicorn_conf.py), one Celery worker, PostgreSQL, a Redis of this
module's own (so it can be killed safely) and a real SMTP server, all on free loopback ports.

Checked here: bad input answers a clear 400 and changes nothing; concurrent registrations of one e-mail
make one account; schemathesis over HTTP finds no 5xx; a forced database error leaves no password hash,
e-mail or name in any log line; e-mails survive a worker killed mid-delivery and a purge of every
database connection with none lost and none duplicated; with Redis lost the limits stay shared and
bounded. The figures printed at the end are docs/security.md's.

Runs only on PostgreSQL (the CI's second pass): elsewhere it is skipped, with that reason."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from core.settings import ROOT
from tests.helpers import pw
from tests.loopback import free_port, wait_for

pytestmark = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgresql"),
    reason="the live stack runs on PostgreSQL only: set DATABASE_URL=postgresql+psycopg://… (CI's second pass)",
)

BIN = Path(sys.executable).parent
DOMAIN = "live.example"
LIMIT = 6  # RATE_LIMIT_PER_MINUTE, REGISTER_… and FORGOT_PASSWORD_… of the two API processes
FUZZ_EXAMPLES = (
    25  # schemathesis examples per operation over HTTP (plus its example and coverage phases)
)
RACERS = 40
MAIL_ACCOUNTS = 8  # accounts whose two e-mails (welcome, confirm) go through the worker faults
FIGURES: dict = {}
_address = iter(range(1, 10**6))


def client_address() -> str:
    """A fresh visitor address: the web app's proxy appends it to X-Forwarded-For (TRUSTED_PROXY_HOPS=1)."""
    n = next(_address)
    return f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"


def visitor() -> dict:
    return {"X-Forwarded-For": client_address()}


class HoldingSmtp:
    """aiosmtpd on a free port. `hold` seconds before answering DATA; a message whose client went away
    meanwhile (a killed worker) is not accepted, as a server that could not say 250 does not deliver it."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        self.received: list[str] = []  # Message-IDs
        self.hold = 0.0
        self.holding = threading.Event()
        sink = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                if sink.hold:
                    sink.holding.set()
                    await asyncio.sleep(sink.hold)
                    transport = getattr(server, "transport", None)
                    if transport is None or transport.is_closing():
                        return "451 client went away"
                match = re.search(rb"^Message-ID:\s*(<[^>]+>)", envelope.content, re.M | re.I)
                sink.received.append(match.group(1).decode() if match else "?")
                return "250 OK"

        self.port = free_port()
        self.url = f"smtp://127.0.0.1:{self.port}"
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)


class Stack:
    def __init__(self, database_url: str, folder: Path) -> None:
        self.database_url = database_url
        self.folder = folder
        self.processes: dict[str, subprocess.Popen] = {}
        self.smtp = HoldingSmtp()
        self.redis_port = free_port()
        self.redis_url = f"redis://127.0.0.1:{self.redis_port}/0"
        self.queue = f"lumo-live-{uuid.uuid4().hex[:10]}"
        self.api_ports = [free_port(), free_port()]
        self.urls = [f"http://127.0.0.1:{p}" for p in self.api_ports]
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "REDIS_URL": self.redis_url,
            "CELERY_QUEUE": self.queue,
            "SMTP_URL": self.smtp.url,
            "LUMO_ENV": "development",
            "PUBLIC_URL": "http://lumo.test",
            "RATE_LIMIT_PER_MINUTE": str(LIMIT),
            "REGISTER_RATE_LIMIT_PER_MINUTE": str(LIMIT),
            "FORGOT_PASSWORD_RATE_LIMIT_PER_MINUTE": str(LIMIT),
            "COUPON_RATE_LIMIT_PER_MINUTE": "100000",
            "ANALYTICS_RATE_LIMIT_PER_MINUTE": "100000",
            "CONTACT_RATE_LIMIT_PER_HOUR": "100000",
            "LINK_POLL_RATE_LIMIT_PER_MINUTE": "100000",
            "LINK_CLAIM_ATTEMPTS": "100000",
            "TRUSTED_PROXY_HOPS": "1",
            "ARGON2_MEMORY_KIB": "8192",
            "OUTBOX_DIR": str(folder / "outbox"),
            "PYTHONUNBUFFERED": "1",
        }

    def start(self, name: str, command: list[str]) -> subprocess.Popen:
        log = open(self.folder / f"{name}.log", "ab")
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.processes[name] = process
        return process

    def start_redis(self) -> None:
        self.start(
            "redis",
            [
                "redis-server",
                "--port",
                str(self.redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
        )
        assert wait_for(lambda: _answers(self.redis_port), timeout=10), "redis-server did not start"

    def start_apis(self) -> None:
        for i, port in enumerate(self.api_ports):
            self.start(
                f"api{i}",
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
            )
        for url in self.urls:
            assert wait_for(lambda url=url: _ok(url + "/healthz"), timeout=60), self.log("api0")[
                -2000:
            ]

    def start_worker(self, name: str = "worker") -> subprocess.Popen:
        process = self.start(
            name,
            [
                str(BIN / "celery"),
                "-A",
                "tasks.worker",
                "worker",
                "-P",
                "solo",
                "-Q",
                self.queue,
                "-n",
                f"{name}-{self.queue}@%h",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel=INFO",
            ],
        )
        assert wait_for(lambda: "ready" in self.log(name), timeout=60), self.log(name)[-2000:]
        return process

    def kill(self, name: str, sig=signal.SIGKILL) -> None:
        process = self.processes[name]
        if process.poll() is None:
            os.killpg(process.pid, sig)
        process.wait(timeout=20)

    def stop(self) -> None:
        for name in list(self.processes):
            process = self.processes[name]
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)

    def log(self, name: str) -> str:
        path = self.folder / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def logs(self) -> str:
        return "\n".join(self.log(name) for name in self.processes if name != "redis")

    def redrive(self) -> None:
        """What the beat does every minute: one delivery task on the worker's queue."""
        from core.adapters.jobs import CeleryJobQueue

        CeleryJobQueue(self.redis_url, self.queue).outbox_changed()


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _ok(url: str) -> bool:
    try:
        return requests.get(url, timeout=2).status_code == 200
    except requests.RequestException:
        return False


def _emptied(database_url: str) -> None:
    """The run's database as a fresh deployment's: what earlier test modules left (pending or dead outbox
    rows among them) would count as e-mails this module lost."""
    from sqlalchemy import text

    from core.adapters.db.models.base import Base
    from core.adapters.db.unit_of_work import make_engine

    engine = make_engine(database_url)
    with engine.begin() as connection:
        connection.execute(
            text(
                f"TRUNCATE {', '.join(t.name for t in Base.metadata.sorted_tables)} "
                "RESTART IDENTITY CASCADE"
            )
        )
    engine.dispose()


def _early_in_a_window(margin: float = 30) -> None:
    """The limits count in fixed one-minute windows: start a count at least `margin` s before one ends."""
    if 60 - time.time() % 60 < margin:
        time.sleep(60 - time.time() % 60 + 0.1)


@pytest.fixture(scope="module")
def stack(database_url, tmp_path_factory):
    _emptied(database_url)
    stack = Stack(database_url, tmp_path_factory.mktemp("live"))
    stack.smtp.controller.start()
    try:
        stack.start_redis()
        stack.start_apis()
        stack.start_worker()
        yield stack
    finally:
        stack.stop()
        stack.smtp.controller.stop()
        print("\nlive stack figures:", json.dumps(FIGURES, sort_keys=True))


@pytest.fixture(scope="module")
def db(database_url):
    from sqlalchemy import create_engine
    from sqlalchemy.pool import NullPool

    engine = create_engine(database_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    yield engine
    engine.dispose()


def scalar(db, sql: str, **params):
    from sqlalchemy import text

    with db.connect() as c:
        return c.execute(text(sql), params).scalar()


def register(url: str, email: str, headers: dict | None = None, **extra) -> requests.Response:
    body = {"email": email, "password": pw(), "isTcAccepted": True, "displayName": "Ana", **extra}
    return requests.post(url + "/v5/accounts", json=body, headers=headers or visitor(), timeout=30)


def token_of(url: str, email: str) -> str:
    response = register(url, email)
    assert response.status_code == 200, response.text
    return response.json()["token"]


# -- 1. Bad input: a clear 400, nothing changed ------------------------------------------------------------


def test_bad_input_answers_400_and_changes_nothing(stack, db):
    url = stack.urls[0]
    token = token_of(url, f"input@{DOMAIN}")
    auth = {"Authorization": f"Bearer {token}"}

    def counts():
        return (
            scalar(db, "SELECT count(*) FROM accounts"),
            scalar(db, "SELECT count(*) FROM contact_messages"),
            scalar(db, "SELECT count(*) FROM outbox"),
            scalar(db, "SELECT name FROM accounts WHERE email = :e", e=f"input@{DOMAIN}"),
        )

    before = counts()
    nul = "a\u0000b"
    contact = {"name": "Ana", "email": f"c@{DOMAIN}", "subject": "hello", "message": "hi"}
    cases = [
        (
            field,
            "POST",
            "/v5/accounts",
            {"email": f"n-{field}@{DOMAIN}", "password": pw(), "isTcAccepted": True, field: nul},
            {},
        )
        for field in ("displayName", "coupon", "env", "externalPartner")
    ]
    cases += [
        (
            "email",
            "POST",
            "/v5/accounts",
            {"email": f"a\u0000@{DOMAIN}", "password": pw(), "isTcAccepted": True},
            {},
        ),
        (
            "login",
            "POST",
            "/v4/accounts/login",
            {"email": f"input\u0000@{DOMAIN}", "password": pw()},
            {},
        ),
        ("coupon path", "GET", "/v5/coupon/validate/LUMO%00FREE", None, {}),
        ("change-name", "POST", "/v4/users/change-name", {"name": nul}, auth),
        ("contact message", "POST", "/v4/contact", {**contact, "message": nul}, {}),
        ("contact name CR/LF", "POST", "/v4/contact", {**contact, "name": "Ana\r\nBcc: x@y.z"}, {}),
        ("change-name LF", "POST", "/v4/users/change-name", {"name": "Ana\nB"}, auth),
        ("promotional 0", "PUT", "/v5/consents", {"promotional": 0}, auth),
    ]
    answers = {}
    for name, method, path, body, headers in cases:
        response = requests.request(
            method, url + path, json=body, headers={**visitor(), **headers}, timeout=30
        )
        answers[name] = (response.status_code, response.json().get("code"))
    deep = "[" * 1000 + "]" * 1000
    big = (
        f'{{"email": "d@{DOMAIN}", "password": "{pw()}", "isTcAccepted": true, "n": {"9" * 5000}}}'
    )
    for name, raw in (("1,000-deep JSON", deep), ("5,000-digit number", big)):
        response = requests.post(
            url + "/v5/accounts",
            data=raw,
            timeout=30,
            headers={"Content-Type": "application/json", **visitor()},
        )
        answers[name] = (response.status_code, response.json().get("code"))
    assert answers == {name: (400, 0) for name in answers}, answers
    assert counts() == before  # nothing was created, sent or renamed
    FIGURES["bad input cases"] = len(answers)


def test_method_answers_over_http(stack):
    url = stack.urls[1]
    wrong = requests.put(url + "/v4/country", timeout=10)
    assert wrong.status_code == 405 and wrong.headers["Allow"] == "GET, HEAD, OPTIONS"
    assert wrong.headers["Content-Type"] == "application/json"
    options = requests.options(url + "/v5/tv/link/claim", timeout=10)
    assert set(options.headers["Allow"].replace(" ", "").split(",")) == {"POST", "OPTIONS"}


def test_gunicorns_own_refusals_are_json(stack):
    for path, headers, status in (
        ("/v4/country?x=" + "a" * 9000, {}, 414),
        ("/v4/country", {"X-Big": "b" * 9000}, 431),
    ):
        with socket.create_connection(("127.0.0.1", stack.api_ports[0]), timeout=10) as s:
            lines = [f"GET {path} HTTP/1.1", "Host: x", *(f"{k}: {v}" for k, v in headers.items())]
            s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
            raw = b""
            while chunk := s.recv(65536):
                raw += chunk
        head, _, body = raw.partition(b"\r\n\r\n")
        assert head.startswith(f"HTTP/1.1 {status}".encode()), head
        assert b"Content-Type: application/json" in head and json.loads(body) == {
            "code": 0,
            "message": "somethingWentWrong",
        }
    # gunicorn's access log is off (one access line per request, the API's): its refusals stay on record
    # as warnings of its error log, in the same JSON.
    refusals = [
        json.loads(line)
        for line in stack.log("api0").splitlines()
        if line.startswith("{") and "Invalid request from ip=" in line
    ]
    assert len(refusals) >= 2 and {r["logger"] for r in refusals} == {"gunicorn.error"}, refusals
    assert all(r["level"] == "warning" for r in refusals), refusals


# -- 2. Concurrent registrations of one e-mail -----------------------------------------------------------


def test_concurrent_registrations_make_one_account(stack, db):
    email = f"race@{DOMAIN}"
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda i: register(stack.urls[i % 2], email), range(RACERS)))
    statuses = sorted(
        (a.status_code, a.json().get("code")) for a in answers if a.status_code != 200
    )
    assert [a.status_code for a in answers].count(200) == 1
    assert statuses == [(400, 5)] * (RACERS - 1), statuses
    assert scalar(db, "SELECT count(*) FROM accounts WHERE email = :e", e=email) == 1
    FIGURES["concurrent registrations"] = RACERS


# -- 3. A forced database error logs no hash, e-mail, name or utm ------------------------------------------


def test_a_forced_database_error_leaves_no_secret_in_any_log_line(stack, db):
    from sqlalchemy import text

    with db.connect() as c:
        c.execute(
            text("""CREATE OR REPLACE FUNCTION lumo_forced_failure() RETURNS trigger AS $$
            BEGIN IF NEW.name = 'Forced Failure' THEN
              RAISE EXCEPTION 'forced failure: hash % for %', NEW.password_hash, NEW.email;
            END IF; RETURN NEW; END $$ LANGUAGE plpgsql""")
        )
        c.execute(
            text(
                "CREATE TRIGGER lumo_forced_failure BEFORE INSERT ON accounts FOR EACH ROW "
                "EXECUTE FUNCTION lumo_forced_failure()"
            )
        )
    try:
        response = register(
            stack.urls[0],
            f"forced.parent@{DOMAIN}",
            displayName="Forced Failure",
            utm={"source": "utm-marker-4711"},
        )
    finally:
        with db.connect() as c:
            c.execute(text("DROP TRIGGER lumo_forced_failure ON accounts"))
            c.execute(text("DROP FUNCTION lumo_forced_failure()"))
    assert response.status_code == 500 and response.json() == {
        "code": 0,
        "message": "somethingWentWrong",
    }
    assert wait_for(lambda: "forced failure" in stack.logs(), timeout=5)
    logs = stack.logs()
    line = next(line for line in logs.splitlines() if "forced failure" in line)
    assert "$argon2***" in line and json.loads(line)["request_id"]  # the hash was there, masked
    for secret in (
        "$argon2id$v=",
        f"forced.parent@{DOMAIN}",
        "Forced Failure",
        "utm-marker-4711",
        pw(),
    ):
        assert secret not in logs


# -- 4. E-mails: a worker killed mid-delivery, then every connection purged --------------------------------


def test_no_email_lost_or_duplicated_through_a_worker_kill_and_a_connection_purge(stack, db):
    from sqlalchemy import text

    smtp = stack.smtp
    smtp.hold = 1.5
    emails = [f"mail{i}@{DOMAIN}" for i in range(MAIL_ACCOUNTS)]
    for i, email in enumerate(emails):
        assert register(stack.urls[i % 2], email).status_code == 200
    # The worker is inside an SMTP conversation: kill it there.
    assert smtp.holding.wait(30), stack.log("worker")[-2000:]
    stack.kill("worker")
    time.sleep(smtp.hold + 0.5)
    lost_lease = scalar(
        db, "SELECT count(*) FROM outbox WHERE delivered_at IS NULL AND locked_until > now()"
    )
    assert lost_lease >= 1  # the killed worker's message waits for its lease
    with db.connect() as c:  # ... which the test lets expire now instead of in 5 minutes
        c.execute(
            text(
                "UPDATE outbox SET locked_until = now() - interval '1 second' WHERE delivered_at IS NULL"
            )
        )
    smtp.holding.clear()
    stack.start_worker("worker2")
    stack.redrive()
    # While the new worker holds a message at the SMTP server, every database connection is cut.
    assert smtp.holding.wait(30), stack.log("worker2")[-2000:]
    purged = scalar(
        db,
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    smtp.hold = 0.2
    ids = {f"<outbox-{i}@lumo>" for i in _email_outbox_ids(db)}  # every e-mail of the run so far
    assert wait_for(lambda: ids <= set(smtp.received), timeout=90), (
        len(ids),
        stack.log("worker2")[-3000:],
    )
    stack.redrive()
    time.sleep(2)  # a later re-drive finds nothing more to send
    mine = [m for m in smtp.received if m in ids]
    lost, duplicated = len(ids - set(mine)), len(mine) - len(set(mine))
    FIGURES.update(
        {
            "e-mails": len(ids),
            "e-mails lost": lost,
            "e-mails duplicated": duplicated,
            "connections purged": purged,
        }
    )
    assert (lost, duplicated) == (0, 0)
    assert (
        scalar(db, "SELECT count(*) FROM outbox WHERE kind = 'email' AND delivered_at IS NULL") == 0
    )
    # The API processes' pooled connections were cut too: the next requests just work (writes: pre-ping;
    # the read engine: a read that meets a dropped connection runs once more on a new one).
    answers = [
        requests.get(
            stack.urls[i % 2] + "/v5/subscriptions",
            timeout=10,
            headers={
                "Authorization": f"Bearer {token_of(stack.urls[i % 2], f'after{i}@{DOMAIN}')}"
            },
        )
        for i in range(6)
    ]
    assert [a.status_code for a in answers] == [200] * 6


def _email_outbox_ids(db) -> list[int]:
    from sqlalchemy import text

    with db.connect() as c:
        return c.execute(text("SELECT id FROM outbox WHERE kind = 'email'")).scalars().all()


# -- 5. Fuzzing over HTTP ----------------------------------------------------------------------------------


def test_fuzzing_every_operation_over_http_finds_no_5xx(stack, database_url):
    import schemathesis
    from hypothesis import HealthCheck, given
    from hypothesis import settings as hsettings

    from core.bootstrap import bootstrap
    from core.services import sessions
    from core.settings import from_environment

    container = bootstrap(from_environment({**stack.env, "REDIS_URL": ""}))
    with container.services.uow() as uow:
        account_id = uow.accounts.by_email(f"input@{DOMAIN}").id
    document = requests.get(stack.urls[0] + "/openapi.json", timeout=10).json()
    schema = schemathesis.openapi.from_dict(
        document,
        config=schemathesis.Config.from_dict(
            {"generation": {"max-examples": FUZZ_EXAMPLES, "allow-x00": True}}
        ),
    )
    tried, server_errors, started = [0], [], time.monotonic()
    session = requests.Session()

    def run(operation, url):
        @given(case=operation.as_strategy())
        @hsettings(
            max_examples=FUZZ_EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def one(case):
            headers = visitor()
            if case.operation.definition.raw.get("security"):
                with container.services.uow() as uow:
                    token = sessions.issue_session(container.services, uow, account_id)
                    uow.commit()
                headers["Authorization"] = f"Bearer {token}"
            try:
                response = case.call(base_url=url, session=session, headers=headers, timeout=30)
            except (requests.exceptions.InvalidHeader, ValueError):
                return  # not sendable: requests refuses a header holding NUL or a line break
            tried[0] += 1
            if response.status_code >= 500:
                server_errors.append(
                    f"{case.method} {case.formatted_path} -> {response.status_code}"
                )

        one()

    try:
        for i, result in enumerate(schema.get_all_operations()):
            run(result.ok(), stack.urls[i % 2])
    finally:
        container.close()
    FIGURES.update(
        {
            "fuzz requests": tried[0],
            "fuzz 5xx": len(server_errors),
            "fuzz seconds": round(time.monotonic() - started, 1),
        }
    )
    assert server_errors == []


# -- 6. Redis lost: the limits stay shared and bounded -----------------------------------------------------


def test_with_redis_killed_the_limits_stay_shared_across_both_apis(stack):
    stack.kill("redis")
    assert not _answers(stack.redis_port)
    address = {"X-Forwarded-For": client_address()}
    _early_in_a_window()
    answers = [
        requests.get(
            stack.urls[i % 2] + f"/v4/users/forgotten-pass?email=nobody{i}@{DOMAIN}",
            headers=address,
            timeout=30,
        ).status_code
        for i in range(3 * LIMIT)
    ]
    registrations = [
        register(stack.urls[i % 2], f"redis-down{i}@{DOMAIN}", headers=address).status_code
        for i in range(3 * LIMIT)
    ]
    assert answers.count(429) == 2 * LIMIT and 500 not in answers, answers
    assert registrations.count(200) == LIMIT and registrations.count(429) == 2 * LIMIT, (
        registrations
    )
    assert (
        register(stack.urls[0], f"redis-down-other@{DOMAIN}").status_code == 200
    )  # others still register
    FIGURES["registrations from one address with Redis down"] = (
        f"{registrations.count(200)} of {3 * LIMIT} (limit {LIMIT})"
    )


# -- 7. Console searches and other queries with people in them: nothing of them in the logs ----------------

SEARCHED_NAME = "Zebulon Quist"
SEARCHED_EMAIL = f"zebulon.quist@{DOMAIN}"
MIXED_REQUESTS = 560  # one access line each, the API's (gunicorn's access log is off)


def _staff_headers(stack) -> dict:
    import pyotp

    made = subprocess.run(
        [
            str(BIN / "flask"),
            "--app",
            "bff",
            "staff",
            "create",
            f"live-support@{DOMAIN}",
            "--role",
            "support",
            "--password",
            "staff password 1234",
        ],
        env=stack.env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert made.returncode == 0, made.stderr[-2000:]
    uri = next(line for line in made.stdout.splitlines() if line.startswith("otpauth://"))
    answer = requests.post(
        stack.urls[0] + "/ops/v1/session",
        json={
            "email": f"live-support@{DOMAIN}",
            "password": "staff password 1234",
            "code": pyotp.parse_uri(uri).now(),
        },
        headers=visitor(),
        timeout=30,
    )
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def test_console_searches_and_mixed_queries_leave_no_email_name_or_token_in_the_logs(stack):
    from urllib.parse import quote, quote_plus

    assert register(stack.urls[0], SEARCHED_EMAIL, displayName=SEARCHED_NAME).status_code == 200
    staff = _staff_headers(stack)
    tokens = [uuid.uuid4().hex[:20] for _ in range(8)]  # shorter than the long-secret rule's 32
    names = [name for name in stack.processes if name != "redis"]
    before = {
        name: len(stack.log(name).splitlines()) for name in names
    }  # each log file's own offset
    local = SEARCHED_EMAIL.split("@")[0]
    searches = [
        f"by=email&q={SEARCHED_EMAIL}",
        f"by=email&q={quote(SEARCHED_EMAIL, safe='')}",
        f"by=email&q={quote(quote(SEARCHED_EMAIL, safe=''), safe='')}",
        f"by=email&q={local}",
        f"by=name&q={quote_plus(SEARCHED_NAME)}",
        f"by=name&q={quote(SEARCHED_NAME, safe='')}",
        "by=name&q=Quist",
        "by=phone&q=0041790000000",
    ]
    others = [
        lambda i: ("GET", f"/v4/users/forgotten-pass?email={quote(f'zebulon.quist{i}@{DOMAIN}')}"),
        lambda i: ("GET", f"/v4/users/confirm-email?token={tokens[i % len(tokens)]}"),
        lambda i: ("GET", f"/v4/users/redirect/verify-key?redirectKey={tokens[i % len(tokens)]}"),
        lambda i: ("GET", f"/v5/braintree/quote?coupon={tokens[i % len(tokens)]}&planId=x"),
        lambda i: ("GET", f"/ops/v1/revenue/funnel?days=7&q={quote_plus(SEARCHED_NAME)}"),
    ]

    def one(i: int) -> int:
        url = stack.urls[i % 2]
        if i % 2 == 0:
            path, headers = f"/ops/v1/parents?{searches[i // 2 % len(searches)]}", staff
            method = "GET"
        else:
            method, path = others[i // 2 % len(others)](i)
            headers = {**staff, **visitor()}
        return requests.request(method, url + path, headers=headers, timeout=30).status_code

    with ThreadPoolExecutor(4) as pool:
        statuses = list(pool.map(one, range(MIXED_REQUESTS)))
    assert 500 not in statuses and statuses.count(200) > MIXED_REQUESTS // 3, statuses
    found = requests.get(
        stack.urls[0] + "/ops/v1/parents",
        params={"by": "email", "q": SEARCHED_EMAIL},
        headers=staff,
        timeout=30,
    ).json()["results"]
    assert [r["name"] for r in found] == [SEARCHED_NAME]  # the searches did find the parent

    def json_lines() -> list[str]:  # the structured lines only: other output shares the log
        return [
            line
            for name in names
            for line in stack.log(name).splitlines()[before[name] :]
            if line.startswith("{")
        ]

    def access_lines() -> int:
        return sum('"lumo.access"' in line for line in json_lines())

    assert wait_for(lambda: access_lines() >= MIXED_REQUESTS, timeout=30), access_lines()
    lines = json_lines()
    assert not any('"gunicorn.access"' in line for line in lines)  # one access line per request
    lowered = "\n".join(lines).lower()
    for secret in ("zebulon", "quist", local, *tokens):
        assert secret.lower() not in lowered, secret
    assert "q=[redacted]" in lowered and "by=email" in lowered
    FIGURES["console search log lines checked"] = len(lines)


# -- Last: every log line of the run -----------------------------------------------------------------------


def test_no_log_line_of_the_run_holds_a_hash_an_email_or_a_token(stack):
    logs = stack.logs()
    lines = [line for line in logs.split("\n") if line.startswith("{")]
    assert len(lines) > 100
    assert re.search(r"\$argon2id\$v=", logs) is None
    assert (
        re.search(r"[A-Za-z0-9._%+-]{2,}@" + re.escape(DOMAIN), logs) is None
    )  # masked as x***@live.example
    assert re.search(r"(token|redirectKey|email)=(?!\*\*\*)[^&\s\"]+", logs) is None
    worker_lines = [
        json.loads(line) for line in stack.log("worker2").split("\n") if line.startswith("{")
    ]
    assert worker_lines and all(
        "level" in line for line in worker_lines
    )  # the worker logs JSON too
    api_lines = [
        json.loads(line) for line in stack.log("api0").split("\n") if '"lumo.access"' in line
    ]
    assert api_lines and all(line.get("request_id") for line in api_lines)
    FIGURES["log lines checked"] = len(lines)
