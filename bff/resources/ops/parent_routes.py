"""/ops/v1 parents: search, the parent page, and the support actions on an account (e-mails, free time,
cancel, sessions, export, erasure)."""

from __future__ import annotations

from flask import g
from marshmallow import fields, validate

from bff.context import services
from bff.resources.ops.parent_schemas import (
    OpsExportSchema,
    OpsParentPageSchema,
    OpsSearchResultSchema,
    OpsSubscriptionOutSchema,
)
from bff.resources.ops.routing import REASON, OpsReasonSchema, ops_route
from bff.schemas import ID_RANGE, InputSchema, StatusSchema
from core.domain import errors
from core.services.ops import (
    actions,
    grants,
    parents,
)


class OpsSearchArgs(InputSchema):
    by = fields.String(required=True, validate=validate.OneOf(parents.SEARCH_KINDS))
    q = fields.String(required=True, validate=validate.Length(min=1, max=parents.MAX_QUERY))


@ops_route(
    "/parents", "GET", "parents.read", OpsSearchResultSchema, args=OpsSearchArgs, location="query"
)
def search_parents(args):
    """Search parents by e-mail (partial), name (partial), phone (partner alias, partial), subscription id,
    gateway subscription or transaction id, or coupon code. Partial searches need 3 characters."""
    return {"results": parents.search(services(), args["by"], args["q"])}


@ops_route(
    "/parents/<int:account_id>",
    "GET",
    "parents.read",
    OpsParentPageSchema,
    error_types=(errors.PARENT_NOT_FOUND,),
)
def parent_page(account_id):
    """Everything support needs about one parent, and a timeline merging it (newest first)."""
    return parents.page(services(), account_id)


class OpsChangeEmailSchema(InputSchema):
    email = fields.String(required=True, validate=validate.Length(min=3, max=254))
    reason = REASON


class OpsGrantSchema(InputSchema):
    duration = fields.String(
        required=True,
        validate=validate.Regexp(r"^[Pp][0-9]{1,3}[MDmd]$"),
        metadata={"description": "P{n}D or P{n}M; support: one month at most."},
    )
    subscriptionId = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=ID_RANGE,
        metadata={
            "description": "Extend this (non-renewing) subscription; none: a new free subscription."
        },
    )
    product = fields.String(
        load_default="lumo_tv_books_games", validate=validate.OneOf(grants.GRANT_PRODUCTS)
    )
    reason = REASON


class OpsCancelSchema(InputSchema):
    subscriptionId = fields.Integer(required=True, validate=ID_RANGE)
    when = fields.String(required=True, validate=validate.OneOf(["now", "period_end"]))
    reason = REASON


class OpsRevokeSchema(InputSchema):
    sessionId = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=ID_RANGE,
        metadata={"description": "One session; none: all of them."},
    )
    reason = REASON


class OpsEraseSchema(InputSchema):
    confirmation = fields.String(
        required=True,
        validate=validate.Length(max=254),
        metadata={"description": "The parent's e-mail address, typed again."},
    )
    reason = REASON


@ops_route(
    "/parents/<int:account_id>/resend-confirmation",
    "POST",
    "parents.email",
    StatusSchema,
    args=OpsReasonSchema,
    error_types=(errors.PARENT_NOT_FOUND, errors.FORGOT_UPDATE_FAILED),
)
def resend_confirmation(data, account_id):
    """E-mail the parent a new confirmation link."""
    actions.resend_confirmation(services(), g.staff, account_id, data["reason"])
    return {"status": True}


@ops_route(
    "/parents/<int:account_id>/send-reset-link",
    "POST",
    "parents.email",
    StatusSchema,
    args=OpsReasonSchema,
    error_types=(errors.PARENT_NOT_FOUND, errors.FORGOT_UPDATE_FAILED, errors.SENIOR_STAFF_NEEDED),
)
def send_reset_link(data, account_id):
    """E-mail the parent a password-reset link (staff never see or set a parent's password), to the
    account's confirmed address; it voids the earlier links. Support, within a day of a staff e-mail
    change of this parent: 409 seniorStaffNeeded (finance or admin may)."""
    actions.send_reset_link(services(), g.staff, account_id, data["reason"])
    return {"status": True}


