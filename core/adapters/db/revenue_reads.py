"""The finance screens' numbers (revenue, funnel, trial cohorts) and the campaigns' coupons and report, each
grouped in SQL (core/services/ops/revenue.py and campaigns.py combine them)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import case, delete, func, insert, or_, select
from sqlalchemy.orm import Session

from core.adapters.db.models.accounts import AccountRow
from core.adapters.db.models.analytics import AnalyticsEventRow, FunnelDailyRow, FunnelRolledDayRow
from core.adapters.db.models.coupons import CouponRedemptionRow, CouponRow
from core.adapters.db.models.payments import PaymentRow
from core.adapters.db.models.subscriptions import SubscriptionRow
from core.domain.ops_reads import (
    ActivePlan,
    CampaignDay,
    CampaignReport,
    ChurnMonth,
    RecurringSum,
)
from core.domain.subscriptions import State


def _month(session: Session, column):
    """'YYYY-MM' of a UTC timestamp column, on SQLite and PostgreSQL."""
    if session.get_bind().dialect.name == "postgresql":
        return func.to_char(func.timezone("UTC", column), "YYYY-MM")
    return func.strftime("%Y-%m", column)


def _day(session: Session, column):
    """'YYYY-MM-DD' of a UTC timestamp column, on SQLite and PostgreSQL."""
    if session.get_bind().dialect.name == "postgresql":
        return func.to_char(func.timezone("UTC", column), "YYYY-MM-DD")
    return func.strftime("%Y-%m-%d", column)


def _week(session: Session, column):
    """'YYYY-MM-DD' of the Monday starting the UTC week of a timestamp column."""
    if session.get_bind().dialect.name == "postgresql":
        return func.to_char(func.date_trunc("week", func.timezone("UTC", column)), "YYYY-MM-DD")
    return func.date(
        column, "weekday 0", "-6 days"
    )  # the coming Sunday (or today), back to its Monday


def _seconds(session: Session, later, earlier):
    """Seconds from `earlier` to `later` (timestamp columns)."""
    if session.get_bind().dialect.name == "postgresql":
        return func.extract("epoch", later - earlier)
    return (func.julianday(later) - func.julianday(earlier)) * 86400


class SqlRevenue:
    """The finance screen's numbers, each one GROUP BY in SQL (core/services/ops/revenue.py combines them)."""

    LIVE_STATES = (State.TRIAL, State.ACTIVE, State.PAST_DUE, State.CANCELLED, State.FREE_CAMPAIGN)
    PAYING_STATES = (State.ACTIVE, State.PAST_DUE)

    def __init__(self, session: Session) -> None:
        self.session = session

    @staticmethod
    def _running(now: datetime):
        """Paid time left, or past due: a past-due parent keeps access through the grace period
        (docs/billing.md#failed-payments-and-dunning), so the subscription is still live here."""
        s = SubscriptionRow
        return or_(s.end_date.is_(None), s.end_date > now, s.payment_state_id == State.PAST_DUE)

    def active_by_plan(self, now: datetime) -> list[ActivePlan]:
        s = SubscriptionRow
        rows = self.session.execute(
            select(
                s.payment_plan_id,
                s.subscription_type,
                s.currency,
                s.store_id,
                s.payment_state_id,
                func.count().label("count"),
            )
            .where(s.payment_state_id.in_(self.LIVE_STATES), self._running(now))
            .group_by(
                s.payment_plan_id, s.subscription_type, s.currency, s.store_id, s.payment_state_id
            )
            .order_by(
                s.store_id, s.subscription_type, s.payment_plan_id, s.currency, s.payment_state_id
            )
        )
        return [ActivePlan(**r._mapping) for r in rows]

    def recurring_by_currency(self, now: datetime) -> list[RecurringSum]:
        """Renewing paid subscriptions' price sums per currency and billing period."""
        s = SubscriptionRow
        rows = self.session.execute(
            select(
                s.currency,
                s.duration_code,
                func.count().label("count"),
                func.sum(s.payment_plan_price).label("total"),
            )
            .where(
                s.payment_state_id.in_(self.PAYING_STATES),
                s.is_renewing.is_(True),
                s.payment_plan_price.is_not(None),
                s.currency.is_not(None),
                self._running(now),
            )
            .group_by(s.currency, s.duration_code)
            .order_by(s.currency, s.duration_code)
        )
        return [RecurringSum(**r._mapping) for r in rows]

    def trials_running(self, now: datetime) -> int:
        s = SubscriptionRow
        return self.session.execute(
            select(func.count())
            .select_from(s)
            .where(s.payment_state_id == State.TRIAL, or_(s.end_date.is_(None), s.end_date > now))
        ).scalar_one()

    def trial_cohorts(self, since: datetime, now: datetime, trial_gap_seconds: int) -> list[dict]:
        """Web subscriptions of a paid plan that began with free days, by the week they began: how many, and
        how many were then charged. Free days = no charge within `trial_gap_seconds` of the start (a plan
        bought without a trial is charged as it is created); comp and partner subscriptions are not trials."""
        s, p = SubscriptionRow, PaymentRow
        first = (
            select(p.subscription_id, func.min(p.created_at).label("first_charge"))
            .where(p.subscription_id.is_not(None))
            .group_by(p.subscription_id)
            .subquery()
        )
        week = _week(self.session, s.created_at)
        rows = self.session.execute(
            select(
                week.label("week"),
                func.count().label("trials"),
                func.count(first.c.first_charge).label("converted"),
            )
            .select_from(s)
            .outerjoin(first, first.c.subscription_id == s.id)
            .where(
                s.store_id == "lumo",
                s.payment_plan_id.is_not(None),
                s.payment_state_id != State.FREE_CAMPAIGN,
                s.created_at >= since,
                s.created_at < now,
                or_(
                    first.c.first_charge.is_(None),
                    _seconds(self.session, first.c.first_charge, s.created_at) >= trial_gap_seconds,
                ),
            )
            .group_by(week)
            .order_by(week)
        )
        return [dict(r._mapping) for r in rows]

    def funnel(self, since: datetime, now: datetime, events: tuple[str, ...]) -> list[dict]:
        """Analytics steps: distinct journeys (transaction uuid) per UTC day of the event, origin, utm
        campaign and event."""
        a = AnalyticsEventRow
        day, campaign = _day(self.session, a.occurred_at), func.coalesce(a.utm_campaign, "")
        rows = self.session.execute(
            select(
                day.label("day"),
                a.origin,
                campaign.label("campaign"),
                a.event,
                func.count(a.transaction_uuid.distinct()).label("count"),
            )
            .where(a.occurred_at >= since, a.occurred_at < now, a.event.in_(events))
            .group_by(day, a.origin, campaign, a.event)
        )
        return [dict(r._mapping) for r in rows]

    def rolled_days(self, since_day: str) -> set[str]:
        t = FunnelRolledDayRow
        return set(self.session.scalars(select(t.day).where(t.day >= since_day)))

    def rolled_funnel(self, since_day: str, before_day: str) -> list[dict]:
        """The roll-up's rows of the days from `since_day` up to (not including) `before_day`."""
        t = FunnelDailyRow
        rows = self.session.execute(
            select(t.day, t.origin, t.campaign, t.step, t.count).where(
                t.day >= since_day, t.day < before_day
            )
        )
        return [dict(r._mapping) for r in rows]

    def store_rollup(self, day: str, rows: list[dict], at: datetime) -> None:
        """Replace one day's roll-up (idempotent: the job may roll a day again)."""
        self.session.execute(delete(FunnelDailyRow).where(FunnelDailyRow.day == day))
        self.session.execute(delete(FunnelRolledDayRow).where(FunnelRolledDayRow.day == day))
        if rows:
            self.session.execute(insert(FunnelDailyRow), rows)
        self.session.execute(insert(FunnelRolledDayRow).values(day=day, rolled_at=at))

    def registrations(self, since: datetime, now: datetime) -> list[dict]:
        """Accounts created per UTC day and utm campaign (the landing's tags they registered with)."""
        c = AccountRow
        day = _day(self.session, c.created_at)
        campaign = func.coalesce(c.utm["campaign"].as_string(), "")
        rows = self.session.execute(
            select(day.label("day"), campaign.label("campaign"), func.count().label("count"))
            .where(c.created_at >= since, c.created_at < now)
            .group_by(day, campaign)
        )
        return [dict(r._mapping) for r in rows]

    def churn_by_month(self, since: datetime, now: datetime) -> list[ChurnMonth]:
        """Cancellations (renewal stopped, by the month of cancelled_at) and expiries (access ended, by the
        month of end_date, for subscriptions now Expired or Cancelled past their end)."""
        s = SubscriptionRow
        cancelled_month = _month(self.session, s.cancelled_at)
        cancelled = self.session.execute(
            select(cancelled_month.label("month"), func.count().label("count"))
            .where(s.cancelled_at.is_not(None), s.cancelled_at >= since)
            .group_by(cancelled_month)
        )
        ended_month = _month(self.session, s.end_date)
        ended = self.session.execute(
            select(ended_month.label("month"), func.count().label("count"))
            .where(
                s.payment_state_id.in_((State.EXPIRED, State.CANCELLED)),
                s.end_date.is_not(None),
                s.end_date >= since,
                s.end_date <= now,
            )
            .group_by(ended_month)
        )
        cancellations: dict[str, int] = {r.month: r._mapping["count"] for r in cancelled}
        expiries: dict[str, int] = {r.month: r._mapping["count"] for r in ended}
        return [
            ChurnMonth(month=m, cancellations=cancellations.get(m, 0), expiries=expiries.get(m, 0))
            for m in sorted(cancellations.keys() | expiries.keys())
        ]


