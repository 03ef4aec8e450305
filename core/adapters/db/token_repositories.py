"""Tokens: sessions, links and redirect keys. Consuming one is a single conditional UPDATE, so
the database, not Python, settles races; the session check every request runs is one Core statement."""

from __future__ import annotations

from dataclasses import fields
from datetime import UTC, datetime

from sqlalchemy import bindparam, func, select, update

from core.adapters.db.mapping import field_names, rowcount, to_domain, to_row
from core.adapters.db.models.accounts import AccountRow, TokenRow
from core.adapters.db.models.coupons import CouponRow
from core.adapters.db.models.subscriptions import (
    SubscriptionRow,
)
from core.adapters.db.prepared_read import PreparedRead
from core.adapters.db.repository_base import _OnConnection, _OnSession
from core.domain.accounts import AccountSummary
from core.domain.subscriptions import Subscription
from core.domain.tokens import Purpose, StoredToken

# Every authenticated request runs this: built once (values bound per call), columns rather than ORM
# entities. The session token, what a request reads of its account (AccountSummary's columns: never the
# password hash, the login-throttle state or the sign-up's marketing data), and when it was last used.
_SUMMARY = tuple(AccountRow.__table__.c[name] for name in field_names(AccountSummary))
_LAST_USE = func.coalesce(TokenRow.last_used_at, TokenRow.created_at)
_LONG_AGO = datetime(1970, 1, 1, tzinfo=UTC)
_LIVE_SESSION_WHERE = (
    TokenRow.token_hash == bindparam("token_hash"),
    TokenRow.purpose == Purpose.SESSION.value,
    TokenRow.used_at.is_(None),
    TokenRow.revoked_at.is_(None),
    TokenRow.expires_at > bindparam("now"),
    _LAST_USE > bindparam("idle_since"),
)
_LIVE_SESSION = PreparedRead(
    select(*_SUMMARY, _LAST_USE.label("token_last_use"))
    .select_from(
        TokenRow.__table__.join(AccountRow.__table__, AccountRow.id == TokenRow.account_id)
    )
    .where(*_LIVE_SESSION_WHERE)
)


# `/v5/subscriptions`, the apps' start-up call, in one statement: the live session, its account's summary, the
# account's subscriptions (one row each, or one row of NULLs) and each subscription's coupon duration.
_SUBSCRIPTION = SubscriptionRow.__table__
_COUPON = CouponRow.__table__
_SUBSCRIPTION_FIELDS = tuple(f.name for f in fields(Subscription) if f.name in _SUBSCRIPTION.c)
_LIVE_SESSION_WITH_SUBSCRIPTIONS = PreparedRead(
    select(
        *_SUMMARY,
        _LAST_USE.label("token_last_use"),
        *(_SUBSCRIPTION.c[name].label(f"s_{name}") for name in _SUBSCRIPTION_FIELDS),
        _COUPON.c.duration_code.label("coupon_duration_code"),
    )
    .select_from(
        TokenRow.__table__.join(AccountRow.__table__, AccountRow.id == TokenRow.account_id)
        .outerjoin(_SUBSCRIPTION, _SUBSCRIPTION.c.account_id == AccountRow.id)
        .outerjoin(_COUPON, _COUPON.c.code == _SUBSCRIPTION.c.coupon)
    )
    .where(*_LIVE_SESSION_WHERE)
    .order_by(_SUBSCRIPTION.c.id)
)


_SUBSCRIPTION_LABELS = tuple((name, f"s_{name}") for name in _SUBSCRIPTION_FIELDS)


def _subscription_of(values: dict) -> Subscription:
    return Subscription(**{name: values[label] for name, label in _SUBSCRIPTION_LABELS})


