"""/ops/v1 routes: staff session, parents (search, page, actions), audit log, operations."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from flask import g, request
from marshmallow import Schema, fields, validate

from bff import csv_export
from bff.auth import check_rate
from bff.context import services
from bff.resources.ops.blueprint import blp
from bff.resources.ops.routing import REASON, OpsReasonSchema, ops_docs, ops_route
from bff.resources.ops.schemas import (
    OpsAuditEntriesSchema,
    OpsCampaignDaySchema,
    OpsCohortsSchema,
    OpsDeadLettersSchema,
    OpsExportSchema,
    OpsFunnelSchema,
    OpsParentPageSchema,
    OpsRefundAnswerSchema,
    OpsRevenueSchema,
    OpsSearchResultSchema,
    OpsSubscriptionOutSchema,
    OpsWebhookEventsSchema,
)
from bff.schemas import ID_RANGE, CamelSchema, InputSchema, StatusSchema, camel
from core.domain import errors
from core.domain.coupons import CODE_PATTERN, PARTNER_PATTERN
from core.domain.coupons import TYPES as COUPON_TYPES
from core.domain.staff import AuditFilter, permissions_of
from core.services import billing_documents
from core.services.ops import (
    actions,
    audit,
    campaigns,
    grants,
    money,
    operations,
    parents,
    staff,
)
from core.services.ops import (
    revenue as revenue_service,
)


class OpsLoginSchema(InputSchema):
    email = fields.String(required=True, validate=validate.Length(min=3, max=254))
    password = fields.String(required=True, validate=validate.Length(min=1, max=256))
    code = fields.String(
        required=True,
        validate=validate.Regexp(r"^[0-9]{6}$"),
        metadata={"description": "The current 6-digit TOTP code."},
    )


class OpsStaffSchema(Schema):
    id = fields.Integer(required=True)
    email = fields.String(required=True)
    role = fields.String(required=True)
    permissions = fields.List(fields.String(), required=True)


class OpsSessionSchema(Schema):
    token = fields.String(
        required=True, metadata={"description": "Staff bearer token: 8 h, 30 min idle."}
    )
    staff = fields.Nested(OpsStaffSchema, required=True)


def _staff_view(member) -> dict:
    return {
        "id": member.id,
        "email": member.email,
        "role": member.role,
        "permissions": permissions_of(member.role),
    }


@blp.route("/session", methods=["POST"])
@blp.arguments(OpsLoginSchema)
@blp.response(200, OpsSessionSchema)
@ops_docs(errors.STAFF_LOGIN_FAILED, errors.RATE_LIMITED, auth=False)
def login(data):
    """Staff sign-in: e-mail, password and TOTP code in one step. Any wrong part: 401 staffLoginFailed
    (audited); repeated failures close the account for growing delays (429, Retry-After)."""
    check_rate(f"ops-login:ip:{request.remote_addr}")
    check_rate(f"ops-login:email:{data['email'].strip().lower()}")
    token, member = staff.login(
        services(), services().totp, data["email"], data["password"], data["code"]
    )
    return {"token": token, "staff": _staff_view(member)}


@ops_route("/session", "DELETE", None, StatusSchema)
def logout():
    """End this staff session."""
    staff.logout(services(), g.staff, g.staff_token)
    return {"status": True}


@ops_route("/me", "GET", None, OpsStaffSchema)
def me():
    """The signed-in staff member, role and permissions (the console shows only what they allow)."""
    return _staff_view(g.staff)


class OpsSearchArgs(InputSchema):
    by = fields.String(required=True, validate=validate.OneOf(parents.SEARCH_KINDS))
    q = fields.String(required=True, validate=validate.Length(min=1, max=parents.MAX_QUERY))


@ops_route(
    "/parents", "GET", "parents.read", OpsSearchResultSchema, args=OpsSearchArgs, location="query"
)
def search_parents(args):
    """Search parents by e-mail (partial), name (partial), phone (partner alias, partial), subscription id,
    gateway subscription or transaction id, or coupon code. Partial searches need 3 characters."""
    return {"results": parents.search(services(), args["by"], args["q"])}


@ops_route(
    "/parents/<int:account_id>",
    "GET",
    "parents.read",
    OpsParentPageSchema,
    error_types=(errors.PARENT_NOT_FOUND,),
)
def parent_page(account_id):
    """Everything support needs about one parent, and a timeline merging it (newest first)."""
    return parents.page(services(), account_id)


class OpsChangeEmailSchema(InputSchema):
    email = fields.String(required=True, validate=validate.Length(min=3, max=254))
    reason = REASON


class OpsGrantSchema(InputSchema):
    duration = fields.String(
        required=True,
        validate=validate.Regexp(r"^[Pp][0-9]{1,3}[MDmd]$"),
        metadata={"description": "P{n}D or P{n}M; support: one month at most."},
    )
    subscriptionId = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=ID_RANGE,
        metadata={
            "description": "Extend this (non-renewing) subscription; none: a new free subscription."
        },
    )
    product = fields.String(
        load_default="lumo_tv_books_games", validate=validate.OneOf(grants.GRANT_PRODUCTS)
    )
    reason = REASON


class OpsCancelSchema(InputSchema):
    subscriptionId = fields.Integer(required=True, validate=ID_RANGE)
    when = fields.String(required=True, validate=validate.OneOf(["now", "period_end"]))
    reason = REASON


class OpsRevokeSchema(InputSchema):
    sessionId = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=ID_RANGE,
        metadata={"description": "One session; none: all of them."},
    )
    reason = REASON


class OpsEraseSchema(InputSchema):
    confirmation = fields.String(
        required=True,
        validate=validate.Length(max=254),
        metadata={"description": "The parent's e-mail address, typed again."},
    )
    reason = REASON


@ops_route(
    "/parents/<int:account_id>/resend-confirmation",
    "POST",
    "parents.email",
    StatusSchema,
    args=OpsReasonSchema,
    error_types=(errors.PARENT_NOT_FOUND, errors.FORGOT_UPDATE_FAILED),
)
def resend_confirmation(data, account_id):
    """E-mail the parent a new confirmation link."""
    actions.resend_confirmation(services(), g.staff, account_id, data["reason"])
    return {"status": True}


@ops_route(
    "/parents/<int:account_id>/send-reset-link",
    "POST",
    "parents.email",
    StatusSchema,
    args=OpsReasonSchema,
    error_types=(errors.PARENT_NOT_FOUND, errors.FORGOT_UPDATE_FAILED, errors.SENIOR_STAFF_NEEDED),
)
def send_reset_link(data, account_id):
    """E-mail the parent a password-reset link (staff never see or set a parent's password), to the
    account's confirmed address; it voids the earlier links. Support, within a day of a staff e-mail
    change of this parent: 409 seniorStaffNeeded (finance or admin may)."""
    actions.send_reset_link(services(), g.staff, account_id, data["reason"])
    return {"status": True}


@ops_route(
    "/parents/<int:account_id>/email",
    "POST",
    "parents.change_email",
    StatusSchema,
    args=OpsChangeEmailSchema,
    error_types=(
        errors.PARENT_NOT_FOUND,
        errors.INVALID_EMAIL,
        errors.EMAIL_TAKEN,
        errors.SENIOR_STAFF_NEEDED,
    ),
)
def change_email(data, account_id):
    """Ask to change the parent's e-mail: a confirmation link to the new address, which becomes the
    account's only once opened (the old one is then told); until then the account and its reset links
    keep the old one. Support, within a day of a reset link sent by staff: 409 seniorStaffNeeded."""
    actions.change_email(services(), g.staff, account_id, data["email"], data["reason"])
    return {"status": True}


@ops_route(
    "/parents/<int:account_id>/grant",
    "POST",
    "parents.grant",
    OpsSubscriptionOutSchema,
    args=OpsGrantSchema,
    error_types=(
        errors.PARENT_NOT_FOUND,
        errors.SUBSCRIPTION_NOT_FOUND,
        errors.GRANT_TOO_LONG,
        errors.GRANT_RENEWING,
        errors.GRANT_LIMIT_REACHED,
        errors.REASON_REQUIRED,
    ),
)
def grant(data, account_id):
    """Free time (comp): extend a non-renewing subscription's end date, or a new free subscription.
    Support: one month at most; finance and admin: a year. Per parent, over a rolling window, at most
    the role's limit (support: 31 days per 30 days): 409 grantLimitReached above it, with `max`,
    `left` and `windowDays` (ask for approval: `POST …/grant-requests`). A reason is required."""
    sub = grants.grant(
        services(),
        g.staff,
        account_id,
        data["duration"],
        data["reason"],
        subscription_id=data["subscriptionId"],
        product=data["product"],
    )
    return {"subscription": parents.subscription_view(sub, services().clock.now())}


@ops_route(
    "/parents/<int:account_id>/cancel",
    "POST",
    "parents.cancel",
    OpsSubscriptionOutSchema,
    args=OpsCancelSchema,
    error_types=(errors.PARENT_NOT_FOUND, errors.SUBSCRIPTION_NOT_FOUND, errors.ALREADY_CANCELLED),
)
def cancel(data, account_id):
    """Cancel a subscription at the end of its period (as the parent would) or now (access ends today)."""
    sub = actions.cancel(
        services(),
        g.staff,
        account_id,
        data["subscriptionId"],
        data["when"] == "period_end",
        data["reason"],
    )
    return {"subscription": parents.subscription_view(sub, services().clock.now())}


@ops_route(
    "/parents/<int:account_id>/sessions/revoke",
    "POST",
    "parents.sessions",
    StatusSchema,
    args=OpsRevokeSchema,
    error_types=(errors.PARENT_NOT_FOUND,),
)
def revoke_sessions(data, account_id):
    """Sign the parent out everywhere (TVs included), or end one session."""
    actions.revoke_sessions(
        services(), g.staff, account_id, data["reason"], session_id=data["sessionId"]
    )
    return {"status": True}


@ops_route(
    "/parents/<int:account_id>/export",
    "POST",
    "parents.export",
    OpsExportSchema,
    args=OpsReasonSchema,
    error_types=(errors.PARENT_NOT_FOUND,),
)
def export(data, account_id):
    """The parent's data, as their own download (GET /v5/account/export) gives it."""
    document = actions.export(services(), g.staff, account_id, data["reason"])
    return {"export": document}


@ops_route(
    "/parents/<int:account_id>/erase",
    "POST",
    "parents.erase",
    StatusSchema,
    args=OpsEraseSchema,
    error_types=(
        errors.PARENT_NOT_FOUND,
        errors.CONFIRMATION_MISMATCH,
        errors.REASON_REQUIRED,
        errors.ACCOUNT_DELETE_FAILED,
    ),
)
def erase(data, account_id):
    """Erase the account (admin): the parent's e-mail typed again as confirmation, and a reason."""
    actions.erase(services(), g.staff, account_id, data["confirmation"], data["reason"])
    return {"status": True}


class OpsRefundSchema(InputSchema):
    amount = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Regexp(r"^[0-9]{1,6}(\.[0-9]{1,2})?$"),
        metadata={
            "description": 'A decimal string such as "12.50" (never a JSON number: '
            "floats are not money); none: everything not yet given back."
        },
    )
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))
    endAccess = fields.Boolean(
        load_default=False,
        metadata={"description": "Also end the subscription's access now (and its renewal)."},
    )
    operationKey = fields.String(
        required=True,
        validate=validate.Regexp(r"^[A-Za-z0-9_-]{8,80}$"),
        metadata={
            "description": "One per attempt (the console makes a UUID): the same key is the same refund."
        },
    )


