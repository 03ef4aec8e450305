"""The plans answer (GET /v5/plans): a country's catalogue as the apps read it.

Prices stay Decimal here; the edge writes them as strings with two decimals.
"""

from __future__ import annotations

from typing import Any

from core.domain.catalogue import (
    CURRENCY_SYMBOLS,
    MONTHLY,
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


def offer(
    catalogue: Catalogue,
    country: str,
    show_all: bool = False,
    owned: frozenset[str] = frozenset(),
    apps_covered: bool = False,
) -> dict[str, Any]:
    """Regular plans of the country's currency; promotional plans too when show_all.
    `owned` holds subscription types, or app names already when `apps_covered`."""
    currency = currency_for(country)
    plans = [p for p in catalogue.plans(currency) if show_all or not p.is_promo]
    covered = frozenset(owned) if apps_covered else covered_apps(owned)
    groups = group_plans(plans)
    defaults = catalogue.default_plans()
    return {
        "countryCode": country,
        "currency": currency,
        "currencySymbol": CURRENCY_SYMBOLS[currency],
        "monthly_plan": [plan_view(p, plans, covered) for p in groups.monthly],
        "annual_plan": [plan_view(p, plans, covered) for p in groups.annual],
        "userPlan": [
            {
                "nameKey": f"Plans.{product}",
                "product": product,
                "plans": [plan_view(p, plans, covered) for p in members],
            }
            for product, members in groups.by_product
        ],
        "bundles": quote_bundles(plans),
        "registerPrice": register_price(catalogue, country),
        "defaultPlans": [plan_view(p, defaults, covered) for p in defaults],
    }


def plan_view(plan: Plan, siblings: list[Plan], covered: frozenset[str]) -> dict[str, Any]:
    """One plan; monthlyPrice of a yearly plan is its display price (yearly / 12, rounded up)."""
    other = counterpart(plan, siblings)
    monthly, yearly = (plan, other) if plan.duration_code == MONTHLY else (other, plan)
    return {
        "product": plan.product,
        "planId": plan.plan_id,
        "iap": plan.iap,
        "price": plan.price,
        "monthlyPrice": plan.price if monthly is plan else monthly_display_price(plan.price),
        "yearlyPrice": yearly.price if yearly else None,
        "yearlySavings": yearly_savings(monthly.price, yearly.price)
        if monthly and yearly
        else None,
        "durationCode": plan.duration_code,
        "currencySymbol": plan.currency_symbol,
        "currency": plan.currency,
        "addOns": [{"addonName": a.addon_name, "price": a.price} for a in plan.add_ons],
        "promoTitle": plan.promo_title,
        "isPromo": plan.is_promo,
        "nameKey": plan.name_key,
        "subscribed": is_subscribed(plan, covered),
    }


def register_price(catalogue: Catalogue, country: str) -> dict[str, Any]:
    price: RegisterPrice = catalogue.register_price(country)
    return {
        "countryCode": country,
        "currency": price.currency,
        "currencySymbol": price.currency_symbol,
        "monthlyPrice": price.monthly,
        "yearlyPrice": price.yearly,
        "yearlyPerMonthPrice": monthly_display_price(price.yearly),
        "yearlySavings": yearly_savings(price.monthly, price.yearly),
    }
