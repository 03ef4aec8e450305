"""The plan catalogue and its pricing rules (docs/product.md#entities and docs/product.md#constants).

The figures themselves are data (core/adapters/catalogue/catalogue.json); this
module holds what a plan is and the arithmetic every price goes through. Money is
Decimal from end to end: a float never touches a price.
VAT, extracted from those gross prices: core/domain/vat.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal, localcontext
from typing import Protocol

BRAND = "lumo"
APPS = ("tv", "books", "games")  # in the order product codes spell them
SINGLES = tuple(f"{BRAND}_{app}" for app in APPS)
COMBOS = (
    f"{BRAND}_tv_books",
    f"{BRAND}_tv_games",
    f"{BRAND}_books_games",
    f"{BRAND}_tv_books_games",
)
PRODUCTS = SINGLES + COMBOS

MONTHLY, YEARLY = "P1M", "P1Y"
PERIOD_NAMES = {MONTHLY: "monthly", YEARLY: "yearly"}

EUR, CHF, USD = "EUR", "CHF", "USD"
CURRENCY_SYMBOLS = {EUR: "€", CHF: "CHF", USD: "$"}
# The 27 member states (ISO 3166-1 alpha-2: Greece is GR here, not the EU's "EL").
EU_COUNTRIES = frozenset(
    {
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
    }
)

CENT = Decimal("0.01")
TENTH = Decimal("0.1")
DEFAULT_STEM = "default"


def currency_for(country: str) -> str:
    """Euro catalogue for the EU, francs for Switzerland, dollars everywhere else."""
    code = (country or "").upper()
    if code in EU_COUNTRIES:
        return EUR
    return CHF if code == "CH" else USD


def apps_of(product: str) -> frozenset[str]:
    """'lumo_tv_books' -> {'tv', 'books'}; anything that is not a product code -> ValueError."""
    parts = (product or "").lower().split("_")
    if (
        len(parts) < 2
        or parts[0] != BRAND
        or any(p not in APPS for p in parts[1:])
        or len(set(parts)) != len(parts)
    ):
        raise ValueError(f"not a product code: {product!r}")
    return frozenset(parts[1:])


def product_code(apps: Iterable[str]) -> str:
    """{'books', 'tv'} -> 'lumo_tv_books' (the canonical spelling)."""
    chosen = set(apps)
    if not chosen or not chosen <= set(APPS):
        raise ValueError(f"not a set of apps: {sorted(chosen)!r}")
    return "_".join([BRAND, *(a for a in APPS if a in chosen)])


def covered_apps(subscription_types: Iterable[str]) -> frozenset[str]:
    """Apps a family already has; unknown types (partner or legacy codes) count for nothing."""
    covered: set[str] = set()
    for kind in subscription_types:
        try:
            covered |= apps_of(kind)
        except ValueError:
            continue
    return frozenset(covered)


def plan_id(stem: str, duration_code: str, currency: str, promo: bool = False) -> str:
    """Stable ids: lumo_tv_monthly_eur, lumo_tv_monthly_eur_promo, default_yearly_usd."""
    return f"{stem}_{PERIOD_NAMES[duration_code]}_{currency.lower()}" + ("_promo" if promo else "")


@dataclass(frozen=True)
class AddOn:
    addon_name: str
    price: Decimal


@dataclass(frozen=True)
class Plan:
    plan_id: str
    product: str  # the product code the base price buys, e.g. lumo_tv_books
    duration_code: str  # P1M or P1Y
    currency: str
    price: Decimal  # base price per billing cycle
    add_ons: tuple[AddOn, ...] = ()  # add_ons[0] buys one more app, add_ons[1] the one after
    iap: str = ""  # store SKU: the same for every currency
    name_key: str = ""
    promo_title: str | None = None  # a message key; set on promotional plans only
    is_default: bool = (
        False  # the fallback plans of docs/product.md#constants, not part of a country catalogue
    )

    @property
    def is_promo(self) -> bool:
        return self.promo_title is not None

    @property
    def apps(self) -> frozenset[str]:
        return apps_of(self.product)

    @property
    def currency_symbol(self) -> str:
        return CURRENCY_SYMBOLS[self.currency]


def charge_for(plan: Plan, products: Iterable[str]) -> Decimal:
    """What one billing cycle costs for `products` (codes; combos are expanded) on `plan`.

    The plan's own product is the base; each further app takes the next add-on. A plan
    that does not list enough add-ons does not sell that many apps: ValueError.
    """
    wanted: set[str] = set()
    for product in products:
        wanted |= apps_of(product)
    if not plan.apps <= wanted:
        raise ValueError(
            f"{plan.plan_id} is for {plan.product}, which {sorted(wanted)} does not include"
        )
    extra = len(wanted) - len(plan.apps)
    if extra > len(plan.add_ons):
        raise ValueError(f"{plan.plan_id} sells at most {len(plan.apps) + len(plan.add_ons)} apps")
    return plan.price + sum((a.price for a in plan.add_ons[:extra]), Decimal("0"))


def price_bundle(plan: Plan, extra_products: Iterable[str]) -> tuple[str, Decimal]:
    """The product code and the per-cycle price of `plan` plus the apps of `extra_products`.
    ValueError when a code is unknown or the plan cannot sell that many apps."""
    apps = set(plan.apps)
    for extra in extra_products:
        apps |= apps_of(extra)
    product = product_code(apps)
    return product, charge_for(plan, [product])


def plan_name_keys(product: str, duration_code: str | None) -> list[str]:
    """The catalogue keys (namespace Plans) that name what a subscription buys, best first: the bundle and
    its period ("lumo_tv_books_games_yearly": "All three apps · yearly"), else the bundle alone. The web
    profile names plans with the same keys (webapp/src/components/profile/planName.ts)."""
    period = PERIOD_NAMES.get(duration_code or "")
    return [f"{product}_{period}", product] if period else [product]


def plan_name(text: Callable[[str], str | None], product: str, duration_code: str | None) -> str:
    """The one naming of a bought plan for the parent: `text` looks a dotted catalogue key up in the
    parent's language. Never empty: the product code when the catalogue has no name for it."""
    for key in plan_name_keys(product, duration_code):
        found = text(f"Plans.{key}")
        if found:
            return found
    return product


