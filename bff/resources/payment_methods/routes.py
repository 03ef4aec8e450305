"""Updating a subscription's payment method (docs/billing.md#fixing-a-failed-payment): by the parent's
session, or by the payment-update link of a payment-failed e-mail in the `X-Payment-Link` header (that
subscription only; the link is never a session)."""

from flask import request

from bff.auth import bearer_token
from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.braintree.schemas import ClientTokenSchema
from bff.resources.payment_methods.schemas import (
    PaymentMethodSchema,
    UpdatePaymentMethodSchema,
)
from bff.resources.subscriptions.schemas import SubscriptionSchema
from bff.schemas import documents
from core.domain import errors
from core.domain.errors import DomainError
from core.services import payment_methods, profile, sessions

blp = Blueprint(
    "payment_methods", __name__, description="A subscription's payment method (update, retry)"
)

LINK_HEADER = "X-Payment-Link"
ACCESS_ERRORS = (errors.SUBSCRIPTION_NOT_FOUND, errors.PAYMENT_LINK_INVALID)
UPDATE_ERRORS = (
    *ACCESS_ERRORS,
    errors.PAYMENT_METHOD_NOT_UPDATABLE,
    errors.PAYMENT_FAILED,
    errors.PAYMENT_IN_PROGRESS,
    errors.PAYMENT_UNAVAILABLE,
    errors.IDEMPOTENCY_KEY_REUSED,
    errors.IDEMPOTENCY_KEY_INVALID,
    errors.THREE_D_SECURE_REQUIRED,
    errors.THREE_D_SECURE_FAILED,
    errors.THREE_D_SECURE_UNAVAILABLE,
)


def _who() -> tuple[int | None, str | None]:
    """(the session's account, None), or (None, the link) when the request carries a link."""
    link = (request.headers.get(LINK_HEADER) or "").strip()
    if link:
        return None, link
    token = bearer_token()
    if not token:
        raise DomainError(errors.LOGIN_NEEDED)
    return sessions.authenticate(services(), token), None


@blp.route("/v5/subscriptions/<int:subscription_id>/payment-method", methods=["GET"])
@blp.response(200, PaymentMethodSchema)
@documents(blp, *ACCESS_ERRORS, auth=True, terms_gate=False)
def show(subscription_id):
    """What is on file for the subscription (card brand and last four digits, or a PayPal e-mail masked),
    whether it can be updated, and a past-due one's amount due. Authorised by the owner's bearer token or
    by the payment-update link in the `X-Payment-Link` header (403 `paymentLinkInvalid` when it is unknown,
    used, expired or another subscription's)."""
    account_id, link = _who()
    ctx = services()
    found = payment_methods.view(ctx, subscription_id, account_id, link)
    sub = found.subscription
    return {
        "view": profile.subscription_view(sub, ctx.clock.now()),
        "updatable": found.updatable,
        "past_due": found.past_due,
        "amount_due": found.amount_due,
        "method": sub.payment_method,
        "card": {"brand": sub.payment_brand, "last4": sub.payment_last4}
        if sub.payment_last4
        else None,
        "payer_email": sub.payment_email,
    }


@blp.route("/v5/subscriptions/<int:subscription_id>/payment-method/client-token", methods=["GET"])
@blp.response(200, ClientTokenSchema)
@documents(blp, *ACCESS_ERRORS, errors.TOKEN_GENERATION, auth=True, terms_gate=False)
def client_token(subscription_id):
    """A client token for the update page's payment form, bound to the subscription's currency; by the
    owner's bearer token or the `X-Payment-Link` header, as GET payment-method."""
    account_id, link = _who()
    return {
        "clientToken": payment_methods.client_token(services(), subscription_id, account_id, link)
    }


@blp.route("/v5/subscriptions/<int:subscription_id>/payment-method", methods=["PUT"])
@blp.arguments(UpdatePaymentMethodSchema)
@blp.response(200, SubscriptionSchema)
@documents(blp, *UPDATE_ERRORS, auth=True, terms_gate=False)
def update(data, subscription_id):
    """Replace the payment method of a renewing web subscription with the one `nonce` stands for (3-D
    Secure as at checkout); a past-due subscription is charged again at once and answers Active. Refused:
    400 code 0 `paymentNotValid` with `errorMessage`, the gateway's reason as a message key (e.g.
    `paymentDeclined`): nothing changed, try another method. Send an `Idempotency-Key` header as for a
    purchase: a repeat answers as the first. By the owner's bearer token, or the payment-update link in the
    `X-Payment-Link` header (spent by the update that succeeds)."""
    account_id, link = _who()
    ctx = services()
    sub = payment_methods.update(
        ctx,
        payment_methods.UpdateCommand(
            subscription_id=subscription_id,
            nonce=data["nonce"],
            account_id=account_id,
            link=link,
            device_data=data["deviceData"],
            billing_name=data["billingName"],
            idempotency_key=request.headers.get("Idempotency-Key"),
        ),
    )
    return profile.subscription_view(sub, ctx.clock.now())
