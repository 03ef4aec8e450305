"""Schemas shared by several resources, and the error documentation helper."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, missing, pre_load, validate

from bff.errors import status_of
from bff.naming import camel, camel_keys
from core.domain.errors import LOGIN_NEEDED, PARAMETER_REQUIRED, TERMS_UPDATE, ErrorType

# Ids are INTEGER columns: a number outside 32 bits names no row, and must not reach the database.
ID_RANGE = validate.Range(min=-(2**31), max=2**31 - 1)
CLIENT_HASH = validate.Regexp(
    r"^[0-9a-fA-F]{64}$", error="Expected the SHA-256 hash of the password."
)


# Control characters (C0, DEL, C1) are refused in every text field; a field declared with
# metadata={"multiline": True} (the contact message, webhook payloads) may hold tabs and line breaks.
# Every text field, multi-line or not, also refuses the invisible characters that reorder or hide text
# (docs/security.md#input-text): bidirectional controls (U+061C, U+200E/F, U+202A-U+202E, U+2066-U+2069),
# so "RT\u202egnp.exe" cannot show as "RTexe.png", and zero-width ones (U+200B-U+200D, U+2060, U+FEFF).
INVISIBLE = r"\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff"
SINGLE_LINE_FORBIDDEN = re.compile(rf"[\x00-\x1f\x7f-\x9f\u2028\u2029{INVISIBLE}]")
MULTILINE_FORBIDDEN = re.compile(rf"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{INVISIBLE}]")
CONTROL_CHARACTERS = "Control characters are not allowed here."


class InputSchema(Schema):
    class Meta:
        unknown = EXCLUDE  # the apps send extra fields; ignore them

    @pre_load
    def _refuse_control_characters_and_numeric_booleans(self, data, **_kwargs):
        """Before any field is loaded: text with control characters (a name with CR/LF would break the
        e-mail it goes into), and booleans sent as numbers (`{"promotional": 0}`)."""
        if not isinstance(data, Mapping):
            return data
        problems = {}
        for name, field in self.load_fields.items():
            key = field.data_key or name
            if key not in data:
                continue
            value = data[key]
            if (
                isinstance(field, fields.Boolean)
                and value is not None
                and not isinstance(value, (bool, str))
            ):
                problems[key] = ["Not a valid boolean."]
            elif isinstance(field, fields.String) and isinstance(value, str):
                forbidden = (
                    MULTILINE_FORBIDDEN
                    if field.metadata.get("multiline")
                    else SINGLE_LINE_FORBIDDEN
                )
                if forbidden.search(value):
                    problems[key] = [CONTROL_CHARACTERS]
        if problems:
            raise ValidationError(problems)
        return data


class ApiErrorSchema(Schema):
    code = fields.Integer(
        required=True,
        metadata={"description": "Numeric code of docs/product.md#errors (0 if none)."},
    )
    message = fields.String(
        required=True, metadata={"description": "Message key, namespace Errors in locales."}
    )
    errors = fields.Dict(metadata={"description": "Field -> messages, on invalid input."})
    couponProduct = fields.String(
        metadata={"description": "The product a coupon is for (codes 4, 5 and 6)."}
    )
    errorMessage = fields.String(
        metadata={"description": "Why a payment failed: a message key, namespace Errors."}
    )
    messageCode = fields.String(
        metadata={"description": "Publisher calls: e.g. SEVAMEDIA_INVALID_COUPON."}
    )
    version = fields.String(
        metadata={"description": "termsUpdate, termsVersionOutdated: the terms in force."}
    )
    max = fields.Integer(
        metadata={"description": "childLimitReached: the most profiles an account may have."}
    )
    field = fields.String(
        metadata={"description": "The field an error is about, when there is one."}
    )


_PATHS: dict[str, tuple[str, ...]] = {}
_MISSING = object()


# How AnswerSchema's dump writes a field's value (see _plan_of): as it is; as it is when it is None or of
# the one class the field would make of it (else the field's own `_serialize`); always through
# `_serialize`; or through the field's whole `serialize` (a field that computes its value).
_AS_IS, _IF_CLASS, _FORMAT, _FIELD = range(4)


def _plan_of(name: str, field: fields.Field) -> tuple:
    """(wire key, attribute path, how, the class kept as it is, name, field) for one dump field."""
    key = field.data_key if field.data_key is not None else name
    path = _PATHS.get(field.attribute or name) or tuple((field.attribute or name).split("."))
    kind = type(field)
    if kind.serialize is not fields.Field.serialize or not field._CHECK_ATTRIBUTE:
        return key, path, _FIELD, None, name, field
    if kind._serialize is fields.Field._serialize:  # Raw, Boolean: no formatting at all
        return key, path, _AS_IS, None, name, field
    if kind._serialize is fields.String._serialize:  # str(value) of a str is that str
        return key, path, _IF_CLASS, str, name, field
    if (
        isinstance(field, fields.Number)
        and kind._serialize is fields.Number._serialize
        and type(field)._format_num is fields.Number._format_num
        and not field.as_string
        and field.num_type in (int, float)
    ):  # int(an int), float(a float)
        return key, path, _IF_CLASS, field.num_type, name, field
    return key, path, _FORMAT, None, name, field


class AnswerSchema(Schema):
    """An answer dumped from read models (dataclasses and plain objects), in fewer Python calls than
    marshmallow's own dump and to the same result (tests/bff/test_answer_schema.py):

    - each field's attribute is read with getattr, a dotted one (`subscription.id`) split once for good.
      marshmallow's own lookup tries `obj[key]` first and splits the path again for every field and every
      object. A dict on the way, or whatever getattr cannot find (a None on the way), is looked up by
      marshmallow's own rules, dump defaults included;
    - a field that would not change its value (Raw, Boolean; a String given a str, an Integer given an
      int, any of them given None) is written as it is; any other goes through the field's own
      `_serialize`, without `serialize` and `get_value` around it; a field that computes its value
      (Method, Function, Constant, or one that overrides `serialize`) through its whole `serialize`.

    Some five Python calls per field become one (docs/benchmarks.md#python-calls-per-request). The plan of
    each field is made once per schema instance; hooks (`pre_dump`, `post_dump`) run as marshmallow runs
    them, around this."""

    def get_attribute(self, obj: Any, attr: str, default: Any) -> Any:
        parts = _PATHS.get(attr)
        if parts is None:
            parts = _PATHS[attr] = tuple(attr.split("."))
        value = obj
        for part in parts:
            # a dict's key, not its attribute (`items`, `get`): marshmallow's rules (the class compared
            # rather than isinstance: no call on the way of every field)
            if value.__class__ is dict or (value := getattr(value, part, _MISSING)) is _MISSING:
                return super().get_attribute(obj, attr, default)
        return value

    def _serialize(self, obj: Any, *, many: bool = False) -> Any:
        if many and obj is not None:
            return [self._serialize(each) for each in obj]
        plan = self.__dict__.get("_dump_plan")
        if plan is None:
            plan = self.__dict__["_dump_plan"] = tuple(
                _plan_of(name, field) for name, field in self.dump_fields.items()
            )
        answer = self.dict_class()
        for key, path, how, keeps, name, field in plan:
            if how != _FIELD:
                value = obj
                for part in path:
                    if (
                        value.__class__ is dict
                        or (value := getattr(value, part, _MISSING)) is _MISSING
                    ):
                        how = _FIELD  # marshmallow's lookup and its dump default
                        break
            if how == _AS_IS or (how == _IF_CLASS and (value is None or value.__class__ is keeps)):
                answer[key] = value
            elif how != _FIELD:
                answer[key] = field._serialize(value, name, obj)
            else:
                value = field.serialize(name, obj, accessor=self.get_attribute)
                if value is not missing:
                    answer[key] = value
        return answer


class CamelSchema(AnswerSchema):
    """An answer whose fields are the read model's snake_case attributes, named in camelCase on the wire
    (a field's own data_key wins)."""

    def on_bind_field(self, field_name: str, field_obj: fields.Field) -> None:
        if field_obj.data_key is None:
            field_obj.data_key = camel(field_name)


class CamelDict(fields.Dict):
    """A free-form object whose keys are camelCased at every depth (see camel_keys)."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else camel_keys(value)


class Money(fields.Decimal):
    """An amount: a Decimal in the read model, a decimal string on the wire (never a JSON number)."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"type": "string", **kwargs.pop("metadata", {})}
        super().__init__(as_string=True, metadata=metadata, **kwargs)


class StatusSchema(Schema):
    status = fields.Boolean(required=True)


def documents(blp, *error_types: ErrorType, auth: bool = False, terms_gate: bool = True):
    """Document every error answer of a view in OpenAPI, grouped by status. A bearer-authenticated
    view also answers 401, and 403 code 9 termsUpdate unless it is open before new terms are accepted."""
    by_status = defaultdict(list)
    gate = (LOGIN_NEEDED, *((TERMS_UPDATE,) if terms_gate else ())) if auth else ()
    for e in (PARAMETER_REQUIRED, *error_types, *gate):
        by_status[status_of(e)].append(f"code {e.code} `{e.message}`")

    def decorator(view):
        for status, lines in sorted(by_status.items()):
            view = blp.alt_response(status, schema=ApiErrorSchema, description="; ".join(lines))(
                view
            )
        if auth:
            view = blp.doc(security=[{"bearer": []}])(view)
        return view

    return decorator