def monthly_display_price(yearly: Decimal) -> Decimal:
    """Yearly price / 12, rounded UP to the next 0.1 (34.90 -> 3.0, 36.00 -> 3.0, 36.01 -> 3.1)."""
    if yearly < 0:
        raise ValueError("a price is never negative")
    with localcontext() as context:
        context.prec = 50
        return (Decimal(yearly) / 12).quantize(TENTH, rounding=ROUND_CEILING)


def yearly_savings(monthly: Decimal, yearly: Decimal) -> Decimal:
    """12 x the monthly price minus the yearly price, to the cent (12 x 4.99 - 34.90 = 24.98)."""
    return (12 * Decimal(monthly) - Decimal(yearly)).quantize(CENT, rounding=ROUND_HALF_UP)


def is_subscribed(plan: Plan, covered: frozenset[str]) -> bool:
    """Buying this plan would bring the family no app it does not already have."""
    return plan.apps <= covered


def counterpart(plan: Plan, plans: Iterable[Plan]) -> Plan | None:
    """The same offer over the other period (monthly <-> yearly)."""
    return next(
        (
            p
            for p in plans
            if p.product == plan.product
            and p.currency == plan.currency
            and p.is_promo == plan.is_promo
            and p.duration_code != plan.duration_code
        ),
        None,
    )


@dataclass(frozen=True)
class Bundle:
    """One choice of apps over one period, quoted: every figure a price on the web shows
    (docs/product.md#constants). The web renders these and computes none of them."""

    product: str  # e.g. lumo_tv_books
    apps: tuple[str, ...]  # in catalogue order
    period: str  # P1M or P1Y
    currency: str
    plan_id: str  # the base plan: the single-app plan of the first app
    add_ons: tuple[str, ...]  # add-on names for the second and third app
    price: Decimal  # one billing period: base + add-ons
    monthly_price: Decimal  # monthly: the price; yearly: price / 12 rounded up to 0.10
    yearly_savings: Decimal | None  # yearly only: 12 x the monthly bundle - the price; None if <= 0

    @property
    def currency_symbol(self) -> str:
        return CURRENCY_SYMBOLS[self.currency]


