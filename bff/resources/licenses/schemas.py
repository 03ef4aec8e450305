from marshmallow import Schema, fields, validate

from bff.resources.plans.schemas import CountryQuerySchema
from core.domain.licenses import DEFAULT_COUNT, MAX_COUNT


class LicensesQuerySchema(CountryQuerySchema):
    language = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=35),
        metadata={
            "description": "Language of the titles (ar de en es fr it nl pt ru); default: Accept-Language, then en."
        },
    )
    count = fields.Integer(
        load_default=DEFAULT_COUNT,
        validate=validate.Range(min=1, max=MAX_COUNT),
        metadata={"description": f"How many, {DEFAULT_COUNT} by default, 1 to {MAX_COUNT}."},
    )


class LicenseSchema(Schema):
    id = fields.String(required=True)
    title = fields.String(
        allow_none=True, metadata={"description": "In the asked language, else English"}
    )
    name_key = fields.String(
        allow_none=True,
        data_key="nameKey",
        metadata={"description": "Message key, for licenses without titles"},
    )
    image = fields.String(required=True, metadata={"description": "Path from the site root"})
    apps = fields.List(fields.String(), required=True, metadata={"description": "tv, books, games"})


class LicensesSchema(Schema):
    licenses = fields.List(fields.Nested(LicenseSchema), required=True)


class CardSchema(Schema):
    id = fields.String(required=True)
    image = fields.String(required=True)
    color = fields.String(
        required=True, metadata={"description": "blue, green, orange, red, yellow, purple, cycling"}
    )
    licenses = fields.List(fields.Nested(LicenseSchema), required=True)


class CardsSchema(Schema):
    cards = fields.List(fields.Nested(CardSchema), required=True)
