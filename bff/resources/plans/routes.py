"""The plan catalogue and the register page's price."""

import gzip
from collections.abc import Hashable
from functools import lru_cache
from typing import cast

from flask import Response, request

from bff.auth import optional_account_id
from bff.blueprint import Blueprint
from bff.context import client_country, services
from bff.resources.plans.schemas import (
    CountryQuerySchema,
    PlansQuerySchema,
    PlansSchema,
    RegisterPriceSchema,
)
from bff.schemas import documents
from core.domain.accounts import normalise_country
from core.domain.catalogue import covered_apps
from core.services import plans

blp = Blueprint("plans", __name__, description="Plans and prices")

OPTIONAL_BEARER: list[dict[str, list[str]]] = [{}, {"bearer": []}]


def visitor_country(raw: str | None) -> str:
    """The query's country if valid, else the trusted proxy's header, else the default (FR). The
    header is read only when the query names no valid country (the apps and the site name one)."""
    return normalise_country(raw, "") or client_country()


@blp.route("/v5/plans", methods=["GET"])
@blp.arguments(PlansQuerySchema, location="query")
@blp.response(200, PlansSchema)
@blp.doc(security=OPTIONAL_BEARER)
@documents(blp)
def plan_list(query):
    """The catalogue for a country: EUR in the 27 EU states, CHF in CH, USD elsewhere.

    Seven products (three apps, four combos), monthly (P1M) and yearly (P1Y), grouped as
    `monthly_plan`, `annual_plan` and `userPlan` (one group per product). Promotional
    single-app plans (`isPromo`, planId `..._promo`) are listed only with `showAll=true`.
    With a valid bearer, `subscribed` is true on plans whose every app the account already
    has through a non-expired subscription; without one (or with an invalid one) it is false.
    The answer also carries `registerPrice` (same as `/v5/plans/register`) and the USD
    `defaultPlans`. Prices are strings with two decimals.
    """
    account_id = optional_account_id()
    owned = plans.owned_types(services(), account_id) if account_id is not None else frozenset()
    body = _plans_json(
        cast(Hashable, services().catalogue),  # one per process: the cache tells it by identity
        visitor_country(query["countryCode"]),
        query["showAll"],
        covered_apps(owned),
    )
    if request.accept_encodings[
        "gzip"
    ]:  # phones get ~2 KB instead of ~14 KB, compressed once per answer
        response = Response(_gzipped(body), mimetype="application/json")
        response.headers["Content-Encoding"] = "gzip"
    else:
        response = Response(body, mimetype="application/json")
    # Set whole rather than through `response.vary` (a parsed header set: some 80 Python calls a request).
    if account_id is None:  # the same for every visitor of a country: let browsers and CDNs keep it
        response.headers["Cache-Control"] = "public, max-age=300"
        response.headers["Vary"] = "Accept-Encoding, X-Country-Code"
    else:
        response.headers["Vary"] = "Accept-Encoding"
    return response


@lru_cache(maxsize=4096)
def _plans_json(catalogue, country: str, show_all: bool, covered: frozenset) -> str:
    """The catalogue is read-only data, so each (country, showAll, apps owned) answer is built once."""
    return PlansSchema().dumps(
        plans.offer(catalogue, country, show_all, covered, apps_covered=True)
    )


@lru_cache(maxsize=4096)
def _gzipped(body: str) -> bytes:
    return gzip.compress(body.encode(), compresslevel=9, mtime=0)


@blp.route("/v5/plans/register", methods=["GET"])
@blp.arguments(CountryQuerySchema, location="query")
@blp.response(200, RegisterPriceSchema)
@documents(blp)
def register_price(query):
    """The landing page's "from" prices for the visitor's country.

    The figures of the cheapest regular plan on sale in the country's currency, over both periods
    (one app: 4.99 / 34.90 USD and EUR, 6.90 / 49.90 CHF), so every figure is one a parent can buy.
    """
    return plans.register_price(services().catalogue, visitor_country(query["countryCode"]))
