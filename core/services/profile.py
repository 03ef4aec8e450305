"""The parent's own account: what they see and what they may change."""

from __future__ import annotations

from core.domain import errors
from core.domain.accounts import MAX_NAME_LENGTH, Account, is_valid_email, normalise_email
from core.domain.errors import DomainError
from core.domain.ports import OutboxMessage
from core.domain.stores import can_change_plan, cancel_route
from core.domain.subscriptions import Subscription, visible
from core.domain.tokens import Purpose, hash_token
from core.services import sessions
from core.services.context import ServiceContext


def account_view(ctx: ServiceContext, account_id: int, account: Account | None = None) -> dict:
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
        account, [(s, durations.get(s.coupon)) for s in subscriptions], ctx.clock.now()
    )


def account_view_for_token(ctx: ServiceContext, raw_token: str | None) -> dict:
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
    account: Account, subscriptions: list[tuple[Subscription, str | None]], now
) -> dict:
    return {
        "email": account.email,
        "name": account.name,
        "emailIsConfirmed": account.is_email_confirmed,
        "isEmailFake": account.is_email_fake,
        "emailLanguage": account.language,
        "emailLanguageChosen": account.language_chosen,
        "subscriptions": [subscription_view(s, now, duration) for s, duration in subscriptions],
    }


def subscription_view(s: Subscription, now, coupon_duration_code: str | None = None) -> dict:
    return {
        "id": s.id,
        "subscriptionId": s.id,
        "durationCode": s.duration_code,
        "subscriptionType": s.subscription_type,
        "paymentPlanPrice": str(s.payment_plan_price) if s.payment_plan_price is not None else None,
        "currency": s.currency,
        "isRenewing": s.is_renewing,
        "paymentPlanId": s.payment_plan_id,
        "endDate": s.end_date.isoformat() if s.end_date else None,
        "paymentStateId": s.payment_state_id,
        "platformPurchadeId": s.platform_purchase_id,
        "storeId": s.store_id,
        "isExpired": s.is_expired(now),
        "nextBillingDate": s.next_billing_date.isoformat() if s.next_billing_date else None,
        "paymentMethod": s.payment_method,
        "coupon": s.coupon,
        "couponDurationCode": coupon_duration_code,
        "cancel": cancel_route(s),
        "canChangePlan": can_change_plan(s),
        "cancelledAt": s.cancelled_at.isoformat() if s.cancelled_at else None,
        # Issue 15: what the profile shows of the payment method; never more than the gateway's brand,
        # last four digits or masked e-mail.
        "paymentCard": {"brand": s.payment_brand, "last4": s.payment_last4}
        if s.payment_last4
        else None,
        "paymentEmail": s.payment_email,
    }


def change_email(ctx: ServiceContext, account_id: int, raw_email: str) -> None:
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
        uow.accounts.save(account)
        uow.tokens.revoke_all(account.id, Purpose.CONFIRM_EMAIL, ctx.clock.now())
        uow.outbox.add(
            OutboxMessage(kind="email", topic="confirm_email", payload={"account_id": account.id})
        )
        uow.outbox.add(
            OutboxMessage(
                kind="email",
                topic="email_changed",
                payload={"account_id": account.id, "to": old_email},
            )
        )
        uow.commit()
    ctx.jobs.outbox_changed()


def set_email_language(
    ctx: ServiceContext, account_id: int, language: str, explicit: bool
) -> Account:
    """Issue 15: the e-mail language, chosen in the profile (explicit) or following the site's language."""
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
        # The link confirms the address it was sent to, not whatever the account holds now.
        if account is None or account.email != token.payload:
            raise DomainError(errors.LINK_INVALID)
        account.is_email_confirmed = True
        uow.accounts.save(account)
        uow.commit()