class OpsVoidSchema(InputSchema):
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))
    endAccess = fields.Boolean(load_default=False)
    operationKey = fields.String(required=True, validate=validate.Regexp(r"^[A-Za-z0-9_-]{8,80}$"))


MONEY_ERRORS = (
    errors.PARENT_NOT_FOUND,
    errors.PAYMENT_NOT_FOUND,
    errors.REFUND_INVALID,
    errors.REFUND_TOO_MUCH,
    errors.REFUND_NOT_ALLOWED,
    errors.REFUND_KEY_REUSED,
    errors.REFUND_FAILED,
    errors.PAYMENT_IN_PROGRESS,
    errors.PAYMENT_UNAVAILABLE,
    errors.REASON_REQUIRED,
)
TRANSACTION = "<string(maxlength=100):transaction_id>"


@ops_route(
    f"/parents/<int:account_id>/payments/{TRANSACTION}/refund",
    "POST",
    "payments.refund",
    OpsRefundAnswerSchema,
    args=OpsRefundSchema,
    error_types=(*MONEY_ERRORS,),
)
def refund_payment(data, account_id, transaction_id):
    """Refund a settled charge of this parent's, in full or in part (finance, admin); a charge that has not
    settled yet is voided whole instead. Reason required; audited with the charge before and after."""
    event = money.give_back(
        services(),
        g.staff,
        account_id,
        transaction_id,
        void=False,
        reason=data["reason"],
        operation_key=data["operationKey"],
        amount=Decimal(data["amount"]) if data["amount"] else None,
        end_access=data["endAccess"],
    )
    return {"event": event}


