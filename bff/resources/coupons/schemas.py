"""A checked coupon as the register and coupon answers name it (core.domain.coupons.Coupon): the one place
its wire names are written."""

from marshmallow import fields

from bff.schemas import AnswerSchema


class DiscountDetailsSchema(AnswerSchema):
    """core.domain.coupons.DiscountTerms."""

    price = fields.Decimal(
        as_string=True,
        required=True,
        allow_none=True,
        data_key="discountPrice",
        metadata={"type": "string"},
    )
    is_bundle_discount = fields.Boolean(required=True, data_key="isBundleDiscount")
    plan_type = fields.String(required=True, allow_none=True, data_key="planType")


class CouponSchema(AnswerSchema):
    code = fields.String(required=True, data_key="couponSerialNumber")
    duration_code = fields.String(required=True, data_key="couponDurationCode")
    product = fields.String(required=True, data_key="couponProduct")
    coupon_type = fields.String(required=True, data_key="couponType")
    discount_terms = fields.Nested(
        DiscountDetailsSchema, required=True, allow_none=True, data_key="discountDetails"
    )
