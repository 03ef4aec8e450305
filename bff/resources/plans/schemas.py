from marshmallow import Schema, fields

from bff.schemas import InputSchema
from core.domain.catalogue import APPS, MONTHLY, YEARLY

PERIODS = [MONTHLY, YEARLY]

COUNTRY_HELP = (
    "Two-letter country code, any case. Missing or invalid: the trusted country header "
    "(X-Country-Code), else the configured default (FR)."
)


def money(**kwargs) -> fields.Decimal:
    """A price: Decimal on our side, a string with two decimals on the wire ("4.99"), and so in OpenAPI."""
    metadata = {
        "type": "string",
        "format": "decimal",
        "pattern": r"^-?[0-9]+\.[0-9]{2}$",
        "example": "4.99",
        **kwargs.pop("metadata", {}),
    }
    return fields.Decimal(places=2, as_string=True, metadata=metadata, **kwargs)


class CountryQuerySchema(InputSchema):
    remember_queries = True  # every visitor asks with the same few query strings (bff/blueprint.py)

    countryCode = fields.String(
        load_default=None, allow_none=True, metadata={"description": COUNTRY_HELP}
    )


class PlansQuerySchema(CountryQuerySchema):
    showAll = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Also list the promotional single-app plans (planId ending in _promo)."
        },
    )


class AddOnSchema(Schema):
    addonName = fields.String(
        required=True, attribute="addon_name", metadata={"description": "second_app or third_app"}
    )
    price = money(required=True)


class PlanSchema(Schema):
    product = fields.String(
        required=True,
        attribute="plan.product",
        metadata={"description": "lumo_tv ... lumo_tv_books_games"},
    )
    planId = fields.String(
        required=True,
        attribute="plan.plan_id",
        metadata={"description": "Stable id, e.g. lumo_tv_monthly_eur"},
    )
    iap = fields.String(
        required=True,
        attribute="plan.iap",
        metadata={"description": "Store SKU, the same in every currency"},
    )
    price = money(required=True, attribute="plan.price")
    monthlyPrice = money(
        required=True,
        attribute="monthly_price",
        metadata={
            "description": "Monthly plan: its price. Yearly plan: yearly / 12 rounded up to 0.10."
        },
    )
    yearlyPrice = money(allow_none=True, attribute="yearly_price")
    yearlySavings = money(
        allow_none=True,
        attribute="yearly_savings",
        metadata={"description": "12 x monthly - yearly"},
    )
    durationCode = fields.String(
        required=True, attribute="plan.duration_code", metadata={"enum": PERIODS}
    )
    currencySymbol = fields.String(required=True, attribute="plan.currency_symbol")
    currency = fields.String(required=True, attribute="plan.currency")
    addOns = fields.List(
        fields.Nested(AddOnSchema),
        required=True,
        attribute="plan.add_ons",
        metadata={"description": "addOns[0] is added for a second app, addOns[1] for a third."},
    )
    promoTitle = fields.String(
        allow_none=True,
        attribute="plan.promo_title",
        metadata={"description": "Message key; promotional plans only"},
    )
    isPromo = fields.Boolean(required=True, attribute="plan.is_promo")
    nameKey = fields.String(required=True, attribute="plan.name_key")
    subscribed = fields.Boolean(
        required=True,
        metadata={
            "description": "The caller's account already has every app of this plan (non-expired subscription)."
        },
    )


class UserPlanSchema(Schema):
    nameKey = fields.String(required=True, attribute="name_key")
    product = fields.String(required=True)
    plans = fields.List(fields.Nested(PlanSchema), required=True)


class RegisterPriceSchema(Schema):
    countryCode = fields.String(required=True, attribute="country_code")
    currency = fields.String(required=True, attribute="price.currency")
    currencySymbol = fields.String(required=True, attribute="price.currency_symbol")
    monthlyPrice = money(required=True, attribute="price.monthly")
    yearlyPrice = money(required=True, attribute="price.yearly")
    yearlyPerMonthPrice = money(
        required=True,
        attribute="yearly_per_month_price",
        metadata={"description": "yearly / 12 rounded up to 0.10"},
    )
    yearlySavings = money(required=True, attribute="yearly_savings")


class BundleSchema(Schema):
    """A quoted bundle (core.domain.catalogue.Bundle): every figure the web shows for one choice of apps."""

    product = fields.String(required=True, metadata={"description": "e.g. lumo_tv_books"})
    apps = fields.List(
        fields.String(metadata={"enum": list(APPS)}),
        required=True,
        metadata={"description": "In catalogue order"},
    )
    period = fields.String(required=True, metadata={"enum": PERIODS})
    currency = fields.String(required=True)
    currencySymbol = fields.String(required=True, attribute="currency_symbol")
    planId = fields.String(
        required=True,
        attribute="plan_id",
        metadata={"description": "The base plan to buy: the single-app plan of the first app"},
    )
    addOns = fields.List(
        fields.String(),
        required=True,
        attribute="add_ons",
        metadata={"description": "Add-on names to buy with it (second_app, third_app)"},
    )
    price = money(required=True, metadata={"description": "One period: base + add-ons"})
    monthlyPrice = money(
        required=True,
        attribute="monthly_price",
        metadata={"description": "Monthly: the price. Yearly: price / 12 rounded up to 0.10."},
    )
    yearlySavings = money(
        required=True,
        allow_none=True,
        attribute="yearly_savings",
        metadata={
            "description": "Yearly only: 12 x the monthly bundle - the price; null when nothing is saved"
        },
    )


class PlansSchema(Schema):
    countryCode = fields.String(required=True, attribute="country_code")
    currency = fields.String(required=True)
    currencySymbol = fields.String(required=True, attribute="currency_symbol")
    monthly_plan = fields.List(fields.Nested(PlanSchema), required=True)
    annual_plan = fields.List(fields.Nested(PlanSchema), required=True)
    userPlan = fields.List(fields.Nested(UserPlanSchema), required=True, attribute="user_plan")
    bundles = fields.List(
        fields.Nested(BundleSchema),
        required=True,
        metadata={
            "description": "Every product x period of the currency, quoted: the web shows these figures"
        },
    )
    registerPrice = fields.Nested(RegisterPriceSchema, required=True, attribute="register_price")
    defaultPlans = fields.List(fields.Nested(PlanSchema), required=True, attribute="default_plans")
