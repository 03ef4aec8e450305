"""The data export's names on the wire (GET /v5/account/export, and the operator console's copy of it):
the one place they are written. core.services.data_rights.export hands the read model AccountExport."""

from marshmallow import Schema, fields

from bff.resources.children.schemas import ChildWithSettingsSchema
from bff.resources.consents.routes import ConsentEntrySchema
from bff.resources.subscriptions.schemas import SubscriptionSchema


def _account(name: str) -> str:
    """A field of the account inside the AccountRecord."""
    return f"account.{name}"


class ExportPromotionalConsentSchema(Schema):
    granted = fields.Boolean(required=True)
    version = fields.String(required=True, allow_none=True)
    granted_at = fields.DateTime(format="iso", required=True, allow_none=True, data_key="grantedAt")


class ExportAccountSchema(Schema):
    """Every account field but the password hash."""

    id = fields.Integer(required=True, attribute=_account("id"))
    email = fields.String(required=True, attribute=_account("email"))
    name = fields.String(required=True, attribute=_account("name"))
    language = fields.String(required=True, attribute=_account("language"))
    country_code = fields.String(
        required=True, allow_none=True, data_key="countryCode", attribute=_account("country_code")
    )
    is_email_confirmed = fields.Boolean(
        required=True, data_key="isEmailConfirmed", attribute=_account("is_email_confirmed")
    )
    is_email_fake = fields.Boolean(
        required=True, data_key="isEmailFake", attribute=_account("is_email_fake")
    )
    partner = fields.String(required=True, allow_none=True, attribute=_account("partner"))
    partner_alias = fields.String(
        required=True, allow_none=True, data_key="partnerAlias", attribute=_account("partner_alias")
    )
    env = fields.String(required=True, allow_none=True, attribute=_account("env"))
    utm = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "The campaign parameters of the registration."},
    )
    created_at = fields.DateTime(
        format="iso",
        required=True,
        allow_none=True,
        data_key="createdAt",
        attribute=_account("created_at"),
    )
    terms_version = fields.String(
        required=True, allow_none=True, data_key="termsVersion", attribute=_account("terms_version")
    )
    terms_accepted_at = fields.DateTime(
        format="iso",
        required=True,
        allow_none=True,
        data_key="termsAcceptedAt",
        attribute=_account("terms_accepted_at"),
    )
    must_accept_terms = fields.Boolean(required=True, data_key="mustAcceptTerms")
    promotional_consent = fields.Nested(
        ExportPromotionalConsentSchema, required=True, data_key="promotionalConsent"
    )


class ExportContactMessageSchema(Schema):
    name = fields.String(required=True)
    email = fields.String(required=True)
    phone = fields.String(required=True, allow_none=True)
    subject = fields.String(required=True)
    message = fields.String(required=True)
    language = fields.String(required=True)
    created_at = fields.DateTime(format="iso", required=True, allow_none=True, data_key="sentAt")


class ExportNewsletterSchema(Schema):
    email = fields.String(required=True)
    language = fields.String(required=True)
    consented_at = fields.DateTime(
        format="iso", required=True, allow_none=True, data_key="consentedAt"
    )
    consent_version = fields.String(required=True, data_key="consentVersion")


class ExportCouponRedeemedSchema(Schema):
    code = fields.String(required=True)
    redeemed_at = fields.DateTime(
        format="iso", required=True, allow_none=True, data_key="redeemedAt"
    )


class ExportSessionSchema(Schema):
    created_at = fields.DateTime(format="iso", required=True, allow_none=True, data_key="createdAt")
    expires_at = fields.DateTime(format="iso", required=True, allow_none=True, data_key="expiresAt")
    device = fields.String(
        required=True,
        allow_none=True,
        metadata={"enum": ["tv", None], "description": "tv: a TV session; null: a browser or app"},
    )


class ExportPaymentSchema(Schema):
    kind = fields.String(required=True)
    transaction_id = fields.String(required=True, data_key="transactionId")
    subscription_id = fields.Integer(required=True, allow_none=True, data_key="subscriptionId")
    amount = fields.Decimal(
        as_string=True, required=True, allow_none=True, metadata={"type": "string"}
    )
    currency = fields.String(required=True, allow_none=True)
    status = fields.String(required=True)
    reason = fields.String(required=True)
    at = fields.DateTime(format="iso", required=True, allow_none=True, attribute="created_at")


class ExportPurchaseConsentSchema(Schema):
    """The express request to start at once, as answered at an EU checkout."""

    subscription_id = fields.Integer(required=True, data_key="subscriptionId")
    express_request = fields.Boolean(required=True, data_key="expressRequest")
    version = fields.String(required=True)
    language = fields.String(required=True)
    country = fields.String(required=True)
    price_after_trial = fields.Decimal(
        as_string=True, required=True, data_key="priceAfterTrial", metadata={"type": "string"}
    )
    currency = fields.String(required=True)
    at = fields.DateTime(format="iso", required=True)


