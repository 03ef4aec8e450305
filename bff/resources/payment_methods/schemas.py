from marshmallow import Schema, fields, validate

from bff.resources.subscriptions.schemas import PaymentCardSchema, SubscriptionSchema
from bff.schemas import InputSchema


class PaymentMethodSchema(Schema):
    """What the update page shows of a subscription and of what is on file (never more than the profile)."""

    subscription = fields.Nested(SubscriptionSchema, required=True, attribute="view")
    updatable = fields.Boolean(
        required=True,
        metadata={"description": "A renewing web subscription: its payment method can be replaced"},
    )
    past_due = fields.Boolean(
        required=True,
        data_key="pastDue",
        metadata={"description": "A renewal failed: an update charges the amount due at once"},
    )
    amount_due = fields.Decimal(
        as_string=True,
        allow_none=True,
        required=True,
        data_key="amountDue",
        metadata={"type": "string"},
    )
    method = fields.String(
        allow_none=True,
        required=True,
        metadata={"enum": ["card", "paypal", "google_pay", "apple_pay", None]},
    )
    card = fields.Nested(PaymentCardSchema, allow_none=True, required=True)
    payer_email = fields.String(
        allow_none=True,
        required=True,
        data_key="payerEmail",
        metadata={"description": "A PayPal account's e-mail, masked"},
    )


class UpdatePaymentMethodSchema(InputSchema):
    nonce = fields.String(required=True, validate=validate.Length(min=1, max=4096))
    deviceData = fields.String(
        load_default=None, allow_none=True, validate=validate.Length(max=4096)
    )
    billingName = fields.String(load_default="", validate=validate.Length(max=100))
