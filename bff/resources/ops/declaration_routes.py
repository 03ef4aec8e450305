"""/ops/v1/declarations: the queue of public declarations (docs/operator-console.md#public-declarations)."""

from __future__ import annotations

import json

from flask import g
from marshmallow import fields, validate

from bff.context import services
from bff.resources.ops.answer_fields import integer, many, nullable_text, required_text, timestamp
from bff.resources.ops.routing import OpsReasonSchema, ops_route, table
from bff.schemas import ID_RANGE, CamelDict, CamelSchema, InputSchema
from core.domain import errors
from core.domain.contract_cancellations import KINDS, STATUSES, Declaration
from core.services import contract_cancellations, declaration_queue

# The columns of the CSV an authority may ask for: what was declared, when, and what became of it.
CSV_COLUMNS = (
    "id",
    "kind",
    "status",
    "receivedAt",
    "language",
    "wordingVersion",
    "country",
    "termination",
    "reason",
    "name",
    "email",
    "reference",
    "endWanted",
    "accountId",
    "endsOn",
    "outcome",
    "handledAt",
    "handledBy",
    "handledReason",
)


class OpsDeclarationSchema(CamelSchema):
    """A declaration as the queue shows it; never its receipt hash (it opens the parent's copy)."""

    id = integer()
    kind = required_text()
    status = required_text(metadata={"description": "matched | unmatched | done"})
    received_at = timestamp()
    language = required_text()
    wording_version = required_text()
    country = required_text()
    termination = required_text()
    reason = nullable_text()
    name = required_text()
    email = required_text()
    reference = nullable_text()
    end_wanted = fields.Date(required=True, allow_none=True)
    account_id = integer(allow_none=True)
    ends_on = timestamp(nullable=True)
    outcome = fields.List(CamelDict(), required=True)
    handled_at = timestamp(nullable=True)
    handled_by = nullable_text()
    handled_reason = nullable_text()


class OpsDeclarationsSchema(CamelSchema):
    entries = many(OpsDeclarationSchema, metadata={"description": "Newest first"})


class OpsDeclarationArgs(InputSchema):
    status = fields.String(load_default=None, validate=validate.OneOf(STATUSES))
    kind = fields.String(load_default=None, validate=validate.OneOf(KINDS))
    beforeId = fields.Integer(load_default=None, validate=ID_RANGE)
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))


def declarations_csv(found: list[Declaration]):
    """The export for an authority's request, through the console's one CSV writer (`table`, bff/resources/ops/routing.py):
    the rows as the JSON answer gives them, the outcome as JSON text."""
    rows = OpsDeclarationSchema(many=True).dump(found)
    flat = [{**r, "outcome": json.dumps(r["outcome"], ensure_ascii=False)} for r in rows]
    return table(flat, CSV_COLUMNS, "declarations")


@ops_route(
    "/declarations",
    "GET",
    "declarations.read",
    OpsDeclarationsSchema,
    args=OpsDeclarationArgs,
    location="query",
    description="JSON, or text/csv with format=csv",
)
def declarations(args):
    """Public declarations (cancellations made without logging in, and withdrawals), newest first, by status
    (matched, unmatched, done) and kind (cancellation, withdrawal); each with what was entered, when, in which
    language and wording, and what became of it. Each kind numbers its own rows: beforeId pages with kind."""
    found = declaration_queue.queue(
        services(), args["status"], args["kind"], args["beforeId"], args["limit"]
    )
    if args["format"] == "csv":
        return declarations_csv(found)
    return {"entries": found}


@ops_route(
    "/declarations/<int:declaration_id>/handled",
    "POST",
    "declarations.handle",
    OpsDeclarationSchema,
    args=OpsReasonSchema,
    error_types=(errors.DECLARATION_NOT_FOUND, errors.DECLARATION_HANDLED, errors.REASON_REQUIRED),
)
def handle_declaration(data, declaration_id):
    """Mark a declaration handled (a reason is required), audited as declaration.handled with who and why; 409
    declarationHandled if it was already."""
    return contract_cancellations.mark_handled(services(), g.staff, declaration_id, data["reason"])


@ops_route(
    "/declarations/withdrawals/<int:withdrawal_id>/handled",
    "POST",
    "declarations.handle",
    OpsDeclarationSchema,
    args=OpsReasonSchema,
    error_types=(errors.DECLARATION_NOT_FOUND, errors.DECLARATION_HANDLED, errors.REASON_REQUIRED),
)
def handle_withdrawal(data, withdrawal_id):
    """Mark a withdrawal in the queue handled (a reason is required), audited as declaration.handled with who and
    why; 409 declarationHandled if it was already."""
    return declaration_queue.mark_withdrawal_handled(
        services(), g.staff, withdrawal_id, data["reason"]
    )
