"""The parent's own account: what they see and what they may change."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from core.domain import errors
from core.domain.accounts import (
    MAX_NAME_LENGTH,
    Account,
    AccountSummary,
    is_valid_email,
    normalise_email,
)
from core.domain.errors import DomainError
from core.domain.ports.messaging import OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.staff import AuditEntry, mask_email_for_audit
from core.domain.stores import can_change_plan, cancel_route
from core.domain.subscriptions import Subscription, visible
from core.domain.tokens import Purpose, hash_token
from core.services import sessions
from core.services.context import ServiceContext


@dataclass(frozen=True)
class PaymentCard:
    """What the profile shows of a card: the gateway's brand and the last four digits, never more."""

    brand: str | None
    last4: str


@dataclass(frozen=True)
class SubscriptionView:
    """A subscription as its owner sees it, with what follows from it now (read model; bff names it)."""

    subscription: Subscription
    is_expired: bool
    cancel: dict[str, Any]  # stores.cancel_route: how to cancel
    can_change_plan: bool
    coupon_duration_code: str | None = None

    @property
    def id(self) -> int | None:
        return self.subscription.id

    @property
    def current_price(self) -> Decimal | None:
        """What the next charge takes (docs/billing.md#one-price-truth)."""
        return self.subscription.next_charge_price()

    @property
    def full_price(self) -> Decimal | None:
        """The plan's price of a period, undiscounted."""
        return self.subscription.payment_plan_price

    @property
    def full_price_from(self) -> datetime | None:
        """While a discount runs, the first charge at the full price."""
        s = self.subscription
        return s.full_price_from if s.discount_running else None

    @property
    def payment_card(self) -> PaymentCard | None:
        s = self.subscription
        return PaymentCard(s.payment_brand, s.payment_last4) if s.payment_last4 else None


@dataclass(frozen=True)
class AccountView:
    """The account answer (read model): the account (or what the answer shows of it) and its visible
    subscriptions."""

    account: Account | AccountSummary
    subscriptions: list[SubscriptionView]


def account_view(
    ctx: ServiceContext, account_id: int, account: Account | None = None
) -> AccountView:
    """The account answer; pass the account when the caller holds it already (one query less)."""
    with ctx.read() as uow:
        account = (
            account
            if account is not None and account.id == account_id
            else uow.accounts.get(account_id)
        )
        if account is None:
            raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
        subscriptions = visible(uow.subscriptions.for_account(account_id))
        # The profile shows each coupon with its duration; few subscriptions carry one.
        coupons = {
            code: uow.coupons.by_code(code)
            for code in {s.coupon for s in subscriptions if s.coupon}
        }
    durations = {code: coupon.duration_code for code, coupon in coupons.items() if coupon}
    return _account_answer(
        account,
        [(s, durations.get(s.coupon) if s.coupon else None) for s in subscriptions],
        ctx.clock.now(),
    )


def account_view_for_token(ctx: ServiceContext, raw_token: str | None) -> AccountView:
    """The account answer for a bearer token (the apps' start-up call, `/v5/subscriptions`): the session
    check, the account, its subscriptions and their coupons' durations in one query. Same errors as
    any call needing the terms in force: 401 loginNeeded, 403 termsUpdate."""
    account, found = sessions.authenticated_account_with_subscriptions(
        ctx, raw_token, terms_gate=True
    )
    return _account_answer(
        account, [(s, duration) for s, duration in found if s.visible], ctx.clock.now()
    )


def _account_answer(
    account: Account | AccountSummary,
    subscriptions: list[tuple[Subscription, str | None]],
    now: datetime,
) -> AccountView:
    return AccountView(
        account, [subscription_view(s, now, duration) for s, duration in subscriptions]
    )


def subscription_view(
    s: Subscription, now: datetime, coupon_duration_code: str | None = None
) -> SubscriptionView:
    return SubscriptionView(
        subscription=s,
        is_expired=s.is_expired(now),
        cancel=cancel_route(s),
        can_change_plan=can_change_plan(s),
        coupon_duration_code=coupon_duration_code,
    )