@ops_route(
    f"/parents/<int:account_id>/payments/{TRANSACTION}/void",
    "POST",
    "payments.refund",
    OpsRefundAnswerSchema,
    args=OpsVoidSchema,
    error_types=(*MONEY_ERRORS,),
)
def void_payment(data, account_id, transaction_id):
    """Void a charge that has not settled (all of it; 400 refundNotAllowed once settled: refund it instead)."""
    event = money.give_back(
        services(),
        g.staff,
        account_id,
        transaction_id,
        void=True,
        reason=data["reason"],
        operation_key=data["operationKey"],
        end_access=data["endAccess"],
    )
    return {"event": event}


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


@ops_route("/revenue", "GET", "revenue.read", OpsRevenueSchema)
def revenue():
    """Live subscriptions by plan, currency and channel; MRR per currency; trials running; churn by month."""
    return revenue_service.overview(services())


class OpsFunnelArgs(InputSchema):
    days = fields.Integer(
        load_default=30, validate=validate.Range(min=1, max=revenue_service.MAX_DAYS)
    )
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))


class OpsCohortArgs(InputSchema):
    weeks = fields.Integer(
        load_default=12, validate=validate.Range(min=1, max=revenue_service.MAX_WEEKS)
    )
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))


def _table(rows: list[dict], columns: tuple[str, ...], name: str):
    return csv_export.download(columns, ([row[c] for c in columns] for row in rows), name)