@ops_route(
    "/parents/<int:account_id>/email",
    "POST",
    "parents.change_email",
    StatusSchema,
    args=OpsChangeEmailSchema,
    error_types=(
        errors.PARENT_NOT_FOUND,
        errors.INVALID_EMAIL,
        errors.EMAIL_TAKEN,
        errors.SENIOR_STAFF_NEEDED,
    ),
)
def change_email(data, account_id):
    """Ask to change the parent's e-mail: a confirmation link to the new address, which becomes the
    account's only once opened (the old one is then told); until then the account and its reset links
    keep the old one. Support, within a day of a reset link sent by staff: 409 seniorStaffNeeded."""
    actions.change_email(services(), g.staff, account_id, data["email"], data["reason"])
    return {"status": True}


@ops_route(
    "/parents/<int:account_id>/grant",
    "POST",
    "parents.grant",
    OpsSubscriptionOutSchema,
    args=OpsGrantSchema,
    error_types=(
        errors.PARENT_NOT_FOUND,
        errors.SUBSCRIPTION_NOT_FOUND,
        errors.GRANT_TOO_LONG,
        errors.GRANT_RENEWING,
        errors.GRANT_LIMIT_REACHED,
        errors.REASON_REQUIRED,
    ),
)
def grant(data, account_id):
    """Free time (comp): extend a non-renewing subscription's end date, or a new free subscription.
    Support: one month at most; finance and admin: a year. Per parent, over a rolling window, at most
    the role's limit (support: 31 days per 30 days): 409 grantLimitReached above it, with `max`,
    `left` and `windowDays` (ask for approval: `POST …/grant-requests`). A reason is required."""
    sub = grants.grant(
        services(),
        g.staff,
        account_id,
        data["duration"],
        data["reason"],
        subscription_id=data["subscriptionId"],
        product=data["product"],
    )
    return {"subscription": parents.subscription_view(sub, services().clock.now())}


@ops_route(
    "/parents/<int:account_id>/cancel",
    "POST",
    "parents.cancel",
    OpsSubscriptionOutSchema,
    args=OpsCancelSchema,
    error_types=(errors.PARENT_NOT_FOUND, errors.SUBSCRIPTION_NOT_FOUND, errors.ALREADY_CANCELLED),
)
def cancel(data, account_id):
    """Cancel a subscription at the end of its period (as the parent would) or now (access ends today)."""
    sub = actions.cancel(
        services(),
        g.staff,
        account_id,
        data["subscriptionId"],
        data["when"] == "period_end",
        data["reason"],
    )
    return {"subscription": parents.subscription_view(sub, services().clock.now())}


@ops_route(
    "/parents/<int:account_id>/sessions/revoke",
    "POST",
    "parents.sessions",
    StatusSchema,
    args=OpsRevokeSchema,
    error_types=(errors.PARENT_NOT_FOUND,),
)
def revoke_sessions(data, account_id):
    """Sign the parent out everywhere (TVs included), or end one session."""
    actions.revoke_sessions(
        services(), g.staff, account_id, data["reason"], session_id=data["sessionId"]
    )
    return {"status": True}


@ops_route(
    "/parents/<int:account_id>/export",
    "POST",
    "parents.export",
    OpsExportSchema,
    args=OpsReasonSchema,
    error_types=(errors.PARENT_NOT_FOUND,),
)
def export(data, account_id):
    """The parent's data, as their own download (GET /v5/account/export) gives it."""
    document = actions.export(services(), g.staff, account_id, data["reason"])
    return {"export": document}


@ops_route(
    "/parents/<int:account_id>/erase",
    "POST",
    "parents.erase",
    StatusSchema,
    args=OpsEraseSchema,
    error_types=(
        errors.PARENT_NOT_FOUND,
        errors.CONFIRMATION_MISMATCH,
        errors.REASON_REQUIRED,
        errors.ACCOUNT_DELETE_FAILED,
    ),
)
def erase(data, account_id):
    """Erase the account (admin): the parent's e-mail typed again as confirmation, and a reason."""
    actions.erase(services(), g.staff, account_id, data["confirmation"], data["reason"])
    return {"status": True}
