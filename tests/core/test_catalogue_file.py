"""The catalogue and license files: every figure of docs/product.md#constants as data, and the checks made as they load."""

import copy
import json
from decimal import Decimal as D

import pytest

from core.adapters.catalogue_file import (
    CATALOGUE_FILE,
    LICENSES_FILE,
    CatalogueError,
    FileCatalogue,
    parse_catalogue,
    parse_licenses,
)
from core.domain.catalogue import PRODUCTS, charge_for, starting_price

RAW = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
RAW_LICENSES = json.loads(LICENSES_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def catalogue():
    return FileCatalogue.load()


SINGLES = ("lumo_tv", "lumo_books", "lumo_games")
COMBOS = ("lumo_tv_books", "lumo_tv_games", "lumo_books_games")
TRIPLE = ("lumo_tv_books_games",)
FIGURES = {  # currency: (single, combo, triple) monthly, then yearly
    "usd": (("4.99", "7.99", "9.99"), ("34.90", "55.90", "70.90")),
    "eur": (("4.99", "7.99", "9.99"), ("34.90", "55.90", "70.90")),
    "chf": (
        ("6.90", "10.90", "13.90"),
        ("49.90", "79.90", "99.90"),
    ),  # CHF triple: our documented choice
}


@pytest.mark.parametrize("currency", FIGURES)
@pytest.mark.parametrize("period,row", [("monthly", 0), ("yearly", 1)])
def test_every_catalogue_price(catalogue, currency, period, row):
    single, combo, triple = (D(x) for x in FIGURES[currency][row])
    for products, price in ((SINGLES, single), (COMBOS, combo), (TRIPLE, triple)):
        for product in products:
            plan = catalogue.find(f"{product}_{period}_{currency}")
            assert plan is not None and plan.price == price, (product, plan)
            assert plan.currency == currency.upper() and plan.duration_code == (
                "P1M" if row == 0 else "P1Y"
            )


@pytest.mark.parametrize("currency", FIGURES)
@pytest.mark.parametrize("period,row", [("monthly", 0), ("yearly", 1)])
def test_single_plans_plus_add_ons_make_the_combo_and_triple_prices(
    catalogue, currency, period, row
):
    single, combo, triple = (D(x) for x in FIGURES[currency][row])
    plan = catalogue.find(f"lumo_books_{period}_{currency}")
    assert [a.price for a in plan.add_ons] == [combo - single, triple - combo]
    assert [a.addon_name for a in plan.add_ons] == ["second_app", "third_app"]
    assert charge_for(plan, ["lumo_books", "lumo_games"]) == combo
    assert charge_for(plan, ["lumo_tv_books_games"]) == triple
    assert [a.price for a in catalogue.find(f"lumo_tv_games_{period}_{currency}").add_ons] == [
        triple - combo
    ]
    assert catalogue.find(f"lumo_tv_books_games_{period}_{currency}").add_ons == ()


def test_add_on_figures(catalogue):
    assert [a.price for a in catalogue.find("lumo_tv_monthly_usd").add_ons] == [
        D("3.00"),
        D("2.00"),
    ]
    assert [a.price for a in catalogue.find("lumo_tv_yearly_eur").add_ons] == [
        D("21.00"),
        D("15.00"),
    ]
    assert [a.price for a in catalogue.find("lumo_tv_monthly_chf").add_ons] == [
        D("4.00"),
        D("3.00"),
    ]
    assert [a.price for a in catalogue.find("lumo_tv_yearly_chf").add_ons] == [
        D("30.00"),
        D("20.00"),
    ]


@pytest.mark.parametrize(
    "currency,monthly,yearly",
    [("usd", "2.99", "20.90"), ("eur", "2.99", "20.90"), ("chf", "3.90", "29.90")],
)
def test_promo_singles(catalogue, currency, monthly, yearly):
    for product in SINGLES:
        m = catalogue.find(f"{product}_monthly_{currency}_promo")
        y = catalogue.find(f"{product}_yearly_{currency}_promo")
        assert (m.price, y.price) == (D(monthly), D(yearly))
        assert m.is_promo and m.promo_title == "Plans.promoTitle" and m.add_ons == ()
        assert m.iap == f"{product}_monthly_promo"
    assert catalogue.find(f"lumo_tv_books_monthly_{currency}_promo") is None


def test_default_plans(catalogue):
    monthly, yearly = catalogue.find("default_monthly_usd"), catalogue.find("default_yearly_usd")
    assert (monthly.price, [a.price for a in monthly.add_ons]) == (D("7.99"), [D("3.00")])
    assert (yearly.price, [a.price for a in yearly.add_ons]) == (D("49.90"), [D("20.00")])
    assert catalogue.default_plans() == [monthly, yearly]
    assert all(p.currency == "USD" and p.is_default for p in catalogue.default_plans())
    assert charge_for(yearly, ["lumo_tv", "lumo_books"]) == D("69.90")


@pytest.mark.parametrize(
    "currency,monthly,yearly",
    [("EUR", "4.99", "34.90"), ("USD", "4.99", "34.90"), ("CHF", "6.90", "49.90")],
)
def test_starting_price_is_the_cheapest_plan_on_sale(catalogue, currency, monthly, yearly):
    assert starting_price(catalogue.plans(currency)).__dict__ == {
        "currency": currency,
        "monthly": D(monthly),
        "yearly": D(yearly),
    }


def test_catalogue_shape(catalogue):
    for currency in ("EUR", "CHF", "USD"):
        plans = catalogue.plans(currency)
        assert len([p for p in plans if not p.is_promo]) == 2 * len(PRODUCTS)
        assert len([p for p in plans if p.is_promo]) == 6
        assert all(p.currency == currency and not p.is_default for p in plans)
    assert catalogue.find("nothing") is None
    assert all(isinstance(p.price, D) for c in ("EUR", "CHF", "USD") for p in catalogue.plans(c))


def _broken(mutate, raw=RAW):
    data = copy.deepcopy(raw)
    mutate(data)
    return data


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d["catalogues"]["USD"]["P1M"].update(single=4.99), "string with two decimals"),
        (
            lambda d: d["catalogues"]["USD"]["P1M"].update(single="4.999"),
            "string with two decimals",
        ),
        (lambda d: d["catalogues"]["USD"]["P1M"].update(single="4,99"), "string with two decimals"),
        (lambda d: d["catalogues"]["USD"]["P1M"].update(single="0.00"), "positive"),
        (lambda d: d["catalogues"]["USD"]["P1M"].pop("triple"), "'triple' is missing"),
        (lambda d: d["catalogues"].pop("CHF"), "'CHF' is missing"),
        (lambda d: d["catalogues"]["EUR"]["P1Y"].update(combo="30.00"), "must cost more"),
        (lambda d: d["promo"]["prices"]["CHF"].pop("P1Y"), "'P1Y' is missing"),
        (lambda d: d["promo"].update(products=["lumo_tv_books"]), "single-app"),
        (
            lambda d: d["defaultPlans"]["P1M"].update(addOns=["3.00", "2.00", "1.00"]),
            "no more add-ons",
        ),
        (lambda d: d["defaultPlans"].update(currency="GBP"), "unknown currency"),
        (lambda d: d["defaultPlans"]["P1Y"].update(price=59.9), "string with two decimals"),
    ],
)
def test_a_malformed_catalogue_stops_the_start(mutate, message):
    with pytest.raises(CatalogueError, match=message):
        parse_catalogue(_broken(mutate))


