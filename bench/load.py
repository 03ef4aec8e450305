"""API under load with wrk: req/s and p50/p99 at 1, 8 and 32 connections, as ratios
to a bare Flask JSON endpoint served by the same gunicorn configuration."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import urllib.request
import uuid
from pathlib import Path

from bench.servers import ROOT, WORKERS, gunicorn

CONCURRENCY = (1, 8, 32)
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
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50_ms": _latency(out, "50%"),
        "p99_ms": _latency(out, "99%"),
        "non_2xx": int(m.group(1))
        if (m := re.search(r"Non-2xx or 3xx responses: (\d+)", out))
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


def run(env: dict) -> dict:
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: `apt-get install -y wrk` (make bench does it)")
    from core.domain.accounts import client_password_hash

    results: dict = {"workers": WORKERS, "seconds": SECONDS, "baseline": {}, "endpoints": {}}
    with gunicorn("bench.bare_app:create_app()", env, "/json") as bare:
        wrk(f"{bare}/json", 8, seconds=WARM_UP_SECONDS)
        for c in CONCURRENCY:
            results["baseline"][c] = wrk(f"{bare}/json", c)
    with gunicorn("bff:create_app()", env, "/healthz") as api:
        password = client_password_hash("bench password")
        token = _post(
            f"{api}/v5/accounts",
            {"email": "load@lumo.example", "password": password, "isTcAccepted": True},
        )["token"]
        for n in range(LOGIN_ACCOUNTS):
            _post(
                f"{api}/v5/accounts",
                {"email": f"login-{n}@lumo.example", "password": password, "isTcAccepted": True},
            )
        cases = {
            "GET /v5/plans": dict(url=f"{api}/v5/plans?countryCode=FR"),
            # What browsers and the apps get: the same answer, gzip (about 2 KB instead of 14 KB).
            "GET /v5/plans (gzip)": dict(
                url=f"{api}/v5/plans?countryCode=FR", headers={"Accept-Encoding": "gzip"}
            ),
            "GET /v5/subscriptions": dict(
                url=f"{api}/v5/subscriptions", headers={"Authorization": f"Bearer {token}"}
            ),
            "GET /v5/coupon/validate/{code}": dict(url=f"{api}/v5/coupon/validate/LUMO-HALF"),
            "POST /v4/accounts/login": dict(
                url=f"{api}/v4/accounts/login",
                script="login.lua",
                env={"LOGIN_ACCOUNTS": str(LOGIN_ACCOUNTS), "PASSWORD": password},
            ),
            "POST /v5/accounts": dict(url=f"{api}/v5/accounts", script="register.lua"),
        }
        for name, case in cases.items():
            results["endpoints"][name] = {}
            # Warm-up, not counted: every worker builds its caches and connections on its first calls.
            wrk(
                case["url"],
                8,
                case.get("script"),
                case.get("env"),
                case.get("headers"),
                seconds=WARM_UP_SECONDS,
            )
            for c in CONCURRENCY:
                r = wrk(case["url"], c, case.get("script"), case.get("env"), case.get("headers"))
                if r["non_2xx"]:
                    raise RuntimeError(f"{name} at {c} connections answered {r['non_2xx']} errors")
                r["ratio_to_bare"] = round(r["rps"] / results["baseline"][c]["rps"], 4)
                results["endpoints"][name][c] = r
    return results
