"""API under load with wrk: req/s and p50/p99 at 1, 8 and 32 connections, as ratios
to a bare Flask JSON endpoint served by the same gunicorn configuration, median of REPEATS rounds.

BENCH_CONNECTIONS=32 (comma-separated) and BENCH_ENDPOINTS=plans,subscriptions,coupon (parts of the
names) narrow a run; BENCH_REPEATS (3), BENCH_SECONDS (5); BENCH_WORKER_CLASS / BENCH_THREADS
(bench/servers.py) choose gunicorn's workers for both servers."""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import urllib.request
import uuid
from pathlib import Path

from bench.servers import THREADS, WORKER_CLASS, WORKERS, gunicorn

CONCURRENCY = tuple(int(c) for c in os.environ.get("BENCH_CONNECTIONS", "1,8,32").split(","))
REPEATS = int(os.environ.get("BENCH_REPEATS", "3"))
ENDPOINTS = [e.strip() for e in os.environ.get("BENCH_ENDPOINTS", "").split(",") if e.strip()]


def wanted(name: str) -> bool:
    """An endpoint the run measures: every one without BENCH_ENDPOINTS, else those naming a part of it."""
    return not ENDPOINTS or any(part in name for part in ENDPOINTS)


SETUP = (
    f"gunicorn {WORKERS} {WORKER_CLASS} workers"
    + (f" x {THREADS} threads" if WORKER_CLASS == "gthread" else "")
    + ", PostgreSQL, Redis, loopback, wrk"
)
SECONDS = int(os.environ.get("BENCH_SECONDS", "5"))
WARM_UP_SECONDS = 1
LUA = Path(__file__).parent / "wrk"
LOGIN_ACCOUNTS = 100  # parents logging in in turn (bench/wrk/login.lua)


def wrk(
    url: str,
    connections: int,
    script: str | None = None,
    env: dict | None = None,
    headers: dict | None = None,
    seconds: int | None = None,
) -> dict:
    command = [
        "wrk",
        "-t",
        str(min(connections, 2)),
        "-c",
        str(connections),
        "-d",
        f"{seconds or SECONDS}s",
        "--latency",
        "--timeout",
        "10s",
    ]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    if script:
        command += ["-s", str(LUA / script)]
    out = subprocess.run(
        command + [url],
        capture_output=True,
        text=True,
        env={**os.environ, "RUN_ID": uuid.uuid4().hex, **(env or {})},
        check=True,
    ).stdout
    return parse(out)


def parse(out: str) -> dict:
    """wrk's --latency report as figures."""
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50_ms": _latency(out, "50%"),
        "p99_ms": _latency(out, "99%"),
        "non_2xx": int(m.group(1))
        if (m := re.search(r"Non-2xx or 3xx responses: (\d+)", out))
        else 0,
        # connect/read/write errors and timeouts: on an overloaded machine wrk may get no answer at all
        "socket_errors": sum(int(n) for n in m.groups())
        if (
            m := re.search(
                r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out
            )
        )
        else 0,
    }


def _latency(out: str, label: str) -> float:
    value, unit = re.search(rf"{label}\s+([\d.]+)(us|ms|s)", out).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def _post(url: str, body: dict, headers: dict | None = None) -> dict:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    return json.loads(urllib.request.urlopen(request, timeout=10).read())


def _median(values) -> float:
    return round(statistics.median(values), 4)


def summary(runs: list[dict], bare_runs: list[dict] | None = None) -> dict:
    """The median of each figure over the repeats; with the bare endpoint's runs of the same rounds,
    the median of the per-round ratios (each round measures the bare endpoint right before)."""
    out = {key: _median(r[key] for r in runs) for key in ("rps", "p50_ms", "p99_ms")}
    out["non_2xx"] = sum(r["non_2xx"] for r in runs)
    out["socket_errors"] = sum(r.get("socket_errors", 0) for r in runs)
    out["runs"] = runs
    if bare_runs is not None:
        out["ratio_to_bare"] = _median(
            r["rps"] / b["rps"] for r, b in zip(runs, bare_runs, strict=True)
        )
        out["p99_to_bare"] = _median(
            r["p99_ms"] / b["p99_ms"] for r, b in zip(runs, bare_runs, strict=True)
        )
    return out


