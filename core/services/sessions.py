"""Issuing and checking bearer tokens."""
from __future__ import annotations

from datetime import timedelta

from core.domain import errors
from core.domain.accounts import Account
from core.domain.consents import must_accept_terms
from core.domain.errors import DomainError
from core.domain.ports import UnitOfWork
from core.domain.tokens import Purpose, StoredToken, hash_token, new_token
from core.services.context import ServiceContext

NOTE_USE_EVERY = timedelta(hours=1)


def issue_token(ctx: ServiceContext, uow: UnitOfWork, account_id: int, purpose: Purpose,
                lifetime: timedelta, payload: str | None = None) -> str:
    """Create a token inside the caller's unit of work; only its hash is stored."""
    raw = new_token()
    now = ctx.clock.now()
    uow.tokens.add(StoredToken(account_id=account_id, purpose=purpose, token_hash=hash_token(raw),
                               expires_at=now + lifetime, created_at=now, payload=payload))
    return raw


def issue_session(ctx: ServiceContext, uow: UnitOfWork, account_id: int) -> str:
    return issue_token(ctx, uow, account_id, Purpose.SESSION, timedelta(days=ctx.policy.session_days))


def authenticate(ctx: ServiceContext, raw_token: str | None, terms_gate: bool = False) -> int:
    """The account id behind a bearer token, or 401 loginNeeded. With `terms_gate`, an account that
    has not accepted the terms in force gets 403 termsUpdate (with the version to accept)."""
    return authenticated_account(ctx, raw_token, terms_gate).id


def authenticated_account(ctx: ServiceContext, raw_token: str | None, terms_gate: bool = False) -> Account:
    """As `authenticate`, answering the account itself (read in the same query as the token)."""
    if not raw_token:
        raise DomainError(errors.LOGIN_NEEDED)
    now = ctx.clock.now()
    token_hash = hash_token(raw_token)
    with ctx.read() as uow:
        session = uow.tokens.live_session(token_hash, now, idle_since=now - timedelta(days=ctx.policy.session_idle_days))
    if session is None:
        raise DomainError(errors.LOGIN_NEEDED)
    account, last_use = session
    if now - last_use >= NOTE_USE_EVERY:
        note_use(ctx, token_hash, now)
    if terms_gate and must_accept_terms(account.terms_version, ctx.family.terms_version):
        raise DomainError(errors.TERMS_UPDATE, version=ctx.family.terms_version)
    return account


def note_use(ctx: ServiceContext, token_hash: str, now) -> None:
    """Idle expiry needs the last use, but not a write per request: one an hour is precise enough."""
    with ctx.uow() as uow:
        uow.tokens.touch(token_hash, now, unless_since=now - NOTE_USE_EVERY)
        uow.commit()


def logout(ctx: ServiceContext, raw_token: str) -> None:
    with ctx.uow() as uow:
        uow.tokens.revoke(hash_token(raw_token), ctx.clock.now())
        uow.commit()
