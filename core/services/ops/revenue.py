"""The finance screen: live subscriptions by plan, currency and channel; monthly recurring revenue per currency
(a yearly price counts a twelfth a month); trials running; cancellations and expiries by month. Counts and sums
come from SQL (core/adapters/db/revenue_reads.py SqlRevenue); here only the division by each period's months."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from core.domain.coupons import parse_duration
from core.domain.ops_reads import (
    CohortWeek,
    FunnelDay,
    Mrr,
    PastDue,
    RecoveryMonth,
    RevenueOverview,
)
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.subscriptions import Subscription
from core.services.context import ServiceContext

CHURN_MONTHS = 12
CENT = Decimal("0.01")
RATE_PLACES = Decimal("0.0001")  # conversion and recovery rates


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


# The analytics funnel (docs/operator-console.md): three docs/product.md#entities events and the accounts registered between them.
FUNNEL_EVENTS = (
    ("start_free_trial", "START_FREE_TRIAL"),
    ("click_register", "CLICK_REGISTER"),
    ("payment_done", "PAYMENT_DONE"),
)
FUNNEL_COLUMNS = (
    "day",
    "origin",
    "campaign",
    "start_free_trial",
    "click_register",
    "registered",
    "payment_done",
)
COHORT_COLUMNS = ("week", "trials", "converted", "rate")
TRIAL_GAP = timedelta(
    days=1
)  # charged later than this after it began: the subscription had free days
MAX_DAYS, MAX_WEEKS = 92, 52


def _midnight(now: datetime) -> datetime:
    return now.replace(hour=0, minute=0, second=0, microsecond=0)


REROLL_DAYS = 2  # the job rolls the last two finished days again each time (events that came late)


def _day_rows(uow: UnitOfWork, since: datetime, until: datetime) -> list[dict[str, Any]]:
    """The funnel of [since, until) counted from the events and accounts, as roll-up rows."""
    rows = [
        {
            "day": s["day"],
            "origin": s["origin"],
            "campaign": s["campaign"],
            "step": s["event"],
            "count": s["count"],
        }
        for s in uow.revenue.funnel(since, until, tuple(e for _, e in FUNNEL_EVENTS))
    ]
    rows += [
        {
            "day": r["day"],
            "origin": "Ads" if r["campaign"] else "Organic",
            "campaign": r["campaign"],
            "step": "registered",
            "count": r["count"],
        }
        for r in uow.revenue.registrations(since, until)
    ]
    return rows


def roll_up_funnel(ctx: ServiceContext) -> int:
    """The beat job (tasks.roll_up_funnel): every finished UTC day of the last MAX_DAYS not rolled up yet,
    and the last REROLL_DAYS again. Idempotent; answers how many days it wrote."""
    now = ctx.clock.now()
    today = _midnight(now)
    first = today - timedelta(days=MAX_DAYS)
    with ctx.read() as uow:
        done = uow.revenue.rolled_days(first.date().isoformat())
    days = [first + timedelta(days=i) for i in range(MAX_DAYS)]
    due = [
        d
        for d in days
        if d.date().isoformat() not in done or d >= today - timedelta(days=REROLL_DAYS)
    ]
    for day in due:
        with ctx.uow() as uow:
            rows = _day_rows(uow, day, day + timedelta(days=1))
            uow.revenue.store_rollup(day.date().isoformat(), rows, now)
            uow.commit()
    return len(due)


def funnel(ctx: ServiceContext, days: int = 30) -> list[FunnelDay]:
    """START_FREE_TRIAL -> CLICK_REGISTER -> registered -> PAYMENT_DONE per UTC day, origin and utm campaign,
    for the last `days` days (today included); newest day first. Analytics steps count distinct journeys;
    `registered` counts accounts created, which keep their landing's utm tags but not the ad click id that
    decides the origin: a sign-up with a campaign counts as Ads, one without as Organic.

    Finished days come from the daily roll-up (`funnel_daily`, written by `roll_up_funnel`); from the first
    day not rolled up (today, normally) to now they are counted from the events."""
    now = ctx.clock.now()
    today = _midnight(now)
    since = today - timedelta(days=max(1, min(days, MAX_DAYS)) - 1)
    with ctx.read() as uow:
        rolled = uow.revenue.rolled_days(since.date().isoformat())
        live_from = since
        while live_from < today and live_from.date().isoformat() in rolled:
            live_from += timedelta(days=1)
        found = uow.revenue.rolled_funnel(
            since.date().isoformat(), live_from.date().isoformat()
        ) + _day_rows(uow, live_from, now)
    key_of = {event: key for key, event in FUNNEL_EVENTS}
    counts: dict[tuple[str, str, str], dict[str, int]] = {}
    for f in found:
        key = "registered" if f["step"] == "registered" else key_of[f["step"]]
        steps = counts.setdefault((f["day"], f["origin"], f["campaign"]), {})
        steps[key] = steps.get(key, 0) + f["count"]
    # newest day first, then origin and campaign
    return [
        FunnelDay(day=date.fromisoformat(day), origin=origin, campaign=campaign, **steps)
        for (day, origin, campaign), steps in sorted(
            sorted(counts.items(), key=lambda item: (item[0][1], item[0][2])),
            key=lambda item: item[0][0],
            reverse=True,
        )
    ]


def trial_cohorts(ctx: ServiceContext, weeks: int = 12) -> list[CohortWeek]:
    """Trial -> paid by weekly cohort (the UTC week, from Monday, the trial began): trials started, how many
    were charged since, and the rate (4 places); oldest week first."""
    now = ctx.clock.now()
    monday = _midnight(now) - timedelta(days=now.weekday())
    since = monday - timedelta(weeks=max(1, min(weeks, MAX_WEEKS)) - 1)
    with ctx.read() as uow:
        found = uow.revenue.trial_cohorts(since, now, int(TRIAL_GAP.total_seconds()))
    return [
        CohortWeek(
            week=date.fromisoformat(r["week"]),
            trials=r["trials"],
            converted=r["converted"],
            rate=(Decimal(r["converted"]) / r["trials"] if r["trials"] else Decimal(0)).quantize(
                RATE_PLACES, ROUND_HALF_UP
            ),
        )
        for r in found
    ]


def overview(ctx: ServiceContext) -> RevenueOverview:
    now = ctx.clock.now()
    with ctx.read() as uow:
        active = uow.revenue.active_by_plan(now)
        recurring = uow.revenue.recurring_by_currency(now)
        trials = uow.revenue.trials_running(now)
        churn = uow.revenue.churn_by_month(now - timedelta(days=31 * CHURN_MONTHS), now)
        past_due = uow.dunning.past_due(PAST_DUE_SHOWN)
        recovery = uow.dunning.recovery_by_month(
            (now - timedelta(days=31 * CHURN_MONTHS)).date().replace(day=1).isoformat()
        )
    mrr: dict[str, Decimal] = {}
    for row in recurring:
        months = months_of(row.duration_code)
        if months:
            mrr[row.currency] = mrr.get(row.currency, Decimal(0)) + Decimal(row.total) / months
    return RevenueOverview(
        active_by_plan=active,
        mrr=[
            Mrr(currency=c, amount=v.quantize(CENT, ROUND_HALF_UP)) for c, v in sorted(mrr.items())
        ],
        trials_running=trials,
        churn_by_month=churn,
        past_due=[
            past_due_view(ctx, s)
            for s in sorted(past_due, key=lambda s: (s.end_date or now, s.id or 0))
        ],
        recovery_by_month=[recovery_view(r) for r in recovery],
    )


PAST_DUE_SHOWN = 200  # the oldest first: those closest to lapsing


def past_due_view(ctx: ServiceContext, sub: Subscription) -> PastDue:
    """A past-due subscription now: what is owed, since when, and when access ends
    (docs/billing.md#failed-payments-and-dunning)."""
    assert sub.end_date is not None  # past due since its end date
    assert sub.id is not None  # a stored subscription
    return PastDue(
        subscription_id=sub.id,
        account_id=sub.account_id,
        subscription_type=sub.subscription_type,
        amount=sub.pending_price or sub.payment_plan_price,
        currency=sub.currency,
        since=sub.end_date,
        access_ends=ctx.dunning.access_ends(sub.end_date),
    )


def recovery_view(row: dict[str, Any]) -> RecoveryMonth:
    """Per month of the failed charge and currency: recovery rate = recovered ÷ went past due (4 places)."""
    went, recovered = row["went_past_due"], row["recovered"]
    rate = (Decimal(recovered) / went if went else Decimal(0)).quantize(RATE_PLACES, ROUND_HALF_UP)
    return RecoveryMonth(
        month=row["month"],
        currency=row["currency"],
        went_past_due=went,
        recovered=recovered,
        recovered_amount=row["recovered_amount"],
        rate=rate,
    )
