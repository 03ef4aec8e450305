"""Pricing arithmetic and catalogue rules of docs/product.md#constants, pure: no file, no database."""

from decimal import Decimal as D

import pytest

from core.domain.catalogue import (
    APPS,
    CHF,
    EU_COUNTRIES,
    EUR,
    USD,
    AddOn,
    Plan,
    RegisterPrice,
    apps_of,
    charge_for,
    counterpart,
    covered_apps,
    currency_for,
    group_plans,
    is_subscribed,
    monthly_display_price,
    plan_id,
    product_code,
    quote_bundles,
    starting_price,
    yearly_savings,
)

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


@pytest.mark.parametrize(
    "yearly,display",
    [
        ("34.90", "3.0"),  # 2.9083... up
        ("55.90", "4.7"),  # 4.6583...
        ("70.90", "6.0"),  # 5.9083... rounds UP, not to the nearest
        ("59.90", "5.0"),  # 4.9916...
        ("49.90", "4.2"),  # 4.1583...
        ("79.90", "6.7"),  # 6.6583...
        ("99.90", "8.4"),  # 8.325
        ("20.90", "1.8"),  # 1.7416...
        ("29.90", "2.5"),  # 2.4916...
        ("36.00", "3.0"),  # exactly 3: stays
        ("36.01", "3.1"),  # a cent over: next tenth
        ("35.99", "3.0"),  # 2.99916...
        ("1.20", "0.1"),  # exactly 0.1
        ("0.01", "0.1"),
        ("0", "0.0"),
        ("1199.88", "100.0"),  # 99.99: up to the next tenth
    ],
)
def test_monthly_display_price_rounds_up_to_a_tenth(yearly, display):
    result = monthly_display_price(D(yearly))
    assert result == D(display) and str(result) == display


def test_monthly_display_price_refuses_a_negative_price():
    with pytest.raises(ValueError):
        monthly_display_price(D("-1"))


@pytest.mark.parametrize(
    "monthly,yearly,savings",
    [
        ("4.99", "34.90", "24.98"),
        ("7.99", "55.90", "39.98"),
        ("9.99", "70.90", "48.98"),
        ("6.90", "49.90", "32.90"),
        ("10.90", "79.90", "50.90"),
        ("13.90", "99.90", "66.90"),
        ("2.99", "20.90", "14.98"),
        ("3.90", "29.90", "16.90"),
        ("9.99", "59.90", "59.98"),
        ("7.99", "49.90", "45.98"),
        ("5.00", "60.00", "0.00"),
        ("4.00", "60.00", "-12.00"),
    ],
)
def test_yearly_savings(monthly, yearly, savings):
    result = yearly_savings(D(monthly), D(yearly))
    assert result == D(savings) and str(result) == savings


@pytest.mark.parametrize("country", EU_27)
def test_every_eu_member_state_pays_in_euros(country):
    assert currency_for(country) == EUR
    assert currency_for(country.lower()) == EUR


def test_the_eu_list_is_the_27_member_states():
    assert EU_COUNTRIES == set(EU_27) and len(EU_COUNTRIES) == 27


@pytest.mark.parametrize(
    "country,currency",
    [
        ("CH", CHF),
        ("ch", CHF),
        ("US", USD),
        ("GB", USD),
        ("NO", USD),
        ("IS", USD),
        ("LI", USD),
        ("TR", USD),
        ("EL", USD),
        ("UK", USD),
        ("", USD),
        ("XX", USD),
        ("MC", USD),
        ("AE", USD),
    ],
)
def test_switzerland_pays_in_francs_and_the_rest_in_dollars(country, currency):
    assert currency_for(country) == currency


@pytest.mark.parametrize(
    "code,apps",
    [
        ("lumo_tv", {"tv"}),
        ("lumo_books", {"books"}),
        ("lumo_games", {"games"}),
        ("lumo_tv_books", {"tv", "books"}),
        ("lumo_tv_games", {"tv", "games"}),
        ("lumo_books_games", {"books", "games"}),
        ("lumo_tv_books_games", {"tv", "books", "games"}),
        ("LUMO_TV", {"tv"}),
    ],
)
def test_product_codes_name_their_apps(code, apps):
    assert apps_of(code) == apps
    assert product_code(apps) == code.lower()


@pytest.mark.parametrize(
    "code", ["", "lumo", "lumo_", "tv", "lumo_radio", "other_tv", "lumo_tv_tv", "lumo_ALL"]
)
def test_anything_else_is_not_a_product(code):
    with pytest.raises(ValueError):
        apps_of(code)