class SqlTokens(_OnSession):
    def add(self, token: StoredToken) -> None:
        row = to_row(token, TokenRow())
        row.purpose = token.purpose.value
        self.session.add(row)
        self.session.flush()

    def _live(self, token_hash: str, purpose: Purpose, now: datetime):
        return (
            TokenRow.token_hash == token_hash,
            TokenRow.purpose == purpose.value,
            TokenRow.used_at.is_(None),
            TokenRow.revoked_at.is_(None),
            TokenRow.expires_at > now,
        )

    def live(self, token_hash: str, purpose: Purpose, now: datetime) -> StoredToken | None:
        row = self.session.scalar(select(TokenRow).where(*self._live(token_hash, purpose, now)))
        return self._domain(row) if row else None

    def live_session(
        self, token_hash: str, now: datetime, idle_since: datetime | None = None
    ) -> tuple[AccountSummary, datetime] | None:
        rows = self._run(
            _LIVE_SESSION,
            {"token_hash": token_hash, "now": now, "idle_since": idle_since or _LONG_AGO},
        )
        return (to_domain(rows[0], AccountSummary), rows[0]["token_last_use"]) if rows else None

    def live_session_with_subscriptions(
        self, token_hash: str, now: datetime, idle_since: datetime | None = None
    ) -> tuple[AccountSummary, datetime, list[tuple[Subscription, str | None]]] | None:
        rows = self._run(
            _LIVE_SESSION_WITH_SUBSCRIPTIONS,
            {"token_hash": token_hash, "now": now, "idle_since": idle_since or _LONG_AGO},
        )
        if not rows:
            return None
        subscriptions = [
            (_subscription_of(values), values["coupon_duration_code"])
            for values in rows
            if values["s_id"] is not None
        ]
        return to_domain(rows[0], AccountSummary), rows[0]["token_last_use"], subscriptions

    def _run(self, read: PreparedRead, parameters: dict) -> list[dict]:
        return [row._asdict() for row in self.session.execute(read.statement, parameters)]

    def touch(self, token_hash: str, now: datetime, unless_since: datetime) -> None:
        self.session.execute(
            update(TokenRow)
            .where(
                TokenRow.token_hash == token_hash,
                func.coalesce(TokenRow.last_used_at, TokenRow.created_at) <= unless_since,
            )
            .values(last_used_at=now)
            .execution_options(synchronize_session=False)
        )

    def consume(self, token_hash: str, purpose: Purpose, now: datetime) -> StoredToken | None:
        result = self.session.execute(
            update(TokenRow)
            .where(*self._live(token_hash, purpose, now))
            .values(used_at=now)
            .execution_options(synchronize_session=False)
        )
        if rowcount(result) != 1:
            return None
        row = self.session.scalar(select(TokenRow).where(TokenRow.token_hash == token_hash))
        assert row is not None  # the token just consumed
        return self._domain(row)

    def revoke(self, token_hash: str, now: datetime) -> None:
        self.session.execute(
            update(TokenRow)
            .where(TokenRow.token_hash == token_hash, TokenRow.revoked_at.is_(None))
            .values(revoked_at=now)
        )

    def revoke_all(
        self, account_id: int, purpose: Purpose, now: datetime, keep_hash: str | None = None
    ) -> None:
        query = update(TokenRow).where(
            TokenRow.account_id == account_id,
            TokenRow.purpose == purpose.value,
            TokenRow.revoked_at.is_(None),
        )
        if keep_hash:
            query = query.where(TokenRow.token_hash != keep_hash)
        self.session.execute(
            query.values(revoked_at=now).execution_options(synchronize_session=False)
        )

    @staticmethod
    def _domain(row: TokenRow) -> StoredToken:
        token = to_domain(row, StoredToken)
        token.purpose = Purpose(row.purpose)
        return token


class ReadTokens(_OnConnection, SqlTokens):
    """For read-only units of work: the session check as a Core statement on the unit's connection."""

    def _run(self, read: PreparedRead, parameters: dict) -> list[dict]:
        return self.uow.rows(read, parameters)
