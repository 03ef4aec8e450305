"""What the operator console reads about parents (search, the parent page) and its operations screens (dead
letters, the webhook log), as the read models of core/domain/ops_reads.py."""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime

from sqlalchemy import func, or_, select, union, update
from sqlalchemy.orm import Session

from core.adapters.db.mapping import rowcount
from core.adapters.db.models.accounts import AccountRow, ConsentRecordRow, TokenRow
from core.adapters.db.models.coupons import CouponRedemptionRow, CouponRow
from core.adapters.db.models.family import ChildProfileRow, TvLinkRow
from core.adapters.db.models.operations import OutboxRow
from core.adapters.db.models.payments import WebhookEventRow
from core.adapters.db.models.subscriptions import SubscriptionRow
from core.domain.ops_reads import (
    AccountRecord,
    ConsentGiven,
    DeadLetter,
    LoggedWebhook,
    ParentFound,
    ParentSession,
    RedeemedCoupon,
    SentEmail,
    TvLinkSeen,
)
from core.domain.tokens import Purpose

SEARCH_LIMIT = 50


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
