from marshmallow import Schema, fields, validate

from bff.schemas import InputSchema
from core.domain.accounts import LANGUAGES


class LanguageArgs(InputSchema):
    lang = fields.String(
        load_default=None,
        validate=validate.OneOf(LANGUAGES),
        metadata={
            "description": "The language of the texts; default: the parent's e-mail language"
        },
    )


class DocumentRefSchema(Schema):
    id = fields.Integer(required=True)
    number = fields.String(required=True, metadata={"description": "e.g. R-2026-000001"})
    kind = fields.String(required=True, metadata={"description": "receipt or credit_note"})


class BillingEntrySchema(Schema):
    id = fields.Integer(required=True)
    kind = fields.String(
        required=True,
        metadata={"description": "charge, refund, void, withdrawal_refund or withdrawal_void"},
    )
    date = fields.String(required=True, metadata={"description": "ISO 8601, UTC"})
    amount = fields.String(required=True, metadata={"description": "Decimal string"})
    currency = fields.String(required=True)
    status = fields.String(required=True, metadata={"description": "pending, succeeded or failed"})
    product = fields.String(allow_none=True, required=True)
    durationCode = fields.String(allow_none=True, required=True)
    method = fields.Dict(
        required=True,
        metadata={
            "description": "type (card, paypal, google_pay, apple_pay or null), brand, last4"
        },
    )
    document = fields.Nested(DocumentRefSchema, allow_none=True, required=True)


class BillingHistorySchema(Schema):
    entries = fields.List(fields.Nested(BillingEntrySchema), required=True)


class AmountsSchema(Schema):
    net = fields.String(required=True)
    vatRate = fields.String(required=True, metadata={"description": "percent, e.g. 19 or 8.1"})
    vat = fields.String(required=True)
    gross = fields.String(required=True)
    currency = fields.String(required=True)


class BillingDocumentSchema(Schema):
    """One receipt or credit note: raw values, and every label and value as the page shows them in `language`
    (`rows`: [label, value] in order), so the page and the PDF say the same."""

    id = fields.Integer(required=True)
    number = fields.String(required=True)
    kind = fields.String(required=True)
    language = fields.String(required=True)
    title = fields.String(required=True)
    issuedAt = fields.String(required=True)
    corrects = fields.String(allow_none=True, required=True)
    amounts = fields.Nested(AmountsSchema, required=True)
    rows = fields.List(fields.List(fields.String()), required=True)
    seller = fields.List(fields.String(), required=True)
    note = fields.String(required=True)
