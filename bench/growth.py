"""Latency as the account table grows: 1 thousand, 100 thousand, 1 million accounts
bulk-loaded into PostgreSQL (COPY), each with a session token and a subscription."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

from sqlalchemy import create_engine, text

from bench import load
from bench.servers import gunicorn
from core.domain.tokens import hash_token
from core.settings import Settings

SIZES = (1_000, 100_000, 1_000_000)


def _copy(engine, table: str, columns: str, rows) -> None:
    buffer = io.StringIO()
    for row in rows:
        buffer.write("\t".join(row) + "\n")
    buffer.seek(0)
    raw = engine.raw_connection()
    try:
        with raw.cursor() as cursor, cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
            while chunk := buffer.read(1 << 20):
                copy.write(chunk)
        raw.commit()
    finally:
        raw.close()


def fill_to(engine, size: int, password_hash: str) -> None:
    with engine.connect() as c:
        have = c.execute(text("SELECT count(*) FROM accounts")).scalar()
        first = c.execute(text("SELECT coalesce(max(id), 0) FROM accounts")).scalar()
    missing = size - have
    if missing <= 0:
        return
    now = datetime.now(UTC)
    later = (now + timedelta(days=30)).isoformat()
    stamp = now.isoformat()
    ids = range(first + 1, first + 1 + missing)
    terms = (
        Settings().terms_version
    )  # accepted: the measured calls are not answered 403 termsUpdate
    _copy(
        engine,
        "accounts",
        "id, email, password_hash, name, language, country_code, is_email_confirmed, "
        "is_email_fake, env, utm, created_at, terms_version",
        (
            (
                str(i),
                f"grow{i}@lumo.example",
                password_hash,
                "Parent",
                "en",
                "FR",
                "t",
                "f",
                "web",
                "{}",
                stamp,
                terms,
            )
            for i in ids
        ),
    )
    _copy(
        engine,
        "auth_tokens",
        "account_id, purpose, token_hash, created_at, expires_at",
        ((str(i), "session", hash_token(f"grow-token-{i}"), stamp, later) for i in ids),
    )
    _copy(
        engine,
        "subscriptions",
        "account_id, subscription_type, duration_code, store_id, payment_state_id, "
        "end_date, is_renewing, created_at",
        ((str(i), "lumo_tv", "P1M", "lumo", "Active", later, "t", stamp) for i in ids),
    )
    with engine.begin() as c:
        c.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('accounts', 'id'), (SELECT max(id) FROM accounts))"
            )
        )
        c.execute(text("ANALYZE accounts; ANALYZE auth_tokens; ANALYZE subscriptions"))


def run(env: dict, sizes=SIZES) -> dict:
    from core.adapters.passwords import Argon2Hasher
    from core.domain.accounts import client_password_hash

    engine = create_engine(env["DATABASE_URL"])
    password = client_password_hash("bench password")
    stored = Argon2Hasher().hash(password)
    results = {}
    for size in sizes:
        fill_to(engine, size, stored)
        probe = 1 + size // 2  # an account in the middle of the table
        auth = {"Authorization": f"Bearer grow-token-{probe}"}
        login_body = {"BODY": f'{{"email": "grow{probe}@lumo.example", "password": "{password}"}}'}
        with gunicorn("bff:create_app()", env, "/healthz") as api:
            # Warm-up, not counted (every worker's first calls open connections and fill caches).
            load.wrk(f"{api}/v5/subscriptions", 8, headers=auth, seconds=load.WARM_UP_SECONDS)
            load.wrk(
                f"{api}/v4/accounts/login",
                1,
                "post_json.lua",
                env=login_body,
                seconds=load.WARM_UP_SECONDS,
            )
            subs = load.wrk(f"{api}/v5/subscriptions", 1, headers=auth)
            login = load.wrk(f"{api}/v4/accounts/login", 1, "post_json.lua", env=login_body)
        for name, measured in (("GET /v5/subscriptions", subs), ("POST /v4/accounts/login", login)):
            if measured["non_2xx"]:
                raise RuntimeError(
                    f"growth {size}: {name} answered {measured['non_2xx']} errors; not a latency"
                )
        results[size] = {
            "subscriptions_p50_ms": subs["p50_ms"],
            "subscriptions_p99_ms": subs["p99_ms"],
            "login_p50_ms": login["p50_ms"],
            "login_p99_ms": login["p99_ms"],
        }
    engine.dispose()
    return results


def plot(results: dict, path) -> str:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib missing: no chart"
    sizes = sorted(results)
    figure, axis = plt.subplots(figsize=(7, 4))
    for key, label in (
        ("subscriptions_p50_ms", "GET /v5/subscriptions p50"),
        ("subscriptions_p99_ms", "GET /v5/subscriptions p99"),
        ("login_p50_ms", "POST /v4/accounts/login p50"),
    ):
        axis.plot(sizes, [results[s][key] for s in sizes], marker="o", label=label)
    axis.set_xscale("log")
    axis.set_xlabel("accounts in PostgreSQL")
    axis.set_ylabel("latency (ms), 1 client")
    axis.set_title("Latency as the account table grows")
    axis.grid(True, alpha=0.3)
    axis.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    return str(path)
