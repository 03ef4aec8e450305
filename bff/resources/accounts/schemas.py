from typing import Any

from marshmallow import Schema, fields, post_load, validate

from bff.resources.coupons.schemas import CouponSchema
from bff.schemas import CLIENT_HASH, InputSchema
from core.services.accounts import Registration


class UtmSchema(InputSchema):
    source = fields.String(validate=validate.Length(max=200))
    medium = fields.String(validate=validate.Length(max=200))
    campaign = fields.String(validate=validate.Length(max=200))
    content = fields.String(validate=validate.Length(max=200))
    term = fields.String(validate=validate.Length(max=200))


class RegisterSchema(InputSchema):
    """The registration request's names on the wire; loads into accounts.Registration."""

    email = fields.String(load_default="", validate=validate.Length(max=320))
    password = fields.String(required=True, validate=CLIENT_HASH)
    display_name = fields.String(
        data_key="displayName", load_default="", validate=validate.Length(max=100)
    )
    coupon = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=40))
    is_promo_accepted = fields.Boolean(data_key="isPromoAccepted", load_default=False)
    is_tc_accepted = fields.Boolean(
        data_key="isTcAccepted",
        required=True,
        validate=validate.Equal(True, error="The terms must be accepted."),
    )
    env = fields.String(load_default="web", validate=validate.Length(max=20))
    country_code = fields.String(
        data_key="countryCode", load_default=None, allow_none=True, validate=validate.Length(max=8)
    )
    language = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=16))
    utm = fields.Nested(UtmSchema, load_default=dict)
    external_partner = fields.String(
        data_key="externalPartner",
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=50),
    )

    @post_load
    def _registration(self, data: dict[str, Any], **_kwargs: Any) -> Registration:
        # The client's SHA-256 hash, in one case whatever the client sent.
        return Registration(**dict(data, password=data["password"].lower()))


class RegistrationSchema(Schema):
    """accounts.RegistrationResult."""

    token = fields.String(required=True)
    user_coupon = fields.Nested(CouponSchema, required=True, allow_none=True, data_key="userCoupon")
    has_subscription = fields.Boolean(required=True, data_key="hasSubscription")
    status = fields.Boolean(required=True, dump_default=True)
    free_campaign = fields.Boolean(required=True, data_key="freeCampaign")


class LoginSchema(InputSchema):
    email = fields.String(required=True, validate=validate.Length(min=1, max=320))
    password = fields.String(required=True, validate=validate.Length(min=1, max=128))
    countryCode = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=8))


class TokenSchema(Schema):
    token = fields.String(required=True)
