"""Redirect keys: a one-minute, single-use ticket that logs a web app in."""

from __future__ import annotations

from datetime import timedelta

from core.domain import errors
from core.domain.errors import DomainError
from core.domain.tokens import Purpose, hash_token
from core.services import sessions
from core.services.context import ServiceContext


def generate(ctx: ServiceContext, account_id: int) -> str:
    with ctx.uow() as uow:
        key = sessions.issue_token(
            ctx,
            uow,
            account_id,
            Purpose.REDIRECT_KEY,
            timedelta(seconds=ctx.policy.redirect_key_seconds),
        )
        uow.commit()
    return key


def verify(ctx: ServiceContext, raw_key: str | None) -> str:
    """Trade a key for a fresh session token; the key cannot be used again."""
    with ctx.uow() as uow:
        key = uow.tokens.consume(hash_token(raw_key or ""), Purpose.REDIRECT_KEY, ctx.clock.now())
        if key is None:
            raise DomainError(errors.REDIRECT_KEY_INVALID)
        token = sessions.issue_session(ctx, uow, key.account_id)
        uow.commit()
    return token
