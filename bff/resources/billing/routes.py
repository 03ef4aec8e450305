"""The parent's billing history, receipts and credit notes (docs/billing.md#receipts-and-credit-notes)."""

from __future__ import annotations

from flask import Response, g

from bff.auth import login_required_any_terms
from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.billing.schemas import (
    BillingDocumentSchema,
    BillingHistorySchema,
    LanguageArgs,
)
from bff.schemas import documents
from core.adapters.declaration_pdf import declaration_pdf
from core.domain import errors
from core.domain.billing_documents import BillingDocument
from core.domain.catalogue import plan_name
from core.services import billing_documents
from core.services.billing_documents import DocumentView

blp = Blueprint("billing", __name__, description="Billing history, receipts and credit notes")


def _method(entry: billing_documents.HistoryEntry) -> dict:
    sub = entry.subscription
    if sub is None:
        return {"type": None, "brand": None, "last4": None}
    return {"type": sub.payment_method, "brand": sub.payment_brand, "last4": sub.payment_last4}


@blp.route("/v5/billing-history", methods=["GET"])
@login_required_any_terms
@blp.response(200, BillingHistorySchema)
@documents(blp, auth=True, terms_gate=False)
def billing_history():
    """Every charge, refund and void of the signed-in parent, newest first: date, amount, payment method,
    status, and the receipt (a charge) or credit note (a refund or void) that documents it."""
    return {
        "entries": [
            {
                "id": e.event.id,
                "kind": e.event.kind,
                "date": e.event.created_at.isoformat(),
                "amount": f"{e.event.amount or 0:.2f}",
                "currency": e.event.currency or "",
                "status": e.event.status,
                "product": e.subscription.subscription_type if e.subscription else None,
                "durationCode": e.subscription.duration_code if e.subscription else None,
                "method": _method(e),
                "document": {
                    "id": e.document.id,
                    "number": e.document.display_number,
                    "kind": e.document.kind,
                }
                if e.document
                else None,
            }
            for e in billing_documents.history(services(), g.account_id)
        ]
    }


def _language(args: dict) -> str:
    return args.get("lang") or g.account.language


def document_view(view: DocumentView, language: str) -> dict:
    """The document's texts in `language`: what the page shows and the PDF prints, from one place."""
    templates = services().mail.templates
    doc: BillingDocument = view.document

    def t(key: str) -> str:
        return templates.text(f"BillingDocument.{key}", language) or key

    def money(amount) -> str:
        return templates.format_money(amount, doc.currency, language)

    rate = f"{doc.vat_rate.normalize():f}"
    rows = [
        (t("number"), doc.display_number),
        (t("date"), templates.format_date(doc.issued_at.date(), language)),
    ]
    if view.corrects is not None:
        rows.append((t("corrects"), view.corrects.display_number))
    rows += [
        (t("customer"), ", ".join(p for p in (doc.customer_name, doc.customer_email) if p)),
        (t("country"), doc.customer_country),
        (
            t("service"),
            plan_name(lambda key: templates.text(key, language), doc.product, doc.duration_code),
        ),
    ]
    if doc.service_start and doc.service_end:
        period = (
            t("periodRange")
            .replace("{start}", templates.format_date(doc.service_start, language))
            .replace("{end}", templates.format_date(doc.service_end, language))
        )
        rows.append((t("period"), period))
    rows += [
        (t("net"), money(doc.net)),
        (t("vatRate"), f"{rate} %"),
        (t("vat"), money(doc.vat_amount)),
        (t("gross"), money(doc.gross)),
        (t("currency"), doc.currency),
        (t("paymentRef"), doc.transaction_id),
    ]
    return {
        "id": doc.id,
        "number": doc.display_number,
        "kind": doc.kind,
        "language": language,
        "title": t("receiptTitle" if doc.kind == "receipt" else "creditNoteTitle"),
        "issuedAt": doc.issued_at.isoformat(),
        "corrects": view.corrects.display_number if view.corrects else None,
        "amounts": {
            "net": f"{doc.net:.2f}",
            "vatRate": rate,
            "vat": f"{doc.vat_amount:.2f}",
            "gross": f"{doc.gross:.2f}",
            "currency": doc.currency,
        },
        "rows": [list(r) for r in rows],
        "seller": [
            f"{t('seller')}: {doc.seller_name}",
            doc.seller_address,
            f"{t('vatNumber')}: {doc.seller_vat_number}",
        ],
        "note": t("footer"),
    }


@blp.route("/v5/billing-documents/<string:ident>", methods=["GET"])
@login_required_any_terms
@blp.arguments(LanguageArgs, location="query")
@blp.response(200, BillingDocumentSchema)
@documents(blp, errors.BILLING_DOCUMENT_NOT_FOUND, auth=True, terms_gate=False)
def billing_document(args, ident):
    """One of the parent's own receipts or credit notes, by number (R-2026-000001) or id, with its texts
    in the parent's language (or `lang`). Another parent's document: 404 billingDocumentNotFound."""
    view = billing_documents.document_of(services(), g.account_id, ident)
    return document_view(view, _language(args))


@blp.route("/v5/billing-documents/<string:ident>/pdf", methods=["GET"])
@login_required_any_terms
@blp.arguments(LanguageArgs, location="query")
@blp.response(200, description="application/pdf: the receipt or credit note")
@documents(blp, errors.BILLING_DOCUMENT_NOT_FOUND, auth=True, terms_gate=False)
def billing_document_pdf(args, ident):
    """The PDF of one of the parent's own documents, in the parent's language (or `lang`)."""
    view = billing_documents.document_of(services(), g.account_id, ident)
    page = document_view(view, _language(args))
    pdf = declaration_pdf(
        f"{page['title']} {page['number']}",
        [(label, value) for label, value in page["rows"]],
        page["seller"],
        page["note"],
        page["language"],
    )
    return Response(
        pdf,
        mimetype="application/pdf",
        headers={
            "Content-Disposition": f'attachment; filename="lumo-{page["number"]}.pdf"',
            "Cache-Control": "private, no-store",
        },
    )
