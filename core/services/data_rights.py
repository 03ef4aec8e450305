"""The parent's data rights: download everything about the account, and erase it.

Erasure keeps billing records only as accounting law requires: the account row stays as an
anonymous stub (id, country, dates) so that its subscriptions (amounts, dates, plan, gateway
ids) and coupon redemptions keep their owner; everything that identifies a person goes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from core.domain import callbacks, errors
from core.domain.accounts import Account
from core.domain.billing_documents import BillingDocument
from core.domain.consents import ConsentRecord, must_accept_terms
from core.domain.contact import ContactMessage
from core.domain.contract_cancellations import Declaration
from core.domain.errors import DomainError
from core.domain.newsletter import NewsletterSignup
from core.domain.payment_history import PaymentEvent
from core.domain.payments import GatewayUnavailable
from core.domain.ports.messaging import ERASE_AFTER_DELIVERY, OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.renewal_rules import must_keep_consent_proof, purchase_span, rule_for
from core.domain.subscription_events import Event
from core.domain.subscriptions import WEB_STORE, Subscription
from core.domain.withdrawals import PurchaseConsent, Withdrawal
from core.services import children, consents, profile
from core.services.children import ChildWithSettings
from core.services.context import ServiceContext
from core.services.profile import SubscriptionView
from core.services.subscription_effects import carry_out
from core.services.tv_links import TV_SESSION

log = logging.getLogger(__name__)
EXPORT_FORMAT = "lumo-account-export/1"


@dataclass(frozen=True)
class PromotionalConsent:
    granted: bool
    version: str | None
    granted_at: datetime | None


@dataclass(frozen=True)
class AccountRecord:
    """Every account field but the password hash, with what follows from it (terms due, promotional consent)."""

    account: Account
    must_accept_terms: bool
    promotional_consent: PromotionalConsent

    @property
    def utm(self) -> dict[str, Any]:
        return self.account.utm or {}


@dataclass(frozen=True)
class RedeemedCoupon:
    code: str
    redeemed_at: datetime | None


@dataclass(frozen=True)
class SessionRecord:
    """A signed-in device, without its token."""

    created_at: datetime | None
    expires_at: datetime | None
    device: str | None  # "tv" for a TV session


@dataclass(frozen=True)
class AccountExport:
    """The parent's data export (read model; bff/resources/account_data/schemas.py names its fields)."""

    format: str
    exported_at: datetime
    account: AccountRecord
    children: list[ChildWithSettings]
    subscriptions: list[SubscriptionView]  # hidden ones (pending, failed) included
    consents: list[ConsentRecord]  # oldest first
    contact_messages: list[ContactMessage]
    newsletter: list[NewsletterSignup]
    coupons_redeemed: list[RedeemedCoupon]
    sessions: list[SessionRecord]
    # Charges, refunds, voids and disputes (docs/billing-refunds.md); which operator refunded is staff data.
    payments: list[PaymentEvent]
    # Analytics records carry no account, e-mail or name (see core/domain/analytics.py): none is tied to it.
    analytics_records: list[Any] = field(default_factory=list)
    # The express requests answered at checkout and the withdrawal declarations
    # (docs/consumer-law-withdrawal.md)
    purchase_consents: list[PurchaseConsent] = field(default_factory=list)
    withdrawals: list[Withdrawal] = field(default_factory=list)
    # Receipts and credit notes (docs/billing.md#receipts-and-credit-notes)
    billing_documents: list[BillingDocument] = field(default_factory=list)
    # Public cancellations matched to the account or made with its address (docs/consumer-law.md#what-is-kept)
    declarations: list[Declaration] = field(default_factory=list)


def export(ctx: ServiceContext, account_id: int) -> AccountExport:
    now = ctx.clock.now()
    family = children.family_settings(ctx, account_id)
    with ctx.uow() as uow:
        account = uow.accounts.get(account_id)
        if account is None:
            raise DomainError(errors.LOGIN_NEEDED)
        subscriptions = uow.subscriptions.for_account(account_id)
        history = uow.consents.for_account(account_id)
        messages = uow.contact_messages.for_account(account_id, account.email)
        newsletter = uow.newsletter.by_email(account.email)
        redeemed = uow.personal_data.coupons_redeemed(account_id)
        sessions = uow.personal_data.sessions(account_id, now)
        payments = uow.payments.events(account_id=account_id)
        declared = uow.withdrawals.for_account(account_id)
        documents = uow.billing_documents.for_account(account_id)
        cancellations = uow.declarations.for_account(account_id, account.email)
        asked = [
            c
            for s in subscriptions
            if s.id is not None and (c := uow.withdrawals.consent_for(s.id)) is not None
        ]
    return AccountExport(
        format=EXPORT_FORMAT,
        exported_at=now,
        account=AccountRecord(
            account=account,
            must_accept_terms=must_accept_terms(account.terms_version, ctx.terms.terms_version),
            promotional_consent=PromotionalConsent(
                granted=account.promo_accepted_at is not None,
                version=account.promo_consent_version,
                granted_at=account.promo_accepted_at,
            ),
        ),
        children=family,
        subscriptions=[profile.subscription_view(s, now) for s in subscriptions],
        consents=consents.oldest_first(history),
        contact_messages=list(messages),
        newsletter=[newsletter] if newsletter else [],
        coupons_redeemed=[RedeemedCoupon(code, at) for code, at in redeemed],
        sessions=[
            SessionRecord(t.created_at, t.expires_at, "tv" if t.payload == TV_SESSION else None)
            for t in sessions
        ],
        payments=list(payments),
        purchase_consents=asked,
        withdrawals=declared,
        billing_documents=documents,
        declarations=cancellations,
    )