SUBSCRIBER = "GET /v5/subscriptions (a subscriber)"


def subscriber_token(api: str, password: str) -> str:
    """A parent with a subscription (the sandbox gateway, Braintree's test nonce; a monthly TV plan): the
    start-up call of a parent who pays answers the account and its subscription (a second dump)."""
    token = _post(
        f"{api}/v5/accounts",
        {"email": "subscriber@lumo.example", "password": password, "isTcAccepted": True},
        {"X-Country-Code": "FR"},
    )["token"]
    _post(
        f"{api}/v5/braintree/subscription",
        {
            "paymentNonce": "fake-valid-nonce",
            "plans": {"planId": "lumo_tv_monthly_eur"},
            "coupon": None,
            "billingName": "Bench Parent",
        },
        {"Authorization": f"Bearer {token}", "X-Country-Code": "FR"},
    )
    return token


def cases(api: str, token: str, password: str, subscriber: str = "") -> dict[str, dict]:
    """The endpoints measured; the subscriber's row only with a subscriber's token."""
    return {
        "GET /v5/plans": dict(url=f"{api}/v5/plans?countryCode=FR"),
        # What browsers and the apps get: the same answer, gzip (about 2 KB instead of 14 KB).
        "GET /v5/plans (gzip)": dict(
            url=f"{api}/v5/plans?countryCode=FR", headers={"Accept-Encoding": "gzip"}
        ),
        "GET /v5/subscriptions": dict(
            url=f"{api}/v5/subscriptions", headers={"Authorization": f"Bearer {token}"}
        ),
        **(
            {
                SUBSCRIBER: dict(
                    url=f"{api}/v5/subscriptions",
                    headers={"Authorization": f"Bearer {subscriber}"},
                )
            }
            if subscriber
            else {}
        ),
        "GET /v5/coupon/validate/{code}": dict(url=f"{api}/v5/coupon/validate/LUMO-HALF"),
        "POST /v4/accounts/login": dict(
            url=f"{api}/v4/accounts/login",
            script="login.lua",
            env={"LOGIN_ACCOUNTS": str(LOGIN_ACCOUNTS), "PASSWORD": password},
        ),
        "POST /v5/accounts": dict(url=f"{api}/v5/accounts", script="register.lua"),
    }


BARE = "bare Flask JSON"
# Each hot read against the bare endpoint that makes the same round trips (docs/benchmarks.md): the plans
# none (an in-process cache), the subscriptions one SQL statement, the coupon check one SQL statement and
# one Redis command (its rate limit).
OWN_FLOOR = {
    "GET /v5/plans": BARE,
    "GET /v5/plans (gzip)": BARE,
    "GET /v5/subscriptions": "reference: bare + 1 SQL",
    SUBSCRIBER: "reference: bare + 1 SQL",
    "GET /v5/coupon/validate/{code}": "reference: bare + 1 SQL + 1 Redis",
}


def references(bare: str) -> dict[str, dict]:
    """Bare Flask plus the one round trip a hot read needs (bench/bare_app.py): what 1 PostgreSQL
    statement (and 1 Redis command) cost on this machine, whatever the application does."""
    return {
        "reference: bare + 1 SQL": dict(url=f"{bare}/one-query"),
        "reference: bare + 1 SQL + 1 Redis": dict(url=f"{bare}/one-query-redis"),
    }


def _wrk_case(case: dict, connections: int, seconds: int | None = None) -> dict:
    return wrk(
        case["url"],
        connections,
        case.get("script"),
        case.get("env"),
        case.get("headers"),
        seconds=seconds,
    )


