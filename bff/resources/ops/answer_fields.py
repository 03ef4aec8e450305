"""The fields every operator console answer is made of (bff/resources/ops/*_schemas.py): each is required,
dates and times are ISO 8601 text, amounts decimal strings (bff.schemas.Money); each schema is a
bff.schemas.CamelSchema, so a read model's snake_case attribute is camelCase on the wire."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from bff.schemas import CamelDict, Money


def required_text(**kw: Any) -> fields.String:
    return fields.String(required=True, **kw)


def nullable_text(**kw: Any) -> fields.String:
    """A nullable string."""
    return fields.String(required=True, allow_none=True, **kw)


def timestamp(nullable: bool = False, **kw: Any) -> fields.DateTime:
    """A date and time (ISO 8601, with its offset); null only where `nullable`."""
    return fields.DateTime(required=True, allow_none=nullable, **kw)


def money_text(nullable: bool = False, **kw: Any) -> Money:
    return Money(
        required=True, allow_none=nullable, metadata={"description": "A decimal, as a string"}, **kw
    )


def integer(**kw: Any) -> fields.Integer:
    return fields.Integer(required=True, **kw)


def boolean(**kw: Any) -> fields.Boolean:
    return fields.Boolean(required=True, **kw)


def many(schema: type[Schema], **kw: Any) -> fields.List:
    """A required list of nested `schema` rows."""
    return fields.List(fields.Nested(schema), required=True, **kw)


def free_object(description: str) -> CamelDict:
    return CamelDict(
        keys=fields.String(), required=True, allow_none=True, metadata={"description": description}
    )
