"""Delivering queued e-mails from the outbox, once each.

A message is leased, rendered in the account's language, sent, and marked
delivered in one unit of work. Links with single-use tokens are minted here,
at send time, so the outbox never stores a usable token.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from core.domain.accounts import DEFAULT_LANGUAGE
from core.domain.ports import Email, EmailTemplates, Mailer, OutboxMessage, UnitOfWork
from core.domain.tokens import Purpose
from core.services import sessions
from core.services.context import ServiceContext

LEASE_SECONDS = 300


@dataclass
class MailSetup:
    mailer: Mailer
    templates: EmailTemplates
    public_url: str


def deliver_pending(ctx: ServiceContext, setup: MailSetup, limit: int = 100) -> int:
    with ctx.uow() as uow:
        ids = uow.outbox.pending_ids("email", ctx.clock.now(), limit)
    return sum(1 for message_id in ids if deliver_one(ctx, setup, message_id))


def deliver_one(ctx: ServiceContext, setup: MailSetup, message_id: int) -> bool:
    now = ctx.clock.now()
    with ctx.uow() as uow:
        message = uow.outbox.claim(message_id, now, LEASE_SECONDS)
        uow.commit()
    if message is None:
        return False
    try:
        with ctx.uow() as uow:
            email = _compose(ctx, setup, uow, message)
            if email is not None:
                setup.mailer.send(email)
            uow.outbox.mark_delivered(message_id, ctx.clock.now())
            uow.commit()
        return True
    except Exception as exc:  # the lease expires and the beat job re-drives it
        with ctx.uow() as uow:
            uow.outbox.mark_failed(message_id, f"{type(exc).__name__}: {exc}"[:500])
            uow.commit()
        return False


def _compose(ctx: ServiceContext, setup: MailSetup, uow: UnitOfWork, message: OutboxMessage) -> Email | None:
    account = uow.accounts.get(message.payload.get("account_id"))
    if account is None:
        return None
    language = account.language or DEFAULT_LANGUAGE
    prefix = "" if language == DEFAULT_LANGUAGE else f"/{language}"
    params = {"name": account.name or account.email, "email": account.email}
    to = message.payload.get("to") or account.email
    if message.topic in ("reset_password", "partner_reset_password"):
        token = sessions.issue_token(ctx, uow, account.id, Purpose.RESET_PASSWORD,
                                     timedelta(minutes=ctx.policy.reset_minutes))
        params["link"] = f"{setup.public_url}{prefix}/reset-password?token={token}"
    elif message.topic == "confirm_email":
        token = sessions.issue_token(ctx, uow, account.id, Purpose.CONFIRM_EMAIL,
                                     timedelta(hours=ctx.policy.confirm_hours), payload=account.email)
        params["link"] = f"{setup.public_url}{prefix}/confirm-email?token={token}"
    elif message.topic == "payment_failed":
        params["link"] = f"{setup.public_url}{prefix}/changePlan"
    params.update({k: str(v) for k, v in message.payload.get("params", {}).items()})
    subject, text, html = setup.templates.render(message.topic, language, params)
    return Email(to=to, subject=subject, text=text, html=html, language=language,
                 message_id=f"<outbox-{message.id}@lumo>")
