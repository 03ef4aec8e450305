"""/ops/v1 revenue: the finance screen, the analytics funnel, trial cohorts and the OSS return (CSV)."""

from __future__ import annotations

from marshmallow import fields, validate

from bff import csv_export
from bff.context import services
from bff.naming import camel
from bff.resources.ops.revenue_schemas import OpsCohortsSchema, OpsFunnelSchema, OpsRevenueSchema
from bff.resources.ops.routing import ops_route, table
from bff.schemas import InputSchema
from core.services import billing_documents
from core.services.ops import (
    revenue as revenue_service,
)


@ops_route("/revenue", "GET", "revenue.read", OpsRevenueSchema)
def revenue():
    """Live subscriptions by plan, currency and channel; MRR per currency; trials running; churn by month."""
    return revenue_service.overview(services())


class OpsFunnelArgs(InputSchema):
    days = fields.Integer(
        load_default=30, validate=validate.Range(min=1, max=revenue_service.MAX_DAYS)
    )
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))


class OpsCohortArgs(InputSchema):
    weeks = fields.Integer(
        load_default=12, validate=validate.Range(min=1, max=revenue_service.MAX_WEEKS)
    )
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))


@ops_route(
    "/revenue/funnel",
    "GET",
    "revenue.read",
    OpsFunnelSchema,
    args=OpsFunnelArgs,
    location="query",
    description="JSON, or text/csv with format=csv",
)
def revenue_funnel(args):
    """The analytics funnel START_FREE_TRIAL -> CLICK_REGISTER -> registered -> PAYMENT_DONE by UTC day, origin
    (Organic/Ads) and utm campaign, for the last `days` days; newest first."""
    rows = revenue_service.funnel(services(), args["days"])
    if args["format"] == "csv":
        columns = revenue_service.FUNNEL_COLUMNS
        return table(rows, columns, "funnel", header=tuple(camel(c) for c in columns))
    return {"entries": rows}


@ops_route(
    "/revenue/cohorts",
    "GET",
    "revenue.read",
    OpsCohortsSchema,
    args=OpsCohortArgs,
    location="query",
    description="JSON, or text/csv with format=csv",
)
def revenue_cohorts(args):
    """Trial -> paid conversion by weekly cohort (week, from Monday UTC, the trial began): trials, converted,
    rate; the last `weeks` weeks, oldest first."""
    rows = revenue_service.trial_cohorts(services(), args["weeks"])
    if args["format"] == "csv":
        return table(rows, revenue_service.COHORT_COLUMNS, "trial-cohorts")
    return {"entries": rows}


class OpsOssArgs(InputSchema):
    year = fields.Integer(required=True, validate=validate.Range(min=2020, max=2100))
    quarter = fields.Integer(required=True, validate=validate.Range(min=1, max=4))


OSS_COLUMNS = (
    "country",
    "oss",
    "vat_rate",
    "currency",
    "net",
    "vat",
    "gross",
    "receipts",
    "credit_notes",
)


@ops_route(
    "/revenue/oss",
    "GET",
    "revenue.read",
    args=OpsOssArgs,
    location="query",
    description="text/csv: lumo-oss-YEAR-qQUARTER.csv",
)
def revenue_oss(args):
    """The figures of a quarter's OSS return, per country, VAT rate and currency, summed from the receipts
    (added) and credit notes (subtracted) issued in the quarter (UTC); `oss` is 1 for an EU member state
    (declared in the One-Stop Shop), 0 for a country declared elsewhere (docs/billing.md#vat)."""
    lines = billing_documents.oss_report(services(), args["year"], args["quarter"])
    return csv_export.download(
        OSS_COLUMNS,
        (
            (
                line.country,
                line.oss,
                f"{line.rate:f}",
                line.currency,
                f"{line.net:.2f}",
                f"{line.vat:.2f}",
                f"{line.gross:.2f}",
                line.receipts,
                line.credit_notes,
            )
            for line in lines
        ),
        f"oss-{args['year']}-q{args['quarter']}",
    )
