from marshmallow import Schema, fields, validate

from bff.schemas import CLIENT_HASH, InputSchema


class UtmSchema(InputSchema):
    source = fields.String(validate=validate.Length(max=200))
    medium = fields.String(validate=validate.Length(max=200))
    campaign = fields.String(validate=validate.Length(max=200))
    content = fields.String(validate=validate.Length(max=200))
    term = fields.String(validate=validate.Length(max=200))


class RegisterSchema(InputSchema):
    email = fields.String(load_default="", validate=validate.Length(max=320))
    password = fields.String(required=True, validate=CLIENT_HASH)
    displayName = fields.String(load_default="", validate=validate.Length(max=100))
    coupon = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=40))
    isPromoAccepted = fields.Boolean(load_default=False)
    isTcAccepted = fields.Boolean(
        required=True, validate=validate.Equal(True, error="The terms must be accepted.")
    )
    env = fields.String(load_default="web", validate=validate.Length(max=20))
    countryCode = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=8))
    language = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=16))
    utm = fields.Nested(UtmSchema, load_default=dict)
    externalPartner = fields.String(
        load_default=None, allow_none=True, validate=validate.Length(max=50)
    )


class RegistrationSchema(Schema):
    token = fields.String(required=True)
    userCoupon = fields.Dict(allow_none=True)
    hasSubscription = fields.Boolean(required=True)
    status = fields.Boolean(required=True)
    freeCampaign = fields.Boolean(required=True)


class LoginSchema(InputSchema):
    email = fields.String(required=True, validate=validate.Length(min=1, max=320))
    password = fields.String(required=True, validate=validate.Length(min=1, max=128))
    countryCode = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=8))


class TokenSchema(Schema):
    token = fields.String(required=True)
