"""Timing of the console's revenue and funnel queries at a million accounts (PostgreSQL).

    .venv/bin/python -m bench.ops_revenue postgresql+psycopg://postgres@127.0.0.1:5432/postgres [accounts]

Creates a scratch database beside the URL's, migrates it, fills `accounts` accounts over the last 120 days
(a web subscription each, half of them trials, a charge for two thirds of those; five analytics events per
account, a fifth of them from ads with a campaign) with generate_series, then times each query of the revenue
screen (core/adapters/db/revenue_reads.py SqlRevenue through core/services/ops/revenue.py) five times and
drops the database. bench/run.py calls `run` (part "revenue"); docs/operator-console.md keeps the figures."""

from __future__ import annotations

import statistics
import sys
import time
from datetime import UTC, datetime

from sqlalchemy import text
from sqlalchemy.orm import sessionmaker

from bench.scratch_db import scratch_database
from core.adapters.db.unit_of_work import SqlUnitOfWork
from core.services.ops import revenue

REPEATS = 5


class _Ctx:
    """Just what core/services/ops/revenue.py reads: a clock and the application's own units of work."""

    def __init__(self, engine, now: datetime) -> None:
        self.clock = type("Clock", (), {"now": staticmethod(lambda: now)})
        self._sessions = sessionmaker(bind=engine, expire_on_commit=False)

    def read(self) -> SqlUnitOfWork:
        return SqlUnitOfWork(self._sessions, self.clock)

    def uow(self) -> SqlUnitOfWork:  # the roll-up job writes and commits
        return SqlUnitOfWork(self._sessions, self.clock)


def _fill(engine, accounts: int) -> None:
    with engine.begin() as c:
        c.execute(
            text("""INSERT INTO accounts (id, email, password_hash, name, language, country_code,
            is_email_confirmed, is_email_fake, env, utm, created_at, failed_logins)
            SELECT i, 'user' || i || '@example.com', 'x', '', 'en', 'FR', true, false, 'web',
                   CASE WHEN i % 5 = 0 THEN ('{"campaign": "c' || (i % 7) || '"}')::json ELSE '{}'::json END,
                   now() - ((i % 120) || ' days')::interval - ((i % 86400) || ' seconds')::interval, 0
            FROM generate_series(1, :n) AS i"""),
            {"n": accounts},
        )
        c.execute(
            text("""INSERT INTO subscriptions (id, account_id, subscription_type, duration_code, store_id,
            payment_state_id, is_renewing, created_at, payment_plan_id, payment_plan_price, currency, end_date)
            SELECT i, i, 'lumo_tv', 'P1M', 'lumo', CASE WHEN i % 6 = 1 THEN 'Expired' ELSE 'Active' END, true,
                   a.created_at, 'lumo_tv_monthly_eur', 4.99, 'EUR', now() + interval '20 days'
            FROM generate_series(1, :n) AS i JOIN accounts a ON a.id = i"""),
            {"n": accounts},
        )
        c.execute(
            text("""INSERT INTO payments (transaction_id, subscription_id, account_id, amount, refunded_amount,
            currency, status, created_at)
            SELECT 'tx' || s.id, s.id, s.account_id, 4.99, 0, 'EUR', 'charged',
                   s.created_at + CASE WHEN s.id % 2 = 0 THEN interval '7 days' ELSE interval '1 second' END
            FROM subscriptions s WHERE s.id % 3 <> 1""")
        )
        c.execute(
            text("""INSERT INTO analytics_events (env, app, country_code, occurred_at, received_at, origin,
            platform, device_type, transaction_uuid, event, utm_campaign)
            SELECT 'web', 'lumo_tv', 'FR', a.created_at - (k || ' minutes')::interval, a.created_at,
                   CASE WHEN a.id % 5 = 0 THEN 'Ads' ELSE 'Organic' END, 'web', 'desktop',
                   md5(a.id::text), (ARRAY['OPEN_APP', 'START_FREE_TRIAL', 'CLICK_REGISTER', 'PAYMENT_DONE',
                                         'CLOSE'])[k], CASE WHEN a.id % 5 = 0 THEN 'c' || (a.id % 7) END
            FROM accounts a CROSS JOIN generate_series(1, 5) AS k""")
        )
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
        c.execute(text("VACUUM ANALYZE"))


def _time(call) -> dict:
    seconds = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        rows = call()
        seconds.append(time.perf_counter() - started)
    return {
        "median_ms": round(statistics.median(seconds) * 1000, 1),
        "max_ms": round(max(seconds) * 1000, 1),
        "rows": len(rows) if isinstance(rows, list) else len(rows.active_by_plan),
    }


def run(url: str, accounts: int = 1_000_000, name: str = "lumo_ops_revenue") -> dict:
    with scratch_database(url, name) as engine:
        started = time.monotonic()
        _fill(engine, accounts)
        result = {"accounts": accounts, "load_seconds": round(time.monotonic() - started)}
        ctx = _Ctx(engine, datetime.now(UTC))
        result["funnel_30_days"] = _time(lambda: revenue.funnel(ctx, 30))
        result["funnel_92_days"] = _time(lambda: revenue.funnel(ctx, 92))
        started = time.perf_counter()
        result["funnel_rollup_days"] = revenue.roll_up_funnel(ctx)  # first run: every day
        result["funnel_rollup_first_seconds"] = round(time.perf_counter() - started, 1)
        started = time.perf_counter()
        revenue.roll_up_funnel(ctx)  # each hour after: the last two days
        result["funnel_rollup_hourly_ms"] = round((time.perf_counter() - started) * 1000, 1)
        result["funnel_30_days_rolled_up"] = _time(lambda: revenue.funnel(ctx, 30))
        result["funnel_92_days_rolled_up"] = _time(lambda: revenue.funnel(ctx, 92))
        result["trial_cohorts_12_weeks"] = _time(lambda: revenue.trial_cohorts(ctx, 12))
        result["overview"] = _time(lambda: revenue.overview(ctx))
        return result


if __name__ == "__main__":
    import json

    print(
        json.dumps(run(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000), indent=2)
    )
