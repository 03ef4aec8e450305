"""The parent page's answers (docs/operator-console.md): the account, its subscriptions, coupons, e-mails,
consents, sessions, TV links, audit entries, charges and their history, and the merged timeline."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, post_dump

from bff.resources.account_data.schemas import ExportSchema
from bff.resources.ops.answer_fields import (
    boolean,
    free_object,
    integer,
    many,
    money_text,
    nullable_text,
    required_text,
    timestamp,
)
from bff.resources.subscriptions.schemas import CancelRouteSchema
from bff.schemas import CamelSchema


class OpsParentFoundSchema(CamelSchema):
    id = integer()
    email = required_text()
    name = required_text()
    partner = nullable_text()
    partner_alias = nullable_text()
    created_at = timestamp()
    deleted_at = timestamp(nullable=True)
    is_email_confirmed = boolean()


class OpsAccountSchema(CamelSchema):
    """Every column of the account but the password hash."""

    id = integer()
    email = required_text()
    name = required_text()
    language = required_text()
    language_chosen = boolean()
    country_code = nullable_text()
    is_email_confirmed = boolean()
    is_email_fake = boolean()
    partner = nullable_text()
    env = nullable_text()
    promo_accepted_at = timestamp(nullable=True)
    terms_accepted_at = timestamp(nullable=True)
    utm = free_object("The campaign parameters of the registration")
    created_at = timestamp()
    partner_alias = nullable_text()
    terms_version = nullable_text()
    promo_consent_version = nullable_text()
    deleted_at = timestamp(nullable=True)
    pending_email = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "An address asked for in the console, until it confirms"},
    )
    pending_email_at = timestamp(nullable=True)
    failed_logins = integer()
    login_blocked_until = timestamp(nullable=True)
    last_login_attempt_at = timestamp(nullable=True)


def _of(name: str) -> str:
    """A field of the subscription inside core.domain.ops_reads.ConsoleSubscription."""
    return f"subscription.{name}"


class OpsSubscriptionSchema(CamelSchema):
    """Every column the console needs, all required. The parent API's SubscriptionSchema (GET /v5/subscriptions)
    is another answer on purpose: no gateway id, partner or visibility, prices from the catalogue, and the
    apps' own spelling (platformPurchadeId)."""

    id = integer(attribute=_of("id"))
    subscription_type = required_text(attribute=_of("subscription_type"))
    duration_code = required_text(attribute=_of("duration_code"))
    store_id = required_text(attribute=_of("store_id"))
    payment_state_id = required_text(attribute=_of("payment_state_id"))
    end_date = timestamp(nullable=True, attribute=_of("end_date"))
    next_billing_date = timestamp(nullable=True, attribute=_of("next_billing_date"))
    payment_plan_id = nullable_text(attribute=_of("payment_plan_id"))
    payment_plan_price = money_text(nullable=True, attribute=_of("payment_plan_price"))
    currency = nullable_text(attribute=_of("currency"))
    is_renewing = boolean(attribute=_of("is_renewing"))
    payment_method = nullable_text(attribute=_of("payment_method"))
    coupon = nullable_text(attribute=_of("coupon"))
    gateway_id = nullable_text(attribute=_of("gateway_id"))
    platform_purchase_id = nullable_text(attribute=_of("platform_purchase_id"))
    cancelled_at = timestamp(nullable=True, attribute=_of("cancelled_at"))
    created_at = timestamp(nullable=True, attribute=_of("created_at"))
    partner = nullable_text(attribute=_of("partner"))
    cancel = fields.Nested(CancelRouteSchema, required=True)
    is_expired = boolean()
    visible = boolean(attribute=_of("visible"))


class OpsCouponRedeemedSchema(CamelSchema):
    code = required_text()
    coupon_type = nullable_text()
    duration_code = nullable_text()
    product = nullable_text()
    redeemed_at = timestamp(nullable=True)