def change_email(
    ctx: ServiceContext,
    account_id: int,
    raw_email: str,
    audit: Callable[[UnitOfWork, str, str], None] | None = None,
) -> None:
    """`audit(uow, old_email, new_email)`: the operator console's entry, in the same transaction."""
    email = normalise_email(raw_email)
    if not is_valid_email(email):
        raise DomainError(errors.INVALID_EMAIL)
    with ctx.uow() as uow:
        account = uow.accounts.get(account_id)
        if account is None:
            raise DomainError(errors.EMAIL_NOT_FOUND)
        if email == account.email:
            return
        if uow.accounts.by_email(email) is not None:
            raise DomainError(errors.EMAIL_TAKEN)
        old_email = account.email
        account.email, account.is_email_confirmed, account.is_email_fake = email, False, False
        account.pending_email = account.pending_email_at = None  # the parent's own choice wins
        uow.accounts.save(account)
        uow.tokens.revoke_all(account_id, Purpose.CONFIRM_EMAIL, ctx.clock.now())
        uow.outbox.add(
            OutboxMessage(kind="email", topic="confirm_email", payload={"account_id": account_id})
        )
        uow.outbox.add(
            OutboxMessage(
                kind="email",
                topic="email_changed",
                payload={"account_id": account_id, "to": old_email},
            )
        )
        if audit is not None:
            audit(uow, old_email, email)
        uow.commit()
    ctx.jobs.outbox_changed()


def set_email_language(
    ctx: ServiceContext, account_id: int, language: str, explicit: bool
) -> Account:
    """The e-mail language, chosen in the profile (explicit) or following the site's language."""
    with ctx.uow() as uow:
        account = uow.accounts.get(account_id)
        if account is None:
            raise DomainError(errors.EMAIL_NOT_FOUND)
        if account.follow_language(language, explicit):
            uow.accounts.save(account)
            uow.commit()
    return account


def change_name(ctx: ServiceContext, account_id: int, raw_name: str) -> None:
    name = (raw_name or "").strip()
    if not name or len(name) > MAX_NAME_LENGTH:
        raise DomainError(errors.PARAMETER_REQUIRED, field="name")
    with ctx.uow() as uow:
        account = uow.accounts.get(account_id)
        if account is None:
            raise DomainError(errors.EMAIL_NOT_FOUND)
        account.name = name
        uow.accounts.save(account)
        uow.commit()


def confirm_email(ctx: ServiceContext, raw_token: str) -> None:
    with ctx.uow() as uow:
        token = uow.tokens.consume(
            hash_token(raw_token or ""), Purpose.CONFIRM_EMAIL, ctx.clock.now()
        )
        account = uow.accounts.get(token.account_id) if token else None
        if token is None or account is None:
            raise DomainError(errors.LINK_INVALID)
        # The link confirms the address it was sent to, not whatever the account holds now.
        if account.email == token.payload:
            account.is_email_confirmed = True
            uow.accounts.save(account)
        elif account.pending_email is not None and account.pending_email == token.payload:
            _take_pending_email(ctx, uow, account)
        else:
            raise DomainError(errors.LINK_INVALID)
        uow.commit()
    ctx.jobs.outbox_changed()


def _take_pending_email(ctx: ServiceContext, uow: UnitOfWork, account: Account) -> None:
    """A change asked for in the operator console, confirmed by its new address: now in force; the old
    address is told, and the console's trail notes it (docs/operator-console.md#e-mail-changes-and-reset-links)."""
    assert account.pending_email is not None and account.id is not None
    if uow.accounts.by_email(account.pending_email) is not None:
        raise DomainError(errors.EMAIL_TAKEN)  # registered by someone else meanwhile
    old, new = account.email, account.pending_email
    account.email, account.is_email_confirmed, account.is_email_fake = new, True, False
    account.pending_email = account.pending_email_at = None
    uow.accounts.save(account)
    uow.outbox.add(
        OutboxMessage(
            kind="email", topic="email_changed", payload={"account_id": account.id, "to": old}
        )
    )
    uow.audit.append(
        AuditEntry(
            action="parent.email_change_confirmed",
            at=ctx.clock.now(),
            account_id=account.id,
            target=f"account:{account.id}",
            before={"email": mask_email_for_audit(old)},
            after={"email": mask_email_for_audit(new)},
        )
    )