def _priced(plans: list[Plan], product: str, period: str, currency: str) -> Bundle | None:
    apps = tuple(a for a in APPS if a in apps_of(product))
    base = next(
        (
            p
            for p in plans
            if p.product == product_code(apps[:1])
            and p.duration_code == period
            and p.currency == currency
            and not p.is_promo
        ),
        None,
    )
    if base is None or len(apps) - 1 > len(base.add_ons):
        return None
    price = charge_for(base, [product])
    return Bundle(
        product=product,
        apps=apps,
        period=period,
        currency=currency,
        plan_id=base.plan_id,
        add_ons=tuple(a.addon_name for a in base.add_ons[: len(apps) - 1]),
        price=price,
        monthly_price=price if period == MONTHLY else monthly_display_price(price),
        yearly_savings=None,
    )


def quote_bundles(plans: Iterable[Plan]) -> tuple[Bundle, ...]:
    """Every product (three apps, four combos) x period x currency the regular plans can sell, priced
    with the one formula: the first app's single plan plus its add-ons (`charge_for`)."""
    plans = list(plans)
    bundles: list[Bundle] = []
    for currency in dict.fromkeys(p.currency for p in plans):
        for product in PRODUCTS:
            monthly = _priced(plans, product, MONTHLY, currency)
            yearly = _priced(plans, product, YEARLY, currency)
            if monthly is not None:
                bundles.append(monthly)
            if yearly is not None:
                savings = yearly_savings(monthly.price, yearly.price) if monthly else None
                bundles.append(
                    replace(yearly, yearly_savings=savings if savings and savings > 0 else None)
                )
    return tuple(bundles)


@dataclass(frozen=True)
class PlanGroups:
    """docs/product.md#entities plan groups: monthly_plan, annual_plan and userPlan (one group per product)."""

    monthly: tuple[Plan, ...]
    annual: tuple[Plan, ...]
    by_product: tuple[tuple[str, tuple[Plan, ...]], ...]


def group_plans(plans: Iterable[Plan]) -> PlanGroups:
    plans = list(plans)
    products = list(dict.fromkeys(p.product for p in plans))
    return PlanGroups(
        monthly=tuple(p for p in plans if p.duration_code == MONTHLY),
        annual=tuple(p for p in plans if p.duration_code == YEARLY),
        by_product=tuple(
            (product, tuple(p for p in plans if p.product == product)) for product in products
        ),
    )


@dataclass(frozen=True)
class RegisterPrice:
    """The landing page's "from" figures: one plan a parent can really buy, over both periods."""

    currency: str
    monthly: Decimal
    yearly: Decimal

    @property
    def currency_symbol(self) -> str:
        return CURRENCY_SYMBOLS[self.currency]


def starting_price(plans: Iterable[Plan]) -> RegisterPrice | None:
    """The cheapest regular monthly plan on sale and its yearly counterpart (the same apps), so that
    "from X a month, or Y a year" and the savings between them are figures of one plan a parent can
    buy (docs/billing.md#one-price-truth). None when no regular plan has both periods."""
    plans = [p for p in plans if not p.is_promo and not p.is_default]
    pairs = [
        (p, yearly)
        for p in plans
        if p.duration_code == MONTHLY and (yearly := counterpart(p, plans)) is not None
    ]
    if not pairs:
        return None
    monthly, yearly = min(pairs, key=lambda pair: (pair[0].price, pair[1].price))
    return RegisterPrice(currency=monthly.currency, monthly=monthly.price, yearly=yearly.price)


class Catalogue(Protocol):
    """Where plans come from (a data file today; a table or a provider tomorrow)."""

    def find(self, plan_id: str) -> Plan | None: ...
    def plans(self, currency: str) -> list[Plan]:
        """Every regular and promotional plan priced in `currency`, in catalogue order."""

    def default_plans(self) -> list[Plan]: ...
    def vat_rates(self) -> dict[str, Decimal]:
        """The standard VAT rate (a percentage) per country, for electronically supplied services."""
