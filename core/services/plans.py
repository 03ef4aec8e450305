"""The plans answer (GET /v5/plans): a country's catalogue as the apps read it.

Prices stay Decimal here; the edge writes them as strings with two decimals.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from core.domain.catalogue import (
    CURRENCY_SYMBOLS,
    MONTHLY,
    Bundle,
    Catalogue,
    Plan,
    RegisterPrice,
    counterpart,
    covered_apps,
    currency_for,
    group_plans,
    is_subscribed,
    monthly_display_price,
    quote_bundles,
    starting_price,
    yearly_savings,
)
from core.domain.subscriptions import visible
from core.services.context import ServiceContext


def owned_types(ctx: ServiceContext, account_id: int) -> frozenset[str]:
    """Subscription types the account holds now: not expired, not a payment still in flight."""
    now = ctx.clock.now()
    with ctx.read() as uow:
        subscriptions = uow.subscriptions.for_account(account_id)
    return frozenset(s.subscription_type for s in visible(subscriptions) if not s.is_expired(now))


@dataclass(frozen=True)
class PlanView:
    """One plan with its figures for the page (read model; bff/resources/plans/schemas.py names it)."""

    plan: Plan
    monthly_price: Decimal  # a yearly plan's display price (yearly / 12, rounded up)
    yearly_price: Decimal | None
    yearly_savings: Decimal | None
    subscribed: bool


@dataclass(frozen=True)
class ProductPlans:
    """A product's plans (monthly, yearly, and their promotional twins when shown)."""

    name_key: str
    product: str
    plans: list[PlanView]


@dataclass(frozen=True)
class RegisterPriceView:
    """The registration page's pricing card."""

    country_code: str
    price: RegisterPrice
    yearly_per_month_price: Decimal
    yearly_savings: Decimal | None


@dataclass(frozen=True)
class PlansView:
    """The plans answer (GET /v5/plans)."""

    country_code: str
    currency: str
    currency_symbol: str
    monthly_plan: list[PlanView]
    annual_plan: list[PlanView]
    user_plan: list[ProductPlans]
    bundles: tuple[Bundle, ...]
    register_price: RegisterPriceView
    default_plans: list[PlanView]


def offer(
    catalogue: Catalogue,
    country: str,
    show_all: bool = False,
    owned: frozenset[str] = frozenset(),
    apps_covered: bool = False,
) -> PlansView:
    """Regular plans of the country's currency; promotional plans too when show_all.
    `owned` holds subscription types, or app names already when `apps_covered`."""
    currency = currency_for(country)
    plans = [p for p in catalogue.plans(currency) if show_all or not p.is_promo]
    covered = frozenset(owned) if apps_covered else covered_apps(owned)
    groups = group_plans(plans)
    defaults = catalogue.default_plans()
    return PlansView(
        country_code=country,
        currency=currency,
        currency_symbol=CURRENCY_SYMBOLS[currency],
        monthly_plan=[plan_view(p, plans, covered) for p in groups.monthly],
        annual_plan=[plan_view(p, plans, covered) for p in groups.annual],
        user_plan=[
            ProductPlans(
                name_key=f"Plans.{product}",
                product=product,
                plans=[plan_view(p, plans, covered) for p in members],
            )
            for product, members in groups.by_product
        ],
        bundles=quote_bundles(plans),
        register_price=register_price(catalogue, country),
        default_plans=[plan_view(p, defaults, covered) for p in defaults],
    )


def plan_view(plan: Plan, siblings: list[Plan], covered: frozenset[str]) -> PlanView:
    """One plan; the monthly price of a yearly plan is its display price (yearly / 12, rounded up)."""
    other = counterpart(plan, siblings)
    monthly, yearly = (plan, other) if plan.duration_code == MONTHLY else (other, plan)
    return PlanView(
        plan=plan,
        monthly_price=plan.price if monthly is plan else monthly_display_price(plan.price),
        yearly_price=yearly.price if yearly else None,
        yearly_savings=yearly_savings(monthly.price, yearly.price) if monthly and yearly else None,
        subscribed=is_subscribed(plan, covered),
    )


def register_price(catalogue: Catalogue, country: str) -> RegisterPriceView:
    """The landing's "from" figures for the visitor's country: those of the cheapest plan on sale there,
    never a separate table (docs/billing.md#one-price-truth)."""
    price = starting_price(catalogue.plans(currency_for(country)))
    if price is None:  # a catalogue without a regular plan over both periods fails at load
        raise ValueError(f"no regular plan over both periods for {country!r}")
    return RegisterPriceView(
        country_code=country,
        price=price,
        yearly_per_month_price=monthly_display_price(price.yearly),
        yearly_savings=yearly_savings(price.monthly, price.yearly),
    )
