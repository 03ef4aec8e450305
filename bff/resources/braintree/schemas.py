from marshmallow import Schema, fields, pre_load, validate

from bff.resources.accounts.schemas import UtmSchema
from bff.schemas import ID_RANGE, InputSchema
from core.domain.accounts import LANGUAGES


class ClientTokenSchema(Schema):
    clientToken = fields.String(required=True)


class ClientTokenQuerySchema(InputSchema):
    currency = fields.String(load_default=None, validate=validate.OneOf(["EUR", "CHF", "USD"]))


class ChosenPlanSchema(InputSchema):
    planId = fields.String(required=True, validate=validate.Length(min=1, max=60))
    product = fields.String(load_default=None, validate=validate.Length(max=40))
    addOns = fields.List(fields.String(validate=validate.Length(max=40)), load_default=list)

    @pre_load
    def add_on_names(self, data, **kwargs):
        # Apps send add-ons as names or as {"addonName": …} objects.
        if isinstance(data, dict) and isinstance(data.get("addOns"), list):
            data = {
                **data,
                "addOns": [
                    a.get("addonName") if isinstance(a, dict) else a for a in data["addOns"]
                ],
            }
        return data


class SubscribeSchema(InputSchema):
    paymentNonce = fields.String(required=True, validate=validate.Length(min=1, max=4096))
    plans = fields.Nested(ChosenPlanSchema, required=True)
    isBundle = fields.Boolean(load_default=False)
    coupon = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=40))
    deviceData = fields.String(
        load_default=None, allow_none=True, validate=validate.Length(max=4096)
    )
    billingName = fields.String(load_default="", validate=validate.Length(max=100))
    utm = fields.Nested(UtmSchema, load_default=dict)
    expressStart = fields.Boolean(
        load_default=False,
        metadata={
            "description": 'EU checkouts: the parent ticked "start my subscription now" (unticked by '
            "default). Stored with the purchase; without it a withdrawal refunds everything "
            "(docs/consumer-law-withdrawal.md)."
        },
    )
    language = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf(LANGUAGES),
        metadata={"description": "The language the payment page was shown in"},
    )


class LegacySubscribeSchema(InputSchema):
    nonce = fields.String(required=True, validate=validate.Length(min=1, max=4096))
    name = fields.String(load_default="", validate=validate.Length(max=100))
    device_data = fields.String(
        load_default=None, allow_none=True, validate=validate.Length(max=4096)
    )
    iap = fields.String(required=True, validate=validate.Length(min=1, max=60))
    coupon = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=40))
    expressStart = fields.Boolean(load_default=False, metadata={"description": "As in /v5"})
    language = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(LANGUAGES))


class SubscriptionIdSchema(Schema):
    subscriptionId = fields.Integer(required=True, validate=ID_RANGE)


class SubscribeAnswerSchema(Schema):
    status = fields.Boolean(required=True)
    data = fields.Nested(SubscriptionIdSchema, required=True)


class CancelQuerySchema(InputSchema):
    id = fields.Integer(required=True, validate=ID_RANGE)


class CancelAnswerSchema(Schema):
    status = fields.Boolean(required=True)
    endDate = fields.String(allow_none=True)


class ChangePlanSchema(InputSchema):
    subscriptionId = fields.Integer(load_default=None, allow_none=True, validate=ID_RANGE)
    plans = fields.Nested(ChosenPlanSchema, required=True)


class WebhookFormSchema(InputSchema):
    bt_signature = fields.String(
        required=True, validate=validate.Length(min=1, max=10000), metadata={"multiline": True}
    )
    bt_payload = fields.String(
        required=True, validate=validate.Length(min=1, max=100000), metadata={"multiline": True}
    )
