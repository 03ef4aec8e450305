"""Redirect keys: hand a logged-in session to a web app through a URL."""

from flask import g
from marshmallow import Schema, fields, validate

from bff.auth import login_required, rate_limited
from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.accounts.schemas import TokenSchema
from bff.schemas import InputSchema, documents
from core.domain import errors
from core.services import redirect_keys

blp = Blueprint("redirect", __name__, description="Redirect keys for the web apps")


class RedirectKeySchema(Schema):
    redirectKey = fields.String(required=True)


class VerifyQuerySchema(InputSchema):
    redirectKey = fields.String(required=True, validate=validate.Length(min=1, max=200))


@blp.route("/v4/users/redirect/generate-key", methods=["GET"])
@login_required
@blp.response(200, RedirectKeySchema)
@documents(blp, auth=True)
def generate_key():
    """A single-use key, valid about a minute, bound to the caller's account."""
    return {"redirectKey": redirect_keys.generate(services(), g.account_id)}


@blp.route("/v4/users/redirect/verify-key", methods=["GET"])
@rate_limited("verify-key")
@blp.arguments(VerifyQuerySchema, location="query")
@blp.response(200, TokenSchema)
@documents(blp, errors.REDIRECT_KEY_INVALID, errors.RATE_LIMITED)
def verify_key(query):
    """Trade a redirect key for a new bearer token; the key is then spent."""
    return {"token": redirect_keys.verify(services(), query["redirectKey"])}
