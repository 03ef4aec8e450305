"""The renewal reminders sent (core.domain.renewal_rules): which subscriptions are due one, and the
once-only record of each (docs/consumer-law-renewal.md#once-and-only-once)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime

from sqlalchemy import exists, select, update
from sqlalchemy.orm import Session

from core.adapters.db.mapping import to_domain
from core.adapters.db.models.accounts import AccountRow
from core.adapters.db.models.subscriptions import SubscriptionReminderRow, SubscriptionRow
from core.adapters.db.repository_base import _insert_once
from core.domain.catalogue import YEARLY
from core.domain.renewal_rules import ReminderKind
from core.domain.subscriptions import WEB_STORE, State, Subscription


class SqlReminders:
    def __init__(self, session: Session) -> None:
        self.session = session

    def yearly_renewals(
        self, countries: Iterable[str], after: datetime, until: datetime, limit: int
    ) -> list[tuple[Subscription, str]]:
        reminded = exists().where(
            SubscriptionReminderRow.subscription_id == SubscriptionRow.id,
            SubscriptionReminderRow.period >= after.date().isoformat(),
        )
        rows = self.session.execute(
            select(SubscriptionRow, AccountRow.country_code)
            .join(AccountRow, AccountRow.id == SubscriptionRow.account_id)
            .where(
                SubscriptionRow.store_id == WEB_STORE,
                SubscriptionRow.is_renewing.is_(True),
                SubscriptionRow.payment_state_id == State.ACTIVE,
                SubscriptionRow.duration_code == YEARLY,
                SubscriptionRow.next_billing_date > after,
                SubscriptionRow.next_billing_date <= until,
                AccountRow.country_code.in_([c.upper() for c in countries]),
                AccountRow.deleted_at.is_(None),
                ~reminded,
            )
            .order_by(SubscriptionRow.next_billing_date, SubscriptionRow.id)
            .limit(limit)
        ).all()
        return [(to_domain(row, Subscription), country) for row, country in rows]

    def claim(
        self, subscription_id: int, kind: str, period: date, at: datetime, on_time: bool
    ) -> bool:
        return _insert_once(
            self.session,
            SubscriptionReminderRow(
                subscription_id=subscription_id,
                kind=kind,
                period=period.isoformat(),
                sent_at=at,
                on_time=on_time,
            ),
        )

    def on_time(self, subscription_id: int, kind: str, period: date) -> bool | None:
        return self.session.scalar(
            select(SubscriptionReminderRow.on_time).where(
                SubscriptionReminderRow.subscription_id == subscription_id,
                SubscriptionReminderRow.kind == kind,
                SubscriptionReminderRow.period == period.isoformat(),
            )
        )

    def switched(self, subscription_id: int, period: date, at: datetime) -> None:
        self.session.execute(
            update(SubscriptionReminderRow)
            .where(
                SubscriptionReminderRow.subscription_id == subscription_id,
                SubscriptionReminderRow.kind == ReminderKind.CONTINUES_MONTHLY.value,
                SubscriptionReminderRow.period == period.isoformat(),
                SubscriptionReminderRow.gateway_done_at.is_(None),
            )
            .values(gateway_done_at=at)
        )

    def switches_missed(self, renewal_by: date, limit: int) -> list[tuple[int, date]]:
        rows = self.session.execute(
            select(SubscriptionReminderRow.subscription_id, SubscriptionReminderRow.period)
            .join(SubscriptionRow, SubscriptionRow.id == SubscriptionReminderRow.subscription_id)
            .where(
                SubscriptionReminderRow.kind == ReminderKind.CONTINUES_MONTHLY.value,
                SubscriptionReminderRow.gateway_done_at.is_(None),
                SubscriptionReminderRow.period <= renewal_by.isoformat(),
                SubscriptionRow.is_renewing.is_(True),
            )
            .order_by(SubscriptionReminderRow.period, SubscriptionReminderRow.subscription_id)
            .limit(limit)
        ).all()
        return [(sid, date.fromisoformat(period)) for sid, period in rows]

    def mark_missed(self, subscription_id: int, period: date, at: datetime) -> bool:
        result = self.session.execute(
            update(SubscriptionReminderRow)
            .where(
                SubscriptionReminderRow.subscription_id == subscription_id,
                SubscriptionReminderRow.kind == ReminderKind.CONTINUES_MONTHLY.value,
                SubscriptionReminderRow.period == period.isoformat(),
                SubscriptionReminderRow.missed_at.is_(None),
            )
            .values(missed_at=at)
        )
        return bool(getattr(result, "rowcount", 0))