@ops_route(
    "/revenue/funnel",
    "GET",
    "revenue.read",
    OpsFunnelSchema,
    args=OpsFunnelArgs,
    location="query",
    description="JSON, or text/csv with format=csv",
)
def revenue_funnel(args):
    """The analytics funnel START_FREE_TRIAL -> CLICK_REGISTER -> registered -> PAYMENT_DONE by UTC day, origin
    (Organic/Ads) and utm campaign, for the last `days` days; newest first."""
    rows = revenue_service.funnel(services(), args["days"])
    if args["format"] == "csv":
        columns = revenue_service.FUNNEL_COLUMNS
        return csv_export.download(
            tuple(camel(c) for c in columns), ([row[c] for c in columns] for row in rows), "funnel"
        )
    return {"entries": rows}


@ops_route(
    "/revenue/cohorts",
    "GET",
    "revenue.read",
    OpsCohortsSchema,
    args=OpsCohortArgs,
    location="query",
    description="JSON, or text/csv with format=csv",
)
def revenue_cohorts(args):
    """Trial -> paid conversion by weekly cohort (week, from Monday UTC, the trial began): trials, converted,
    rate; the last `weeks` weeks, oldest first."""
    rows = revenue_service.trial_cohorts(services(), args["weeks"])
    if args["format"] == "csv":
        return _table(rows, revenue_service.COHORT_COLUMNS, "trial-cohorts")
    return {"entries": rows}


class OpsOssArgs(InputSchema):
    year = fields.Integer(required=True, validate=validate.Range(min=2020, max=2100))
    quarter = fields.Integer(required=True, validate=validate.Range(min=1, max=4))


OSS_COLUMNS = (
    "country",
    "oss",
    "vat_rate",
    "currency",
    "net",
    "vat",
    "gross",
    "receipts",
    "credit_notes",
)


@ops_route(
    "/revenue/oss",
    "GET",
    "revenue.read",
    args=OpsOssArgs,
    location="query",
    description="text/csv: lumo-oss-YEAR-qQUARTER.csv",
)
def revenue_oss(args):
    """The figures of a quarter's OSS return, per country, VAT rate and currency, summed from the receipts
    (added) and credit notes (subtracted) issued in the quarter (UTC); `oss` is 1 for an EU member state
    (declared in the One-Stop Shop), 0 for a country declared elsewhere (docs/billing.md#vat)."""
    lines = billing_documents.oss_report(services(), args["year"], args["quarter"])
    return csv_export.download(
        OSS_COLUMNS,
        (
            (
                line.country,
                line.oss,
                f"{line.rate:f}",
                line.currency,
                f"{line.net:.2f}",
                f"{line.vat:.2f}",
                f"{line.gross:.2f}",
                line.receipts,
                line.credit_notes,
            )
            for line in lines
        ),
        f"oss-{args['year']}-q{args['quarter']}",
    )