def test_a_missing_or_broken_file_stops_the_start(tmp_path):
    with pytest.raises(CatalogueError):
        FileCatalogue.load(tmp_path / "none.json", LICENSES_FILE)
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(CatalogueError):
        FileCatalogue.load(tmp_path / "bad.json", LICENSES_FILE)


def test_licenses_file(catalogue):
    licenses, cards = catalogue.licenses(), catalogue.promotional_cards()
    assert len(licenses) >= 24 and len(cards) >= 8
    assert len({lic.license_id for lic in licenses}) == len(licenses)
    assert all(lic.image.startswith("/images/") for lic in licenses)
    assert all(lic.title("en") or lic.name_key for lic in licenses)
    assert any(lic.countries for lic in licenses) and any(not lic.countries for lic in licenses)
    assert {"tv", "books", "games"} == {a for lic in licenses for a in lic.apps}


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d["licenses"][0].pop("titles"), "English title or a nameKey"),
        (lambda d: d["licenses"][0].update(apps=["radio"]), "apps among"),
        (lambda d: d["licenses"][0].update(image="http://elsewhere/x.png"), "image"),
        (lambda d: d["licenses"][1].update(id=d["licenses"][0]["id"]), "share one id"),
        (lambda d: d["cards"][0].update(licenses=["no-such-license"]), "unknown licenses"),
        (lambda d: d["cards"][0].update(countries="FR"), "countries"),
    ],
)
def test_a_malformed_license_file_stops_the_start(mutate, message):
    with pytest.raises(CatalogueError, match=message):
        parse_licenses(_broken(mutate, RAW_LICENSES))
