"""The finance screens' answers: revenue overview, funnel, trial cohorts and a campaign's days."""

from __future__ import annotations

from marshmallow import fields

from bff.resources.ops.answer_fields import (
    integer,
    many,
    money_text,
    nullable_text,
    required_text,
    timestamp,
)
from bff.schemas import CamelSchema, Money


class OpsFunnelDaySchema(CamelSchema):
    day = fields.Date(required=True)
    campaign = required_text()
    origin = required_text()
    click_register = integer()
    registered = integer()
    start_free_trial = integer()
    payment_done = integer()


class OpsFunnelSchema(CamelSchema):
    entries = many(OpsFunnelDaySchema)


class OpsCohortSchema(CamelSchema):
    week = fields.Date(required=True)
    trials = integer()
    converted = integer()
    rate = Money(required=True, metadata={"description": "converted / trials, a decimal string"})


class OpsCohortsSchema(CamelSchema):
    entries = many(OpsCohortSchema)


class OpsActivePlanSchema(CamelSchema):
    payment_plan_id = nullable_text()
    subscription_type = required_text()
    currency = nullable_text()
    store_id = required_text(metadata={"description": "The channel"})
    payment_state_id = required_text()
    count = integer()


class OpsMrrSchema(CamelSchema):
    currency = required_text()
    amount = money_text()


class OpsChurnMonthSchema(CamelSchema):
    month = required_text(metadata={"description": "YYYY-MM, UTC"})
    cancellations = integer()
    expiries = integer()


class OpsPastDueSchema(CamelSchema):
    subscription_id = integer()
    account_id = integer()
    subscription_type = required_text()
    amount = money_text(nullable=True)
    currency = nullable_text()
    since = timestamp()
    access_ends = timestamp()


class OpsRecoveryMonthSchema(CamelSchema):
    month = required_text(metadata={"description": "YYYY-MM of the failed charge, UTC"})
    currency = nullable_text()
    went_past_due = integer()
    recovered = integer()
    recovered_amount = money_text()
    rate = Money(
        required=True, metadata={"description": "recovered / wentPastDue, a decimal string"}
    )


class OpsRevenueSchema(CamelSchema):
    active_by_plan = many(
        OpsActivePlanSchema,
        metadata={"description": "Live subscriptions by plan, currency and channel"},
    )
    mrr = many(
        OpsMrrSchema,
        metadata={"description": "Renewing paid subscriptions, yearly prices ÷ 12, per currency"},
    )
    trials_running = fields.Integer(required=True)
    churn_by_month = many(OpsChurnMonthSchema, metadata={"description": "The last 12 months"})
    past_due = many(
        OpsPastDueSchema,
        metadata={"description": "Past-due subscriptions now, the longest past due first"},
    )
    recovery_by_month = many(
        OpsRecoveryMonthSchema,
        metadata={"description": "Failed charges per month and currency, recovered and the rate"},
    )


class OpsCampaignDaySchema(CamelSchema):
    day = fields.Date(required=True)
    redeemed = integer()
    converted = integer()
