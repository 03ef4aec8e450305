"""Subscribing with a payment: the web funnel's "Pay" button (docs/billing.md).

A pending row with the request's idempotency key is committed before the
gateway is called, so a double submit or a retry after a timeout finds it and
never creates a second subscription. The gateway gets a subscription id derived
from that row, so even the provider sees one subscription. The same insert takes
the claims on the apps bought and on the account's one free trial
(core.domain.purchases): a purchase that overlaps a renewing subscription is
refused by the database before any gateway call.

Settling the purchase once the gateway answered, and the sweep of stale pending purchases:
core/services/purchase_settlement.py.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from core.domain import errors, payments, purchases
from core.domain.accounts import Account, pick_language
from core.domain.catalogue import EUR, Plan, apps_of, price_bundle
from core.domain.coupons import Coupon, CouponContext, check_for, check_usable, normalise_code
from core.domain.errors import DomainError
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.quotes import build_quote, discount_of, free_time
from core.domain.subscriptions import (
    State,
    Subscription,
    had_trial,
    products_with_access,
)
from core.domain.withdrawals import CONSENT_VERSION, PurchaseConsent, in_eu
from core.services.context import ServiceContext
from core.services.coupon_grants import grant_access_coupon, redeem_or_fail
from core.services.purchase_settlement import STALE_PENDING, _resolve_stale, _settle
from core.services.three_d_secure import check_nonce


@dataclass
class SubscribeCommand:
    account_id: int
    nonce: str
    plan_id: str
    products: list[str] = field(default_factory=list)  # extra product codes bought as add-ons
    coupon: str | None = None
    billing_name: str = ""
    device_data: str | None = None
    idempotency_key: str | None = None
    utm: dict[str, Any] = field(default_factory=dict[str, Any])
    # EU checkouts (docs/consumer-law-withdrawal.md): the express request to start now, as answered
    express_request: bool = False
    language: str | None = None  # the payment page's
    country: str | None = None  # the buyer's, from the trusted header


def client_token(ctx: ServiceContext, account_id: int | None, currency: str | None = None) -> str:
    try:
        return ctx.gateway.client_token(str(account_id) if account_id else None, currency)
    except Exception as exc:  # the provider is down or refuses our credentials
        raise DomainError(errors.TOKEN_GENERATION) from exc


def subscribe(ctx: ServiceContext, cmd: SubscribeCommand) -> Subscription:
    plan, product, price = _priced(ctx, cmd)
    if not purchases.valid_key(cmd.idempotency_key):
        raise DomainError(errors.IDEMPOTENCY_KEY_INVALID)
    # Without a client key, the nonce (single use) names the request.
    client_key = cmd.idempotency_key or hashlib.sha256(cmd.nonce.encode()).hexdigest()
    key = purchases.scoped_key(cmd.account_id, client_key)
    fingerprint = purchases.fingerprint(
        plan.plan_id, [product], normalise_code(cmd.coupon), payments.nonce_kind(cmd.nonce)
    )
    answered = _answered_before(ctx, key, fingerprint)
    if answered is not None:
        return answered
    # 3-D Secure, before anything is recorded
    authentication = check_nonce(ctx.three_d_secure, ctx.gateway, cmd.nonce, plan.currency)
    for attempt in (1, 2):
        started = _start(
            ctx, cmd, plan, product, price, key, fingerprint, resolve_stale=attempt == 1
        )
        if started is not None:
            break
    else:  # pragma: no cover - a stale pending purchase is settled or failed before the second attempt
        raise DomainError(errors.PAYMENT_IN_PROGRESS)
    if isinstance(started, Subscription):
        return started
    pending, request = started
    assert pending.id is not None  # added by _start
    try:
        result = ctx.gateway.create_subscription(request)
    except payments.GatewayUnavailable as exc:
        raise DomainError(
            errors.PAYMENT_UNAVAILABLE
        ) from exc  # the row stays pending; a retry resumes
    return _settle(ctx, pending.id, plan, request.trial_days, request.price, result, authentication)


def _record_consent(
    uow: UnitOfWork,
    cmd: SubscribeCommand,
    sub: Subscription,
    account: Account | None,
    coupon: Coupon | None,
    price: Decimal,
    now: datetime,
) -> None:
    """An EU checkout shows the unticked express-request box: what it said and what the parent answered are
    kept with the purchase, with the price shown as due after the free days (docs/consumer-law-withdrawal.md).
    The page shows the box on the euro catalogue only (the EU's), so a purchase in another currency has no
    answer to keep, whatever country the request came from."""
    if not in_eu(cmd.country) or sub.currency != EUR:
        return
    assert sub.id is not None and cmd.country is not None  # added; in the EU
    reduced = discount_of(coupon, price)[0]
    uow.withdrawals.add_consent(
        PurchaseConsent(
            subscription_id=sub.id,
            account_id=sub.account_id,
            express_request=cmd.express_request,
            version=CONSENT_VERSION,
            language=pick_language(cmd.language or (account.language if account else None)),
            country=cmd.country.upper(),
            price_after_trial=reduced if reduced is not None else price,
            currency=sub.currency or "",
            at=now,
        )
    )


def _answered_before(ctx: ServiceContext, key: str, fingerprint: str) -> Subscription | None:
    """A purchase already settled or failed under this key is answered again as it was, before the nonce
    (spent by then) is looked up at the gateway: a retry after a lost answer needs no gateway at all.
    Pending and unknown keys go on to _start, which decides under its claims."""
    with ctx.uow() as uow:
        earlier = uow.subscriptions.by_idempotency_key(key)
    if earlier is None or earlier.payment_state_id == State.PENDING:
        return None
    assert earlier.created_at is not None  # stored
    if ctx.clock.now() - earlier.created_at >= purchases.KEY_TTL:
        return None  # an expired key: _start forgets it
    if earlier.request_fingerprint and earlier.request_fingerprint != fingerprint:
        raise DomainError(errors.IDEMPOTENCY_KEY_REUSED)
    return _replay(earlier)


Started = Subscription | tuple[Subscription, payments.SubscriptionRequest]


def _start(
    ctx: ServiceContext,
    cmd: SubscribeCommand,
    plan: Plan,
    product: str,
    price: Decimal,
    key: str,
    fingerprint: str,
    resolve_stale: bool,
) -> Started | None:
    """Commit the pending purchase with its claims. Answers a Subscription when there is nothing to pay
    (a replay, an access coupon), (pending, request) when the gateway is to be called, or None after a
    stale pending purchase in the way was settled (try again)."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        earlier = uow.subscriptions.by_idempotency_key(key)
        if earlier is not None:
            assert earlier.id is not None and earlier.created_at is not None  # stored
            if now - earlier.created_at >= purchases.KEY_TTL:
                uow.subscriptions.forget_key(earlier.id)  # a key lives 24 hours
                earlier = None
        if earlier is not None:
            return _again(ctx, uow, earlier, plan, cmd, price, fingerprint, now)
        account = uow.accounts.get(cmd.account_id)
        owned = uow.subscriptions.for_account(cmd.account_id)
        coupon = _coupon(uow, cmd, account, owned, product, plan, now, price)
        if coupon is not None and coupon.is_access:
            sub = grant_access_coupon(uow, coupon, cmd.account_id, now)
            uow.commit()
            ctx.jobs.outbox_changed()  # a partner user's callback, if any
            return sub
        trial_days, free_reason = free_time(owned, coupon, product, now)
        # The checkout's quote, computed again by the same function: what is stored, billed and shown.
        terms = build_quote(
            currency=plan.currency,
            period=plan.duration_code,
            price=price,
            coupon=coupon,
            free_days=trial_days,
            free_reason=free_reason,
            now=now,
        )
        pending = Subscription.purchase_started(
            account_id=cmd.account_id,
            subscription_type=product,
            duration_code=plan.duration_code,
            payment_plan_id=plan.plan_id,
            payment_plan_price=price,
            currency=plan.currency,
            at=now,
            trial_days=trial_days,
            coupon=coupon.code if coupon else None,
            idempotency_key=key,
            request_fingerprint=fingerprint,
            discount=terms.discount,
        )
        added = uow.subscriptions.add_unique(pending, takes_trial=not had_trial(owned))
        if added.outcome is purchases.AddOutcome.KEY_TAKEN:  # the twin request got there first
            twin = uow.subscriptions.by_idempotency_key(key)
            if twin is None:
                raise DomainError(errors.PAYMENT_IN_PROGRESS)
            return _again(ctx, uow, twin, plan, cmd, price, fingerprint, now)
        if added.outcome is purchases.AddOutcome.TRIAL_TAKEN:  # another first purchase is under way
            raise DomainError(errors.PAYMENT_IN_PROGRESS)
        if added.outcome is purchases.AddOutcome.APPS_TAKEN:
            holder = uow.subscriptions.get(added.conflict_id) if added.conflict_id else None
            if holder is not None and holder.payment_state_id == State.PENDING:
                assert holder.id is not None and holder.created_at is not None  # stored
                if not resolve_stale or now - holder.created_at < STALE_PENDING:
                    raise DomainError(errors.PAYMENT_IN_PROGRESS)
                uow.commit()  # a forgotten key, if any
                _resolve_stale(ctx, holder.id)
                return None
            raise DomainError(
                errors.ALREADY_SUBSCRIBED,
                subscription_id=holder.id if holder else None,
                adds_apps=bool(
                    holder is not None and apps_of(product) - purchases.claimed_apps(holder)
                ),
            )
        if coupon is not None:
            redeem_or_fail(uow, coupon, cmd.account_id, now)
        _record_consent(uow, cmd, pending, account, coupon, price, now)
        request = _request(ctx, uow, pending, plan, cmd, price, trial_days)
        uow.commit()
    return pending, request


def _again(
    ctx: ServiceContext,
    uow: UnitOfWork,
    earlier: Subscription,
    plan: Plan,
    cmd: SubscribeCommand,
    price: Decimal,
    fingerprint: str,
    now: datetime,
) -> Started:
    """The key was used before by this account: the same request is answered as the first time (or
    resumed when its payment stalled); another request under the same key is refused."""
    if earlier.request_fingerprint and earlier.request_fingerprint != fingerprint:
        raise DomainError(errors.IDEMPOTENCY_KEY_REUSED)
    assert earlier.created_at is not None  # stored
    if earlier.payment_state_id != State.PENDING or now - earlier.created_at < STALE_PENDING:
        return _replay(earlier)
    request = _request(ctx, uow, earlier, plan, cmd, price)
    uow.commit()
    return earlier, request


def _priced(ctx: ServiceContext, cmd: SubscribeCommand) -> tuple[Plan, str, Decimal]:
    plan = ctx.catalogue.find(cmd.plan_id or "")
    if plan is None:
        raise DomainError(errors.PLAN_NOT_FOUND)
    try:
        return plan, *price_bundle(plan, cmd.products)
    except ValueError as exc:
        raise DomainError(errors.PLAN_NOT_FOUND) from exc


def _coupon(
    uow: UnitOfWork,
    cmd: SubscribeCommand,
    account: Account | None,
    owned: list[Subscription],
    product: str,
    plan: Plan,
    now: datetime,
    price: Decimal | None = None,
) -> Coupon | None:
    code = normalise_code(cmd.coupon)
    if not code:
        return None
    assert account is not None and account.id is not None  # the caller's own account
    coupon = check_usable(uow.coupons.by_code(code), now)
    check_for(
        coupon,
        CouponContext(
            product=product,
            plan_type=plan.duration_code,
            account_partner=account.partner,
            account_products_with_access=products_with_access(owned, now),
            used_by_account=uow.coupons.used_by(coupon, account.id),
            price=price,
        ),
    )
    return coupon


def _request(
    ctx: ServiceContext,
    uow: UnitOfWork,
    sub: Subscription,
    plan: Plan,
    cmd: SubscribeCommand,
    price: Decimal,
    trial_days: int | None = None,
) -> payments.SubscriptionRequest:
    account = uow.accounts.get(sub.account_id)
    assert account is not None  # the buyer's
    if trial_days is None:  # resuming a stale pending payment: same terms as first computed
        assert sub.created_at is not None  # stored
        trial_days = max(0, (sub.end_date - sub.created_at).days) if sub.end_date else 0
    # The discount stored on the purchase (from its quote) is the one the gateway bills: the same
    # reduced price for the same number of billing cycles (docs/billing.md#one-price-truth).
    discount = None
    if sub.discount_price is not None and sub.discount_cycles > 0:
        discount = payments.Discount(amount=price - sub.discount_price, cycles=sub.discount_cycles)
    return payments.SubscriptionRequest(
        subscription_id=f"lumo{sub.id}",
        customer_id=str(sub.account_id),
        email=account.email,
        nonce=cmd.nonce,
        plan_id=plan.plan_id,
        price=price,
        currency=plan.currency,
        billing_name=cmd.billing_name,
        device_data=cmd.device_data,
        trial_days=trial_days,
        discount=discount,
    )


def _replay(sub: Subscription) -> Subscription:
    if sub.payment_state_id == State.PENDING:
        raise DomainError(errors.PAYMENT_IN_PROGRESS)
    if sub.payment_state_id == State.FAILED:
        raise DomainError(errors.PAYMENT_FAILED, error_message="paymentNotValid")
    return sub
