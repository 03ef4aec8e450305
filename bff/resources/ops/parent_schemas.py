"""The parent page's answers (docs/operator-console.md): the account, its subscriptions, coupons, e-mails,
consents, sessions, TV links, audit entries, charges and their history, and the merged timeline."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, post_dump

from bff.resources.account_data.schemas import ExportSchema
from bff.resources.ops.answer_fields import _at, _b, _free, _i, _many, _money, _n, _s
from bff.resources.subscriptions.schemas import CancelRouteSchema
from bff.schemas import CamelSchema


class OpsParentFoundSchema(CamelSchema):
    id = _i()
    email = _s()
    name = _s()
    partner = _n()
    partner_alias = _n()
    created_at = _at()
    deleted_at = _at(nullable=True)
    is_email_confirmed = _b()


class OpsAccountSchema(CamelSchema):
    """Every column of the account but the password hash."""

    id = _i()
    email = _s()
    name = _s()
    language = _s()
    language_chosen = _b()
    country_code = _n()
    is_email_confirmed = _b()
    is_email_fake = _b()
    partner = _n()
    env = _n()
    promo_accepted_at = _at(nullable=True)
    terms_accepted_at = _at(nullable=True)
    utm = _free("The campaign parameters of the registration")
    created_at = _at()
    partner_alias = _n()
    terms_version = _n()
    promo_consent_version = _n()
    deleted_at = _at(nullable=True)
    pending_email = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "An address asked for in the console, until it confirms"},
    )
    pending_email_at = _at(nullable=True)
    failed_logins = _i()
    login_blocked_until = _at(nullable=True)
    last_login_attempt_at = _at(nullable=True)


def _of(name: str) -> str:
    """A field of the subscription inside core.domain.ops_reads.ConsoleSubscription."""
    return f"subscription.{name}"


class OpsSubscriptionSchema(CamelSchema):
    """Every column the console needs, all required. The parent API's SubscriptionSchema (GET /v5/subscriptions)
    is another answer on purpose: no gateway id, partner or visibility, prices from the catalogue, and the
    apps' own spelling (platformPurchadeId)."""

    id = _i(attribute=_of("id"))
    subscription_type = _s(attribute=_of("subscription_type"))
    duration_code = _s(attribute=_of("duration_code"))
    store_id = _s(attribute=_of("store_id"))
    payment_state_id = _s(attribute=_of("payment_state_id"))
    end_date = _at(nullable=True, attribute=_of("end_date"))
    next_billing_date = _at(nullable=True, attribute=_of("next_billing_date"))
    payment_plan_id = _n(attribute=_of("payment_plan_id"))
    payment_plan_price = _money(nullable=True, attribute=_of("payment_plan_price"))
    currency = _n(attribute=_of("currency"))
    is_renewing = _b(attribute=_of("is_renewing"))
    payment_method = _n(attribute=_of("payment_method"))
    coupon = _n(attribute=_of("coupon"))
    gateway_id = _n(attribute=_of("gateway_id"))
    platform_purchase_id = _n(attribute=_of("platform_purchase_id"))
    cancelled_at = _at(nullable=True, attribute=_of("cancelled_at"))
    created_at = _at(nullable=True, attribute=_of("created_at"))
    partner = _n(attribute=_of("partner"))
    cancel = fields.Nested(CancelRouteSchema, required=True)
    is_expired = _b()
    visible = _b(attribute=_of("visible"))


class OpsCouponRedeemedSchema(CamelSchema):
    code = _s()
    coupon_type = _n()
    duration_code = _n()
    product = _n()
    redeemed_at = _at(nullable=True)


class OpsEmailSchema(CamelSchema):
    id = _i()
    topic = _s()
    created_at = _at()
    delivered_at = _at(nullable=True)
    attempts = _i()
    last_error = _n()
    dead_at = _at(nullable=True)
    discarded_at = _at(nullable=True)
    status = _s(metadata={"enum": ["delivered", "discarded", "dead", "retrying", "pending"]})


class OpsConsentSchema(CamelSchema):
    kind = _s(metadata={"enum": ["terms", "promotional"]})
    version = _s()
    granted = _b()
    at = _at()


