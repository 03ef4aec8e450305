"""The order summary of the payment pages: what a subscription will charge, and when."""

from flask import g

from bff.auth import login_required
from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.quotes.schemas import QuoteQuerySchema, QuoteSchema
from bff.schemas import documents
from core.domain import errors
from core.services import quotes

blp = Blueprint("quotes", __name__, description="Order summary before paying")

QUOTE_ERRORS = (
    errors.PLAN_NOT_FOUND,
    errors.INVALID_COUPON,
    errors.COUPON_ONLY_TV,
    errors.COUPON_ONLY_BOOKS,
    errors.COUPON_ONLY_ALL,
    errors.COUPON_NOT_FOR_ACCOUNT,
    errors.MONTHLY_ONLY,
    errors.ONLY_TWO_PRODUCTS,
)


def _money(value) -> str:
    return f"{value:.2f}"


@blp.route("/v5/braintree/quote", methods=["GET"])
@login_required
@blp.arguments(QuoteQuerySchema, location="query")
@blp.response(200, QuoteSchema)
@documents(blp, *QUOTE_ERRORS, auth=True)
def quote(query):
    """What `POST /v5/braintree/subscription` would charge with the same plan, add-ons and coupon: today's
    amount, the first charge and its date, the price after any discount, the renewal period. Nothing is
    stored, redeemed or sent to the gateway."""
    extra = [p for p in [query["product"], *query["addOns"]] if p]
    q = quotes.quote(
        services(),
        quotes.QuoteCommand(
            account_id=g.account_id, plan_id=query["planId"], products=extra, coupon=query["coupon"]
        ),
    )
    return {
        "currency": q.currency,
        "period": q.period,
        "price": _money(q.price),
        "todayAmount": _money(q.today),
        "firstChargeAmount": _money(q.first_charge),
        "firstChargeDate": q.first_charge_at.isoformat(),
        "freeDays": q.free_days,
        "freeReason": q.free_reason,
        "discountPrice": _money(q.discount_price) if q.discount_price is not None else None,
        "discountCycles": q.discount_cycles,
        "fullPriceFrom": q.full_price_from.isoformat() if q.full_price_from else None,
        "couponKind": q.coupon_kind,
    }
