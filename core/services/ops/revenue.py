"""The finance screen: live subscriptions by plan, currency and channel; monthly recurring revenue per currency
(a yearly price counts a twelfth a month); trials running; cancellations and expiries by month. Counts and sums
come from SQL (core/adapters/db/ops_repositories.py SqlRevenue); here only the division by each period's months."""
from __future__ import annotations

from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal

from core.domain.coupons import parse_duration
from core.services.context import ServiceContext

CHURN_MONTHS = 12
CENT = Decimal("0.01")


def months_of(duration_code: str) -> int | None:
    """P1M -> 1, P1Y -> 12, P3M -> 3; None for a period in days (no monthly share)."""
    code = (duration_code or "").upper()
    if code.endswith("Y") and code[1:-1].isdigit():
        return 12 * int(code[1:-1])
    try:
        n, unit = parse_duration(code)
    except ValueError:
        return None
    return n if unit == "M" else None


def overview(ctx: ServiceContext) -> dict:
    now = ctx.clock.now()
    with ctx.read() as uow:
        active = uow.revenue.active_by_plan(now)
        recurring = uow.revenue.recurring_by_currency(now)
        trials = uow.revenue.trials_running(now)
        churn = uow.revenue.churn_by_month(now - timedelta(days=31 * CHURN_MONTHS), now)
    mrr: dict[str, Decimal] = {}
    for row in recurring:
        months = months_of(row["duration_code"])
        if months:
            mrr[row["currency"]] = mrr.get(row["currency"], Decimal(0)) + Decimal(row["total"]) / months
    return {
        "activeByPlan": active,
        "mrr": [{"currency": c, "amount": str(v.quantize(CENT, ROUND_HALF_UP))} for c, v in sorted(mrr.items())],
        "trialsRunning": trials,
        "churnByMonth": churn,
    }
