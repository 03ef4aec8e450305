from datetime import UTC, datetime

from marshmallow import Schema, ValidationError, fields, validate

from bff.resources.accounts.schemas import UtmSchema
from bff.schemas import InputSchema
from core.domain.analytics import EVENTS, ORGANIC, ORIGINS

# Short identifiers: letters, digits, spaces and a little punctuation; never an "@".
LABEL = validate.Regexp(
    r"^[A-Za-z0-9_ .:/()+-]{1,40}$",
    error="Letters, digits, spaces and . : / ( ) + - only, 1 to 40.",
)


class Timestamp(fields.Field):
    """ISO 8601 (with offset, or UTC when naive) or epoch milliseconds, as browsers send Date.now()."""

    def _deserialize(self, value, attr, data, **kwargs) -> datetime:
        try:
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return datetime.fromtimestamp(value / 1000, tz=UTC)
            if isinstance(value, str):
                parsed = datetime.fromisoformat(value.strip())
                return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed
        except (ValueError, OverflowError, OSError):
            pass
        raise ValidationError("Expected an ISO 8601 date-time or epoch milliseconds.")


class DeviceSchema(InputSchema):
    platform = fields.String(required=True, validate=LABEL, metadata={"example": "web"})
    deviceType = fields.String(required=True, validate=LABEL, metadata={"example": "desktop"})


class AnalyticsRecordSchema(InputSchema):
    """The analytics record of docs/product.md#entities. Unknown fields (an e-mail, a name…) are dropped."""

    env = fields.String(required=True, validate=LABEL, metadata={"example": "web"})
    app = fields.String(required=True, validate=LABEL, metadata={"example": "lumo-web"})
    countryCode = fields.String(
        required=True, validate=validate.Regexp(r"^[A-Za-z]{2}$", error="Two letters.")
    )
    timestamp = Timestamp(required=True, metadata={"example": "2026-05-01T09:30:00Z"})
    origin = fields.String(load_default=ORGANIC, validate=validate.OneOf(ORIGINS))
    device = fields.Nested(DeviceSchema, required=True)
    transactionUuid = fields.UUID(required=True)
    event = fields.String(required=True, validate=validate.OneOf(EVENTS))
    utm = fields.Nested(UtmSchema, load_default=dict, allow_none=True)
    clickId = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=500),
        metadata={
            "description": "Ad click id from the landing query: sets origin to Ads; not stored."
        },
    )


class AnalyticsAnswerSchema(Schema):
    status = fields.Boolean(required=True)
    duplicate = fields.Boolean(
        required=True, metadata={"description": "The same record was received before."}
    )
