"""/ops/v1/declarations: the queue of public declarations (docs/operator-console.md#public-declarations)."""

from __future__ import annotations

from flask import g
from marshmallow import Schema, fields, validate

from bff.context import services
from bff.resources.ops.routes import _table
from bff.resources.ops.routing import OpsReasonSchema, ops_route
from bff.resources.ops.schemas import _at, _i, _many, _n, _s
from bff.resources.ops.serial import plain
from bff.schemas import ID_RANGE, InputSchema
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


class OpsDeclarationSchema(Schema):
    id = _i()
    kind = _s()
    status = _s(metadata={"description": "matched | unmatched | done"})
    receivedAt = _at()
    language = _s()
    wordingVersion = _s()
    country = _s()
    termination = _s()
    reason = _n()
    name = _s()
    email = _s()
    reference = _n()
    endWanted = _n()
    accountId = _i(allow_none=True)
    endsOn = _at(nullable=True)
    outcome = fields.List(fields.Dict(), required=True)
    handledAt = _at(nullable=True)
    handledBy = _n()
    handledReason = _n()


class OpsDeclarationsSchema(Schema):
    entries = _many(OpsDeclarationSchema, metadata={"description": "Newest first"})


class OpsDeclarationArgs(InputSchema):
    status = fields.String(load_default=None, validate=validate.OneOf(STATUSES))
    kind = fields.String(load_default=None, validate=validate.OneOf(KINDS))
    beforeId = fields.Integer(load_default=None, validate=ID_RANGE)
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))


def _view(declaration: Declaration) -> dict:
    row = plain(declaration)
    row.pop("receiptHash", None)  # opens the parent's copy: never shown
    return row


def declarations_csv(rows: list[dict]):
    """The export for an authority's request, through the console's one CSV writer (ops routes' `_table`)."""
    import json

    flat = [{**r, "outcome": json.dumps(r["outcome"], ensure_ascii=False)} for r in rows]
    return _table(flat, CSV_COLUMNS, "declarations")


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
    rows = [
        _view(d)
        for d in declaration_queue.queue(
            services(), args["status"], args["kind"], args["beforeId"], args["limit"]
        )
    ]
    if args["format"] == "csv":
        return declarations_csv(rows)
    return {"entries": rows}


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
    return _view(
        contract_cancellations.mark_handled(services(), g.staff, declaration_id, data["reason"])
    )


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
    return _view(
        declaration_queue.mark_withdrawal_handled(
            services(), g.staff, withdrawal_id, data["reason"]
        )
    )
