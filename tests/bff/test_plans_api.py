"""GET /v5/plans and /v5/plans/register: every figure of docs/product.md#constants, country by country."""

import json
from datetime import timedelta
from decimal import Decimal

import pytest

from core.domain.subscriptions import Subscription
from tests.helpers import bearer, signed_up

EU_27 = [
    "AT",
    "BE",
    "BG",
    "HR",
    "CY",
    "CZ",
    "DK",
    "EE",
    "FI",
    "FR",
    "DE",
    "GR",
    "HU",
    "IE",
    "IT",
    "LV",
    "LT",
    "LU",
    "MT",
    "NL",
    "PL",
    "PT",
    "RO",
    "SK",
    "SI",
    "ES",
    "SE",
]
SINGLES = ("lumo_tv", "lumo_books", "lumo_games")
COMBOS = ("lumo_tv_books", "lumo_tv_games", "lumo_books_games")
TRIPLE = ("lumo_tv_books_games",)
DOLLAR_OR_EURO = {"P1M": ("4.99", "7.99", "9.99"), "P1Y": ("34.90", "55.90", "70.90")}
FRANC = {"P1M": ("6.90", "10.90", "13.90"), "P1Y": ("49.90", "79.90", "99.90")}
# country: currency, symbol, catalogue figures, promo (monthly, yearly), register (monthly, yearly, currency)
# The register ("from") figures are the single-app plan's: a plan on sale (docs/billing.md#one-price-truth).
COUNTRIES = {
    "FR": ("EUR", "€", DOLLAR_OR_EURO, ("2.99", "20.90"), ("4.99", "34.90", "EUR")),
    "DE": ("EUR", "€", DOLLAR_OR_EURO, ("2.99", "20.90"), ("4.99", "34.90", "EUR")),
    "ES": ("EUR", "€", DOLLAR_OR_EURO, ("2.99", "20.90"), ("4.99", "34.90", "EUR")),
    "CH": ("CHF", "CHF", FRANC, ("3.90", "29.90"), ("6.90", "49.90", "CHF")),
    "US": ("USD", "$", DOLLAR_OR_EURO, ("2.99", "20.90"), ("4.99", "34.90", "USD")),
}
# yearly price -> (monthly display price, savings against the same offer's monthly price)
YEARLY_FIGURES = {
    "34.90": ("3.00", "24.98"),
    "55.90": ("4.70", "39.98"),
    "70.90": ("6.00", "48.98"),
    "49.90": ("4.20", "32.90"),
    "79.90": ("6.70", "50.90"),
    "99.90": ("8.40", "66.90"),
    "20.90": ("1.80", "14.98"),
    "29.90": ("2.50", "16.90"),
}


def get_plans(client, query="", headers=None):
    response = client.get(f"/v5/plans{query}", headers=headers or {})
    assert response.status_code == 200, response.json
    return response.json


def by_id(body):
    return {p["planId"]: p for p in body["monthly_plan"] + body["annual_plan"]}


@pytest.mark.parametrize("country", COUNTRIES)
@pytest.mark.parametrize("duration", ["P1M", "P1Y"])
def test_every_catalogue_price(client, country, duration):
    currency, symbol, figures, _, _ = COUNTRIES[country]
    plans = by_id(get_plans(client, f"?countryCode={country}"))
    period = "monthly" if duration == "P1M" else "yearly"
    for products, price in zip((SINGLES, COMBOS, TRIPLE), figures[duration], strict=True):
        for product in products:
            plan = plans[f"{product}_{period}_{currency.lower()}"]
            assert (plan["product"], plan["price"], plan["durationCode"]) == (
                product,
                price,
                duration,
            )
            assert (plan["currency"], plan["currencySymbol"]) == (currency, symbol)
            assert (
                plan["iap"] == f"{product}_{period}"
                and plan["nameKey"] == f"Plans.{product}_{period}"
            )
            assert (
                plan["promoTitle"] is None
                and plan["isPromo"] is False
                and plan["subscribed"] is False
            )


