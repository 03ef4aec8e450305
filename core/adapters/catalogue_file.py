"""The catalogue and the licenses, read from JSON files once at start-up.

Prices are data (catalogue/catalogue.json), not code. The files are checked as they
load, so a typo stops the process at start-up instead of mispricing a payment:
every price is a string with two decimals, read as Decimal; a JSON number is refused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from core.domain.catalogue import (
    CURRENCY_SYMBOLS,
    DEFAULT_STEM,
    MONTHLY,
    PERIOD_NAMES,
    PRODUCTS,
    SINGLES,
    YEARLY,
    AddOn,
    Plan,
    apps_of,
    plan_id,
)
from core.domain.licenses import LICENSE_APPS, License, PromoCard

FOLDER = Path(__file__).parent / "catalogue"
CATALOGUE_FILE = FOLDER / "catalogue.json"
LICENSES_FILE = FOLDER / "licenses.json"

TIERS = ("single", "combo", "triple")  # what 1, 2 and 3 apps cost
ADD_ON_NAMES = ("second_app", "third_app")
_MONEY = re.compile(r"^[0-9]{1,6}\.[0-9]{2}$")
_COUNTRY = re.compile(r"^[A-Z]{2}$")


class CatalogueError(ValueError):
    """A data file is malformed; the message says where."""


def money(value: Any, where: str) -> Decimal:
    if not isinstance(value, str) or not _MONEY.match(value):
        raise CatalogueError(
            f'{where}: a price is a string with two decimals like "4.99", not {value!r}'
        )
    amount = Decimal(value)
    if amount <= 0:
        raise CatalogueError(f"{where}: a price is positive")
    return amount


def countries(value: Any, where: str) -> frozenset[str]:
    if not isinstance(value, list) or not all(
        isinstance(c, str) and _COUNTRY.match(c) for c in value
    ):
        raise CatalogueError(f"{where}: countries are a list of upper-case two-letter codes")
    return frozenset(value)


def _need(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise CatalogueError(f"{where}: {key!r} is missing")
    return data[key]


class FileCatalogue:
    """Implements core.domain.catalogue.Catalogue and core.domain.licenses.LicenseShelf."""

    def __init__(
        self,
        plans: Iterable[Plan],
        licenses: Iterable[License] = (),
        cards: Iterable[PromoCard] = (),
        vat_rates: dict[str, Decimal] | None = None,
    ) -> None:
        self._plans = list(plans)
        self._vat_rates = dict(vat_rates or {})
        self._by_id = {p.plan_id: p for p in self._plans}
        if len(self._by_id) != len(self._plans):
            raise CatalogueError("two plans share one plan id")
        self._licenses = list(licenses)
        self._cards = list(cards)

    @classmethod
    def load(
        cls, catalogue_path: Path = CATALOGUE_FILE, licenses_path: Path = LICENSES_FILE
    ) -> FileCatalogue:
        data = _read(catalogue_path)
        plans = parse_catalogue(data)
        licenses, cards = parse_licenses(_read(licenses_path))
        return cls(plans, licenses, cards, parse_vat_rates(data))

    def find(self, plan_id: str) -> Plan | None:
        return self._by_id.get(plan_id)

    def plans(self, currency: str) -> list[Plan]:
        return [p for p in self._plans if p.currency == currency and not p.is_default]

    def default_plans(self) -> list[Plan]:
        return [p for p in self._plans if p.is_default]

    def vat_rates(self) -> dict[str, Decimal]:
        return dict(self._vat_rates)

    def licenses(self) -> list[License]:
        return list(self._licenses)

    def promotional_cards(self) -> list[PromoCard]:
        return list(self._cards)


def _read(path: Path) -> dict:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CatalogueError(f"{path}: {exc}") from exc


def parse_vat_rates(data: dict) -> dict[str, Decimal]:
    """ "vatRates": {"DE": "19", …}: a percentage per country (docs/billing.md#vat), 0 <= rate < 100."""
    block = _need(data, "vatRates", "catalogue")
    rates = _need(block, "rates", "vatRates")
    if not isinstance(rates, dict):
        raise CatalogueError("vatRates.rates: an object of country: rate")
    parsed: dict[str, Decimal] = {}
    for country, raw in rates.items():
        where = f"vatRates.rates.{country}"
        if not (isinstance(country, str) and len(country) == 2 and country.isupper()):
            raise CatalogueError(f"{where}: a country is an upper-case two-letter code")
        try:
            rate = Decimal(str(raw)) if isinstance(raw, str) else None
        except InvalidOperation:
            rate = None
        if rate is None or not rate.is_finite() or not 0 <= rate < 100:
            raise CatalogueError(f"{where}: a rate is a string percentage from 0 to 100")
        parsed[country] = rate
    return parsed


def parse_catalogue(data: dict) -> list[Plan]:
    plans = [p for currency in CURRENCY_SYMBOLS for p in _regular_plans(data, currency)]
    plans += _promo_plans(_need(data, "promo", "catalogue"))
    plans += _default_plans(_need(data, "defaultPlans", "catalogue"))
    return plans


def _regular_plans(data: dict, currency: str) -> list[Plan]:
    table = _need(_need(data, "catalogues", "catalogue"), currency, "catalogues")
    plans = []
    for duration in (MONTHLY, YEARLY):
        where = f"catalogues.{currency}.{duration}"
        row = _need(table, duration, f"catalogues.{currency}")
        prices = [money(_need(row, tier, where), f"{where}.{tier}") for tier in TIERS]
        steps = [b - a for a, b in zip(prices, prices[1:], strict=False)]
        if any(step <= 0 for step in steps):
            raise CatalogueError(f"{where}: each further app must cost more ({prices})")
        for product in PRODUCTS:
            owned = len(apps_of(product))
            add_ons = tuple(
                AddOn(ADD_ON_NAMES[i - 1], steps[i - 1]) for i in range(owned, len(TIERS))
            )
            plans.append(_plan(product, duration, currency, prices[owned - 1], add_ons))
    return plans


def _promo_plans(promo: dict) -> list[Plan]:
    title = _need(promo, "title", "promo")
    products = _need(promo, "products", "promo")
    if not isinstance(title, str) or not title or not set(products) <= set(SINGLES):
        raise CatalogueError("promo: a title key and single-app products only")
    prices = _need(promo, "prices", "promo")
    return [
        _plan(
            product,
            duration,
            currency,
            money(
                _need(
                    _need(prices, currency, "promo.prices"), duration, f"promo.prices.{currency}"
                ),
                f"promo.prices.{currency}.{duration}",
            ),
            promo_title=title,
        )
        for currency in CURRENCY_SYMBOLS
        for product in products
        for duration in (MONTHLY, YEARLY)
    ]


def _default_plans(block: dict) -> list[Plan]:
    currency, product = (
        _need(block, "currency", "defaultPlans"),
        _need(block, "product", "defaultPlans"),
    )
    if currency not in CURRENCY_SYMBOLS or product not in PRODUCTS:
        raise CatalogueError(f"defaultPlans: unknown currency {currency!r} or product {product!r}")
    plans = []
    for duration in (MONTHLY, YEARLY):
        where = f"defaultPlans.{duration}"
        entry = _need(block, duration, "defaultPlans")
        prices = _need(entry, "addOns", where)
        if not isinstance(prices, list) or len(apps_of(product)) + len(prices) > len(TIERS):
            raise CatalogueError(f"{where}: addOns is a list, no more add-ons than apps to add")
        add_ons = tuple(
            AddOn(ADD_ON_NAMES[i], money(v, f"{where}.addOns[{i}]")) for i, v in enumerate(prices)
        )
        period = PERIOD_NAMES[duration]
        plans.append(
            Plan(
                plan_id=plan_id(DEFAULT_STEM, duration, currency),
                product=product,
                duration_code=duration,
                currency=currency,
                price=money(_need(entry, "price", where), where),
                add_ons=add_ons,
                iap=f"{DEFAULT_STEM}_{period}",
                name_key=f"Plans.{DEFAULT_STEM}_{period}",
                is_default=True,
            )
        )
    return plans


def _plan(
    product: str,
    duration: str,
    currency: str,
    price: Decimal,
    add_ons: tuple[AddOn, ...] = (),
    promo_title: str | None = None,
) -> Plan:
    promo = promo_title is not None
    sku = f"{product}_{PERIOD_NAMES[duration]}" + ("_promo" if promo else "")
    return Plan(
        plan_id=plan_id(product, duration, currency, promo),
        product=product,
        duration_code=duration,
        currency=currency,
        price=price,
        add_ons=add_ons,
        iap=sku,
        name_key=f"Plans.{sku}",
        promo_title=promo_title,
    )


def parse_licenses(data: dict) -> tuple[list[License], list[PromoCard]]:
    licenses = []
    for i, item in enumerate(_need(data, "licenses", "licenses")):
        where = f"licenses[{i}]"
        titles, name_key = item.get("titles") or {}, item.get("nameKey")
        apps = _need(item, "apps", where)
        if not (titles.get("en") or name_key) or not apps or not set(apps) <= set(LICENSE_APPS):
            raise CatalogueError(
                f"{where}: needs an English title or a nameKey, and apps among {LICENSE_APPS}"
            )
        licenses.append(
            License(
                license_id=_need(item, "id", where),
                image=_image(item, where),
                apps=frozenset(apps),
                countries=countries(item.get("countries", []), where),
                titles=dict(titles),
                name_key=name_key,
            )
        )
    known = {lic.license_id for lic in licenses}
    if len(known) != len(licenses):
        raise CatalogueError("licenses: two licenses share one id")
    cards = []
    for i, item in enumerate(_need(data, "cards", "licenses")):
        where = f"cards[{i}]"
        ids = tuple(_need(item, "licenses", where))
        if not ids or not set(ids) <= known:
            raise CatalogueError(f"{where}: unknown licenses {sorted(set(ids) - known)}")
        cards.append(
            PromoCard(
                card_id=_need(item, "id", where),
                image=_image(item, where),
                license_ids=ids,
                countries=countries(item.get("countries", []), where),
            )
        )
    return licenses, cards


def _image(item: dict, where: str) -> str:
    image = _need(item, "image", where)
    if not isinstance(image, str) or not image.startswith("/"):
        raise CatalogueError(f"{where}: image is a path from the site root")
    return image
