"""Composing queued e-mails from the outbox (the dispatcher in outbox_dispatch sends them).

Each is rendered in the account's language. Links with single-use tokens are
minted here, at send time, so the outbox never stores a usable token.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation

from core.domain.accounts import DEFAULT_LANGUAGE
from core.domain.catalogue import plan_name
from core.domain.dunning import (
    CARD_EXPIRING_TOPIC,
    FIRST_EMAIL_TOPIC,
    LAST_NOTICE_TOPIC,
    REMINDER_TOPIC,
)
from core.domain.ports.messaging import Email, EmailTemplates, Mailer, OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.renewal_rules import ReminderKind, rule_for
from core.domain.subscriptions import State
from core.domain.tokens import Purpose
from core.services import declaration_emails, payment_update_links, sessions
from core.services.context import ServiceContext

log = logging.getLogger(__name__)
_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
# The US receipt: also the acknowledgement of the renewal terms and how to cancel
# (docs/consumer-law-renewal.md#the-table).
ACKNOWLEDGEMENT = "receipt_acknowledgement"
# E-mails that carry the one-click link to the public cancellation page: every reminder and the
# acknowledgement (docs/consumer-law-renewal.md#reminder-e-mails).
CANCEL_LINK_TOPICS = frozenset({*(k.value for k in ReminderKind), ACKNOWLEDGEMENT})
# The e-mails with the signed link to the payment-method update page (core.domain.dunning).
DUNNING_TOPICS = frozenset(
    {FIRST_EMAIL_TOPIC, REMINDER_TOPIC, LAST_NOTICE_TOPIC, CARD_EXPIRING_TOPIC}
)
PAYMENT_UPDATE_PAGE = (
    "payment-method"  # the web app's update page (docs/billing.md#fixing-a-failed-payment)
)


def payment_update_link(public_url: str, prefix: str, subscription_id: int, token: str) -> str:
    """The payment-method update page of one subscription, opened by its signed link (no password;
    docs/billing.md#fixing-a-failed-payment)."""
    return f"{public_url}{prefix}/{PAYMENT_UPDATE_PAGE}?subscription={subscription_id}&link={token}"


def _payment_update_link(
    ctx: ServiceContext,
    setup: MailSetup,
    uow: UnitOfWork,
    message: OutboxMessage,
    account_id: int,
    prefix: str,
) -> str | None:
    """A new signed, single-use link to the update page (minted now: the outbox never holds a usable
    token), and the day access ends, for the dunning e-mails (docs/billing.md#failed-payments-and-dunning)."""
    subscription_id = message.payload.get("subscription_id")
    if not isinstance(subscription_id, int):  # queued before dunning: the page, after login
        return f"{setup.public_url}{prefix}/{PAYMENT_UPDATE_PAGE}"
    sub = uow.subscriptions.get(subscription_id)
    if sub is None or sub.account_id != account_id:
        return None
    params = message.payload.setdefault("params", {})
    since = params.get("since")
    if since:
        if sub.payment_state_id != State.PAST_DUE:
            return None
        ends = ctx.dunning.access_ends(datetime.fromisoformat(since))
        params["date"] = ends.date().isoformat()
    token = payment_update_links.issue(ctx, uow, account_id, subscription_id)
    return payment_update_link(setup.public_url, prefix, subscription_id, token)


def cancel_contract_link(public_url: str, language: str) -> str:
    """The public cancellation page (no login), in the reader's language."""
    return f"{public_url}/{language}/cancel-contract"


@dataclass
class MailSetup:
    mailer: Mailer
    templates: EmailTemplates
    public_url: str
    support_email: str = "support@lumo.example"  # where contact messages go
    support_language: str = DEFAULT_LANGUAGE  # the language support reads them in


def prepare(
    ctx: ServiceContext, setup: MailSetup, uow: UnitOfWork, message: OutboxMessage
) -> Callable[[], None] | None:
    """The outbox handler of kind "email": compose (minting any link token) now, send after the commit."""
    email = _compose(ctx, setup, uow, message)
    if email is None:
        return None  # the account is gone: nothing to send
    return lambda: setup.mailer.send(email)


def _compose(
    ctx: ServiceContext, setup: MailSetup, uow: UnitOfWork, message: OutboxMessage
) -> Email | None:
    if message.topic == "contact_message":
        return _contact(setup, uow, message)
    if message.topic == declaration_emails.TOPIC:
        return declaration_emails.compose(ctx, setup, uow, message, _render)
    if (
        message.topic == "account_deleted"
    ):  # the account has no address any more: the message carries it
        payload = message.payload
        return _render(
            setup,
            message,
            payload["to"],
            payload.get("language") or DEFAULT_LANGUAGE,
            {k: str(v) for k, v in payload.get("params", {}).items()},
        )
    account_id = message.payload.get("account_id")
    account = uow.accounts.get(account_id) if account_id is not None else None
    if account is None or account.deleted_at is not None:
        return None
    assert account.id is not None  # a stored account
    # a declaration's acknowledgement is in the language of the page it was made on
    language = message.payload.get("language") or account.language or DEFAULT_LANGUAGE
    prefix = "" if language == DEFAULT_LANGUAGE else f"/{language}"
    params = {
        "name": account.name,
        "email": account.email,
    }  # no name: a neutral greeting, never the address
    to = message.payload.get("to") or account.email
    if message.topic in ("reset_password", "partner_reset_password"):
        # A new link makes every earlier one useless (docs/security.md#the-operator-console).
        uow.tokens.revoke_all(account.id, Purpose.RESET_PASSWORD, ctx.clock.now())
        token = sessions.issue_token(
            ctx,
            uow,
            account.id,
            Purpose.RESET_PASSWORD,
            timedelta(minutes=ctx.policy.reset_minutes),
        )
        params["link"] = f"{setup.public_url}{prefix}/reset-password?token={token}"
    elif message.topic == "confirm_email":
        token = sessions.issue_token(
            ctx,
            uow,
            account.id,
            Purpose.CONFIRM_EMAIL,
            timedelta(hours=ctx.policy.confirm_hours),
            payload=account.email,
        )
        params["link"] = f"{setup.public_url}{prefix}/confirm-email?token={token}"
    elif message.topic == "confirm_email_change":
        # A change asked for in the console: to the new address only, while it is still the one asked for.
        pending = account.pending_email
        if pending is None or pending != message.payload.get("to"):
            return None  # confirmed, replaced or withdrawn since
        token = sessions.issue_token(
            ctx,
            uow,
            account.id,
            Purpose.CONFIRM_EMAIL,
            timedelta(hours=ctx.policy.confirm_hours),
            payload=pending,
        )
        params["email"] = pending
        params["link"] = f"{setup.public_url}{prefix}/confirm-email?token={token}"
    elif message.topic in DUNNING_TOPICS:
        link = _payment_update_link(ctx, setup, uow, message, account.id, prefix)
        if link is None:
            return None  # paid, lapsed or gone since: nothing to ask for
        params["link"] = link
    if message.topic == "receipt" and rule_for(account.country_code).terms_acknowledgement:
        message = replace(message, topic=ACKNOWLEDGEMENT)
    if message.topic in CANCEL_LINK_TOPICS:
        params["link"] = cancel_contract_link(setup.public_url, language)
    params.update({k: str(v) for k, v in message.payload.get("params", {}).items()})
    if message.topic in RECEIPT_TOPICS:  # the receipt's number and page; none for a trial's e-mail
        number = params.get("document", "")
        params["document"] = number
        params["document_link"] = f"{setup.public_url}{prefix}/billing/{number}" if number else ""
    _localise(ctx, setup.templates, params, language)
    if message.topic in ("withdrawal", "receipt_withdrawal"):
        withdrawal_lines(setup.templates, params, language)
    return _render(setup, message, to, language, params)


RECEIPT_TOPICS = ("receipt", ACKNOWLEDGEMENT, "receipt_withdrawal")


def _localise(
    ctx: ServiceContext, templates: EmailTemplates, params: dict[str, str], language: str
) -> None:
    """What was bought, how much and when, as the parent's language writes them: the plan named as the
    profile names it (bundle and period), the amount and the date formatted for the locale. Payloads
    written before this carry a plan id and "70.90 EUR": they come out the same way."""
    product, duration = params.pop("product", None), params.pop("duration", None)
    if not product and params.get("plan"):
        plan = ctx.catalogue.find(params["plan"])
        if plan is not None:
            product, duration = plan.product, plan.duration_code
    if product:
        params["plan"] = plan_name(lambda key: templates.text(key, language), product, duration)
    amount, currency = params.pop("amount", None), params.pop("currency", None)
    if not amount and params.get("price"):
        amount, _, currency = params["price"].partition(" ")
    if amount and currency:
        # A receipt's charge today and next charge (docs/billing.md#one-price-truth); a payload written
        # before them said only the price.
        params.setdefault("charged", amount)
        params.setdefault("next_amount", amount)
        try:
            params["price"] = params["amount"] = templates.format_money(
                Decimal(amount), currency, language
            )
            for key in ("charged", "next_amount", "discount_price"):
                if key in params:
                    params[key] = templates.format_money(Decimal(params[key]), currency, language)
        except (InvalidOperation, ValueError):
            log.warning("e-mail amount %r %r not formatted", amount, currency)
    for key in ("date", "deadline", "full_price_from"):
        if _ISO_DAY.fullmatch(params.get(key, "")):
            params[key] = templates.format_date(date.fromisoformat(params[key]), language)
    if _ISO_DAY.fullmatch(params.get("expiry", "")):  # a card's expiry: the month
        params["expiry"] = templates.format_month(date.fromisoformat(params["expiry"]), language)
    params["discount_line"] = _discount_line(templates, params, duration, language)


def _discount_line(
    templates: EmailTemplates, params: dict[str, str], duration: str | None, language: str
) -> str:
    """ "€2.99 a month for 3 months, then €4.99 a month from 4 March 2027": a running discount's terms
    as the gateway bills them (docs/billing.md#one-price-truth); empty without one (the line is left out)."""
    cycles = params.pop("discount_cycles", "")
    if not (cycles.isdigit() and params.get("discount_price") and params.get("full_price_from")):
        return ""
    yearly = duration == "P1Y"
    line = templates.text(
        f"Emails.price_lines.{'discountYearly' if yearly else 'discountMonthly'}", language
    )
    counted = templates.count_text(
        f"Emails.price_lines.{'years' if yearly else 'months'}", int(cycles), language
    )
    values = {
        "discount": params["discount_price"],
        "cycles": counted,
        "price": params.get("price", ""),
        "from": params["full_price_from"],
    }
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), line or "")