@pytest.mark.parametrize("country", COUNTRIES)
def test_monthly_and_yearly_prices_on_each_plan(client, country):
    currency, _, figures, _, _ = COUNTRIES[country]
    plans = by_id(get_plans(client, f"?countryCode={country}"))
    for products, monthly, yearly in zip(
        (SINGLES, COMBOS, TRIPLE), figures["P1M"], figures["P1Y"], strict=True
    ):
        display, savings = YEARLY_FIGURES[yearly]
        for product in products:
            m, y = (
                plans[f"{product}_monthly_{currency.lower()}"],
                plans[f"{product}_yearly_{currency.lower()}"],
            )
            assert (m["monthlyPrice"], m["yearlyPrice"], m["yearlySavings"]) == (
                monthly,
                yearly,
                savings,
            )
            assert (y["monthlyPrice"], y["yearlyPrice"], y["yearlySavings"]) == (
                display,
                yearly,
                savings,
            )


@pytest.mark.parametrize("country", COUNTRIES)
def test_add_ons_make_the_bundle_prices(client, country):
    currency, _, figures, _, _ = COUNTRIES[country]
    plans = by_id(get_plans(client, f"?countryCode={country}"))
    for duration, period in (("P1M", "monthly"), ("P1Y", "yearly")):
        single, combo, triple = (Decimal(x) for x in figures[duration])
        for product in SINGLES:
            add_ons = plans[f"{product}_{period}_{currency.lower()}"]["addOns"]
            assert [a["addonName"] for a in add_ons] == ["second_app", "third_app"]
            assert single + Decimal(add_ons[0]["price"]) == combo
            assert single + Decimal(add_ons[0]["price"]) + Decimal(add_ons[1]["price"]) == triple
        for product in COMBOS:
            add_ons = plans[f"{product}_{period}_{currency.lower()}"]["addOns"]
            assert [(a["addonName"], combo + Decimal(a["price"])) for a in add_ons] == [
                ("third_app", triple)
            ]
        assert plans[f"lumo_tv_books_games_{period}_{currency.lower()}"]["addOns"] == []


def test_add_on_figures(client):
    us, ch = (
        by_id(get_plans(client, "?countryCode=US")),
        by_id(get_plans(client, "?countryCode=CH")),
    )
    assert [a["price"] for a in us["lumo_tv_monthly_usd"]["addOns"]] == ["3.00", "2.00"]
    assert [a["price"] for a in us["lumo_tv_yearly_usd"]["addOns"]] == ["21.00", "15.00"]
    assert [a["price"] for a in ch["lumo_games_monthly_chf"]["addOns"]] == ["4.00", "3.00"]
    assert [a["price"] for a in ch["lumo_games_yearly_chf"]["addOns"]] == ["30.00", "20.00"]


@pytest.mark.parametrize("country", COUNTRIES)
def test_promo_plans_only_with_show_all(client, country):
    currency, _, _, (monthly, yearly), _ = COUNTRIES[country]
    regular = get_plans(client, f"?countryCode={country}")
    assert not any(p["isPromo"] for p in regular["monthly_plan"] + regular["annual_plan"])
    assert len(regular["monthly_plan"]) == len(regular["annual_plan"]) == 7
    everything = by_id(get_plans(client, f"?countryCode={country}&showAll=true"))
    assert len(everything) == 20
    display, savings = YEARLY_FIGURES[yearly]
    for product in SINGLES:
        m = everything[f"{product}_monthly_{currency.lower()}_promo"]
        y = everything[f"{product}_yearly_{currency.lower()}_promo"]
        assert (m["price"], m["yearlyPrice"], m["isPromo"]) == (monthly, yearly, True)
        assert m["promoTitle"] == "Plans.promoTitle"
        assert (y["price"], y["monthlyPrice"], y["yearlySavings"]) == (yearly, display, savings)
        assert m["addOns"] == [] == y["addOns"]
    assert get_plans(client, f"?countryCode={country}&showAll=false") == regular


