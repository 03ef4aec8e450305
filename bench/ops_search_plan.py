"""Query plans of the operator console's parent search at a million accounts (PostgreSQL).

    .venv/bin/python -m bench.ops_search_plan postgresql+psycopg://postgres@127.0.0.1:5432/postgres [rows]

Creates a scratch database beside the URL's, migrates it, fills `rows` accounts (and a subscription and a
redeemed coupon per ten accounts) with generate_series, then prints EXPLAIN (ANALYZE, BUFFERS) of each search
the console runs (core/adapters/db/console_reads.py) and drops the database. docs/operator-console.md
keeps the output."""

from __future__ import annotations

import sys
import time

from sqlalchemy import text
from sqlalchemy.orm import Session

from bench.scratch_db import scratch_database
from core.adapters.db.console_reads import SqlOpsReads

SEARCHES = [
    ("email", "user123456@"),
    ("email", "456789"),
    ("name", "parent 98765"),
    ("phone", "+4179555"),
    ("subscription", "54321"),
    ("gateway", "gw-77770"),
    ("coupon", "BULK-0042420"),
]


def main(url: str, rows: int) -> None:
    with scratch_database(url, "lumo_ops_plan") as engine:
        started = time.monotonic()
        with engine.begin() as c:
            c.execute(
                text("""INSERT INTO accounts (id, email, password_hash, name, language, country_code,
                is_email_confirmed, is_email_fake, env, utm, created_at, failed_logins, partner, partner_alias)
                SELECT i, 'user' || i || '@example.com', 'x', 'Parent ' || i, 'en', 'FR', true, false, 'web', '{}',
                       now() - (i || ' seconds')::interval, 0,
                       CASE WHEN i % 20 = 0 THEN 'swisscom' END,
                       CASE WHEN i % 20 = 0 THEN '+41795' || lpad(i::text, 7, '0') END
                FROM generate_series(1, :n) AS i"""),
                {"n": rows},
            )
            c.execute(
                text("""INSERT INTO subscriptions (id, account_id, subscription_type, duration_code, store_id,
                payment_state_id, is_renewing, created_at, gateway_id, platform_purchase_id)
                SELECT i / 10, i, 'lumo_tv', 'P1M', 'lumo', 'Active', true, now(), 'gw-' || i, 'tx-' || i
                FROM generate_series(10, :n, 10) AS i"""),
                {"n": rows},
            )
            c.execute(
                text("""INSERT INTO coupons (id, code, coupon_type, duration_code, product, is_bundle_discount,
                redeemed_at, redeemed_by)
                SELECT i / 10, 'BULK-' || lpad(i::text, 7, '0'), 'UNIQUE_ACCESS_COUPON', 'P1M', 'lumo', false,
                       now(), i FROM generate_series(10, :n, 10) AS i"""),
                {"n": rows},
            )
            c.execute(
                text("""INSERT INTO coupon_redemptions (coupon_id, account_id, redeemed_at)
                SELECT i / 10, i, now() FROM generate_series(10, :n, 10) AS i"""),
                {"n": rows},
            )
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
            c.execute(text("VACUUM ANALYZE"))
        print(f"-- {rows} accounts loaded in {time.monotonic() - started:.0f} s")
        with Session(engine) as session:
            reads = SqlOpsReads(session)
            for kind, q in SEARCHES:
                statement = reads.search_statement(kind, q)
                compiled = statement.compile(engine, compile_kwargs={"literal_binds": True})
                plan = (
                    session.execute(text(f"EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) {compiled}"))
                    .scalars()
                    .all()
                )
                print(f"\n-- search by {kind}: {q!r}")
                print("\n".join(plan))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000)
