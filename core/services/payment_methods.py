"""Updating a subscription's payment method (docs/billing.md#fixing-a-failed-payment).

The parent's own session, or the payment-update link of a payment-failed e-mail, opens it for one
renewing web subscription. The new method is checked for 3-D Secure as at checkout, vaulted and put on the
gateway subscription (the old one removed only then); a past-due subscription is charged again at once
(core/services/payment_recovery.py). An Idempotency-Key (as for purchases) makes a repeat answer as the
first, without a second gateway call. The link is spent only when all of it succeeded.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from decimal import Decimal

from core.domain import errors, payments, purchases
from core.domain.errors import DomainError
from core.domain.subscriptions import State, Subscription
from core.services import payment_recovery, payment_update_links
from core.services.context import ServiceContext
from core.services.three_d_secure import check_nonce

log = logging.getLogger(__name__)
OK = "ok"


@dataclass(frozen=True)
class PaymentMethodView:
    """What the update page shows: the subscription and what is on file (never more than the profile)."""

    subscription: Subscription
    updatable: bool
    past_due: bool
    amount_due: Decimal | None  # a past-due subscription: what the retry will charge


@dataclass
class UpdateCommand:
    subscription_id: int
    nonce: str
    account_id: int | None = None  # the session's account, or None with `link`
    link: str | None = None  # the payment-update link of the e-mail
    device_data: str | None = None
    billing_name: str = ""
    idempotency_key: str | None = None


def authorised(
    ctx: ServiceContext, subscription_id: int, account_id: int | None, link: str | None
) -> Subscription:
    """The subscription, when the session's account owns it or the link is a live one of it. A link
    names its subscription; any other answers 403 paymentLinkInvalid; a subscription that is not the
    account's answers 404 as if it did not exist."""
    if link:
        account_id = payment_update_links.verify(ctx, link, subscription_id).account_id
    if account_id is None:
        raise DomainError(errors.LOGIN_NEEDED)
    with ctx.read() as uow:
        sub = uow.subscriptions.get(subscription_id)
    if sub is None or sub.account_id != account_id or not sub.visible:
        raise DomainError(errors.SUBSCRIPTION_NOT_FOUND)
    return sub


def view(
    ctx: ServiceContext, subscription_id: int, account_id: int | None, link: str | None
) -> PaymentMethodView:
    sub = authorised(ctx, subscription_id, account_id, link)
    past_due = sub.payment_state_id == State.PAST_DUE
    return PaymentMethodView(
        subscription=sub,
        updatable=sub.payment_method_updatable(),
        past_due=past_due,
        amount_due=sub.payment_plan_price if past_due else None,
    )


def client_token(
    ctx: ServiceContext, subscription_id: int, account_id: int | None, link: str | None
) -> str:
    """A client token for the update page, bound to the subscription's currency (3-D Secure verifies
    the card against the merchant account that charges it)."""
    sub = authorised(ctx, subscription_id, account_id, link)
    try:
        return ctx.gateway.client_token(str(sub.account_id), sub.currency)
    except Exception as exc:  # the provider is down or refuses our credentials
        raise DomainError(errors.TOKEN_GENERATION) from exc