@pytest.mark.parametrize("country", COUNTRIES)
def test_register_price_in_the_answer_and_on_its_own(client, country):
    monthly, yearly, currency = COUNTRIES[country][4]
    display = {"34.90": "3.00", "49.90": "4.20"}[yearly]
    savings = {"34.90": "24.98", "49.90": "32.90"}[yearly]
    symbol = {"EUR": "€", "CHF": "CHF", "USD": "$"}[currency]
    expected = {
        "countryCode": country,
        "currency": currency,
        "currencySymbol": symbol,
        "monthlyPrice": monthly,
        "yearlyPrice": yearly,
        "yearlyPerMonthPrice": display,
        "yearlySavings": savings,
    }
    assert get_plans(client, f"?countryCode={country}")["registerPrice"] == expected
    assert client.get(f"/v5/plans/register?countryCode={country.lower()}").json == expected


@pytest.mark.parametrize(
    "country,expected",
    [
        ("BE", ("4.99", "EUR")),
        ("LU", ("4.99", "EUR")),
        ("AT", ("4.99", "EUR")),
        ("IT", ("4.99", "EUR")),
        ("GB", ("4.99", "USD")),
        ("es", ("4.99", "EUR")),
        ("ch", ("6.90", "CHF")),
    ],
)
def test_register_price_follows_the_country_catalogue(client, country, expected):
    body = client.get(f"/v5/plans/register?countryCode={country}").json
    assert (body["monthlyPrice"], body["currency"]) == expected


@pytest.mark.parametrize("country", EU_27 + ["CH", "US", "GB", "JP"])
def test_register_price_is_a_plan_on_sale(client, country):
    """No figure a purchase cannot produce: the monthly and yearly "from" prices are one regular plan's,
    the cheapest of the country's plans (docs/billing.md#one-price-truth)."""
    answer = get_plans(client, f"?countryCode={country}")
    register = answer["registerPrice"]
    monthly = [p for p in answer["monthly_plan"] if not p["isPromo"]]
    cheapest = min(monthly, key=lambda p: Decimal(p["price"]))
    assert register["currency"] == answer["currency"]
    assert register["monthlyPrice"] == cheapest["price"]
    assert register["yearlyPrice"] == cheapest["yearlyPrice"]
    assert any(
        y["product"] == cheapest["product"] and y["price"] == register["yearlyPrice"]
        for y in answer["annual_plan"]
    )


def test_default_plans(client):
    for country in COUNTRIES:
        defaults = get_plans(client, f"?countryCode={country}")["defaultPlans"]
        assert [
            (
                p["planId"],
                p["price"],
                p["currency"],
                p["durationCode"],
                [a["price"] for a in p["addOns"]],
            )
            for p in defaults
        ] == [
            ("default_monthly_usd", "7.99", "USD", "P1M", ["3.00"]),
            ("default_yearly_usd", "49.90", "USD", "P1Y", ["20.00"]),
        ]
        assert defaults[1]["monthlyPrice"] == "4.20" and defaults[0]["yearlySavings"] == "45.98"


@pytest.mark.parametrize("country", EU_27)
def test_every_eu_member_state_gets_the_euro_catalogue(client, country):
    body = get_plans(client, f"?countryCode={country}")
    assert (body["countryCode"], body["currency"], body["currencySymbol"]) == (country, "EUR", "€")
    assert body["monthly_plan"][0]["planId"] == "lumo_tv_monthly_eur"
    assert get_plans(client, f"?countryCode={country.lower()}")["currency"] == "EUR"


@pytest.mark.parametrize(
    "query,country,currency",
    [
        ("?countryCode=CH", "CH", "CHF"),
        ("?countryCode=ch", "CH", "CHF"),
        ("?countryCode=Ch", "CH", "CHF"),
        ("?countryCode=US", "US", "USD"),
        ("?countryCode=gb", "GB", "USD"),
        ("?countryCode=NO", "NO", "USD"),
        ("?countryCode=JP", "JP", "USD"),
        ("?countryCode=BR", "BR", "USD"),
        ("?countryCode=%20fr%20", "FR", "EUR"),
        ("", "FR", "EUR"),
        ("?countryCode=", "FR", "EUR"),
        ("?countryCode=XX", "FR", "EUR"),
        ("?countryCode=FRA", "FR", "EUR"),
        ("?countryCode=1%3B", "FR", "EUR"),
        ("?countryCode=%3Cscript%3E", "FR", "EUR"),
    ],
)
def test_currency_by_country_with_the_default_for_missing_or_invalid(
    client, query, country, currency
):
    body = get_plans(client, query)
    assert (body["countryCode"], body["currency"]) == (country, currency)


