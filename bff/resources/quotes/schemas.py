from marshmallow import Schema, fields, validate

from bff.schemas import InputSchema


class QuoteQuerySchema(InputSchema):
    planId = fields.String(required=True, validate=validate.Length(min=1, max=60))
    product = fields.String(load_default=None, validate=validate.Length(max=40))
    addOns = fields.List(
        fields.String(validate=validate.Length(max=40)),
        load_default=list,
        validate=validate.Length(max=3),
        metadata={"description": "Repeat for each app added"},
    )
    coupon = fields.String(load_default=None, validate=validate.Length(max=40))


class QuoteSchema(Schema):
    """Amounts are decimal strings ("4.99") in `currency`; dates are ISO 8601 (UTC)."""

    currency = fields.String(required=True)
    period = fields.String(
        required=True, metadata={"description": "P1M or P1Y: how often it renews"}
    )
    price = fields.String(required=True, metadata={"description": "Full price of one period"})
    todayAmount = fields.String(
        required=True, metadata={"description": "Charged now (0.00 during free days)"}
    )
    firstChargeAmount = fields.String(required=True)
    firstChargeDate = fields.String(
        required=True, metadata={"description": "When the first amount is charged"}
    )
    freeDays = fields.Integer(required=True)
    freeReason = fields.String(
        allow_none=True, metadata={"description": "trial, coupon, paidThrough or null"}
    )
    discountPrice = fields.String(
        allow_none=True, metadata={"description": "Reduced price of a period"}
    )
    discountCycles = fields.Integer(
        required=True, metadata={"description": "Periods at the reduced price"}
    )
    fullPriceFrom = fields.String(
        allow_none=True, metadata={"description": "First charge at the full price"}
    )
    couponKind = fields.String(
        allow_none=True, metadata={"description": "access, promo, discount or null"}
    )
