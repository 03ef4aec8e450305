"""Forgotten, reset and changed passwords."""

from __future__ import annotations

from core.domain import errors
from core.domain.accounts import is_valid_email, normalise_email
from core.domain.errors import DomainError
from core.domain.ports.messaging import OutboxMessage
from core.domain.tokens import Purpose, hash_token
from core.services.context import ServiceContext


def request_reset(ctx: ServiceContext, raw_email: str | None, partner: bool = False) -> None:
    """Queue a reset e-mail. The link's token is made when the e-mail is sent, so
    no usable token ever sits in the outbox."""
    email = normalise_email(raw_email)
    if not email:
        raise DomainError(errors.FORGOT_EMPTY_EMAIL)
    if not is_valid_email(email):
        raise DomainError(errors.FORGOT_INVALID_EMAIL)
    with ctx.uow() as uow:
        account = uow.accounts.by_email(email)
        if account is None:
            raise DomainError(errors.NO_SUCH_USER)
        if account.is_email_fake:
            # A partner account with a placeholder address cannot receive the link.
            raise DomainError(errors.FORGOT_UPDATE_FAILED)
        topic = "partner_reset_password" if partner else "reset_password"
        uow.outbox.add(OutboxMessage(kind="email", topic=topic, payload={"account_id": account.id}))
        uow.commit()
    ctx.jobs.outbox_changed()


def reset(ctx: ServiceContext, raw_token: str, new_password: str) -> None:
    now = ctx.clock.now()
    new_hash = ctx.hasher.hash(new_password)
    with ctx.uow() as uow:
        token = uow.tokens.consume(hash_token(raw_token or ""), Purpose.RESET_PASSWORD, now)
        if token is None:
            raise DomainError(errors.LINK_INVALID)
        account = uow.accounts.get(token.account_id)
        if account is None:
            raise DomainError(errors.LINK_INVALID)
        account.password_hash = new_hash
        uow.accounts.save(account)
        uow.tokens.revoke_all(token.account_id, Purpose.SESSION, now)
        uow.tokens.revoke_all(token.account_id, Purpose.RESET_PASSWORD, now)
        uow.commit()


def change(
    ctx: ServiceContext, account_id: int, current_token: str, old_password: str, new_password: str
) -> None:
    now = ctx.clock.now()
    with ctx.uow() as uow:
        account = uow.accounts.get(account_id)
    if account is None:
        raise DomainError(errors.EMAIL_NOT_FOUND)
    if not ctx.hasher.verify(account.password_hash, old_password):
        raise DomainError(errors.WRONG_OLD_PASSWORD)
    new_hash = ctx.hasher.hash(new_password)
    with ctx.uow() as uow:
        account.password_hash = new_hash
        uow.accounts.save(account)
        # Every other device is signed out; the one that changed the password stays in.
        uow.tokens.revoke_all(account_id, Purpose.SESSION, now, keep_hash=hash_token(current_token))
        uow.commit()
