"""/ops/v1 campaigns: batches of single-use codes, CSV imports, a campaign's codes and its report."""

from __future__ import annotations

import csv
import io

from flask import g
from marshmallow import Schema, fields, validate

from bff import csv_export
from bff.context import services
from bff.resources.ops.revenue_schemas import OpsCampaignDaySchema
from bff.resources.ops.routing import REASON, ops_route
from bff.schemas import CamelSchema, InputSchema
from core.domain.coupons import CODE_PATTERN, PARTNER_PATTERN
from core.domain.coupons import TYPES as COUPON_TYPES
from core.services.ops import (
    campaigns,
)


class OpsBatchSchema(InputSchema):
    prefix = fields.String(
        required=True,
        validate=validate.Regexp(r"^[A-Za-z0-9]{2,20}$"),
        metadata={"description": "The campaign: codes are PREFIX-XXXXXXXXXX."},
    )
    type = fields.String(required=True, validate=validate.OneOf(COUPON_TYPES))
    duration = fields.String(required=True, validate=validate.Regexp(r"^[Pp][0-9]{1,3}[MDmd]$"))
    count = fields.Integer(required=True, validate=validate.Range(min=1, max=campaigns.MAX_BATCH))
    product = fields.String(
        load_default="lumo", validate=validate.OneOf(["lumo", "lumo_TV", "lumo_BOOKS", "lumo_ALL"])
    )
    partner = fields.String(
        load_default=None, allow_none=True, validate=validate.Regexp(PARTNER_PATTERN)
    )
    discountPrice = fields.String(
        load_default=None, allow_none=True, validate=validate.Regexp(r"^[0-9]{1,6}(\.[0-9]{1,2})?$")
    )
    planType = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf(["P1M", "P1Y"]),
        metadata={"description": "Monthly-only (P1M) or yearly-only discounts."},
    )
    bundle = fields.Boolean(
        load_default=False, metadata={"description": "The discount needs two apps or more."}
    )
    expires = fields.DateTime(load_default=None, allow_none=True, format="iso")
    reason = REASON


class OpsImportSchema(InputSchema):
    csv = fields.String(
        required=True,
        validate=validate.Length(min=1, max=2_000_000),
        metadata={
            "multiline": True,
            "description": "header code,coupon_type,duration_code[,product,discount_price,is_bundle_discount,"
            "plan_type,partner,expires_at]; all rows or none",
        },
    )
    reason = REASON


class OpsPrefixArgs(InputSchema):
    prefix = fields.String(
        required=True,
        validate=validate.Regexp(CODE_PATTERN),
        metadata={"description": "A campaign's prefix or one shared code (case does not matter)."},
    )


@ops_route(
    "/campaigns",
    "POST",
    "campaigns.manage",
    Schema.from_dict({"codes": fields.List(fields.String(), required=True)}, name="OpsBatchCodes"),
    args=OpsBatchSchema,
)
def create_campaign(data):
    """A batch of single-use codes for a campaign (as `flask coupons create`); download them with
    GET /ops/v1/campaigns/codes?prefix=…"""
    found = campaigns.create(
        services(),
        g.staff,
        {
            "coupon_type": data["type"],
            "duration_code": data["duration"],
            "product": data["product"],
            "partner": data["partner"] or "",
            "discount_price": data["discountPrice"] or "",
            "plan_type": data["planType"] or "",
            "is_bundle_discount": "1" if data["bundle"] else "",
            "expires_at": data["expires"].isoformat() if data["expires"] else "",
        },
        data["count"],
        data["prefix"].upper(),
        data["reason"],
    )
    return {"codes": found}


@ops_route(
    "/campaigns/import",
    "POST",
    "campaigns.manage",
    Schema.from_dict(
        {
            "added": fields.Integer(),
            "skipped": fields.Integer(),
            "errors": fields.List(fields.String()),
        },
        name="OpsImportReport",
    ),
    args=OpsImportSchema,
)
def import_campaign(data):
    """Import coupons from CSV (as `flask coupons import`): all rows or none; `errors` says which lines."""
    report = campaigns.import_rows(
        services(), g.staff, list(csv.DictReader(io.StringIO(data["csv"]))), data["reason"]
    )
    return {"added": report.added, "skipped": report.skipped, "errors": report.errors or []}


CSV_COLUMNS = (
    "code",
    "coupon_type",
    "duration_code",
    "product",
    "partner",
    "discount_price",
    "plan_type",
    "is_bundle_discount",
    "expires_at",
    "redeemed_at",
)


@ops_route(
    "/campaigns/codes",
    "GET",
    "campaigns.read",
    args=OpsPrefixArgs,
    location="query",
    description="text/csv: the campaign's codes, redeemed or not",
)
def campaign_codes(args):
    """The codes of a campaign as CSV (the import's columns, plus redeemed_at)."""
    rows = campaigns.codes(services(), args["prefix"])
    return csv_export.download(
        CSV_COLUMNS, ([row[c] for c in CSV_COLUMNS] for row in rows), args["prefix"].upper()[:40]
    )


@ops_route(
    "/campaigns/report",
    "GET",
    "campaigns.read",
    CamelSchema.from_dict(
        {
            "issued": fields.Integer(),
            "redeemed": fields.Integer(),
            "converted": fields.Integer(),
            "by_day": fields.List(fields.Nested(OpsCampaignDaySchema)),
        },
        name="OpsCampaignReport",
    ),
    args=OpsPrefixArgs,
    location="query",
)
def campaign_report(args):
    """Codes issued, redemptions and parents converted to paid, with redemptions and conversions by day (UTC)."""
    return campaigns.report(services(), args["prefix"])
