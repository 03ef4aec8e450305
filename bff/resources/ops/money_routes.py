"""/ops/v1 money: refunds and voids of a parent's charges (finance, admin; docs/billing-refunds.md)."""

from __future__ import annotations

from decimal import Decimal

from flask import g
from marshmallow import fields, validate

from bff.context import services
from bff.resources.ops.parent_schemas import OpsRefundAnswerSchema
from bff.resources.ops.routing import ops_route
from bff.schemas import InputSchema
from core.domain import errors
from core.services.ops import (
    money,
)


class OpsRefundSchema(InputSchema):
    amount = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Regexp(r"^[0-9]{1,6}(\.[0-9]{1,2})?$"),
        metadata={
            "description": 'A decimal string such as "12.50" (never a JSON number: '
            "floats are not money); none: everything not yet given back."
        },
    )
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))
    endAccess = fields.Boolean(
        load_default=False,
        metadata={"description": "Also end the subscription's access now (and its renewal)."},
    )
    operationKey = fields.String(
        required=True,
        validate=validate.Regexp(r"^[A-Za-z0-9_-]{8,80}$"),
        metadata={
            "description": "One per attempt (the console makes a UUID): the same key is the same refund."
        },
    )


class OpsVoidSchema(InputSchema):
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))
    endAccess = fields.Boolean(load_default=False)
    operationKey = fields.String(required=True, validate=validate.Regexp(r"^[A-Za-z0-9_-]{8,80}$"))


MONEY_ERRORS = (
    errors.PARENT_NOT_FOUND,
    errors.PAYMENT_NOT_FOUND,
    errors.REFUND_INVALID,
    errors.REFUND_TOO_MUCH,
    errors.REFUND_NOT_ALLOWED,
    errors.REFUND_KEY_REUSED,
    errors.REFUND_FAILED,
    errors.PAYMENT_IN_PROGRESS,
    errors.PAYMENT_UNAVAILABLE,
    errors.REASON_REQUIRED,
)
TRANSACTION = "<string(maxlength=100):transaction_id>"


@ops_route(
    f"/parents/<int:account_id>/payments/{TRANSACTION}/refund",
    "POST",
    "payments.refund",
    OpsRefundAnswerSchema,
    args=OpsRefundSchema,
    error_types=(*MONEY_ERRORS,),
)
def refund_payment(data, account_id, transaction_id):
    """Refund a settled charge of this parent's, in full or in part (finance, admin); a charge that has not
    settled yet is voided whole instead. Reason required; audited with the charge before and after."""
    event = money.give_back(
        services(),
        g.staff,
        account_id,
        transaction_id,
        void=False,
        reason=data["reason"],
        operation_key=data["operationKey"],
        amount=Decimal(data["amount"]) if data["amount"] else None,
        end_access=data["endAccess"],
    )
    return {"event": event}


@ops_route(
    f"/parents/<int:account_id>/payments/{TRANSACTION}/void",
    "POST",
    "payments.refund",
    OpsRefundAnswerSchema,
    args=OpsVoidSchema,
    error_types=(*MONEY_ERRORS,),
)
def void_payment(data, account_id, transaction_id):
    """Void a charge that has not settled (all of it; 400 refundNotAllowed once settled: refund it instead)."""
    event = money.give_back(
        services(),
        g.staff,
        account_id,
        transaction_id,
        void=True,
        reason=data["reason"],
        operation_key=data["operationKey"],
        end_access=data["endAccess"],
    )
    return {"event": event}
