"""A checked coupon as the register and coupon answers give it (core.domain.coupons.Coupon.as_user_coupon)."""

from marshmallow import Schema, fields


class DiscountDetailsSchema(Schema):
    discountPrice = fields.String(required=True, allow_none=True)
    isBundleDiscount = fields.Boolean(required=True)
    planType = fields.String(required=True, allow_none=True)


class CouponSchema(Schema):
    couponSerialNumber = fields.String(required=True)
    couponDurationCode = fields.String(required=True)
    couponProduct = fields.String(required=True)
    couponType = fields.String(required=True)
    discountDetails = fields.Nested(DiscountDetailsSchema, required=True, allow_none=True)