class OpsParentSessionSchema(CamelSchema):
    id = _i()
    created_at = _at()
    expires_at = _at()
    last_used_at = _at(nullable=True)
    payload = _n(metadata={"description": "tv for a TV session"})


class OpsTvLinkSchema(CamelSchema):
    id = _i()
    claimed_at = _at(nullable=True)
    collected_at = _at(nullable=True)


class OpsThrottleSchema(CamelSchema):
    failures = _i()
    blocked_until = _at(nullable=True)
    last_attempt_at = _at(nullable=True)
    blocked = _b()


class OpsAuditEntrySchema(CamelSchema):
    id = _i()
    action = _s()
    outcome = _s(metadata={"enum": ["done", "refused", "failed"]})
    staff_id = _i(allow_none=True)
    staff_email = _n()
    account_id = _i(allow_none=True)
    target = _n()
    before = _free("What the action changed, before")
    after = _free("What the action changed, after")
    reason = _n()
    at = _at()


class OpsChargeSchema(CamelSchema):
    transaction_id = _s()
    subscription_id = _i(allow_none=True)
    amount = _money()
    refunded_amount = _money()
    refundable = _money()
    currency = _s()
    status = _s(metadata={"description": "charged or voided"})
    created_at = _at()
    vat_rate = _money(nullable=True)
    billing_country = _n(
        metadata={"description": "VAT evidence: the country billed (VAT due there)"}
    )
    card_country = _n(
        metadata={"description": "VAT evidence: the card's issuing country, if known"}
    )
    evidence_conflict = _b()


class OpsPaymentHistorySchema(CamelSchema):
    id = _i()
    kind = _s(metadata={"description": "charge, refund, void, dispute…"})
    transaction_id = _s()
    amount = _money(nullable=True)
    currency = _n()
    status = _s()
    actor = _s()
    reason = _s()
    operation_key = _s()
    created_at = _at()
    payment_id = _i(allow_none=True)
    subscription_id = _i(allow_none=True)
    account_id = _i(allow_none=True)
    gateway_ref = _n()
    end_access = _b()


class OpsTimelineEventSchema(CamelSchema):
    at = _at()
    kind = _s()
    detail = _n()
    state = fields.String(
        metadata={
            "description": "A key the console translates (delivery status, granted/withdrawn)"
        }
    )

    @post_dump
    def _no_state(self, data: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
        """An event without a state has no `state` key (rather than null)."""
        if data.get("state") is None:
            data.pop("state", None)
        return data


class OpsSearchResultSchema(CamelSchema):
    results = _many(OpsParentFoundSchema, metadata={"description": "50 at most"})


class OpsParentPageSchema(CamelSchema):
    account = fields.Nested(OpsAccountSchema, required=True)
    subscriptions = _many(OpsSubscriptionSchema)
    coupons_redeemed = _many(OpsCouponRedeemedSchema)
    emails = _many(OpsEmailSchema, metadata={"description": "Outbox e-mails with status."})
    consents = _many(OpsConsentSchema)
    sessions = _many(OpsParentSessionSchema)
    tv_links = _many(OpsTvLinkSchema)
    child_profiles = fields.Integer(
        required=True, metadata={"description": "How many: never names or ages."}
    )
    throttle = fields.Nested(OpsThrottleSchema, required=True)
    audit = _many(OpsAuditEntrySchema)
    payments = _many(
        OpsChargeSchema,
        metadata={"description": "The parent's charges, with what is left to refund"},
    )
    payment_events = _many(
        OpsPaymentHistorySchema,
        metadata={"description": "Their history, oldest first: charges, refunds, voids, disputes"},
    )
    timeline = _many(
        OpsTimelineEventSchema,
        metadata={"description": "Every dated event of the page, newest first"},
    )


class OpsSubscriptionOutSchema(CamelSchema):
    subscription = fields.Nested(OpsSubscriptionSchema, required=True)


class OpsExportSchema(CamelSchema):
    export = fields.Nested(ExportSchema, required=True)


class OpsRefundAnswerSchema(CamelSchema):
    event = fields.Nested(
        OpsPaymentHistorySchema,
        required=True,
        metadata={"description": "The refund or void, as the payment history shows it."},
    )
