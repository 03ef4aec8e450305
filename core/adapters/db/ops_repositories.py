"""Repositories of the operator console (docs/operator-console.md): staff accounts and sessions, the
append-only audit log, and the console's reads over the parents' tables (search, parent page)."""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime

from sqlalchemy import case, delete, func, insert, or_, select, union, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from core.adapters.db.mapping import rowcount, to_domain, to_row
from core.adapters.db.models import (
    AccountRow,
    AnalyticsEventRow,
    AuditLogRow,
    ChildProfileRow,
    ConsentRecordRow,
    CouponRedemptionRow,
    CouponRow,
    FunnelDailyRow,
    FunnelRolledDayRow,
    GrantLedgerRow,
    GrantRequestRow,
    OutboxRow,
    PaymentRow,
    StaffAccountRow,
    StaffLoginThrottleRow,
    StaffSessionRow,
    SubscriptionRow,
    TokenRow,
    TvLinkRow,
    WebhookEventRow,
)
from core.domain.grants import GRANT_PENDING, GrantRequest
from core.domain.login_throttle import LoginState
from core.domain.ops_reads import (
    AccountRecord,
    ActivePlan,
    CampaignDay,
    CampaignReport,
    ChurnMonth,
    ConsentGiven,
    DeadLetter,
    LoggedWebhook,
    ParentFound,
    ParentSession,
    RecurringSum,
    RedeemedCoupon,
    SentEmail,
    TvLinkSeen,
)
from core.domain.staff import AuditEntry, AuditFilter, StaffMember
from core.domain.subscriptions import State
from core.domain.tokens import Purpose

SEARCH_LIMIT = 50


