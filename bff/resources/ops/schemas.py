"""The operator console's answers, field by field, so the OpenAPI document (and the web app's generated types)
are precise. The console's reads are made plain by bff.resources.ops.serial.plain (camelCase keys, ISO 8601
dates and decimals as strings) before these schemas dump them: hence strings for dates and amounts here."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from bff.resources.account_data.schemas import ExportSchema


def _s(**kw: Any) -> fields.String:
    return fields.String(required=True, **kw)


def _n(**kw: Any) -> fields.String:
    """A nullable string."""
    return fields.String(required=True, allow_none=True, **kw)


def _at(nullable: bool = False) -> fields.String:
    """A date and time (ISO 8601, with its offset); null only where `nullable`."""
    return fields.String(required=True, allow_none=nullable, metadata={"format": "date-time"})


def _money(nullable: bool = False) -> fields.String:
    return fields.String(
        required=True, allow_none=nullable, metadata={"description": "A decimal, as a string"}
    )


def _i(**kw: Any) -> fields.Integer:
    return fields.Integer(required=True, **kw)


def _b() -> fields.Boolean:
    return fields.Boolean(required=True)


def _many(schema: type[Schema], **kw: Any) -> fields.List:
    """A required list of nested `schema` rows."""
    return fields.List(fields.Nested(schema), required=True, **kw)


def _free(description: str) -> fields.Dict:
    return fields.Dict(
        keys=fields.String(), required=True, allow_none=True, metadata={"description": description}
    )


class OpsParentFoundSchema(Schema):
    id = _i()
    email = _s()
    name = _s()
    partner = _n()
    partnerAlias = _n()
    createdAt = _at()
    deletedAt = _at(nullable=True)
    isEmailConfirmed = _b()


class OpsAccountSchema(Schema):
    """Every column of the account but the password hash."""

    id = _i()
    email = _s()
    name = _s()
    language = _s()
    languageChosen = _b()
    countryCode = _n()
    isEmailConfirmed = _b()
    isEmailFake = _b()
    partner = _n()
    env = _n()
    promoAcceptedAt = _at(nullable=True)
    termsAcceptedAt = _at(nullable=True)
    utm = _free("The campaign parameters of the registration")
    createdAt = _at()
    partnerAlias = _n()
    termsVersion = _n()
    promoConsentVersion = _n()
    deletedAt = _at(nullable=True)
    pendingEmail = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "An address asked for in the console, until it confirms"},
    )
    pendingEmailAt = _at(nullable=True)
    failedLogins = _i()
    loginBlockedUntil = _at(nullable=True)
    lastLoginAttemptAt = _at(nullable=True)


class OpsCancelRouteSchema(Schema):
    method = _s(metadata={"enum": ["in_app", "store_page", "help", "none"]})
    path = fields.String()
    url = fields.String()
    operator = fields.String()


class OpsSubscriptionSchema(Schema):
    id = _i()
    subscriptionType = _s()
    durationCode = _s()
    storeId = _s()
    paymentStateId = _s()
    endDate = _at(nullable=True)
    nextBillingDate = _at(nullable=True)
    paymentPlanId = _n()
    paymentPlanPrice = _money(nullable=True)
    currency = _n()
    isRenewing = _b()
    paymentMethod = _n()
    coupon = _n()
    gatewayId = _n()
    platformPurchaseId = _n()
    cancelledAt = _at(nullable=True)
    createdAt = _at(nullable=True)
    partner = _n()
    cancel = fields.Nested(OpsCancelRouteSchema, required=True)
    isExpired = _b()
    visible = _b()


class OpsCouponRedeemedSchema(Schema):
    code = _s()
    couponType = _n()
    durationCode = _n()
    product = _n()
    redeemedAt = _at(nullable=True)


class OpsEmailSchema(Schema):
    id = _i()
    topic = _s()
    createdAt = _at()
    deliveredAt = _at(nullable=True)
    attempts = _i()
    lastError = _n()
    deadAt = _at(nullable=True)
    discardedAt = _at(nullable=True)
    status = _s(metadata={"enum": ["delivered", "discarded", "dead", "retrying", "pending"]})


class OpsConsentSchema(Schema):
    kind = _s(metadata={"enum": ["terms", "promotional"]})
    version = _s()
    granted = _b()
    at = _at()


class OpsParentSessionSchema(Schema):
    id = _i()
    createdAt = _at()
    expiresAt = _at()
    lastUsedAt = _at(nullable=True)
    payload = _n(metadata={"description": "tv for a TV session"})


class OpsTvLinkSchema(Schema):
    id = _i()
    claimedAt = _at(nullable=True)
    collectedAt = _at(nullable=True)


class OpsThrottleSchema(Schema):
    failures = _i()
    blockedUntil = _at(nullable=True)
    lastAttemptAt = _at(nullable=True)
    blocked = _b()


class OpsAuditEntrySchema(Schema):
    id = _i()
    action = _s()
    outcome = _s(metadata={"enum": ["done", "refused", "failed"]})
    staffId = _i(allow_none=True)
    staffEmail = _n()
    accountId = _i(allow_none=True)
    target = _n()
    before = _free("What the action changed, before")
    after = _free("What the action changed, after")
    reason = _n()
    at = _at()


class OpsChargeSchema(Schema):
    transactionId = _s()
    subscriptionId = _i(allow_none=True)
    amount = _money()
    refundedAmount = _money()
    refundable = _money()
    currency = _s()
    status = _s(metadata={"description": "charged or voided"})
    createdAt = _at()


class OpsPaymentHistorySchema(Schema):
    id = _i()
    kind = _s(metadata={"description": "charge, refund, void, dispute…"})
    transactionId = _s()
    amount = _money(nullable=True)
    currency = _n()
    status = _s()
    actor = _s()
    reason = _s()
    operationKey = _s()
    createdAt = _at()
    paymentId = _i(allow_none=True)
    subscriptionId = _i(allow_none=True)
    accountId = _i(allow_none=True)
    gatewayRef = _n()
    endAccess = _b()


class OpsTimelineEventSchema(Schema):
    at = _at()
    kind = _s()
    detail = _n()
    state = fields.String(
        metadata={
            "description": "A key the console translates (delivery status, granted/withdrawn)"
        }
    )


class OpsSearchResultSchema(Schema):
    results = _many(OpsParentFoundSchema, metadata={"description": "50 at most"})


class OpsParentPageSchema(Schema):
    account = fields.Nested(OpsAccountSchema, required=True)
    subscriptions = _many(OpsSubscriptionSchema)
    couponsRedeemed = _many(OpsCouponRedeemedSchema)
    emails = _many(OpsEmailSchema, metadata={"description": "Outbox e-mails with status."})
    consents = _many(OpsConsentSchema)
    sessions = _many(OpsParentSessionSchema)
    tvLinks = _many(OpsTvLinkSchema)
    childProfiles = fields.Integer(
        required=True, metadata={"description": "How many: never names or ages."}
    )
    throttle = fields.Nested(OpsThrottleSchema, required=True)
    audit = _many(OpsAuditEntrySchema)
    payments = _many(
        OpsChargeSchema,
        metadata={"description": "The parent's charges, with what is left to refund"},
    )
    paymentEvents = _many(
        OpsPaymentHistorySchema,
        metadata={"description": "Their history, oldest first: charges, refunds, voids, disputes"},
    )
    timeline = _many(
        OpsTimelineEventSchema,
        metadata={"description": "Every dated event of the page, newest first"},
    )


class OpsSubscriptionOutSchema(Schema):
    subscription = fields.Nested(OpsSubscriptionSchema, required=True)


class OpsExportSchema(Schema):
    export = fields.Nested(ExportSchema, required=True)


class OpsRefundAnswerSchema(Schema):
    event = fields.Nested(
        OpsPaymentHistorySchema,
        required=True,
        metadata={"description": "The refund or void, as the payment history shows it."},
    )


class OpsAuditEntriesSchema(Schema):
    entries = _many(OpsAuditEntrySchema, metadata={"description": "Newest first"})


class OpsDeadLetterSchema(Schema):
    id = _i()
    kind = _s()
    topic = _s()
    accountId = _i(allow_none=True)
    attempts = _i()
    lastError = _n()
    createdAt = _at()
    deadAt = _at()


class OpsDeadLettersSchema(Schema):
    entries = _many(OpsDeadLetterSchema)


class OpsWebhookEventSchema(Schema):
    id = _i()
    kind = _s()
    gatewayId = _s()
    transactionId = _n()
    amount = _money(nullable=True)
    currency = _n()
    occurredAt = _at()
    receivedAt = _at()
    outcome = _n(metadata={"description": "applied, out_of_order, or ignored (kind other)"})
    replays = _i()
    providerKind = _n(
        metadata={"description": "The gateway's own kind (64 characters at most); kind is ours"}
    )


class OpsWebhookEventsSchema(Schema):
    entries = _many(OpsWebhookEventSchema)


class OpsFunnelDaySchema(Schema):
    day = _at()
    campaign = _s()
    origin = _s()
    clickRegister = _i()
    registered = _i()
    startFreeTrial = _i()
    paymentDone = _i()


class OpsFunnelSchema(Schema):
    entries = _many(OpsFunnelDaySchema)


class OpsCohortSchema(Schema):
    week = _at()
    trials = _i()
    converted = _i()
    rate = _s(metadata={"description": "converted / trials, a decimal string"})


class OpsCohortsSchema(Schema):
    entries = _many(OpsCohortSchema)


class OpsActivePlanSchema(Schema):
    paymentPlanId = _n()
    subscriptionType = _s()
    currency = _n()
    storeId = _s(metadata={"description": "The channel"})
    paymentStateId = _s()
    count = _i()


class OpsMrrSchema(Schema):
    currency = _s()
    amount = _money()


class OpsChurnMonthSchema(Schema):
    month = _s(metadata={"description": "YYYY-MM, UTC"})
    cancellations = _i()
    expiries = _i()


class OpsPastDueSchema(Schema):
    subscriptionId = _i()
    accountId = _i()
    subscriptionType = _s()
    amount = _money(nullable=True)
    currency = _n()
    since = _at()
    accessEnds = _at()


class OpsRecoveryMonthSchema(Schema):
    month = _s(metadata={"description": "YYYY-MM of the failed charge, UTC"})
    currency = _n()
    wentPastDue = _i()
    recovered = _i()
    recoveredAmount = _money()
    rate = _s(metadata={"description": "recovered / wentPastDue, a decimal string"})


class OpsRevenueSchema(Schema):
    activeByPlan = _many(
        OpsActivePlanSchema,
        metadata={"description": "Live subscriptions by plan, currency and channel"},
    )
    mrr = _many(
        OpsMrrSchema,
        metadata={"description": "Renewing paid subscriptions, yearly prices ÷ 12, per currency"},
    )
    trialsRunning = fields.Integer(required=True)
    churnByMonth = _many(OpsChurnMonthSchema, metadata={"description": "The last 12 months"})
    pastDue = _many(
        OpsPastDueSchema,
        metadata={"description": "Past-due subscriptions now, the longest past due first"},
    )
    recoveryByMonth = _many(
        OpsRecoveryMonthSchema,
        metadata={"description": "Failed charges per month and currency, recovered and the rate"},
    )


class OpsCampaignDaySchema(Schema):
    day = _at()
    redeemed = _i()
    converted = _i()


class OpsStaffMemberSchema(Schema):
    id = _i()
    email = _s()
    role = _s()
    createdAt = _at()
    disabledAt = _at(nullable=True)
    sessions = _i(metadata={"description": "Live sessions"})


class OpsStaffListSchema(Schema):
    staff = _many(OpsStaffMemberSchema)


class OpsMaintenanceStateSchema(Schema):
    on = _b()
    source = _s(metadata={"enum": ["stored", "default"]})


class OpsHolidayStateSchema(Schema):
    from_ = fields.String(
        data_key="from",
        attribute="from",
        required=True,
        allow_none=True,
        metadata={"format": "date"},
    )
    to = fields.String(required=True, allow_none=True, metadata={"format": "date"})
    coupon = _n()
    activeToday = _b()
    source = _s(metadata={"enum": ["stored", "default"]})


class OpsSwitchChangeSchema(Schema):
    name = _s()
    value = _free("The switch's value after the change; null: back to the default")
    changedBy = _n()
    changedAt = _at()
    reason = _n()


class OpsSiteSchema(Schema):
    maintenance = fields.Nested(OpsMaintenanceStateSchema, required=True)
    holidayPromo = fields.Nested(OpsHolidayStateSchema, required=True)
    refreshSeconds = fields.Float(
        required=True, metadata={"description": "How long each API process caches the switches."}
    )
    history = _many(
        OpsSwitchChangeSchema, metadata={"description": "The latest changes, newest first."}
    )


class OpsSwitchSchema(Schema):
    switch = fields.Nested(OpsMaintenanceStateSchema, required=True)


class OpsHolidaySwitchSchema(Schema):
    switch = fields.Nested(OpsHolidayStateSchema, required=True)


class OpsAnySwitchStateSchema(Schema):
    """Either switch: maintenance (on) or the holiday promotion (from, to, coupon, activeToday)."""

    on = fields.Boolean()
    from_ = fields.String(
        data_key="from", attribute="from", allow_none=True, metadata={"format": "date"}
    )
    to = fields.String(allow_none=True, metadata={"format": "date"})
    coupon = fields.String(allow_none=True)
    activeToday = fields.Boolean()
    source = _s(metadata={"enum": ["stored", "default"]})


class OpsSwitchDefaultSchema(Schema):
    switch = fields.Nested(OpsAnySwitchStateSchema, required=True)