class SqlCampaigns:
    """A campaign is the coupons whose code starts with its prefix (`PREFIX-…`, as `coupons create --prefix`
    makes them), or one shared code."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @staticmethod
    def _of(prefix: str):
        escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        return or_(CouponRow.code == prefix, CouponRow.code.like(f"{escaped}-%", escape="\\"))

    def coupons(self, prefix: str, limit: int) -> list[dict]:
        rows = self.session.execute(
            select(
                CouponRow.code,
                CouponRow.coupon_type,
                CouponRow.duration_code,
                CouponRow.product,
                CouponRow.partner,
                CouponRow.discount_price,
                CouponRow.plan_type,
                CouponRow.is_bundle_discount,
                CouponRow.expires_at,
                CouponRow.redeemed_at,
            )
            .where(self._of(prefix))
            .order_by(CouponRow.code)
            .limit(limit)
        )
        return [dict(r._mapping) for r in rows]

    def report(self, prefix: str) -> CampaignReport:
        issued = self.session.scalar(
            select(func.count()).select_from(CouponRow).where(self._of(prefix))
        )
        s = SubscriptionRow
        paid = (
            select(s.account_id)
            .where(
                s.payment_state_id.in_(SqlRevenue.PAYING_STATES), s.payment_plan_price.is_not(None)
            )
            .scalar_subquery()
        )
        day = _day(self.session, CouponRedemptionRow.redeemed_at)
        converted = func.count(
            func.distinct(
                case((CouponRedemptionRow.account_id.in_(paid), CouponRedemptionRow.account_id))
            )
        )
        rows = self.session.execute(
            select(day.label("day"), func.count().label("redeemed"), converted.label("converted"))
            .join(CouponRow, CouponRow.id == CouponRedemptionRow.coupon_id)
            .where(self._of(prefix))
            .group_by(day)
            .order_by(day)
        )
        by_day = [
            CampaignDay(day=date.fromisoformat(r.day), redeemed=r.redeemed, converted=r.converted)
            for r in rows
        ]
        return CampaignReport(
            issued=issued or 0,
            redeemed=sum(d.redeemed for d in by_day),
            converted=self.session.scalar(
                select(func.count(func.distinct(CouponRedemptionRow.account_id)))
                .join(CouponRow, CouponRow.id == CouponRedemptionRow.coupon_id)
                .where(self._of(prefix), CouponRedemptionRow.account_id.in_(paid))
            )
            or 0,
            by_day=by_day,
        )