def test_plan_ids_are_stable_strings():
    assert plan_id("lumo_tv", "P1M", "EUR") == "lumo_tv_monthly_eur"
    assert plan_id("lumo_tv_books_games", "P1Y", "USD") == "lumo_tv_books_games_yearly_usd"
    assert plan_id("lumo_tv", "P1M", "EUR", promo=True) == "lumo_tv_monthly_eur_promo"
    assert plan_id("default", "P1M", "USD") == "default_monthly_usd"


def _plan(
    product="lumo_tv",
    price="4.99",
    add_ons=("3.00", "2.00"),
    duration="P1M",
    promo=None,
    currency=USD,
):
    return Plan(
        plan_id=plan_id(product, duration, currency, promo is not None),
        product=product,
        duration_code=duration,
        currency=currency,
        price=D(price),
        add_ons=tuple(AddOn(f"a{i}", D(p)) for i, p in enumerate(add_ons)),
        promo_title=promo,
    )


@pytest.mark.parametrize(
    "products,charge",
    [
        (["lumo_tv"], "4.99"),
        (["lumo_tv", "lumo_books"], "7.99"),  # + addOns[0]
        (["lumo_tv", "lumo_books", "lumo_games"], "9.99"),  # + addOns[1]
        (["lumo_tv_books_games"], "9.99"),  # combos are expanded
        (["lumo_tv", "lumo_tv_games"], "7.99"),  # an app counts once
        (["lumo_games", "lumo_tv"], "7.99"),  # order does not matter
    ],
)
def test_bundle_price_is_base_plus_add_ons_by_number_of_apps(products, charge):
    assert charge_for(_plan(), products) == D(charge)


def test_bundle_prices_yearly_and_in_francs():
    yearly = _plan(price="34.90", add_ons=("21.00", "15.00"), duration="P1Y")
    assert [
        charge_for(yearly, p) for p in (["lumo_tv"], ["lumo_tv_books"], ["lumo_tv_books_games"])
    ] == [D("34.90"), D("55.90"), D("70.90")]
    francs = _plan(price="6.90", add_ons=("4.00", "3.00"), currency=CHF)
    assert charge_for(francs, ["lumo_tv_books"]) == D("10.90")


def test_a_combo_plan_adds_only_what_it_lacks():
    combo = _plan(product="lumo_tv_books", price="7.99", add_ons=("2.00",))
    assert charge_for(combo, ["lumo_tv_books"]) == D("7.99")
    assert charge_for(combo, ["lumo_tv_books_games"]) == D("9.99")


def test_default_plan_with_one_add_on():
    monthly = _plan(price="7.99", add_ons=("3",))
    yearly = _plan(price="49.9", add_ons=("20",), duration="P1Y")
    assert charge_for(monthly, ["lumo_tv", "lumo_books"]) == D("10.99")
    assert charge_for(yearly, ["lumo_tv", "lumo_games"]) == D("69.9")
    with pytest.raises(ValueError, match="at most 2"):
        charge_for(monthly, ["lumo_tv_books_games"])


@pytest.mark.parametrize(
    "plan,products",
    [
        (_plan(), ["lumo_books"]),  # the plan's own app is missing
        (_plan(product="lumo_tv_books"), ["lumo_tv"]),  # a combo cannot be sold as less
        (_plan(add_ons=()), ["lumo_tv", "lumo_books"]),  # promo plan: no add-ons
        (_plan(), ["lumo_tv", "lumo_radio"]),  # unknown product
        (_plan(), []),
    ],
)
def test_charge_refuses_what_the_plan_does_not_sell(plan, products):
    with pytest.raises(ValueError):
        charge_for(plan, products)


def test_charge_is_decimal_never_float():
    assert isinstance(charge_for(_plan(), ["lumo_tv_books"]), D)


def test_subscribed_means_every_app_of_the_plan_is_covered():
    covered = covered_apps({"lumo_tv_books", "partner_thing", "lumo_ALL"})
    assert covered == {"tv", "books"}
    assert is_subscribed(_plan("lumo_tv"), covered) and is_subscribed(
        _plan("lumo_tv_books"), covered
    )
    assert not is_subscribed(_plan("lumo_games"), covered)
    assert not is_subscribed(_plan("lumo_tv_games"), covered)
    assert not is_subscribed(_plan("lumo_tv"), covered_apps([]))


def test_groups_and_counterparts():
    plans = [
        _plan("lumo_tv"),
        _plan("lumo_tv", "34.90", duration="P1Y"),
        _plan("lumo_books"),
        _plan("lumo_tv", "2.99", (), promo="Plans.promoTitle"),
    ]
    groups = group_plans(plans)
    assert [p.plan_id for p in groups.monthly] == [
        "lumo_tv_monthly_usd",
        "lumo_books_monthly_usd",
        "lumo_tv_monthly_usd_promo",
    ]
    assert [p.plan_id for p in groups.annual] == ["lumo_tv_yearly_usd"]
    assert [(product, len(members)) for product, members in groups.by_product] == [
        ("lumo_tv", 3),
        ("lumo_books", 1),
    ]
    assert counterpart(plans[0], plans) is plans[1] and counterpart(plans[1], plans) is plans[0]
    assert counterpart(plans[2], plans) is None and counterpart(plans[3], plans) is None