class OpsBatchSchema(InputSchema):
    prefix = fields.String(
        required=True,
        validate=validate.Regexp(r"^[A-Za-z0-9]{2,20}$"),
        metadata={"description": "The campaign: codes are PREFIX-XXXXXXXXXX."},
    )
    type = fields.String(required=True, validate=validate.OneOf(COUPON_TYPES))
    duration = fields.String(required=True, validate=validate.Regexp(r"^[Pp][0-9]{1,3}[MDmd]$"))
    count = fields.Integer(required=True, validate=validate.Range(min=1, max=campaigns.MAX_BATCH))
    product = fields.String(
        load_default="lumo", validate=validate.OneOf(["lumo", "lumo_TV", "lumo_BOOKS", "lumo_ALL"])
    )
    partner = fields.String(
        load_default=None, allow_none=True, validate=validate.Regexp(PARTNER_PATTERN)
    )
    discountPrice = fields.String(
        load_default=None, allow_none=True, validate=validate.Regexp(r"^[0-9]{1,6}(\.[0-9]{1,2})?$")
    )
    planType = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf(["P1M", "P1Y"]),
        metadata={"description": "Monthly-only (P1M) or yearly-only discounts."},
    )
    bundle = fields.Boolean(
        load_default=False, metadata={"description": "The discount needs two apps or more."}
    )
    expires = fields.DateTime(load_default=None, allow_none=True, format="iso")
    reason = REASON


class OpsImportSchema(InputSchema):
    csv = fields.String(
        required=True,
        validate=validate.Length(min=1, max=2_000_000),
        metadata={
            "multiline": True,
            "description": "header code,coupon_type,duration_code[,product,discount_price,is_bundle_discount,"
            "plan_type,partner,expires_at]; all rows or none",
        },
    )
    reason = REASON


class OpsPrefixArgs(InputSchema):
    prefix = fields.String(
        required=True,
        validate=validate.Regexp(CODE_PATTERN),
        metadata={"description": "A campaign's prefix or one shared code (case does not matter)."},
    )


@ops_route(
    "/campaigns",
    "POST",
    "campaigns.manage",
    Schema.from_dict({"codes": fields.List(fields.String(), required=True)}, name="OpsBatchCodes"),
    args=OpsBatchSchema,
)
def create_campaign(data):
    """A batch of single-use codes for a campaign (as `flask coupons create`); download them with
    GET /ops/v1/campaigns/codes?prefix=…"""
    found = campaigns.create(
        services(),
        g.staff,
        {
            "coupon_type": data["type"],
            "duration_code": data["duration"],
            "product": data["product"],
            "partner": data["partner"] or "",
            "discount_price": data["discountPrice"] or "",
            "plan_type": data["planType"] or "",
            "is_bundle_discount": "1" if data["bundle"] else "",
            "expires_at": data["expires"].isoformat() if data["expires"] else "",
        },
        data["count"],
        data["prefix"].upper(),
        data["reason"],
    )
    return {"codes": found}


@ops_route(
    "/campaigns/import",
    "POST",
    "campaigns.manage",
    Schema.from_dict(
        {
            "added": fields.Integer(),
            "skipped": fields.Integer(),
            "errors": fields.List(fields.String()),
        },
        name="OpsImportReport",
    ),
    args=OpsImportSchema,
)
def import_campaign(data):
    """Import coupons from CSV (as `flask coupons import`): all rows or none; `errors` says which lines."""
    report = campaigns.import_rows(
        services(), g.staff, list(csv.DictReader(io.StringIO(data["csv"]))), data["reason"]
    )
    return {"added": report.added, "skipped": report.skipped, "errors": report.errors or []}


CSV_COLUMNS = (
    "code",
    "coupon_type",
    "duration_code",
    "product",
    "partner",
    "discount_price",
    "plan_type",
    "is_bundle_discount",
    "expires_at",
    "redeemed_at",
)


@ops_route(
    "/campaigns/codes",
    "GET",
    "campaigns.read",
    args=OpsPrefixArgs,
    location="query",
    description="text/csv: the campaign's codes, redeemed or not",
)
def campaign_codes(args):
    """The codes of a campaign as CSV (the import's columns, plus redeemed_at)."""
    rows = campaigns.codes(services(), args["prefix"])
    return csv_export.download(
        CSV_COLUMNS, ([row[c] for c in CSV_COLUMNS] for row in rows), args["prefix"].upper()[:40]
    )


@ops_route(
    "/campaigns/report",
    "GET",
    "campaigns.read",
    CamelSchema.from_dict(
        {
            "issued": fields.Integer(),
            "redeemed": fields.Integer(),
            "converted": fields.Integer(),
            "by_day": fields.List(fields.Nested(OpsCampaignDaySchema)),
        },
        name="OpsCampaignReport",
    ),
    args=OpsPrefixArgs,
    location="query",
)
def campaign_report(args):
    """Codes issued, redemptions and parents converted to paid, with redemptions and conversions by day (UTC)."""
    return campaigns.report(services(), args["prefix"])
