"""Repositories of the family and trust tables: child profiles and their settings, TV links, consents,
contact messages, the newsletter list, and the cross-table reads and erasure of data rights."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session

from core.adapters.db.mapping import rowcount, to_domain, to_row
from core.adapters.db.models.accounts import ConsentRecordRow, TokenRow
from core.adapters.db.models.consumer_law import WithdrawalRow
from core.adapters.db.models.contact import ContactMessageRow, NewsletterSubscriptionRow
from core.adapters.db.models.coupons import CouponRedemptionRow, CouponRow
from core.adapters.db.models.family import ChildProfileRow, ParentalSettingsRow, TvLinkRow
from core.adapters.db.models.operations import OutboxRow
from core.adapters.db.repository_base import _insert_once
from core.domain.children import ChildProfile
from core.domain.consents import ConsentRecord
from core.domain.contact import ContactMessage
from core.domain.newsletter import NewsletterSignup
from core.domain.parental_settings import AppSettings
from core.domain.tokens import Purpose, StoredToken
from core.domain.tv_links import TvLink

DEAD_LINK_KEPT = timedelta(days=1)


class SqlChildren:
    def __init__(self, session: Session) -> None:
        self.session = session

    def for_account(self, account_id: int) -> list[ChildProfile]:
        rows = self.session.scalars(
            select(ChildProfileRow)
            .where(ChildProfileRow.account_id == account_id)
            .order_by(ChildProfileRow.created_at, ChildProfileRow.id)
        )
        return [to_domain(r, ChildProfile) for r in rows]

    def get(self, account_id: int, child_id: int) -> ChildProfile | None:
        row = self.session.scalar(
            select(ChildProfileRow).where(
                ChildProfileRow.id == child_id, ChildProfileRow.account_id == account_id
            )
        )
        return to_domain(row, ChildProfile) if row else None

    def add(self, child: ChildProfile, limit: int) -> ChildProfile | None:
        taken = set(
            self.session.scalars(
                select(ChildProfileRow.slot).where(ChildProfileRow.account_id == child.account_id)
            )
        )
        # A concurrent insert into the same slot loses on the unique constraint and tries the next one.
        for slot in (n for n in range(1, limit + 1) if n not in taken):
            child.slot = slot
            row = to_row(child, ChildProfileRow())
            if _insert_once(self.session, row):
                child.id = row.id
                return child
        return None

    def save(self, child: ChildProfile) -> None:
        self.session.execute(
            update(ChildProfileRow)
            .where(ChildProfileRow.id == child.id)
            .values(name=child.name, age_band=child.age_band)
        )

    def delete(self, child_id: int) -> None:
        # Explicit, not only ON DELETE CASCADE: SQLite enforces foreign keys only when told to.
        self.session.execute(
            delete(ParentalSettingsRow).where(ParentalSettingsRow.child_id == child_id)
        )
        self.session.execute(delete(ChildProfileRow).where(ChildProfileRow.id == child_id))

    def settings(self, child_ids: list[int]) -> dict[tuple[int, str], AppSettings]:
        rows = self.session.scalars(
            select(ParentalSettingsRow).where(ParentalSettingsRow.child_id.in_(child_ids))
        )
        return {
            (r.child_id, r.app): AppSettings(
                age_filter=r.age_filter,
                time_limit_minutes=r.time_limit_minutes,
                content_type=r.content_type,
                language=r.language,
                sound=r.sound,
                fullscreen=r.fullscreen,
                categories=tuple(r.categories) if r.categories is not None else None,
                updated_at=r.updated_at,
            )
            for r in rows
        }

    def save_settings(self, child_id: int, app: str, settings: AppSettings) -> None:
        values = {
            "age_filter": settings.age_filter,
            "time_limit_minutes": settings.time_limit_minutes,
            "content_type": settings.content_type,
            "language": settings.language,
            "sound": settings.sound,
            "fullscreen": settings.fullscreen,
            "updated_at": settings.updated_at,
            "categories": list(settings.categories) if settings.categories is not None else None,
        }
        where = (ParentalSettingsRow.child_id == child_id, ParentalSettingsRow.app == app)
        if (
            rowcount(
                self.session.execute(update(ParentalSettingsRow).where(*where).values(**values))
            )
            == 1
        ):
            return
        if not _insert_once(
            self.session, ParentalSettingsRow(child_id=child_id, app=app, **values)
        ):
            self.session.execute(
                update(ParentalSettingsRow).where(*where).values(**values)
            )  # lost a race


class SqlTvLinks:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, link: TvLink, now: datetime) -> bool:
        self.session.execute(
            delete(TvLinkRow).where(
                or_(
                    TvLinkRow.expires_at < now - DEAD_LINK_KEPT,
                    (TvLinkRow.pin_hash == link.pin_hash) & (TvLinkRow.expires_at <= now),
                )
            )
        )
        row = to_row(link, TvLinkRow())
        if not _insert_once(self.session, row):
            return False
        link.id = row.id
        return True

    def by_poll_hash(self, poll_hash: str) -> TvLink | None:
        row = self.session.scalar(select(TvLinkRow).where(TvLinkRow.poll_hash == poll_hash))
        return to_domain(row, TvLink) if row else None

    def claim(self, pin_hash: str, account_id: int, now: datetime, collect_by: datetime) -> bool:
        result = self.session.execute(
            update(TvLinkRow)
            .where(
                TvLinkRow.pin_hash == pin_hash,
                TvLinkRow.claimed_at.is_(None),
                TvLinkRow.expires_at > now,
            )
            .values(account_id=account_id, claimed_at=now, pin_hash=None, expires_at=collect_by)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    def collect(self, link_id: int, now: datetime) -> bool:
        result = self.session.execute(
            update(TvLinkRow)
            .where(
                TvLinkRow.id == link_id,
                TvLinkRow.claimed_at.is_not(None),
                TvLinkRow.collected_at.is_(None),
            )
            .values(collected_at=now)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1


class SqlConsents:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, record: ConsentRecord) -> None:
        row = to_row(record, ConsentRecordRow())
        self.session.add(row)
        self.session.flush()
        record.id = row.id

    def for_account(self, account_id: int) -> list[ConsentRecord]:
        rows = self.session.scalars(
            select(ConsentRecordRow)
            .where(ConsentRecordRow.account_id == account_id)
            .order_by(ConsentRecordRow.at, ConsentRecordRow.id)
        )
        return [to_domain(r, ConsentRecord) for r in rows]


class SqlContactMessages:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, message: ContactMessage) -> ContactMessage:
        row = to_row(message, ContactMessageRow())
        self.session.add(row)
        self.session.flush()
        message.id = row.id
        return message

    def get(self, message_id: int | None) -> ContactMessage | None:
        row = self.session.get(ContactMessageRow, message_id) if message_id is not None else None
        return to_domain(row, ContactMessage) if row else None

    def for_account(self, account_id: int, email: str) -> list[ContactMessage]:
        rows = self.session.scalars(
            select(ContactMessageRow)
            .where(
                or_(ContactMessageRow.account_id == account_id, ContactMessageRow.email == email)
            )
            .order_by(ContactMessageRow.id)
        )
        return [to_domain(r, ContactMessage) for r in rows]


class SqlNewsletter:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, signup: NewsletterSignup) -> bool:
        row = to_row(signup, NewsletterSubscriptionRow())
        if not _insert_once(self.session, row):
            return False
        signup.id = row.id
        return True

    def by_email(self, email: str) -> NewsletterSignup | None:
        row = self.session.scalar(
            select(NewsletterSubscriptionRow).where(NewsletterSubscriptionRow.email == email)
        )
        return to_domain(row, NewsletterSignup) if row else None


class SqlPersonalData:
    def __init__(self, session: Session) -> None:
        self.session = session

    def coupons_redeemed(self, account_id: int) -> list[tuple[str, datetime]]:
        rows = self.session.execute(
            select(CouponRow.code, CouponRedemptionRow.redeemed_at)
            .join(CouponRow, CouponRow.id == CouponRedemptionRow.coupon_id)
            .where(CouponRedemptionRow.account_id == account_id)
            .order_by(CouponRedemptionRow.redeemed_at)
        )
        return [(code, at) for code, at in rows]

    def sessions(self, account_id: int, now: datetime) -> list[StoredToken]:
        rows = self.session.scalars(
            select(TokenRow)
            .where(
                TokenRow.account_id == account_id,
                TokenRow.purpose == Purpose.SESSION.value,
                TokenRow.revoked_at.is_(None),
                TokenRow.expires_at > now,
            )
            .order_by(TokenRow.id)
        )
        return [
            StoredToken(
                account_id=r.account_id,
                purpose=Purpose.SESSION,
                token_hash="",
                expires_at=r.expires_at,
                created_at=r.created_at,
                payload=r.payload,
                id=r.id,
            )
            for r in rows
        ]

    def erase(self, account_id: int, email: str, keep_consent_proof: bool = False) -> None:
        children = select(ChildProfileRow.id).where(ChildProfileRow.account_id == account_id)
        # kept as proof of the purchase consent (docs/consumer-law-renewal.md#consent-proof)
        consents = (
            ()
            if keep_consent_proof
            else (delete(ConsentRecordRow).where(ConsentRecordRow.account_id == account_id),)
        )
        for statement in (
            delete(ParentalSettingsRow).where(ParentalSettingsRow.child_id.in_(children)),
            delete(ChildProfileRow).where(ChildProfileRow.account_id == account_id),
            delete(TokenRow).where(TokenRow.account_id == account_id),
            delete(TvLinkRow).where(TvLinkRow.account_id == account_id),
            *consents,
            delete(ContactMessageRow).where(
                or_(ContactMessageRow.account_id == account_id, ContactMessageRow.email == email)
            ),
            delete(NewsletterSubscriptionRow).where(NewsletterSubscriptionRow.email == email),
            delete(OutboxRow).where(OutboxRow.account_id == account_id),
            # a withdrawal stays on record (what was given back, when), no longer whose
            update(WithdrawalRow)
            .where(WithdrawalRow.account_id == account_id)
            .values(name="", email=""),
        ):
            self.session.execute(statement.execution_options(synchronize_session=False))