def update(ctx: ServiceContext, cmd: UpdateCommand) -> Subscription:
    sub = authorised(ctx, cmd.subscription_id, cmd.account_id, cmd.link)
    if not sub.payment_method_updatable():
        raise DomainError(errors.PAYMENT_METHOD_NOT_UPDATABLE)
    assert sub.id is not None and sub.gateway_id is not None  # updatable
    if not purchases.valid_key(cmd.idempotency_key):
        raise DomainError(errors.IDEMPOTENCY_KEY_INVALID)
    client_key = cmd.idempotency_key or hashlib.sha256(cmd.nonce.encode()).hexdigest()
    key = purchases.scoped_key(sub.account_id, "payment-method\x00" + client_key)
    fingerprint = hashlib.sha256(
        f"{sub.id}\x00{payments.nonce_kind(cmd.nonce)}".encode()
    ).hexdigest()
    now = ctx.clock.now()
    with ctx.uow() as uow:
        earlier = uow.payment_method_updates.find(key)
        if earlier is not None and now - earlier.created_at >= purchases.KEY_TTL:
            uow.payment_method_updates.forget(key)  # a key lives 24 hours
            uow.commit()
            earlier = None
    if earlier is not None:
        return _replay(ctx, earlier.fingerprint == fingerprint, earlier.outcome, sub.id)
    # 3-D Secure, before anything is recorded (as at checkout)
    authentication = check_nonce(ctx.three_d_secure, ctx.gateway, cmd.nonce, sub.currency or "")
    with ctx.uow() as uow:
        started = uow.payment_method_updates.start(key, sub.id, fingerprint, now)
        twin = None if started else uow.payment_method_updates.find(key)
        uow.commit()
    if not started:  # the twin request got there first
        return _replay(
            ctx,
            twin is not None and twin.fingerprint == fingerprint,
            twin.outcome if twin else None,
            sub.id,
        )
    try:
        result = ctx.gateway.update_payment_method(
            sub.gateway_id,
            str(sub.account_id),
            cmd.nonce,
            device_data=cmd.device_data,
            currency=sub.currency,
            billing_name=cmd.billing_name,
        )
    except payments.GatewayUnavailable as exc:
        _finish(ctx, key, None)  # outcome unknown: the same request may go again
        raise DomainError(errors.PAYMENT_UNAVAILABLE) from exc
    if not result.ok:
        message = payments.MESSAGE_KEYS.get(result.error or "", "paymentNotValid")
        _finish(ctx, key, message)
        raise DomainError(errors.PAYMENT_FAILED, error_message=message)
    with ctx.uow() as uow:
        stored = uow.subscriptions.get(sub.id)
        assert stored is not None  # authorised above
        stored.payment_method = result.payment_method or stored.payment_method
        stored.payment_brand, stored.payment_last4 = result.card_brand, result.card_last4
        stored.payment_expiry = (
            result.card_expiry
        )  # the new card's (docs/billing.md#failed-payments-and-dunning)
        stored.payment_email = result.payer_email
        stored.three_d_secure_status = authentication.status  # of the card now on file
        stored.liability_shifted = authentication.liability_shifted
        uow.subscriptions.save(stored)
        uow.commit()
    if stored.payment_state_id == State.PAST_DUE:
        recovery = payment_recovery.retry_past_due(
            ctx, sub.id, actor="link" if cmd.link else "parent"
        )
        if not recovery.ok:
            if recovery.code == payment_recovery.IN_PROGRESS:
                _finish(ctx, key, None)
                raise DomainError(errors.PAYMENT_IN_PROGRESS)
            _finish(ctx, key, recovery.message)
            raise DomainError(errors.PAYMENT_FAILED, error_message=recovery.message)
    with ctx.uow() as uow:
        uow.payment_method_updates.finish(key, OK)
        if cmd.link:
            try:
                payment_update_links.consume(ctx, uow, cmd.link, sub.id)
            except DomainError:  # spent by a twin request that succeeded too: nothing more to do
                pass
        current = uow.subscriptions.get(sub.id)
        uow.commit()
    assert current is not None  # authorised above
    log.info("payment method of subscription %s updated (%s)", sub.id, result.payment_method)
    return current


def _finish(ctx: ServiceContext, key: str, outcome: str | None) -> None:
    """Record the refusal under the key, or (None) drop the key so the same request may go again."""
    with ctx.uow() as uow:
        if outcome is None:
            uow.payment_method_updates.forget(key)
        else:
            uow.payment_method_updates.finish(key, outcome)
        uow.commit()


def _replay(
    ctx: ServiceContext, same_request: bool, outcome: str | None, subscription_id: int
) -> Subscription:
    """The key was used before: the same request is answered as the first time; another is refused."""
    if not same_request:
        raise DomainError(errors.IDEMPOTENCY_KEY_REUSED)
    if outcome is None:
        raise DomainError(errors.PAYMENT_IN_PROGRESS)
    if outcome != OK:
        raise DomainError(errors.PAYMENT_FAILED, error_message=outcome)
    with ctx.read() as uow:
        sub = uow.subscriptions.get(subscription_id)
    assert sub is not None  # updated before
    return sub
