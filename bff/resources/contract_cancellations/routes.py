"""The public cancellation page's API (docs/consumer-law.md#cancellation-page): no login, one request."""

from __future__ import annotations

from flask import Response, request
from marshmallow import Schema, fields, validate

from bff.auth import rate_limited
from bff.blueprint import Blueprint
from bff.context import services
from bff.schemas import InputSchema, documents
from core.adapters.declaration_pdf import declaration_pdf
from core.domain import errors
from core.domain.accounts import normalise_country
from core.domain.contract_cancellations import (
    MAX_NAME,
    MAX_REASON,
    MAX_REFERENCE,
    TERMINATIONS,
    Declaration,
)
from core.services import contract_cancellations, declaration_emails

blp = Blueprint(
    "contract_cancellations",
    __name__,
    description="Ending a contract without logging in (the cancellation page)",
)
UNKNOWN_COUNTRY = "ZZ"  # CLDR's "unknown region": the trusted header was absent or malformed


class CancellationSchema(InputSchema):
    termination = fields.String(required=True, validate=validate.OneOf(TERMINATIONS))
    reason = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=MAX_REASON),
        metadata={"description": "Required with an extraordinary termination; ignored otherwise."},
    )
    name = fields.String(required=True, validate=validate.Length(min=1, max=MAX_NAME))
    email = fields.String(
        required=True,
        validate=validate.Length(min=1, max=254),
        metadata={"description": "Identifies the customer; the confirmation is sent to it."},
    )
    reference = fields.String(
        load_default=None, allow_none=True, validate=validate.Length(max=MAX_REFERENCE)
    )
    endDate = fields.Date(
        load_default=None,
        allow_none=True,
        metadata={"description": "The end wanted; null: the earliest possible date."},
    )
    language = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=16),
        metadata={"description": "The page's language (else Accept-Language)."},
    )


class ReceiptSchema(InputSchema):
    receipt = fields.String(required=True, validate=validate.Length(min=8, max=64))


class ContractOutcomeSchema(Schema):
    subscriptionId = fields.Integer(required=True)
    plan = fields.String(required=True)
    duration = fields.String(allow_none=True)
    store = fields.String(required=True)
    action = fields.String(
        required=True,
        metadata={
            "description": "cancelled | scheduled | already_cancelled | elsewhere | failed: what became of it."
        },
    )
    endDate = fields.String(allow_none=True, metadata={"description": "ISO date it ends."})
    where = fields.String(
        allow_none=True, metadata={"description": "elsewhere: the page or path that ends it."}
    )
    earlyEnd = fields.Boolean(
        metadata={
            "description": "France, L215-1 (renewal notice not sent in time): it ends on endDate, before its "
            "period's end; when cancelled, the unused share is refunded (refund, currency)."
        }
    )
    refund = fields.String(allow_none=True, metadata={"description": "Decimal amount refunded."})
    currency = fields.String(allow_none=True)


class DeclarationSchema(Schema):
    receipt = fields.String(
        required=True,
        metadata={
            "description": "Opens the PDF copy (POST …/pdf); shown once, only its hash is kept."
        },
    )
    receivedAt = fields.DateTime(format="iso", required=True)
    status = fields.String(required=True, metadata={"description": "matched | unmatched"})
    termination = fields.String(required=True)
    reason = fields.String(allow_none=True)
    name = fields.String(required=True)
    email = fields.String(required=True)
    reference = fields.String(allow_none=True)
    endWanted = fields.Date(allow_none=True)
    language = fields.String(required=True)
    wordingVersion = fields.String(required=True)
    endsOn = fields.DateTime(format="iso", allow_none=True)
    contracts = fields.List(fields.Nested(ContractOutcomeSchema), required=True)


def _where(item: dict) -> str | None:
    route = item.get("route") or {}
    return route.get("url") or route.get("path")


def declaration_view(declaration: Declaration, receipt: str) -> dict:
    return {
        "receipt": receipt,
        "receivedAt": declaration.received_at,
        "status": declaration.status,
        "termination": declaration.termination,
        "reason": declaration.reason,
        "name": declaration.name,
        "email": declaration.email,
        "reference": declaration.reference,
        "endWanted": declaration.end_wanted,
        "language": declaration.language,
        "wordingVersion": declaration.wording_version,
        "endsOn": declaration.ends_on,
        "contracts": [{**item, "where": _where(item)} for item in declaration.outcome],
    }


@blp.route("/v5/contract-cancellations", methods=["POST"])
@rate_limited("contract-cancellation")
@blp.arguments(CancellationSchema)
@blp.response(201, DeclarationSchema)
@documents(blp, errors.RATE_LIMITED)
def declare(data):
    """Store a declaration to end a contract (no login), confirm it by e-mail, and when the e-mail address (and the
    reference, if given) names one account stop its web subscriptions' renewal at the end of the period (or the
    later date asked). Store, partner and operator contracts: the answer and the e-mail say where they are ended.
    Nothing matched: received, a person replies. Bad input: 400 code 0 parameterRequired with `errors`."""
    header = services().clients.trusted_country_header
    receipt = contract_cancellations.declare(
        services(),
        contract_cancellations.CancellationForm(
            termination=data["termination"],
            name=data["name"],
            email=data["email"],
            reason=data["reason"],
            reference=data["reference"],
            end_wanted=data["endDate"],
            language=data["language"] or request.accept_languages.best,
            country=normalise_country(request.headers.get(header), UNKNOWN_COUNTRY),
        ),
    )
    return declaration_view(receipt.declaration, receipt.code)


@blp.route("/v5/contract-cancellations/pdf", methods=["POST"])
@rate_limited("contract-cancellation-pdf")
@blp.arguments(ReceiptSchema)
@blp.response(200, description="application/pdf: the declaration's copy, to keep")
@documents(blp, errors.DECLARATION_NOT_FOUND, errors.RATE_LIMITED)
def pdf(data):
    """The PDF copy of a declaration, by its receipt (sent in the body, so it stays out of access logs)."""
    ctx = services()
    declaration = contract_cancellations.find(ctx, data["receipt"])
    language, templates = declaration.language, ctx.mail.templates
    document = declaration_pdf(
        templates.text("CancelContract.confirmation.pdfTitle", language) or "",
        declaration_emails.content(templates, declaration, language),
        declaration_emails.outcome_lines(templates, declaration, language, ctx.mail.public_url),
        templates.text("CancelContract.confirmation.keep", language) or "",
        language,
    )
    return Response(
        document,
        mimetype="application/pdf",
        headers={
            "Content-Disposition": 'attachment; filename="lumo-cancellation.pdf"',
            "Cache-Control": "no-store",
        },
    )
