"""/ops/v1 operations: the audit log, outbox dead letters and the payment gateway's webhook log."""

from __future__ import annotations

from flask import g
from marshmallow import fields, validate

from bff.context import services
from bff.resources.ops.operations_schemas import (
    OpsAuditEntriesSchema,
    OpsDeadLettersSchema,
    OpsWebhookEventsSchema,
)
from bff.resources.ops.routing import OpsReasonSchema, ops_route
from bff.schemas import ID_RANGE, CamelSchema, InputSchema, StatusSchema
from core.domain import errors
from core.domain.staff import AuditFilter
from core.services.ops import (
    audit,
    operations,
)


class OpsAuditArgs(InputSchema):
    staffId = fields.Integer(load_default=None, validate=ID_RANGE)
    accountId = fields.Integer(load_default=None, validate=ID_RANGE)
    action = fields.String(load_default=None, validate=validate.Length(max=40))
    beforeId = fields.Integer(load_default=None, validate=ID_RANGE)
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


@ops_route(
    "/audit", "GET", "audit.read", OpsAuditEntriesSchema, args=OpsAuditArgs, location="query"
)
def audit_log(args):
    """The audit log, newest first, filterable by staff member, parent and action (page with beforeId).
    There is no endpoint that changes or removes an entry."""
    found = audit.entries(
        services(),
        AuditFilter(
            staff_id=args["staffId"],
            account_id=args["accountId"],
            action=args["action"],
            before_id=args["beforeId"],
            limit=args["limit"],
        ),
    )
    return {"entries": found}


class OpsLimitArgs(InputSchema):
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=500))
    beforeId = fields.Integer(load_default=None, validate=ID_RANGE)


@ops_route(
    "/outbox/dead",
    "GET",
    "outbox.manage",
    OpsDeadLettersSchema,
    args=OpsLimitArgs,
    location="query",
)
def dead_letters(args):
    """Outbox messages given up on (e-mails, analytics forwards, partner callbacks, gateway calls)."""
    return {"entries": operations.dead_letters(services(), args["limit"])}


@ops_route(
    "/outbox/<int:message_id>/retry",
    "POST",
    "outbox.manage",
    StatusSchema,
    args=OpsReasonSchema,
    error_types=(errors.DEAD_LETTER_NOT_FOUND,),
)
def retry_dead_letter(data, message_id):
    """Queue a dead letter again with a fresh set of attempts."""
    operations.retry(services(), g.staff, message_id, data["reason"])
    return {"status": True}


@ops_route(
    "/outbox/<int:message_id>/discard",
    "POST",
    "outbox.manage",
    StatusSchema,
    args=OpsReasonSchema,
    error_types=(errors.DEAD_LETTER_NOT_FOUND, errors.REASON_REQUIRED),
)
def discard_dead_letter(data, message_id):
    """Give up on a dead letter for good (a reason is required); it leaves the list."""
    operations.discard(services(), g.staff, message_id, data["reason"])
    return {"status": True}


@ops_route(
    "/webhooks", "GET", "webhooks.read", OpsWebhookEventsSchema, args=OpsLimitArgs, location="query"
)
def webhook_events(args):
    """Payment gateway webhooks applied, newest first (kind, gateway id, when it happened, when received,
    transaction, amount, currency, outcome applied/out_of_order, replays)."""
    return {"entries": operations.webhook_events(services(), args["limit"], args["beforeId"])}


@ops_route(
    "/webhooks/<int:event_id>/replay",
    "POST",
    "webhooks.replay",
    CamelSchema.from_dict(
        {
            "subscription_id": fields.Integer(),
            "state": fields.String(),
            "end_date": fields.DateTime(allow_none=True),
        },
        name="OpsReplayed",
    ),
    args=OpsReasonSchema,
    error_types=(
        errors.WEBHOOK_EVENT_NOT_FOUND,
        errors.WEBHOOK_REPLAY_STALE,
        errors.SUBSCRIPTION_NOT_FOUND,
        errors.REASON_REQUIRED,
    ),
)
def replay_webhook(data, event_id):
    """Apply a logged gateway webhook again (admin; a reason is required): its subscription changes as when
    the event first came (a charge notice records its charge once and e-mails a receipt). An event older than
    the newest applied to that subscription: 409 webhookReplayStale. Audited with before and after."""
    return operations.replay_webhook(services(), g.staff, event_id, data["reason"])
