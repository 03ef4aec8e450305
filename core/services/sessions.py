"""Issuing and checking bearer tokens."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TypeVar

from core.domain import errors
from core.domain.accounts import AccountSummary
from core.domain.consents import must_accept_terms
from core.domain.errors import DomainError
from core.domain.ports.accounts import TokenRepository
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.subscriptions import Subscription
from core.domain.tokens import Purpose, StoredToken, hash_token, new_token
from core.services.context import ServiceContext

NOTE_USE_EVERY = timedelta(hours=1)


def issue_token(
    ctx: ServiceContext,
    uow: UnitOfWork,
    account_id: int,
    purpose: Purpose,
    lifetime: timedelta,
    payload: str | None = None,
) -> str:
    """Create a token inside the caller's unit of work; only its hash is stored."""
    raw = new_token()
    now = ctx.clock.now()
    uow.tokens.add(
        StoredToken(
            account_id=account_id,
            purpose=purpose,
            token_hash=hash_token(raw),
            expires_at=now + lifetime,
            created_at=now,
            payload=payload,
        )
    )
    return raw


def issue_session(ctx: ServiceContext, uow: UnitOfWork, account_id: int) -> str:
    return issue_token(
        ctx, uow, account_id, Purpose.SESSION, timedelta(days=ctx.policy.session_days)
    )


def authenticate(ctx: ServiceContext, raw_token: str | None, terms_gate: bool = False) -> int:
    """The account id behind a bearer token, or 401 loginNeeded. With `terms_gate`, an account that
    has not accepted the terms in force gets 403 termsUpdate (with the version to accept)."""
    return authenticated_account(ctx, raw_token, terms_gate).id


def authenticated_account(
    ctx: ServiceContext, raw_token: str | None, terms_gate: bool = False
) -> AccountSummary:
    """As `authenticate`, answering what a request reads of the account (read in the same query as the
    token; AccountSummary: never its password hash)."""
    account, _ = _admitted(ctx, raw_token, terms_gate, _live_session)
    return account


def _live_session(
    tokens: TokenRepository, token_hash: str, now: datetime, idle_since: datetime
) -> tuple[AccountSummary, datetime, None] | None:
    found = tokens.live_session(token_hash, now, idle_since=idle_since)
    return None if found is None else (*found, None)


def authenticated_account_with_subscriptions(
    ctx: ServiceContext, raw_token: str | None, terms_gate: bool = False
) -> tuple[AccountSummary, list[tuple[Subscription, str | None]]]:
    """As `authenticated_account`, with the account's subscriptions (each with its coupon's duration code)
    read in the same single query: the apps ask for them on every start."""
    return _admitted(
        ctx,
        raw_token,
        terms_gate,
        lambda tokens, token_hash, now, idle_since: tokens.live_session_with_subscriptions(
            token_hash, now, idle_since
        ),
    )


_More = TypeVar("_More")


def _admitted(
    ctx: ServiceContext,
    raw_token: str | None,
    terms_gate: bool,
    lookup: Callable[
        [TokenRepository, str, datetime, datetime], tuple[AccountSummary, datetime, _More] | None
    ],
) -> tuple[AccountSummary, _More]:
    """The session checks shared by every authenticated call: 401 loginNeeded without a live token
    (unknown, expired, revoked, or idle for `session_idle_days`), the hourly note of use, and with
    `terms_gate` 403 termsUpdate until the terms in force are accepted. `lookup(tokens, token_hash,
    now, idle_since)` answers (account, last use, more) or None; this answers (account, more)."""
    if not raw_token:
        raise DomainError(errors.LOGIN_NEEDED)
    now = ctx.clock.now()
    token_hash = hash_token(raw_token)
    with ctx.read() as uow:
        found = lookup(
            uow.tokens, token_hash, now, now - timedelta(days=ctx.policy.session_idle_days)
        )
    if found is None:
        raise DomainError(errors.LOGIN_NEEDED)
    account, last_use, more = found
    if now - last_use >= NOTE_USE_EVERY:
        note_use(ctx, token_hash, now)
    if terms_gate and must_accept_terms(account.terms_version, ctx.terms.terms_version):
        raise DomainError(errors.TERMS_UPDATE, version=ctx.terms.terms_version)
    return account, more


def note_use(ctx: ServiceContext, token_hash: str, now: datetime) -> None:
    """Idle expiry needs the last use, but not a write per request: one an hour is precise enough."""
    with ctx.uow() as uow:
        uow.tokens.touch(token_hash, now, unless_since=now - NOTE_USE_EVERY)
        uow.commit()


def logout(ctx: ServiceContext, raw_token: str) -> None:
    with ctx.uow() as uow:
        uow.tokens.revoke(hash_token(raw_token), ctx.clock.now())
        uow.commit()
