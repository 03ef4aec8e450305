"""Schemas shared by several resources, and the error documentation helper."""
from __future__ import annotations

from collections import defaultdict

from marshmallow import EXCLUDE, Schema, fields, validate

from core.domain.errors import LOGIN_NEEDED, PARAMETER_REQUIRED, TERMS_UPDATE, ErrorType

# Ids are INTEGER columns: a number outside 32 bits names no row, and must not reach the database.
ID_RANGE = validate.Range(min=-2**31, max=2**31 - 1)
CLIENT_HASH = validate.Regexp(r"^[0-9a-fA-F]{64}$", error="Expected the SHA-256 hash of the password.")


class InputSchema(Schema):
    class Meta:
        unknown = EXCLUDE  # the apps send extra fields; ignore them


class ApiErrorSchema(Schema):
    code = fields.Integer(required=True, metadata={"description": "Numeric code of SPEC section 8 (0 if none)."})
    message = fields.String(required=True, metadata={"description": "Message key, namespace Errors in locales."})
    errors = fields.Dict(metadata={"description": "Field -> messages, on invalid input."})
    couponProduct = fields.String(metadata={"description": "The product a coupon is for (codes 4, 5 and 6)."})
    errorMessage = fields.String(metadata={"description": "Why a payment failed: a message key, namespace Errors."})
    messageCode = fields.String(metadata={"description": "Publisher calls: e.g. SEVAMEDIA_INVALID_COUPON."})
    version = fields.String(metadata={"description": "termsUpdate, termsVersionOutdated: the terms in force."})
    max = fields.Integer(metadata={"description": "childLimitReached: the most profiles an account may have."})
    field = fields.String(metadata={"description": "The field an error is about, when there is one."})


class StatusSchema(Schema):
    status = fields.Boolean(required=True)


def documents(blp, *error_types: ErrorType, auth: bool = False, terms_gate: bool = True):
    """Document every error answer of a view in OpenAPI, grouped by status. A bearer-authenticated
    view also answers 401, and 403 code 9 termsUpdate unless it is open before new terms are accepted."""
    by_status = defaultdict(list)
    gate = (LOGIN_NEEDED, *((TERMS_UPDATE,) if terms_gate else ())) if auth else ()
    for e in (PARAMETER_REQUIRED, *error_types, *gate):
        by_status[e.status].append(f"code {e.code} `{e.message}`")

    def decorator(view):
        for status, lines in sorted(by_status.items()):
            view = blp.alt_response(status, schema=ApiErrorSchema, description="; ".join(lines))(view)
        if auth:
            view = blp.doc(security=[{"bearer": []}])(view)
        return view
    return decorator
