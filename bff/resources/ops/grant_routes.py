"""/ops/v1 four-eyes grants: a grant above the member's limit stored as a request, and a second member
of a higher role approving or rejecting it (docs/operator-console.md#grant-limits-and-four-eyes)."""

from __future__ import annotations

from flask import g
from marshmallow import Schema, fields, validate

from bff.context import services
from bff.resources.ops.answer_fields import nullable_text, required_text
from bff.resources.ops.parent_routes import OpsGrantSchema
from bff.resources.ops.parent_schemas import OpsSubscriptionSchema
from bff.resources.ops.routing import OpsReasonSchema, ops_route
from bff.schemas import CamelSchema, InputSchema
from core.domain import errors
from core.domain.grants import APPROVED, GRANT_PENDING, REJECTED
from core.services.ops import grants, parents


class OpsGrantRequestSchema(CamelSchema):
    id = fields.Integer(required=True)
    account_id = fields.Integer(required=True)
    subscription_id = fields.Integer(required=True, allow_none=True)
    duration_code = required_text()
    days = fields.Integer(required=True)
    product = required_text()
    reason = required_text()
    requested_by = fields.Integer(required=True)
    requested_by_email = required_text()
    requested_role = required_text(metadata={"enum": ["support", "finance", "admin"]})
    created_at = fields.DateTime(required=True)
    status = required_text(metadata={"enum": [GRANT_PENDING, APPROVED, REJECTED]})
    decided_by = fields.Integer(required=True, allow_none=True)
    decided_by_email = nullable_text()
    decided_at = fields.DateTime(required=True, allow_none=True)
    decision_reason = nullable_text()


class OpsGrantRequestOutSchema(CamelSchema):
    request = fields.Nested(OpsGrantRequestSchema, required=True)


class OpsGrantDecisionOutSchema(Schema):
    request = fields.Nested(OpsGrantRequestSchema, required=True)
    subscription = fields.Nested(OpsSubscriptionSchema, required=True, allow_none=True)


class OpsGrantRequestsSchema(Schema):
    requests = fields.List(fields.Nested(OpsGrantRequestSchema), required=True)


class OpsGrantRequestsQuerySchema(InputSchema):
    status = fields.String(
        load_default=GRANT_PENDING,
        validate=validate.OneOf([GRANT_PENDING, APPROVED, REJECTED, "all"]),
        metadata={"description": "pending (default), approved, rejected or all; newest first."},
    )


@ops_route(
    "/parents/<int:account_id>/grant-requests",
    "POST",
    "parents.grant",
    OpsGrantRequestOutSchema,
    args=OpsGrantSchema,
    error_types=(
        errors.PARENT_NOT_FOUND,
        errors.SUBSCRIPTION_NOT_FOUND,
        errors.GRANT_TOO_LONG,
        errors.GRANT_RENEWING,
        errors.REASON_REQUIRED,
    ),
)
def request_grant(data, account_id):
    """Ask for free time above your limit (up to a year): stored pending until a member of a higher
    role (an admin's: another admin) approves or rejects it. Audited as `parent.grant_request`."""
    asked = grants.request(
        services(),
        g.staff,
        account_id,
        data["duration"],
        data["reason"],
        subscription_id=data["subscriptionId"],
        product=data["product"],
    )
    return {"request": asked}


@ops_route(
    "/grant-requests",
    "GET",
    "parents.grant",
    OpsGrantRequestsSchema,
    args=OpsGrantRequestsQuerySchema,
    location="query",
)
def grant_requests(args):
    """Grant requests (100 at most, newest first)."""
    status = None if args["status"] == "all" else args["status"]
    return {"requests": grants.requests(services(), status)}


def _decide(request_id: int, reason: str | None, approve: bool) -> dict:
    decided, sub = grants.decide(services(), g.staff, request_id, approve, reason)
    return {
        "request": decided,
        "subscription": parents.subscription_view(sub, services().clock.now()) if sub else None,
    }


_DECISION_ERRORS = (
    errors.GRANT_REQUEST_NOT_FOUND,
    errors.GRANT_REQUEST_DECIDED,
    errors.GRANT_APPROVER_NEEDED,
    errors.REASON_REQUIRED,
    errors.PARENT_NOT_FOUND,
)


@ops_route(
    "/grant-requests/<int:request_id>/approve",
    "POST",
    "grants.approve",
    OpsGrantDecisionOutSchema,
    args=OpsReasonSchema,
    error_types=(*_DECISION_ERRORS, errors.SUBSCRIPTION_NOT_FOUND, errors.GRANT_RENEWING),
)
def approve_grant(data, request_id):
    """Approve another member's request: the grant is made past the limit, in the same transaction as
    the decision and its audit entry (`parent.grant_approve`, reason required)."""
    return _decide(request_id, data["reason"], approve=True)


@ops_route(
    "/grant-requests/<int:request_id>/reject",
    "POST",
    "grants.approve",
    OpsGrantDecisionOutSchema,
    args=OpsReasonSchema,
    error_types=_DECISION_ERRORS,
)
def reject_grant(data, request_id):
    """Reject another member's request (`parent.grant_reject`, reason required)."""
    return _decide(request_id, data["reason"], approve=False)