class SqlStaff:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, member: StaffMember) -> StaffMember:
        row = to_row(member, StaffAccountRow())
        self.session.add(row)
        self.session.flush()
        member.id = row.id
        return member

    def by_email(self, email: str) -> StaffMember | None:
        row = self.session.scalar(select(StaffAccountRow).where(StaffAccountRow.email == email))
        return to_domain(row, StaffMember) if row else None

    def get(self, staff_id: int) -> StaffMember | None:
        row = self.session.get(StaffAccountRow, staff_id)
        return to_domain(row, StaffMember) if row else None

    def all(self) -> list[StaffMember]:
        return [
            to_domain(r, StaffMember)
            for r in self.session.scalars(select(StaffAccountRow).order_by(StaffAccountRow.id))
        ]

    def login_state(self, email_hash: str) -> LoginState:
        """The throttle of one submitted address (its SHA-256), whether or not it is a staff member's."""
        row = self.session.get(StaffLoginThrottleRow, email_hash, populate_existing=True)
        if row is None:
            return LoginState()
        return LoginState(
            failures=row.failures,
            blocked_until=row.blocked_until,
            last_attempt_at=row.last_attempt_at,
        )

    def count_login_attempt(self, email_hash: str, seen_failures: int, new: LoginState) -> bool:
        """Write the state of one more failure, only if nobody counted one since it was read: a
        conditional UPDATE, or for a first attempt an INSERT that a parallel one makes fail."""
        values = {
            "failures": new.failures,
            "blocked_until": new.blocked_until,
            "last_attempt_at": new.last_attempt_at,
        }
        exists = self.session.scalar(
            select(StaffLoginThrottleRow.email_hash).where(
                StaffLoginThrottleRow.email_hash == email_hash
            )
        )
        if exists is None:
            try:
                with self.session.begin_nested():
                    self.session.execute(
                        insert(StaffLoginThrottleRow).values(email_hash=email_hash, **values)
                    )
            except IntegrityError:
                return False
            return True
        result = self.session.execute(
            update(StaffLoginThrottleRow)
            .where(
                StaffLoginThrottleRow.email_hash == email_hash,
                StaffLoginThrottleRow.failures == seen_failures,
            )
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    def clear_login_failures(self, email_hash: str) -> None:
        self.session.execute(
            delete(StaffLoginThrottleRow)
            .where(StaffLoginThrottleRow.email_hash == email_hash)
            .execution_options(synchronize_session=False)
        )

    def logged_in(self, staff_id: int, totp_step: int) -> bool:
        """Clear the failures and spend the TOTP step; False if that step (or a later one) was spent already."""
        result = self.session.execute(
            update(StaffAccountRow)
            .where(
                StaffAccountRow.id == staff_id,
                or_(
                    StaffAccountRow.last_totp_step.is_(None),
                    StaffAccountRow.last_totp_step < totp_step,
                ),
            )
            .values(failed_logins=0, login_blocked_until=None, last_totp_step=totp_step)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    def add_session(
        self, staff_id: int, token_hash: str, now: datetime, expires_at: datetime
    ) -> None:
        self.session.add(
            StaffSessionRow(
                staff_id=staff_id,
                token_hash=token_hash,
                created_at=now,
                expires_at=expires_at,
                last_used_at=now,
            )
        )
        self.session.flush()

    def live_session(
        self, token_hash: str, now: datetime, idle_since: datetime
    ) -> tuple[StaffMember, datetime] | None:
        row = self.session.execute(
            select(StaffAccountRow, StaffSessionRow.last_used_at)
            .join(StaffSessionRow, StaffSessionRow.staff_id == StaffAccountRow.id)
            .where(
                StaffSessionRow.token_hash == token_hash,
                StaffSessionRow.revoked_at.is_(None),
                StaffSessionRow.expires_at > now,
                StaffSessionRow.last_used_at > idle_since,
                StaffAccountRow.disabled_at.is_(None),
            )
        ).first()
        return (to_domain(row[0], StaffMember), row[1]) if row else None

    def touch(self, token_hash: str, now: datetime) -> None:
        self.session.execute(
            update(StaffSessionRow)
            .where(StaffSessionRow.token_hash == token_hash)
            .values(last_used_at=now)
            .execution_options(synchronize_session=False)
        )

    def revoke(self, token_hash: str, now: datetime) -> None:
        self.session.execute(
            update(StaffSessionRow)
            .where(StaffSessionRow.token_hash == token_hash, StaffSessionRow.revoked_at.is_(None))
            .values(revoked_at=now)
            .execution_options(synchronize_session=False)
        )

    def set_fields(self, staff_id: int, **values) -> None:
        """Role, disabled_at, totp_secret, last_totp_step (the console's staff management)."""
        allowed = {"role", "disabled_at", "totp_secret", "last_totp_step"}
        if set(values) - allowed:
            raise ValueError(f"not a staff field to set: {sorted(set(values) - allowed)}")
        self.session.execute(
            update(StaffAccountRow)
            .where(StaffAccountRow.id == staff_id)
            .values(**values)
            .execution_options(synchronize_session=False)
        )

    def live_session_counts(self, now: datetime) -> dict[int, int]:
        rows = self.session.execute(
            select(StaffSessionRow.staff_id, func.count())
            .where(StaffSessionRow.revoked_at.is_(None), StaffSessionRow.expires_at > now)
            .group_by(StaffSessionRow.staff_id)
        )
        return {staff_id: count for staff_id, count in rows}

    def revoke_all(self, staff_id: int, now: datetime) -> None:
        self.session.execute(
            update(StaffSessionRow)
            .where(StaffSessionRow.staff_id == staff_id, StaffSessionRow.revoked_at.is_(None))
            .values(revoked_at=now)
            .execution_options(synchronize_session=False)
        )


class SqlGrants:
    """The grant ledger and the four-eyes requests (core/domain/grants.py)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def lock_parent(self, account_id: int) -> bool:
        """Hold the parent's account row until the transaction ends (PostgreSQL: SELECT … FOR UPDATE;
        SQLite: the write lock BEGIN IMMEDIATE took already), so grants to one parent are counted and
        written one after the other. False when there is no such account."""
        found = self.session.execute(
            select(AccountRow.id).where(AccountRow.id == account_id).with_for_update()
        ).first()
        return found is not None

    def granted_days(self, account_id: int, since: datetime) -> int:
        total = self.session.scalar(
            select(func.coalesce(func.sum(GrantLedgerRow.days), 0)).where(
                GrantLedgerRow.account_id == account_id, GrantLedgerRow.granted_at > since
            )
        )
        return int(total or 0)

    def record(
        self,
        *,
        account_id: int,
        staff_id: int | None,
        role: str,
        days: int,
        subscription_id: int | None,
        at: datetime,
        request_id: int | None = None,
    ) -> None:
        self.session.execute(
            insert(GrantLedgerRow).values(
                account_id=account_id,
                staff_id=staff_id,
                role=role,
                days=days,
                subscription_id=subscription_id,
                request_id=request_id,
                granted_at=at,
            )
        )

    def add_request(self, request: GrantRequest) -> GrantRequest:
        row = to_row(request, GrantRequestRow())
        self.session.add(row)
        self.session.flush()
        request.id = row.id
        return request

    def get_request(self, request_id: int) -> GrantRequest | None:
        row = self.session.get(GrantRequestRow, request_id, populate_existing=True)
        return to_domain(row, GrantRequest) if row else None

    def requests(self, status: str | None, limit: int = 100) -> list[GrantRequest]:
        query = select(GrantRequestRow)
        if status:
            query = query.where(GrantRequestRow.status == status)
        rows = self.session.scalars(query.order_by(GrantRequestRow.id.desc()).limit(limit))
        return [to_domain(r, GrantRequest) for r in rows]

    def decide(
        self,
        request_id: int,
        status: str,
        staff_id: int,
        staff_email: str,
        at: datetime,
        reason: str,
    ) -> bool:
        """Pending -> approved or rejected, once: a conditional UPDATE, so two deciders cannot both win."""
        result = self.session.execute(
            update(GrantRequestRow)
            .where(GrantRequestRow.id == request_id, GrantRequestRow.status == GRANT_PENDING)
            .values(
                status=status,
                decided_by=staff_id,
                decided_by_email=staff_email,
                decided_at=at,
                decision_reason=reason,
            )
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1


class SqlAudit:
    """Insert and read; there is deliberately no update or delete here."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def append(self, entry: AuditEntry) -> None:
        values = {k: v for k, v in vars(entry).items() if k != "id"}
        self.session.execute(insert(AuditLogRow).values(**values))

    def entries(self, where: AuditFilter) -> list[AuditEntry]:
        query = select(AuditLogRow)
        if where.staff_id is not None:
            query = query.where(AuditLogRow.staff_id == where.staff_id)
        if where.account_id is not None:
            query = query.where(AuditLogRow.account_id == where.account_id)
        if where.action:
            query = query.where(AuditLogRow.action == where.action)
        if where.before_id is not None:
            query = query.where(AuditLogRow.id < where.before_id)
        rows = self.session.scalars(query.order_by(AuditLogRow.id.desc()).limit(where.limit))
        return [to_domain(r, AuditEntry) for r in rows]


def _like(text: str) -> str:
    escaped = text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


class SqlOpsReads:
    """What the console reads about parents, as the read models of core/domain/ops_reads.py."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def search(self, kind: str, text: str, limit: int = SEARCH_LIMIT) -> list[ParentFound]:
        return [
            ParentFound(**r._mapping)
            for r in self.session.execute(self.search_statement(kind, text, limit))
        ]

    @staticmethod
    def search_statement(kind: str, text: str, limit: int = SEARCH_LIMIT):
        """The SELECT of one search (bench/ops_search_plan.py prints its plan at a million accounts)."""
        a = AccountRow
        if kind == "email":
            where = func.lower(a.email).like(_like(text), escape="\\")
        elif kind == "name":
            where = func.lower(a.name).like(_like(text), escape="\\")
        elif kind == "phone":
            where = func.lower(a.partner_alias).like(_like(text), escape="\\")
        elif kind == "subscription":
            where = a.id.in_(
                select(SubscriptionRow.account_id).where(SubscriptionRow.id == int(text))
            )
        elif kind == "gateway":
            where = a.id.in_(
                select(SubscriptionRow.account_id).where(
                    or_(
                        SubscriptionRow.gateway_id == text,
                        SubscriptionRow.platform_purchase_id == text,
                    )
                )
            )
        elif kind == "coupon":
            code = text.upper()
            # One IN over a UNION: an OR of two IN subqueries made PostgreSQL scan every account.
            where = a.id.in_(
                union(
                    select(CouponRedemptionRow.account_id)
                    .join(CouponRow, CouponRow.id == CouponRedemptionRow.coupon_id)
                    .where(CouponRow.code == code),
                    select(CouponRow.redeemed_by).where(
                        CouponRow.code == code, CouponRow.redeemed_by.is_not(None)
                    ),
                )
            )
        else:
            raise ValueError(kind)
        return (
            select(
                a.id,
                a.email,
                a.name,
                a.partner,
                a.partner_alias,
                a.created_at,
                a.deleted_at,
                a.is_email_confirmed,
            )
            .where(where)
            .order_by(a.id.desc())
            .limit(limit)
        )

    def account(self, account_id: int) -> AccountRecord | None:
        row = self.session.get(AccountRow, account_id)
        if row is None:
            return None
        return AccountRecord(**{f.name: getattr(row, f.name) for f in fields(AccountRecord)})

    def coupons_redeemed(self, account_id: int) -> list[RedeemedCoupon]:
        rows = self.session.execute(
            select(
                CouponRow.code,
                CouponRow.coupon_type,
                CouponRow.duration_code,
                CouponRow.product,
                CouponRedemptionRow.redeemed_at,
            )
            .join(CouponRedemptionRow, CouponRedemptionRow.coupon_id == CouponRow.id)
            .where(CouponRedemptionRow.account_id == account_id)
            .order_by(CouponRedemptionRow.redeemed_at)
        )
        seen = [RedeemedCoupon(**r._mapping) for r in rows]
        codes = {r.code for r in seen}
        single = self.session.execute(
            select(
                CouponRow.code,
                CouponRow.coupon_type,
                CouponRow.duration_code,
                CouponRow.product,
                CouponRow.redeemed_at,
            ).where(CouponRow.redeemed_by == account_id)
        )
        return seen + [RedeemedCoupon(**r._mapping) for r in single if r.code not in codes]

    def emails(self, account_id: int, limit: int = 100) -> list[SentEmail]:
        rows = self.session.execute(
            select(
                OutboxRow.id,
                OutboxRow.topic,
                OutboxRow.created_at,
                OutboxRow.delivered_at,
                OutboxRow.attempts,
                OutboxRow.last_error,
                OutboxRow.dead_at,
                OutboxRow.discarded_at,
            )
            .where(OutboxRow.account_id == account_id, OutboxRow.kind == "email")
            .order_by(OutboxRow.id.desc())
            .limit(limit)
        )
        return [SentEmail(**r._mapping) for r in rows]

    def consents(self, account_id: int) -> list[ConsentGiven]:
        rows = self.session.execute(
            select(
                ConsentRecordRow.kind,
                ConsentRecordRow.version,
                ConsentRecordRow.granted,
                ConsentRecordRow.at,
            )
            .where(ConsentRecordRow.account_id == account_id)
            .order_by(ConsentRecordRow.at, ConsentRecordRow.id)
        )
        return [ConsentGiven(**r._mapping) for r in rows]

    def sessions(self, account_id: int, now: datetime) -> list[ParentSession]:
        rows = self.session.execute(
            select(
                TokenRow.id,
                TokenRow.created_at,
                TokenRow.expires_at,
                TokenRow.last_used_at,
                TokenRow.payload,
            )
            .where(
                TokenRow.account_id == account_id,
                TokenRow.purpose == Purpose.SESSION.value,
                TokenRow.revoked_at.is_(None),
                TokenRow.expires_at > now,
            )
            .order_by(TokenRow.id.desc())
        )
        return [ParentSession(**r._mapping) for r in rows]

    def revoke_session(self, account_id: int, session_id: int, now: datetime) -> bool:
        result = self.session.execute(
            update(TokenRow)
            .where(
                TokenRow.id == session_id,
                TokenRow.account_id == account_id,
                TokenRow.purpose == Purpose.SESSION.value,
                TokenRow.revoked_at.is_(None),
            )
            .values(revoked_at=now)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    def tv_links(self, account_id: int) -> list[TvLinkSeen]:
        rows = self.session.execute(
            select(TvLinkRow.id, TvLinkRow.claimed_at, TvLinkRow.collected_at)
            .where(TvLinkRow.account_id == account_id)
            .order_by(TvLinkRow.id)
        )
        return [TvLinkSeen(**r._mapping) for r in rows]

    def child_profile_count(self, account_id: int) -> int:
        return self.session.execute(
            select(func.count())
            .select_from(ChildProfileRow)
            .where(ChildProfileRow.account_id == account_id)
        ).scalar_one()

    def dead_letters(self, limit: int) -> list[DeadLetter]:
        rows = self.session.execute(
            select(
                OutboxRow.id,
                OutboxRow.kind,
                OutboxRow.topic,
                OutboxRow.attempts,
                OutboxRow.last_error,
                OutboxRow.created_at,
                OutboxRow.dead_at,
                OutboxRow.account_id,
            )
            .where(
                OutboxRow.dead_at.is_not(None),
                OutboxRow.delivered_at.is_(None),
                OutboxRow.discarded_at.is_(None),
            )
            .order_by(OutboxRow.id)
            .limit(limit)
        )
        return [DeadLetter(**r._mapping) for r in rows]

    def discard_dead_letter(self, message_id: int, now: datetime) -> dict | None:
        row = self.session.execute(
            select(
                OutboxRow.id,
                OutboxRow.kind,
                OutboxRow.topic,
                OutboxRow.account_id,
                OutboxRow.last_error,
            ).where(
                OutboxRow.id == message_id,
                OutboxRow.dead_at.is_not(None),
                OutboxRow.delivered_at.is_(None),
                OutboxRow.discarded_at.is_(None),
            )
        ).first()
        if row is None:
            return None
        result = self.session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == message_id, OutboxRow.discarded_at.is_(None))
            .values(discarded_at=now)
            .execution_options(synchronize_session=False)
        )
        return dict(row._mapping) if rowcount(result) == 1 else None

    def webhook_events(self, limit: int, before_id: int | None = None) -> list[LoggedWebhook]:
        w = WebhookEventRow
        query = select(
            w.id,
            w.kind,
            w.gateway_id,
            w.occurred_at,
            w.received_at,
            w.transaction_id,
            w.amount,
            w.currency,
            w.outcome,
            w.replays,
            w.provider_kind,
        )
        if before_id is not None:
            query = query.where(WebhookEventRow.id < before_id)
        return [
            LoggedWebhook(**r._mapping)
            for r in self.session.execute(query.order_by(WebhookEventRow.id.desc()).limit(limit))
        ]

    def webhook_event(self, event_id: int) -> LoggedWebhook | None:
        row = self.session.get(WebhookEventRow, event_id)
        if row is None:
            return None
        return LoggedWebhook(**{f.name: getattr(row, f.name) for f in fields(LoggedWebhook)})

    def count_replay(self, event_id: int) -> None:
        self.session.execute(
            update(WebhookEventRow)
            .where(WebhookEventRow.id == event_id)
            .values(replays=WebhookEventRow.replays + 1)
            .execution_options(synchronize_session=False)
        )


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
        by_day = [CampaignDay(**r._mapping) for r in rows]
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
