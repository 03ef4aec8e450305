"""The visitor's country, from the trusted proxy's header; never a call outside."""

from flask import request
from marshmallow import Schema, fields

from bff.blueprint import Blueprint
from bff.context import services
from core.domain.accounts import normalise_country

blp = Blueprint("country", __name__, description="Country look-up")


class CountrySchema(Schema):
    geoplugin_countryCode = fields.String(required=True)


@blp.route("/v4/country", methods=["GET"])
@blp.response(200, CountrySchema)
def country():
    """Two-letter country code; the default (FR) when the header is absent or malformed."""
    ctx = services()
    header = request.headers.get(ctx.clients.trusted_country_header)
    return {"geoplugin_countryCode": normalise_country(header, ctx.default_country)}
