"""The finance screens' answers: revenue overview, funnel, trial cohorts and a campaign's days."""

from __future__ import annotations

from marshmallow import fields

from bff.resources.ops.answer_fields import _at, _i, _many, _money, _n, _s
from bff.schemas import CamelSchema, Money


class OpsFunnelDaySchema(CamelSchema):
    day = fields.Date(required=True)
    campaign = _s()
    origin = _s()
    click_register = _i()
    registered = _i()
    start_free_trial = _i()
    payment_done = _i()


class OpsFunnelSchema(CamelSchema):
    entries = _many(OpsFunnelDaySchema)


class OpsCohortSchema(CamelSchema):
    week = fields.Date(required=True)
    trials = _i()
    converted = _i()
    rate = Money(required=True, metadata={"description": "converted / trials, a decimal string"})


class OpsCohortsSchema(CamelSchema):
    entries = _many(OpsCohortSchema)


class OpsActivePlanSchema(CamelSchema):
    payment_plan_id = _n()
    subscription_type = _s()
    currency = _n()
    store_id = _s(metadata={"description": "The channel"})
    payment_state_id = _s()
    count = _i()


class OpsMrrSchema(CamelSchema):
    currency = _s()
    amount = _money()


class OpsChurnMonthSchema(CamelSchema):
    month = _s(metadata={"description": "YYYY-MM, UTC"})
    cancellations = _i()
    expiries = _i()


class OpsPastDueSchema(CamelSchema):
    subscription_id = _i()
    account_id = _i()
    subscription_type = _s()
    amount = _money(nullable=True)
    currency = _n()
    since = _at()
    access_ends = _at()


class OpsRecoveryMonthSchema(CamelSchema):
    month = _s(metadata={"description": "YYYY-MM of the failed charge, UTC"})
    currency = _n()
    went_past_due = _i()
    recovered = _i()
    recovered_amount = _money()
    rate = Money(
        required=True, metadata={"description": "recovered / wentPastDue, a decimal string"}
    )


class OpsRevenueSchema(CamelSchema):
    active_by_plan = _many(
        OpsActivePlanSchema,
        metadata={"description": "Live subscriptions by plan, currency and channel"},
    )
    mrr = _many(
        OpsMrrSchema,
        metadata={"description": "Renewing paid subscriptions, yearly prices ÷ 12, per currency"},
    )
    trials_running = fields.Integer(required=True)
    churn_by_month = _many(OpsChurnMonthSchema, metadata={"description": "The last 12 months"})
    past_due = _many(
        OpsPastDueSchema,
        metadata={"description": "Past-due subscriptions now, the longest past due first"},
    )
    recovery_by_month = _many(
        OpsRecoveryMonthSchema,
        metadata={"description": "Failed charges per month and currency, recovered and the rate"},
    )


class OpsCampaignDaySchema(CamelSchema):
    day = fields.Date(required=True)
    redeemed = _i()
    converted = _i()
