"""Python function calls per request (docs/benchmarks.md#python-calls-per-request): each hot read and the
bare endpoints that make the same round trips (bench/bare_app.py), called in-process through WSGI with a
prepared environ, counted by cProfile (every Python and built-in call). Unlike seconds, the count does not
move with the machine's load: it shows what a change to the request path removes, before its throughput
ratio is measured under wrk. The database and Redis are the run's (PostgreSQL, like production).

    make bench PART=calls          # or: .venv/bin/python bench/run.py calls
"""

from __future__ import annotations

import cProfile
import json
import os
import pstats
from contextlib import contextmanager

REQUESTS = int(os.environ.get("BENCH_CALLS_REQUESTS", "300"))
WARM_UP = 30


@contextmanager
def environment(env: dict):
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _environ(path: str, headers: dict[str, str], address: str) -> dict:
    from werkzeug.test import EnvironBuilder

    route, _, query = path.partition("?")
    environ = EnvironBuilder(path=route, query_string=query, headers=headers).get_environ()
    environ["REMOTE_ADDR"] = address
    return environ


def calls_per_request(app, path: str, headers: dict[str, str] | None = None) -> dict:
    """(calls per request, the answer's status): each request from its own client address, so that no
    rate limit answers in the request's place."""
    statuses: list[str] = []

    def start_response(status, response_headers, exc_info=None):
        statuses.append(status)

    environs = [  # prepared before counting: building an environ is the server's work, not the app's
        _environ(path, headers or {}, f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}")
        for n in range(WARM_UP + REQUESTS)
    ]

    def one(n: int) -> None:
        body = app(environs[n], start_response)
        b"".join(body)
        getattr(body, "close", lambda: None)()

    for n in range(WARM_UP):
        one(n)
    profile = cProfile.Profile()
    profile.enable()
    for n in range(WARM_UP, WARM_UP + REQUESTS):
        one(n)
    profile.disable()
    return {
        "calls": round(pstats.Stats(profile).total_calls / REQUESTS),
        "status": statuses[-1],
    }


def _token(app, label: str) -> str:
    from werkzeug.test import Client

    from core.domain.accounts import client_password_hash

    answer = Client(app).post(
        "/v5/accounts",
        json={
            "email": f"calls-{label}-{os.getpid()}@lumo.example",
            "password": client_password_hash("bench password"),
            "isTcAccepted": True,
        },
        headers={"X-Country-Code": "FR"},
    )
    return json.loads(answer.get_data())["token"]


def _subscribed(app, token: str) -> str:
    """The parent subscribes (the sandbox gateway, Braintree's test nonce): a monthly TV plan."""
    from werkzeug.test import Client

    answer = Client(app).post(
        "/v5/braintree/subscription",
        json={
            "paymentNonce": "fake-valid-nonce",
            "plans": {"planId": "lumo_tv_monthly_eur"},
            "coupon": None,
            "billingName": "Bench Parent",
        },
        headers={"Authorization": f"Bearer {token}", "X-Country-Code": "FR"},
    )
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return token


# Each hot read beside the bare endpoint that makes the same round trips (docs/benchmarks.md). The
# subscriptions read twice: a parent who has just registered, and one with a subscription (a second dump).
PAIRS = (
    ("GET /v5/plans", "/v5/plans?countryCode=FR", None, "/json"),
    ("GET /v5/subscriptions", "/v5/subscriptions", "new", "/one-query"),
    ("GET /v5/subscriptions (a subscriber)", "/v5/subscriptions", "subscriber", "/one-query"),
    ("GET /v5/coupon/validate/{code}", "/v5/coupon/validate/LUMO-HALF", None, "/one-query-redis"),
)


def run(env: dict) -> dict:
    with environment(env):
        from bench.bare_app import create_app as bare_app
        from bff import create_app

        api, bare = create_app(), bare_app()
        tokens = {
            "new": _token(api, "new"),
            "subscriber": _subscribed(api, _token(api, "subscriber")),
        }
        results = {}
        for name, path, who, floor in PAIRS:
            headers = {"Authorization": f"Bearer {tokens[who]}"} if who else {}
            mine = calls_per_request(api, path, headers)
            base = calls_per_request(bare, floor)
            results[name] = {
                **mine,
                "floor": floor,
                "floor_calls": base["calls"],
                "ratio": round(mine["calls"] / base["calls"], 2),
            }
    return results


def table(result: dict) -> str:
    lines = [f"\n{'Python calls per request':32} {'calls':>7} {'floor':>16} {'calls':>7} {'x':>6}"]
    for name, r in result.items():
        lines.append(
            f"{name:32} {r['calls']:7d} {r['floor']:>16} {r['floor_calls']:7d} {r['ratio']:6.2f}"
        )
    return "\n".join(lines)