class ExportWithdrawalSchema(Schema):
    subscription_id = fields.Integer(required=True, data_key="subscriptionId")
    reference = fields.String(required=True)
    name = fields.String(required=True)
    email = fields.String(required=True)
    channel = fields.String(required=True)
    language = fields.String(required=True)
    express_request = fields.Boolean(required=True, data_key="expressRequest")
    refund_amount = fields.Decimal(
        as_string=True, required=True, data_key="refundAmount", metadata={"type": "string"}
    )
    currency = fields.String(required=True)
    at = fields.DateTime(format="iso", required=True)


class ExportBillingDocumentSchema(Schema):
    """A receipt or credit note as issued (docs/billing.md#receipts-and-credit-notes)."""

    kind = fields.String(required=True)
    number = fields.String(required=True, attribute="display_number")
    issued_at = fields.DateTime(format="iso", required=True, data_key="issuedAt")
    customer_name = fields.String(required=True, data_key="customerName")
    customer_email = fields.String(required=True, data_key="customerEmail")
    customer_country = fields.String(required=True, data_key="customerCountry")
    currency = fields.String(required=True)
    net = fields.Decimal(as_string=True, required=True)
    vat_rate = fields.Decimal(as_string=True, required=True, data_key="vatRate")
    vat_amount = fields.Decimal(as_string=True, required=True, data_key="vatAmount")
    gross = fields.Decimal(as_string=True, required=True)


class ExportDeclarationSchema(Schema):
    """A public cancellation as received (docs/consumer-law.md#cancellation-page), without its receipt code."""

    id = fields.Integer(required=True)
    kind = fields.String(required=True)
    termination = fields.String(required=True)
    reason = fields.String(required=True, allow_none=True)
    name = fields.String(required=True)
    email = fields.String(required=True)
    reference = fields.String(required=True, allow_none=True)
    end_wanted = fields.Date(required=True, allow_none=True, data_key="endWanted")
    language = fields.String(required=True)
    wording_version = fields.String(required=True, data_key="wordingVersion")
    country = fields.String(required=True)
    received_at = fields.DateTime(format="iso", required=True, data_key="receivedAt")
    status = fields.String(required=True)
    ends_on = fields.DateTime(format="iso", required=True, allow_none=True, data_key="endsOn")


class ExportSchema(Schema):
    format = fields.String(required=True, metadata={"description": "lumo-account-export/1"})
    exported_at = fields.DateTime(format="iso", required=True, data_key="exportedAt")
    account = fields.Nested(
        ExportAccountSchema,
        required=True,
        metadata={
            "description": "Every account field but the password hash: "
            "e-mail, name, language, country, partner, utm, terms and consent."
        },
    )
    children = fields.List(
        fields.Nested(ChildWithSettingsSchema),
        required=True,
        metadata={"description": "Profiles with each app's settings."},
    )
    subscriptions = fields.List(
        fields.Nested(SubscriptionSchema),
        required=True,
        metadata={
            "description": "As GET /v5/subscriptions, hidden ones (pending, failed) included."
        },
    )
    consents = fields.List(
        fields.Nested(ConsentEntrySchema),
        required=True,
        metadata={"description": "History of terms and consents."},
    )
    contact_messages = fields.List(
        fields.Nested(ExportContactMessageSchema), required=True, data_key="contactMessages"
    )
    newsletter = fields.List(fields.Nested(ExportNewsletterSchema), required=True)
    coupons_redeemed = fields.List(
        fields.Nested(ExportCouponRedeemedSchema), required=True, data_key="couponsRedeemed"
    )
    sessions = fields.List(
        fields.Nested(ExportSessionSchema),
        required=True,
        metadata={"description": "Signed-in devices (no token)."},
    )
    payments = fields.List(
        fields.Nested(ExportPaymentSchema),
        required=True,
        metadata={
            "description": "Payment history: charges, refunds, voids and disputes (kind, amount, currency, status, at)."
        },
    )
    billing_documents = fields.List(
        fields.Nested(ExportBillingDocumentSchema),
        required=True,
        data_key="billingDocuments",
        metadata={"description": "Receipts and credit notes as issued."},
    )
    purchase_consents = fields.List(
        fields.Nested(ExportPurchaseConsentSchema),
        required=True,
        data_key="purchaseConsents",
        metadata={"description": "The express requests answered at EU checkouts."},
    )
    withdrawals = fields.List(
        fields.Nested(ExportWithdrawalSchema),
        required=True,
        metadata={"description": "Withdrawal declarations as received."},
    )
    declarations = fields.List(
        fields.Nested(ExportDeclarationSchema),
        required=True,
        metadata={
            "description": "Public cancellations matched to the account or made with its address, as received."
        },
    )
    analytics_records = fields.List(
        fields.Dict(),
        required=True,
        data_key="analyticsRecords",
        metadata={
            "description": "Always empty: analytics records carry no account, e-mail or name.",
            "maxItems": 0,
        },
    )