def test_missing_country_falls_back_to_the_trusted_header_then_the_default(client):
    assert get_plans(client, "", {"X-Country-Code": "ch"})["currency"] == "CHF"
    assert get_plans(client, "?countryCode=zz9", {"X-Country-Code": "US"})["countryCode"] == "US"
    assert get_plans(client, "?countryCode=DE", {"X-Country-Code": "CH"})["currency"] == "EUR"
    assert get_plans(client, "", {"X-Country-Code": "garbage"})["countryCode"] == "FR"


def test_groups_user_plan_by_product(client):
    body = get_plans(client, "?countryCode=FR")
    assert [g["product"] for g in body["userPlan"]] == [
        *SINGLES,
        "lumo_tv_books",
        "lumo_tv_games",
        "lumo_books_games",
        "lumo_tv_books_games",
    ]
    for group in body["userPlan"]:
        assert group["nameKey"] == f"Plans.{group['product']}"
        assert [p["durationCode"] for p in group["plans"]] == ["P1M", "P1Y"]
        assert {p["product"] for p in group["plans"]} == {group["product"]}
    assert all(p["durationCode"] == "P1M" for p in body["monthly_plan"])
    assert all(p["durationCode"] == "P1Y" for p in body["annual_plan"])


def test_prices_are_strings_with_two_decimals(client):
    body = get_plans(client, "?countryCode=CH&showAll=1")
    for plan in body["monthly_plan"] + body["annual_plan"] + body["defaultPlans"]:
        for key in ("price", "monthlyPrice", "yearlyPrice", "yearlySavings"):
            assert isinstance(plan[key], str) and len(plan[key].split(".")[1]) == 2, (
                plan["planId"],
                key,
            )
        assert all(isinstance(a["price"], str) for a in plan["addOns"])


def test_show_all_must_be_a_boolean(client):
    response = client.get("/v5/plans?showAll=perhaps")
    assert (
        response.status_code == 400
        and response.json["code"] == 0
        and "showAll" in response.json["errors"]
    )


def _subscribe(container, token_owner_id, kind, end_in_days=30, state="Active"):
    now = container.services.clock.now()
    with container.services.uow() as uow:
        uow.subscriptions.add(
            Subscription(
                account_id=token_owner_id,
                subscription_type=kind,
                duration_code="P1M",
                store_id="lumo",
                payment_state_id=state,
                end_date=now + timedelta(days=end_in_days),
                created_at=now,
            )
        )
        uow.commit()


def _account_id(container, email="parent@example.com"):
    with container.services.uow() as uow:
        return uow.accounts.by_email(email).id


def subscribed(body):
    return sorted(
        p["planId"] for p in body["monthly_plan"] + body["annual_plan"] if p["subscribed"]
    )


def test_subscribed_follows_the_bearers_live_subscriptions(client, container):
    token = signed_up(client)
    account = _account_id(container)
    assert subscribed(get_plans(client, "?countryCode=FR", bearer(token))) == []
    _subscribe(container, account, "lumo_tv_books")
    _subscribe(container, account, "lumo_games", end_in_days=-1)  # expired: does not count
    body = get_plans(client, "?countryCode=FR", bearer(token))
    assert subscribed(body) == [
        "lumo_books_monthly_eur",
        "lumo_books_yearly_eur",
        "lumo_tv_books_monthly_eur",
        "lumo_tv_books_yearly_eur",
        "lumo_tv_monthly_eur",
        "lumo_tv_yearly_eur",
    ]
    # the same answer without a bearer, or with a bad one, flags nothing
    assert subscribed(get_plans(client, "?countryCode=FR")) == []
    assert subscribed(get_plans(client, "?countryCode=FR", bearer("forged-token"))) == []
    assert (
        get_plans(client, "?countryCode=FR", bearer("forged-token"))["monthly_plan"][0]["price"]
        == "4.99"
    )


