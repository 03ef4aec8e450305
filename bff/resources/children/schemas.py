from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from bff.schemas import InputSchema
from core.domain.accounts import LANGUAGES
from core.domain.children import AGE_BANDS, MAX_CHILDREN, MAX_NAME_LENGTH
from core.domain.parental_settings import (
    AGE_FILTERS,
    CATEGORIES,
    CONTENT_TYPES,
    MAX_TIME_LIMIT,
    MIN_TIME_LIMIT,
)

NAME_DOC = f"First name or nickname, 1 to {MAX_NAME_LENGTH} characters once trimmed. Nothing else about a child is kept."
BAND_DOC = (
    "Age band of the child: 3-5, 6-8 or 9-10. It chooses the default age filters of the apps."
)


class ChildSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True, metadata={"description": NAME_DOC})
    ageBand = fields.String(required=True, attribute="age_band", metadata={"enum": list(AGE_BANDS)})
    createdAt = fields.DateTime(required=True, attribute="created_at")


class ChildListSchema(Schema):
    children = fields.List(fields.Nested(ChildSchema), required=True)
    max = fields.Integer(
        required=True, metadata={"description": f"Profiles allowed per account ({MAX_CHILDREN})."}
    )


class CreateChildSchema(InputSchema):
    name = fields.String(
        required=True, validate=validate.Length(max=100), metadata={"description": NAME_DOC}
    )
    ageBand = fields.String(
        required=True, validate=validate.OneOf(AGE_BANDS), metadata={"description": BAND_DOC}
    )


class UpdateChildSchema(InputSchema):
    name = fields.String(
        load_default=None, validate=validate.Length(max=100), metadata={"description": NAME_DOC}
    )
    ageBand = fields.String(
        load_default=None, validate=validate.OneOf(AGE_BANDS), metadata={"description": BAND_DOC}
    )

    @validates_schema
    def _something(self, data, **kwargs):
        if data.get("name") is None and data.get("ageBand") is None:
            raise ValidationError("Send name, ageBand or both.", "_schema")


def _settings_fields(app: str, dump: bool) -> dict:
    """The fields of one app's settings: enums from the domain, so OpenAPI lists each app's own values."""

    def attr(name):
        return {"attribute": name} if dump else {}

    required: dict[str, Any] = {"required": True}
    spec = {
        "ageFilter": fields.String(
            **required,
            **attr("age_filter"),
            validate=validate.OneOf(AGE_FILTERS[app]),
            metadata={"enum": list(AGE_FILTERS[app])},
        ),
        "timeLimitMinutes": fields.Integer(
            **required,
            **attr("time_limit_minutes"),
            allow_none=True,
            strict=True,
            validate=validate.Range(MIN_TIME_LIMIT, MAX_TIME_LIMIT),
            metadata={
                "description": f"Minutes a day, {MIN_TIME_LIMIT} to {MAX_TIME_LIMIT}; "
                "null: no limit."
            },
        ),
        "contentType": fields.String(
            **required,
            **attr("content_type"),
            validate=validate.OneOf(CONTENT_TYPES),
            metadata={"enum": list(CONTENT_TYPES)},
        ),
        "language": fields.String(
            **required, validate=validate.OneOf(LANGUAGES), metadata={"enum": list(LANGUAGES)}
        ),
        "sound": fields.Boolean(**required),
        "fullscreen": fields.Boolean(**required),
    }
    if app in CATEGORIES:
        spec["categories"] = fields.List(
            fields.String(validate=validate.OneOf(CATEGORIES[app])),
            **required,
            metadata={
                "description": f"Categories the child may see, any of: {', '.join(CATEGORIES[app])}."
            },
        )
    if dump:
        spec["updatedAt"] = fields.DateTime(
            allow_none=True,
            attribute="updated_at",
            metadata={"description": "null: never saved, these are the defaults."},
        )
    return spec


def settings_schemas(app: str) -> tuple[type[Schema], type[Schema]]:
    """(input schema, answer schema) of one app's settings."""
    title = app.capitalize()
    return (
        type(f"{title}SettingsInputSchema", (InputSchema,), _settings_fields(app, dump=False)),
        type(f"{title}SettingsSchema", (Schema,), _settings_fields(app, dump=True)),
    )


SETTINGS_SCHEMAS = {app: settings_schemas(app) for app in ("tv", "books", "games")}


class ChildSettingsSchema(Schema):
    tv = fields.Nested(SETTINGS_SCHEMAS["tv"][1], required=True)
    books = fields.Nested(
        SETTINGS_SCHEMAS["books"][1], required=True, metadata={"description": "Stories"}
    )
    games = fields.Nested(SETTINGS_SCHEMAS["games"][1], required=True)


class ChildWithSettingsSchema(ChildSchema):
    settings = fields.Nested(ChildSettingsSchema, required=True)


class FamilySettingsSchema(Schema):
    children = fields.List(fields.Nested(ChildWithSettingsSchema), required=True)