def withdrawal_lines(templates: EmailTemplates, params: dict[str, str], language: str) -> None:
    """The withdrawal texts whose wording depends on the case (docs/consumer-law-withdrawal.md): the moment
    received, the refund (or none), the express request as answered at checkout, the last day to withdraw."""

    def text(key: str, **values: str) -> str:
        line = templates.text(f"Emails.withdrawal_lines.{key}", language) or ""
        for name, value in values.items():
            line = line.replace("{" + name + "}", value)
        return line

    for key in ("received", "consent_at"):
        if params.get(key):
            try:
                params[key] = templates.format_datetime(
                    datetime.fromisoformat(params[key]), language
                )
            except ValueError:
                log.warning("e-mail moment %r not formatted", key)
    if _ISO_DAY.fullmatch(params.get("withdraw_until", "")):
        params["withdraw_until"] = templates.format_date(
            date.fromisoformat(params["withdraw_until"]), language
        )
    if "express_request" in params:
        params["consent_line"] = (
            text("expressGiven", at=params.get("consent_at", ""))
            if params["express_request"] == "yes"
            else text("expressNotGiven")
        )
    if "received" in params:
        refunded = Decimal(0)
        try:
            refunded = Decimal(params.get("refund_amount") or "0")
        except InvalidOperation:
            pass
        params["refund_line"] = (
            text("refund", amount=params.get("amount", "")) if refunded > 0 else text("noRefund")
        )


def _contact(setup: MailSetup, uow: UnitOfWork, message: OutboxMessage) -> Email | None:
    """A parent's contact message, to support, in support's language; the parent's language is in it."""
    contact_id = message.payload.get("contact_message_id")
    contact = uow.contact_messages.get(contact_id) if contact_id is not None else None
    if contact is None:
        return None  # erased with its sender's account before it was sent
    language = setup.support_language
    params = {
        "name": contact.name,
        "email": contact.email,
        "phone": contact.phone or "-",
        "subject": setup.templates.text(f"Emails.contact_subjects.{contact.subject}", language)
        or contact.subject,
        "language": contact.language,
        "message": contact.message,
        "account": str(contact.account_id) if contact.account_id else "-",
    }
    return _render(setup, message, setup.support_email, language, params)


def _render(
    setup: MailSetup, message: OutboxMessage, to: str, language: str, params: dict[str, str]
) -> Email:
    params = {**params, "cancel_contract_url": cancel_contract_link(setup.public_url, language)}
    subject, text, html = setup.templates.render(message.topic, language, params)
    return Email(
        to=to,
        subject=subject,
        text=text,
        html=html,
        language=language,
        message_id=f"<outbox-{message.id}@lumo>",
    )