def test_subscribed_on_promo_and_triple_plans(client, container):
    token = signed_up(client)
    _subscribe(container, _account_id(container), "lumo_tv_books_games")
    body = get_plans(client, "?countryCode=CH&showAll=true", bearer(token))
    assert all(p["subscribed"] for p in body["monthly_plan"] + body["annual_plan"])


def test_another_accounts_subscription_does_not_count(client, container):
    signed_up(client, email="other@example.com")
    _subscribe(container, _account_id(container, "other@example.com"), "lumo_tv")
    token = signed_up(client)
    assert subscribed(get_plans(client, "?countryCode=US", bearer(token))) == []


def test_openapi_documents_the_plans_calls(client):
    paths = client.get("/openapi.json").json["paths"]
    for path in ("/v5/plans", "/v5/plans/register"):
        operation = paths[path]["get"]
        assert {"200", "400"} <= set(operation["responses"])
        assert "countryCode" in {p["name"] for p in operation["parameters"]}
    assert "showAll" in {p["name"] for p in paths["/v5/plans"]["get"]["parameters"]}
    assert {"bearer": []} in paths["/v5/plans"]["get"]["security"]


def test_plans_are_gzipped_for_clients_that_accept_it(client):
    import gzip

    plain = client.get("/v5/plans?countryCode=FR")
    packed = client.get(
        "/v5/plans?countryCode=FR", headers={"Accept-Encoding": "gzip, deflate, br"}
    )
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(packed.data)) == plain.json
    assert len(packed.data) * 4 < len(plain.data)
    for response in (plain, packed):  # caches must keep the two apart
        assert (
            "Accept-Encoding" in response.headers["Vary"]
            and "X-Country-Code" in response.headers["Vary"]
        )
    refused = client.get(
        "/v5/plans?countryCode=FR", headers={"Accept-Encoding": "gzip;q=0, identity"}
    )
    assert "Content-Encoding" not in refused.headers and refused.json == plain.json


def bundles_of(body):
    return {(b["product"], b["period"]): b for b in body["bundles"]}


@pytest.mark.parametrize("country", COUNTRIES)
def test_bundles_quote_every_product_and_period(client, country):
    """Every figure the web shows comes quoted: price, monthly equivalent, savings."""
    currency, symbol, figures, _, _ = COUNTRIES[country]
    bundles = bundles_of(get_plans(client, f"?countryCode={country}"))
    assert len(bundles) == 14
    for products, monthly, yearly in zip(
        (SINGLES, COMBOS, TRIPLE), figures["P1M"], figures["P1Y"], strict=True
    ):
        display, savings = YEARLY_FIGURES[yearly]
        for product in products:
            m, y = bundles[(product, "P1M")], bundles[(product, "P1Y")]
            assert (m["price"], m["monthlyPrice"], m["yearlySavings"]) == (monthly, monthly, None)
            assert (y["price"], y["monthlyPrice"], y["yearlySavings"]) == (yearly, display, savings)
            for bundle in (m, y):
                assert (bundle["currency"], bundle["currencySymbol"]) == (currency, symbol)
                assert bundle["apps"] == product.split("_")[1:]


def test_a_bundle_names_the_base_plan_and_add_ons_to_buy(client):
    bundles = bundles_of(get_plans(client, "?countryCode=CH"))
    assert bundles[("lumo_books_games", "P1Y")] | {} == {
        "product": "lumo_books_games",
        "apps": ["books", "games"],
        "period": "P1Y",
        "currency": "CHF",
        "currencySymbol": "CHF",
        "planId": "lumo_books_yearly_chf",
        "addOns": ["second_app"],
        "price": "79.90",
        "monthlyPrice": "6.70",
        "yearlySavings": "50.90",
    }
    triple = bundles[("lumo_tv_books_games", "P1M")]
    assert (triple["planId"], triple["addOns"]) == (
        "lumo_tv_monthly_chf",
        ["second_app", "third_app"],
    )


def test_promotional_plans_make_no_bundle(client):
    body = get_plans(client, "?countryCode=FR&showAll=true")
    assert all(not b["planId"].endswith("_promo") for b in body["bundles"])
    assert bundles_of(body)[("lumo_tv", "P1M")]["price"] == "4.99"
