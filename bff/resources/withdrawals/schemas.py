from marshmallow import Schema, fields, validate

from bff.schemas import ID_RANGE, InputSchema
from core.domain.accounts import LANGUAGES


class PublicWithdrawalSchema(InputSchema):
    """The public page's form: exactly what the law lets it ask (docs/consumer-law-withdrawal.md)."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=100))
    email = fields.String(required=True, validate=validate.Length(min=1, max=254))
    reference = fields.String(
        required=True,
        validate=validate.Length(min=1, max=40),
        metadata={"description": "The contract reference on the receipt, e.g. LUMO-123"},
    )
    language = fields.String(load_default="en", validate=validate.OneOf(LANGUAGES))


class ProfileWithdrawalSchema(InputSchema):
    subscriptionId = fields.Integer(required=True, validate=ID_RANGE)
    language = fields.String(load_default="en", validate=validate.OneOf(LANGUAGES))


class WithdrawalSchema(Schema):
    """The stored declaration: what the confirmation page shows and the parent can print."""

    id = fields.Integer(required=True)
    subscriptionId = fields.Integer(required=True, attribute="subscription_id")
    reference = fields.String(required=True)
    name = fields.String(required=True)
    email = fields.String(required=True)
    receivedAt = fields.String(required=True, metadata={"description": "ISO 8601, UTC"})
    expressRequest = fields.Boolean(required=True, attribute="express_request")
    refundAmount = fields.String(
        required=True, metadata={"description": "Decimal string; 0.00 when nothing was paid"}
    )
    currency = fields.String(required=True)
    refundStatus = fields.String(
        required=True, metadata={"description": "none, succeeded or pending"}
    )


class OpenWithdrawalSchema(Schema):
    subscriptionId = fields.Integer(required=True)
    reference = fields.String(required=True)
    until = fields.String(
        required=True, metadata={"description": "The last moment to withdraw (ISO 8601, UTC)"}
    )


class OpenWithdrawalsSchema(Schema):
    contracts = fields.List(fields.Nested(OpenWithdrawalSchema), required=True)