def run(env: dict) -> dict:
    """Both servers run side by side; each round measures the bare endpoint, then every endpoint, at
    one concurrency: a ratio compares figures taken seconds apart, whatever else the machine does."""
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: `apt-get install -y wrk` (make bench does it)")
    from core.domain.accounts import client_password_hash

    results: dict = {
        "setup": SETUP,
        "workers": WORKERS,
        "worker_class": WORKER_CLASS,
        "threads": THREADS,
        "seconds": SECONDS,
        "repeats": REPEATS,
        "baseline": {},
        "endpoints": {},
    }
    with (
        gunicorn("bench.bare_app:create_app()", env, "/json") as bare,
        gunicorn("bff:create_app()", env, "/healthz") as api,
    ):
        password = client_password_hash("bench password")
        token = _post(
            f"{api}/v5/accounts",
            {"email": "load@lumo.example", "password": password, "isTcAccepted": True},
        )["token"]
        subscriber = subscriber_token(api, password) if wanted(SUBSCRIBER) else ""
        chosen = {
            name: case
            for name, case in cases(api, token, password, subscriber).items()
            if wanted(name)
        }
        if any("login" in name for name in chosen):
            for n in range(LOGIN_ACCOUNTS):
                _post(
                    f"{api}/v5/accounts",
                    {
                        "email": f"login-{n}@lumo.example",
                        "password": password,
                        "isTcAccepted": True,
                    },
                )
        # The floors of a database read, measured like the endpoints (rows marked "reference").
        chosen = {**references(bare), **chosen}
        # Warm-up, not counted: every worker builds its caches and connections on its first calls.
        bare_case = {"url": f"{bare}/json"}
        for case in (bare_case, *chosen.values()):
            _wrk_case(case, 8, seconds=WARM_UP_SECONDS)
        for c in CONCURRENCY:
            bare_runs: list[dict] = []
            runs: dict[str, list[dict]] = {name: [] for name in chosen}
            for _ in range(REPEATS):
                bare_runs.append(_wrk_case(bare_case, c))
                for name, case in chosen.items():
                    r = _wrk_case(case, c)
                    if r["non_2xx"]:
                        raise RuntimeError(
                            f"{name} at {c} connections answered {r['non_2xx']} errors"
                        )
                    runs[name].append(r)
            results["baseline"][c] = summary(bare_runs)
            for name in chosen:
                results["endpoints"].setdefault(name, {})[c] = summary(runs[name], bare_runs)
                floor = OWN_FLOOR.get(name)
                floor_runs = bare_runs if floor == BARE else runs.get(floor or "")
                if floor_runs:
                    against = summary(runs[name], floor_runs)
                    results["endpoints"][name][c].update(
                        own_floor=floor,
                        ratio_to_floor=against["ratio_to_bare"],
                        p99_to_floor=against["p99_to_bare"],
                    )
    return results


def table(result: dict) -> list[str]:
    lines = [
        f"{result.get('setup', SETUP)}; median of {result.get('repeats', 1)} rounds",
        f"{'endpoint':34} {'conns':>5} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'vs bare':>8} "
        f"{'p99/bare':>8} {'sock err':>8}",
    ]
    for c, r in result["baseline"].items():
        lines.append(
            f"{'bare Flask JSON (baseline)':34} {c:>5} {r['rps']:8.0f} {r['p50_ms']:8.2f} "
            f"{r['p99_ms']:8.2f} {1:8.2f} {1:8.2f} {r.get('socket_errors', 0):8}"
        )
    for name, by_c in result["endpoints"].items():
        for c, r in by_c.items():
            lines.append(
                f"{name:34} {c:>5} {r['rps']:8.0f} {r['p50_ms']:8.2f} {r['p99_ms']:8.2f} "
                f"{r['ratio_to_bare']:8.2f} {r.get('p99_to_bare', 0):8.2f} {r.get('socket_errors', 0):8}"
            )
    floors = [
        (name, c, r)
        for name, by_c in result["endpoints"].items()
        for c, r in by_c.items()
        if "ratio_to_floor" in r
    ]
    if floors:
        lines.append(
            f"\n{'against its own floor (goal ≥ 0.6, p99 ≤ 2 ×)':48} {'conns':>5} {'ratio':>6} {'p99 x':>6}"
        )
        for name, c, r in floors:
            lines.append(
                f"{name + ' / ' + r['own_floor'].removeprefix('reference: '):48} {c:>5} "
                f"{r['ratio_to_floor']:6.2f} {r['p99_to_floor']:6.2f}"
            )
    return lines