def delete_account(ctx: ServiceContext, account_id: int, password: str) -> None:
    """Erase the account after the password is re-entered (400 code 1 if wrong).

    First the gateway: renewing web subscriptions are cancelled and the customer (with its stored
    cards) removed; if the gateway cannot be reached nothing is erased (503 accountDeleteFailed).
    Then, in one transaction: subscriptions cancelled and kept anonymous, partners told, child
    profiles and personal data erased, every token revoked, and the confirmation e-mail queued
    carrying its own address (the account no longer has one); the outbox forgets it once sent."""
    with ctx.uow() as uow:
        account = uow.accounts.get(account_id)
        subscriptions = uow.subscriptions.for_account(account_id)
    if account is None or account.deleted_at is not None:
        raise DomainError(errors.LOGIN_NEEDED)
    if not ctx.hasher.verify(account.password_hash, password):
        raise DomainError(errors.WRONG_PASSWORD)
    erase_account(ctx, account_id, subscriptions)


def erase_account(
    ctx: ServiceContext,
    account_id: int,
    subscriptions: list[Subscription] | None = None,
    audit: Callable[[UnitOfWork], None] | None = None,
) -> None:
    """The erasure itself, once the caller is entitled to it (the parent's password, or an admin of the
    operator console with a typed confirmation: core/services/ops/actions.py, whose `audit(uow)` writes its
    entry in the erasing transaction)."""
    if subscriptions is None:
        with ctx.uow() as uow:
            subscriptions = uow.subscriptions.for_account(account_id)
    now = ctx.clock.now()
    _close_at_gateway(
        ctx, account_id, [s for s in subscriptions if s.store_id == WEB_STORE and s.gateway_id], now
    )
    with ctx.uow() as uow:
        account = uow.accounts.get(account_id)
        assert account is not None  # the callers found it
        bought, last_end = purchase_span(subscriptions)
        keep_proof = bought is not None and must_keep_consent_proof(
            rule_for(account.country_code), bought, max(last_end or now, now), now
        )  # docs/consumer-law-renewal.md#consent-proof
        uow.personal_data.erase(account_id, account.email, keep_consent_proof=keep_proof)
        for sub in uow.subscriptions.for_account(account_id):
            # App-store subscriptions can only be stopped by the parent in that store (the e-mail says so).
            live = (
                sub.visible
                and not sub.is_expired(now)
                and not sub.is_cancelled()
                and sub.store_id not in callbacks.APP_STORES
            )
            if live:
                effects = sub.apply(Event.ACCOUNT_CLOSED, now)
                uow.subscriptions.save(sub)
                # None today: the partner is told below, with the reason and erased after delivery.
                carry_out(uow, sub, effects, now)
            partner = callbacks.partner_of(sub, account)
            if live and partner:
                uow.outbox.add(
                    OutboxMessage(
                        kind="partner",
                        topic=callbacks.UNSUBSCRIBED,
                        account_id=account_id,
                        payload={
                            **callbacks.payload(callbacks.UNSUBSCRIBED, sub, account, partner, now),
                            "reason": "account_deleted",
                            ERASE_AFTER_DELIVERY: True,
                        },
                    )
                )
        if not account.is_email_fake:
            uow.outbox.add(
                OutboxMessage(
                    kind="email",
                    topic="account_deleted",
                    payload={
                        "to": account.email,
                        "language": account.language,
                        "params": {"name": account.name},
                        ERASE_AFTER_DELIVERY: True,
                    },
                )
            )
        account.erase(now)
        uow.accounts.save(account)
        if audit is not None:
            audit(uow)
        uow.commit()
    ctx.jobs.outbox_changed()


def _close_at_gateway(
    ctx: ServiceContext, account_id: int, web_subscriptions: list[Subscription], now: datetime
) -> None:
    try:
        for sub in web_subscriptions:
            if (
                sub.gateway_id
                and sub.is_renewing
                and not sub.is_expired(now)
                and not ctx.gateway.cancel_subscription(sub.gateway_id).ok
            ):
                raise DomainError(errors.ACCOUNT_DELETE_FAILED)
        if web_subscriptions and not ctx.gateway.delete_customer(str(account_id)).ok:
            raise DomainError(errors.ACCOUNT_DELETE_FAILED)
    except GatewayUnavailable as exc:
        log.warning("account deletion postponed: payment gateway unreachable")
        raise DomainError(errors.ACCOUNT_DELETE_FAILED) from exc