class OpsEmailSchema(CamelSchema):
    id = integer()
    topic = required_text()
    created_at = timestamp()
    delivered_at = timestamp(nullable=True)
    attempts = integer()
    last_error = nullable_text()
    dead_at = timestamp(nullable=True)
    discarded_at = timestamp(nullable=True)
    status = required_text(
        metadata={"enum": ["delivered", "discarded", "dead", "retrying", "pending"]}
    )


class OpsConsentSchema(CamelSchema):
    kind = required_text(metadata={"enum": ["terms", "promotional"]})
    version = required_text()
    granted = boolean()
    at = timestamp()


class OpsParentSessionSchema(CamelSchema):
    id = integer()
    created_at = timestamp()
    expires_at = timestamp()
    last_used_at = timestamp(nullable=True)
    payload = nullable_text(metadata={"description": "tv for a TV session"})


class OpsTvLinkSchema(CamelSchema):
    id = integer()
    claimed_at = timestamp(nullable=True)
    collected_at = timestamp(nullable=True)


class OpsThrottleSchema(CamelSchema):
    failures = integer()
    blocked_until = timestamp(nullable=True)
    last_attempt_at = timestamp(nullable=True)
    blocked = boolean()


class OpsAuditEntrySchema(CamelSchema):
    id = integer()
    action = required_text()
    outcome = required_text(metadata={"enum": ["done", "refused", "failed"]})
    staff_id = integer(allow_none=True)
    staff_email = nullable_text()
    account_id = integer(allow_none=True)
    target = nullable_text()
    before = free_object("What the action changed, before")
    after = free_object("What the action changed, after")
    reason = nullable_text()
    at = timestamp()


class OpsChargeSchema(CamelSchema):
    transaction_id = required_text()
    subscription_id = integer(allow_none=True)
    amount = money_text()
    refunded_amount = money_text()
    refundable = money_text()
    currency = required_text()
    status = required_text(metadata={"description": "charged or voided"})
    created_at = timestamp()
    vat_rate = money_text(nullable=True)
    billing_country = nullable_text(
        metadata={"description": "VAT evidence: the country billed (VAT due there)"}
    )
    card_country = nullable_text(
        metadata={"description": "VAT evidence: the card's issuing country, if known"}
    )
    evidence_conflict = boolean()


class OpsPaymentHistorySchema(CamelSchema):
    id = integer()
    kind = required_text(metadata={"description": "charge, refund, void, dispute…"})
    transaction_id = required_text()
    amount = money_text(nullable=True)
    currency = nullable_text()
    status = required_text()
    actor = required_text()
    reason = required_text()
    operation_key = required_text()
    created_at = timestamp()
    payment_id = integer(allow_none=True)
    subscription_id = integer(allow_none=True)
    account_id = integer(allow_none=True)
    gateway_ref = nullable_text()
    end_access = boolean()


class OpsTimelineEventSchema(CamelSchema):
    at = timestamp()
    kind = required_text()
    detail = nullable_text()
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
    results = many(OpsParentFoundSchema, metadata={"description": "50 at most"})


class OpsParentPageSchema(CamelSchema):
    account = fields.Nested(OpsAccountSchema, required=True)
    subscriptions = many(OpsSubscriptionSchema)
    coupons_redeemed = many(OpsCouponRedeemedSchema)
    emails = many(OpsEmailSchema, metadata={"description": "Outbox e-mails with status."})
    consents = many(OpsConsentSchema)
    sessions = many(OpsParentSessionSchema)
    tv_links = many(OpsTvLinkSchema)
    child_profiles = fields.Integer(
        required=True, metadata={"description": "How many: never names or ages."}
    )
    throttle = fields.Nested(OpsThrottleSchema, required=True)
    audit = many(OpsAuditEntrySchema)
    payments = many(
        OpsChargeSchema,
        metadata={"description": "The parent's charges, with what is left to refund"},
    )
    payment_events = many(
        OpsPaymentHistorySchema,
        metadata={"description": "Their history, oldest first: charges, refunds, voids, disputes"},
    )
    timeline = many(
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
