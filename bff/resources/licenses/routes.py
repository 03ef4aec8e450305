"""Licenses and promotional license cards, as the main API, the stories and the games services answer them."""

from flask import request

from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.licenses.schemas import CardsSchema, LicensesQuerySchema, LicensesSchema
from bff.resources.plans.routes import visitor_country
from bff.schemas import documents
from core.services import licenses

blp = Blueprint("licenses", __name__, description="Licenses and promotional cards")


def _where(query) -> tuple[str, str | None, int]:
    return (
        visitor_country(query["countryCode"]),
        query["language"] or request.accept_languages.best,
        query["count"],
    )


@blp.route("/v4/licenses", methods=["GET"])
@blp.arguments(LicensesQuerySchema, location="query")
@blp.response(200, LicensesSchema)
@documents(blp)
def all_licenses(query):
    """Licenses available in the country, every app: `{"licenses": [...]}`."""
    country, language, count = _where(query)
    return {"licenses": licenses.licenses_for(services().licenses, country, language, count)}


@blp.route("/v1/licenses", methods=["GET"])
@blp.arguments(LicensesQuerySchema, location="query")
@blp.response(200, LicensesSchema)
@documents(blp)
def story_licenses(query):
    """The stories service's call: licenses that appear in the Stories app, `{"licenses": [...]}`."""
    country, language, count = _where(query)
    return {
        "licenses": licenses.licenses_for(
            services().licenses, country, language, count, app="books"
        )
    }


@blp.route("/v1/promotional-cards", methods=["GET"])
@blp.arguments(LicensesQuerySchema, location="query")
@blp.response(200, CardsSchema)
@documents(blp)
def promotional_cards(query):
    """The games service's call: `{"cards": [{id, image, color, licenses: [...]}]}`.

    A card's licenses are those available in the country; a card left with none is skipped.
    Colours cycle blue, green, orange, red, yellow, purple in answer order.
    """
    country, language, count = _where(query)
    return {"cards": licenses.promotional_cards(services().licenses, country, language, count)}