def _sale_plan(product, duration, price, promo=False, default=False):
    return Plan(
        plan_id=f"{product}_{duration}{'_promo' if promo else ''}{'_default' if default else ''}",
        product=product,
        duration_code=duration,
        currency=EUR,
        price=D(price),
        promo_title="Plans.promoTitle" if promo else None,
        is_default=default,
    )


def test_starting_price_is_one_plan_over_both_periods():
    """The cheapest regular monthly plan with a yearly twin: never a promo, a default plan, or a
    monthly price of one plan beside the yearly price of another."""
    plans = [
        _sale_plan("lumo_tv_books", "P1M", "7.99"),
        _sale_plan("lumo_tv_books", "P1Y", "55.90"),
        _sale_plan("lumo_tv", "P1M", "4.99"),
        _sale_plan("lumo_tv", "P1Y", "34.90"),
        _sale_plan("lumo_books", "P1M", "2.99", promo=True),
        _sale_plan("lumo_books", "P1Y", "20.90", promo=True),
        _sale_plan("lumo_games", "P1M", "1.00"),  # no yearly twin: not a "from" price
        _sale_plan("lumo_tv", "P1M", "0.50", default=True),
        _sale_plan("lumo_tv", "P1Y", "5.00", default=True),
    ]
    assert starting_price(plans) == RegisterPrice(EUR, D("4.99"), D("34.90"))
    assert starting_price(list(reversed(plans))) == RegisterPrice(EUR, D("4.99"), D("34.90"))
    assert starting_price(plans[4:]) is None


def test_plan_names_follow_the_profiles_rule():
    """E-mails name a plan with the keys the web profile uses (webapp/src/components/profile/planName.ts):
    bundle and period, else the bundle alone; never the base plan of a bundle purchase."""
    import json
    import re

    from core.domain.catalogue import PERIOD_NAMES, plan_name, plan_name_keys
    from core.settings import ROOT

    web = (ROOT / "webapp/src/components/profile/planName.ts").read_text(encoding="utf-8")
    assert dict(re.findall(r"(P1[MY]): '(\w+)'", web)) == PERIOD_NAMES
    assert "[`${product}_${period}`, product]" in web and "[product]" in web
    assert plan_name_keys("lumo_tv_books_games", "P1Y") == [
        "lumo_tv_books_games_yearly",
        "lumo_tv_books_games",
    ]
    assert plan_name_keys("lumo_tv", "P3M") == ["lumo_tv"]
    en = json.loads((ROOT / "locales/en.json").read_text(encoding="utf-8"))

    def text(key):
        section, _, name = key.partition(".")
        return en[section].get(name)

    assert plan_name(text, "lumo_tv_books_games", "P1Y") == "All three apps · yearly"
    assert plan_name(text, "lumo_books", None) == "Stories"
    assert plan_name(text, "partner_bundle", "P1M") == "partner_bundle"  # never an empty name


def test_quoted_bundles_use_the_one_formula():
    monthly = [_plan(product=f"lumo_{app}", price="4.99", add_ons=("3.00", "2.00")) for app in APPS]
    yearly = [
        _plan(product=f"lumo_{app}", duration="P1Y", price="34.90", add_ons=("21.00", "15.00"))
        for app in APPS
    ]
    bundles = {(b.product, b.period): b for b in quote_bundles(monthly + yearly)}
    assert len(bundles) == 14
    triple = bundles[("lumo_tv_books_games", "P1Y")]
    assert (triple.price, triple.monthly_price, triple.yearly_savings) == (
        D("70.90"),
        D("6.0"),
        D("48.98"),
    )
    assert triple.add_ons == ("a0", "a1") and triple.apps == APPS
    books_games = bundles[("lumo_books_games", "P1M")]
    assert (books_games.price, books_games.monthly_price, books_games.yearly_savings) == (
        D("7.99"),
        D("7.99"),
        None,
    )
    assert books_games.plan_id == monthly[1].plan_id


def test_a_bundle_without_a_monthly_counterpart_or_enough_add_ons():
    yearly = _plan(product="lumo_tv", duration="P1Y", price="34.90", add_ons=("21.00",))
    bundles = {(b.product, b.period): b for b in quote_bundles([yearly])}
    assert set(bundles) == {("lumo_tv", "P1Y"), ("lumo_tv_books", "P1Y"), ("lumo_tv_games", "P1Y")}
    assert bundles[("lumo_tv", "P1Y")].yearly_savings is None
