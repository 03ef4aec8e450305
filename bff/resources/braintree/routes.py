"""Payments: client token, subscribe (new and older calls), cancel, change plan, webhooks."""

from flask import g, request

from bff.auth import login_required, login_required_any_terms, optional_account_id
from bff.blueprint import Blueprint
from bff.context import client_country, services
from bff.resources.braintree.schemas import (
    CancelAnswerSchema,
    CancelQuerySchema,
    ChangePlanSchema,
    ClientTokenQuerySchema,
    ClientTokenSchema,
    LegacySubscribeSchema,
    SubscribeAnswerSchema,
    SubscribeSchema,
    WebhookFormSchema,
)
from bff.resources.subscriptions.schemas import SubscriptionSchema
from bff.schemas import documents
from core.domain import errors
from core.services import cancellation, payments, plan_changes, profile, webhooks

blp = Blueprint("braintree", __name__, description="Payments through Braintree (or the sandbox)")

PAY_ERRORS = (
    errors.PLAN_NOT_FOUND,
    errors.PAYMENT_FAILED,
    errors.INVALID_COUPON,
    errors.COUPON_ONLY_TV,
    errors.COUPON_ONLY_BOOKS,
    errors.COUPON_ONLY_ALL,
    errors.COUPON_NOT_FOR_ACCOUNT,
    errors.MONTHLY_ONLY,
    errors.ONLY_TWO_PRODUCTS,
    errors.PAYMENT_IN_PROGRESS,
    errors.PAYMENT_UNAVAILABLE,
    errors.ALREADY_SUBSCRIBED,
    errors.IDEMPOTENCY_KEY_REUSED,
    errors.IDEMPOTENCY_KEY_INVALID,
    errors.THREE_D_SECURE_REQUIRED,
    errors.THREE_D_SECURE_FAILED,
    errors.THREE_D_SECURE_UNAVAILABLE,
)
LEGACY_PRODUCTS = {
    "subscriptions": "lumo_tv",
    "books/subscriptions": "lumo_books",
    "games/subscriptions": "lumo_games",
    "tv-books/subscriptions": "lumo_tv_books",
}


def _answer(subscription):
    return {"status": True, "data": {"subscriptionId": subscription.id}}


@blp.route("/v4/braintree/generate-token", methods=["GET"])
@blp.arguments(ClientTokenQuerySchema, location="query")
@blp.response(200, ClientTokenSchema)
@documents(blp, errors.TOKEN_GENERATION)
def generate_token(query):
    """A client token for the payment form (hosted fields, PayPal, Google Pay). With `currency` (the plans'
    currency), the token is bound to that currency's merchant account, which 3-D Secure verifies against."""
    return {
        "clientToken": payments.client_token(services(), optional_account_id(), query["currency"])
    }


@blp.route("/v5/braintree/subscription", methods=["POST"])
@login_required
@blp.arguments(SubscribeSchema)
@blp.response(200, SubscribeAnswerSchema)
@documents(blp, *PAY_ERRORS, auth=True)
def subscribe(data):
    """Pay and subscribe. Send an `Idempotency-Key` header (1-64 printable characters, yours alone, kept
    24 hours): a repeat of the same request answers the same subscription; the key reused for another
    request answers 400 code 11. A purchase covering an app that a renewing subscription already covers
    answers 400 code 10 `alreadySubscribed` with `subscriptionId` and `addsApps` (change plan instead),
    before any payment is attempted. 400 answers carry `errorMessage`, a message key safe to show."""
    chosen = data["plans"]
    extra = [p for p in [chosen["product"], *chosen["addOns"]] if p]
    return _answer(
        payments.subscribe(
            services(),
            payments.SubscribeCommand(
                account_id=g.account_id,
                nonce=data["paymentNonce"],
                plan_id=chosen["planId"],
                products=extra,
                coupon=data["coupon"],
                billing_name=data["billingName"],
                device_data=data["deviceData"],
                idempotency_key=request.headers.get("Idempotency-Key"),
                utm=data["utm"],
                express_request=data["expressStart"],
                language=data["language"],
                country=client_country(),
            ),
        )
    )


def _legacy(product: str):
    @login_required
    def view(data):
        plan_id = webhooks.legacy_plan_id(services(), g.account_id, data["iap"], product)
        return _answer(
            payments.subscribe(
                services(),
                payments.SubscribeCommand(
                    account_id=g.account_id,
                    nonce=data["nonce"],
                    plan_id=plan_id,
                    products=[product],
                    coupon=data["coupon"],
                    billing_name=data["name"],
                    device_data=data["device_data"],
                    idempotency_key=request.headers.get("Idempotency-Key"),
                    express_request=data["expressStart"],
                    language=data["language"],
                    country=client_country(),
                ),
            )
        )

    return view


for path, product in LEGACY_PRODUCTS.items():
    endpoint = "legacy_" + path.replace("/", "_").replace("-", "_")
    view = _legacy(product)
    view.__name__ = endpoint
    view.__doc__ = (
        f"Older call for {product}: payload nonce, name, device_data, iap (plan), coupon."
    )
    blp.route(f"/v4/braintree/{path}", methods=["POST"], endpoint=endpoint)(
        blp.arguments(LegacySubscribeSchema)(
            blp.response(200, SubscribeAnswerSchema)(documents(blp, *PAY_ERRORS, auth=True)(view))
        )
    )


@blp.route("/v4/braintree/subscriptions/cancel", methods=["GET"])
@login_required_any_terms
@blp.arguments(CancelQuerySchema, location="query")
@blp.response(200, CancelAnswerSchema)
@documents(
    blp, errors.SUBSCRIPTION_NOT_FOUND, errors.ALREADY_CANCELLED, auth=True, terms_gate=False
)
def cancel(query):
    """Cancel renewal; access continues until endDate. 400 code 3 if already cancelled.
    Open before new terms are accepted: cancelling never waits on them."""
    sub = cancellation.cancel(services(), g.account_id, query["id"])
    return {"status": True, "endDate": sub.end_date.isoformat() if sub.end_date else None}


@blp.route("/v5/braintree/subscription/change-plan", methods=["POST"])
@login_required
@blp.arguments(ChangePlanSchema)
@blp.response(200, SubscriptionSchema)
@documents(
    blp,
    errors.PLAN_NOT_FOUND,
    errors.SUBSCRIPTION_NOT_FOUND,
    errors.CHANGE_NOT_ALLOWED,
    errors.ALREADY_SUBSCRIBED,
    auth=True,
)
def change_plan(data):
    """Change the plan of a web subscription. Inside the 24 hours before renewal the change waits
    for the next cycle (`pending`), so the coming charge is not affected."""
    chosen = data["plans"]
    sub = plan_changes.change_plan(
        services(),
        g.account_id,
        data["subscriptionId"],
        chosen["planId"],
        [p for p in [chosen["product"], *chosen["addOns"]] if p],
    )
    return profile.subscription_view(sub, services().clock.now())


@blp.route("/v5/braintree/webhooks", methods=["POST"])
@blp.arguments(WebhookFormSchema, location="form")
@blp.response(200)
@documents(blp, errors.WEBHOOK_FORBIDDEN)
def webhook(form):
    """Braintree webhooks (bt_signature, bt_payload). A bad signature gets 403 and changes nothing."""
    webhooks.receive(services(), form["bt_signature"], form["bt_payload"])
    return ""
