"""The account answer's names on the wire (GET /v5/subscriptions): the one place they are written.
Services hand read models (core.services.profile.AccountView, SubscriptionView) to these schemas."""

from marshmallow import fields

from bff.schemas import AnswerSchema


def _of(name: str) -> str:
    """A field of the subscription inside the read model."""
    return f"subscription.{name}"


class CancelRouteSchema(AnswerSchema):
    """core.domain.stores.cancel_route: how the parent cancels this subscription."""

    method = fields.String(
        required=True, metadata={"enum": ["in_app", "store_page", "help", "none"]}
    )
    path = fields.String(metadata={"description": "in_app: the web page that cancels"})
    url = fields.String(metadata={"description": "The store, operator or help page"})
    operator = fields.String(metadata={"description": "switch: the operator's name"})


class PaymentCardSchema(AnswerSchema):
    brand = fields.String(required=True, allow_none=True)
    last4 = fields.String(required=True, allow_none=True)


class SubscriptionSchema(AnswerSchema):
    id = fields.Integer()  # SubscriptionView.id, the same number as subscriptionId
    subscription_id = fields.Integer(data_key="subscriptionId", attribute=_of("id"))
    duration_code = fields.String(data_key="durationCode", attribute=_of("duration_code"))
    subscription_type = fields.String(
        data_key="subscriptionType", attribute=_of("subscription_type")
    )
    payment_plan_price = fields.Decimal(
        as_string=True,
        allow_none=True,
        data_key="paymentPlanPrice",
        attribute=_of("payment_plan_price"),
        metadata={"type": "string"},
    )
    current_price = fields.Decimal(
        as_string=True,
        allow_none=True,
        data_key="currentPrice",
        attribute="current_price",
        metadata={
            "type": "string",
            "description": "What the next charge takes: the discounted price while a discount runs, "
            "else the full price (docs/billing.md#one-price-truth)",
        },
    )
    full_price = fields.Decimal(
        as_string=True,
        allow_none=True,
        data_key="fullPrice",
        attribute="full_price",
        metadata={"type": "string", "description": "The plan's price of a period, undiscounted"},
    )
    full_price_from = fields.DateTime(
        format="iso",
        allow_none=True,
        data_key="fullPriceFrom",
        attribute="full_price_from",
        metadata={
            "description": "While a discount runs: the first charge at the full price; null otherwise"
        },
    )
    discount_cycles_left = fields.Integer(
        data_key="discountCyclesLeft",
        attribute=_of("discount_cycles_left"),
        metadata={"description": "Charges still to come at the discounted price"},
    )
    currency = fields.String(allow_none=True, attribute=_of("currency"))
    is_renewing = fields.Boolean(data_key="isRenewing", attribute=_of("is_renewing"))
    payment_plan_id = fields.String(
        allow_none=True, data_key="paymentPlanId", attribute=_of("payment_plan_id")
    )
    end_date = fields.DateTime(
        format="iso", allow_none=True, data_key="endDate", attribute=_of("end_date")
    )
    payment_state_id = fields.String(data_key="paymentStateId", attribute=_of("payment_state_id"))
    platform_purchase_id = fields.String(  # sic: the apps read "Purchade"
        allow_none=True, data_key="platformPurchadeId", attribute=_of("platform_purchase_id")
    )
    store_id = fields.String(data_key="storeId", attribute=_of("store_id"))
    is_expired = fields.Boolean(data_key="isExpired")
    next_billing_date = fields.DateTime(
        format="iso",
        allow_none=True,
        data_key="nextBillingDate",
        attribute=_of("next_billing_date"),
    )
    payment_method = fields.String(
        allow_none=True, data_key="paymentMethod", attribute=_of("payment_method")
    )
    coupon = fields.String(allow_none=True, attribute=_of("coupon"))
    coupon_duration_code = fields.String(allow_none=True, data_key="couponDurationCode")
    cancel = fields.Nested(
        CancelRouteSchema,
        metadata={
            "description": "How to cancel: method in_app | store_page | help | none, "
            "with path (in-app) or url (store, operator, help article)."
        },
    )
    can_change_plan = fields.Boolean(data_key="canChangePlan")
    cancelled_at = fields.DateTime(
        format="iso", allow_none=True, data_key="cancelledAt", attribute=_of("cancelled_at")
    )
    payment_card = fields.Nested(
        PaymentCardSchema,
        allow_none=True,
        data_key="paymentCard",
        metadata={
            "description": "The card the gateway charges: {brand, last4} (Google Pay: the card behind it); null otherwise"
        },
    )
    payment_email = fields.String(
        allow_none=True,
        data_key="paymentEmail",
        attribute=_of("payment_email"),
        metadata={"description": "A PayPal account's e-mail, masked"},
    )


class AccountSchema(AnswerSchema):
    email = fields.String(required=True, attribute="account.email")
    name = fields.String(required=True, attribute="account.name")
    email_is_confirmed = fields.Boolean(
        required=True, data_key="emailIsConfirmed", attribute="account.is_email_confirmed"
    )
    is_email_fake = fields.Boolean(
        required=True, data_key="isEmailFake", attribute="account.is_email_fake"
    )
    email_language = fields.String(
        data_key="emailLanguage",
        attribute="account.language",
        metadata={"description": "Language of the e-mails"},
    )
    email_language_chosen = fields.Boolean(
        data_key="emailLanguageChosen",
        attribute="account.language_chosen",
        metadata={"description": "Chosen in the profile: the site language leaves it"},
    )
    subscriptions = fields.List(fields.Nested(SubscriptionSchema), required=True)
