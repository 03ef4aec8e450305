"""Deleting what has outlived its retention period (core.services.retention)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, exists, func, or_, select
from sqlalchemy.orm import Session

from core.adapters.db.mapping import rowcount
from core.adapters.db.models.accounts import AccountRow, ConsentRecordRow, TokenRow
from core.adapters.db.models.analytics import AnalyticsEventRow
from core.adapters.db.models.consumer_law import DeclarationRow, WithdrawalRow
from core.adapters.db.models.contact import ContactMessageRow
from core.adapters.db.models.operations import OutboxRow
from core.adapters.db.models.subscriptions import SubscriptionRow
from core.domain.subscriptions import HIDDEN_STATES, WEB_STORE


class SqlRetention:
    def __init__(self, session: Session) -> None:
        self.session = session

    def _delete(self, table, *where) -> int:
        return rowcount(
            self.session.execute(
                delete(table).where(*where).execution_options(synchronize_session=False)
            )
        )

    def purge_analytics(self, received_before: datetime) -> int:
        return self._delete(AnalyticsEventRow, AnalyticsEventRow.received_at < received_before)

    def purge_outbox(self, delivered_before: datetime) -> int:
        """Delivered rows only: pending and dead-lettered ones wait for a worker or an operator."""
        return self._delete(
            OutboxRow,
            OutboxRow.delivered_at.is_not(None),
            OutboxRow.delivered_at < delivered_before,
        )

    def purge_tokens(self, ended_before: datetime, idle_before: datetime) -> int:
        """Expired, used or revoked before `ended_before`; sessions also when last used before `idle_before`."""
        idle = (TokenRow.purpose == "session") & (
            func.coalesce(TokenRow.last_used_at, TokenRow.created_at) < idle_before
        )
        return self._delete(
            TokenRow,
            or_(
                TokenRow.expires_at < ended_before,
                TokenRow.used_at < ended_before,
                TokenRow.revoked_at < ended_before,
                idle,
            ),
        )

    def purge_contact_messages(self, received_before: datetime) -> int:
        return self._delete(ContactMessageRow, ContactMessageRow.created_at < received_before)

    def purge_declarations(self, received_before: datetime, ended_before: datetime) -> int:
        """Public cancellations received before `received_before` whose contract ended before
        `ended_before` (or whose end is unknown: nothing matched, nothing was ended)."""
        return self._delete(
            DeclarationRow,
            DeclarationRow.received_at < received_before,
            or_(DeclarationRow.ends_on.is_(None), DeclarationRow.ends_on < ended_before),
        )

    def purge_withdrawals(self, received_before: datetime, ended_before: datetime) -> int:
        """A withdrawal ends its contract when received: `at` is both dates."""
        return self._delete(
            WithdrawalRow, WithdrawalRow.at < received_before, WithdrawalRow.at < ended_before
        )

    def kept_consent_proofs(
        self, limit: int
    ) -> list[tuple[int, str, datetime, datetime | None, datetime | None]]:
        web = (
            SubscriptionRow.account_id == AccountRow.id,
            SubscriptionRow.store_id == WEB_STORE,
            SubscriptionRow.payment_state_id.not_in([str(s) for s in HIDDEN_STATES]),
        )
        first = select(func.min(SubscriptionRow.created_at)).where(*web).scalar_subquery()
        last = select(func.max(SubscriptionRow.end_date)).where(*web).scalar_subquery()
        rows = self.session.execute(
            select(AccountRow.id, AccountRow.country_code, AccountRow.deleted_at, first, last)
            .where(
                AccountRow.deleted_at.is_not(None),
                exists().where(ConsentRecordRow.account_id == AccountRow.id),
            )
            .order_by(AccountRow.id)
            .limit(limit)
        ).all()
        return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    def purge_consents(self, account_ids: list[int]) -> int:
        if not account_ids:
            return 0
        return self._delete(ConsentRecordRow, ConsentRecordRow.account_id.in_(account_ids))
