"""Coupon checks for the subscribe page."""

from flask import g
from marshmallow import Schema, fields, validate

from bff.auth import login_required, optional_account_id, rate_limited
from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.coupons.schemas import CouponSchema
from bff.schemas import InputSchema, documents
from core.domain import errors
from core.domain.coupons import UNUSABLE_ERRORS
from core.services import coupons

blp = Blueprint("coupons", __name__, description="Coupons")

COUPON_ERRORS = (
    *UNUSABLE_ERRORS,
    errors.COUPON_ONLY_TV,
    errors.COUPON_ONLY_BOOKS,
    errors.COUPON_ONLY_ALL,
    errors.COUPON_NOT_FOR_ACCOUNT,
    errors.MONTHLY_ONLY,
    errors.ONLY_TWO_PRODUCTS,
    errors.RATE_LIMITED,
)


class CouponContextQuery(InputSchema):
    # the subscribe page asks with a few product and period pairs (bff/blueprint.py)
    remember_queries = True

    product = fields.String(
        load_default=None,
        validate=validate.Length(max=40),
        metadata={"description": "Chosen product code, e.g. lumo_tv_books"},
    )
    planType = fields.String(load_default=None, validate=validate.OneOf(["P1M", "P1Y"]))


class CouponBodySchema(CouponContextQuery):
    coupon = fields.String(required=True, validate=validate.Length(min=1, max=40))


@blp.route("/v5/coupon/validate/<string:code>", methods=["GET"])
@rate_limited("coupon", limit_of="coupon_rate_limit_per_minute")
@blp.arguments(CouponContextQuery, location="query")
@blp.response(201, CouponSchema)
@documents(blp, *COUPON_ERRORS)
def validate_v5(query, code):
    """Check a coupon (bearer optional: with it, the account's own rules apply too)."""
    return coupons.validate(
        services(), code, optional_account_id(), query["product"], query["planType"]
    )


@blp.route("/v4/coupon/validate", methods=["POST"])
@rate_limited("coupon", limit_of="coupon_rate_limit_per_minute")
@blp.arguments(CouponBodySchema)
@blp.response(201, CouponSchema)
@documents(blp, *COUPON_ERRORS)
def validate_v4(data):
    """Older call: the same check with the code in the body."""
    return coupons.validate(
        services(), data["coupon"], optional_account_id(), data["product"], data["planType"]
    )


class RedeemSchema(InputSchema):
    coupon = fields.String(required=True, validate=validate.Length(min=1, max=40))


class RedeemAnswerSchema(Schema):
    status = fields.Boolean(required=True)
    data = fields.Nested(
        Schema.from_dict({"subscriptionId": fields.Integer(required=True)}, name="Redeemed"),
        required=True,
    )


@blp.route("/v5/coupon/redeem", methods=["POST"])
@login_required
@rate_limited("coupon", limit_of="coupon_rate_limit_per_minute")
@blp.arguments(RedeemSchema)
@blp.response(200, RedeemAnswerSchema)
@documents(blp, *COUPON_ERRORS, auth=True)
def redeem(data):
    """Redeem a free or unique access coupon for the logged-in parent: access at once, no payment
    (`paymentStateId` Free_Campaign). Discount and standard coupons are used when paying (code 7 here)."""
    subscription = coupons.redeem_access(services(), g.account_id, data["coupon"])
    return {"status": True, "data": {"subscriptionId": subscription.id}}
