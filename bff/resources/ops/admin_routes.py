"""/ops/v1 admin routes: staff management and the runtime site switches (docs/operator-console.md)."""

from __future__ import annotations

from flask import g
from marshmallow import Schema, fields, validate

from bff.context import services
from bff.resources.ops.admin_schemas import (
    OpsHolidaySwitchSchema,
    OpsSiteSchema,
    OpsStaffListSchema,
    OpsSwitchDefaultSchema,
    OpsSwitchSchema,
)
from bff.resources.ops.routing import REASON, OpsReasonSchema, ops_route
from bff.schemas import InputSchema, StatusSchema
from core.domain import errors
from core.domain.staff import MIN_PASSWORD_LENGTH, ROLES
from core.services.ops import site, staff


class OpsNewStaffSchema(InputSchema):
    email = fields.String(required=True, validate=validate.Length(min=3, max=254))
    role = fields.String(required=True, validate=validate.OneOf(ROLES))
    password = fields.String(
        required=True,
        validate=validate.Length(min=MIN_PASSWORD_LENGTH, max=256),
        metadata={"description": f"At least {MIN_PASSWORD_LENGTH} characters."},
    )
    reason = REASON


class OpsProvisioningSchema(Schema):
    id = fields.Integer(required=True)
    provisioningUri = fields.String(
        required=True,
        metadata={
            "description": "otpauth:// URI of the TOTP secret: shown this once, never again."
        },
    )


class OpsRoleSchema(InputSchema):
    role = fields.String(required=True, validate=validate.OneOf(ROLES))
    reason = REASON


class OpsDisableSchema(InputSchema):
    disabled = fields.Boolean(required=True)
    reason = REASON


@ops_route("/staff", "GET", "staff.manage", OpsStaffListSchema)
def staff_list():
    """Every staff member (admin): role, created, disabled, live sessions. No secret or hash."""
    return {"staff": staff.staff_list(services())}


@ops_route(
    "/staff",
    "POST",
    "staff.manage",
    OpsProvisioningSchema,
    args=OpsNewStaffSchema,
    error_types=(errors.INVALID_EMAIL, errors.EMAIL_TAKEN),
)
def staff_create(data):
    """A new staff member (admin). Answers the TOTP provisioning URI once: scan it now."""
    member, uri = staff.create(
        services(),
        services().totp,
        data["email"],
        data["password"],
        data["role"],
        by=g.staff,
        reason=data["reason"],
    )
    return {"id": member.id, "provisioningUri": uri}


@ops_route(
    "/staff/<int:staff_id>/role",
    "POST",
    "staff.manage",
    StatusSchema,
    args=OpsRoleSchema,
    error_types=(errors.STAFF_NOT_FOUND, errors.STAFF_SELF),
)
def staff_role(data, staff_id):
    """Change a staff member's role (not one's own); their sessions end."""
    staff.change_role(services(), g.staff, staff_id, data["role"], data["reason"])
    return {"status": True}


@ops_route(
    "/staff/<int:staff_id>/disabled",
    "POST",
    "staff.manage",
    StatusSchema,
    args=OpsDisableSchema,
    error_types=(errors.STAFF_NOT_FOUND, errors.STAFF_SELF),
)
def staff_disable(data, staff_id):
    """Disable a staff member (sign-in refused, sessions ended at once), or enable them again."""
    staff.set_disabled(services(), g.staff, staff_id, data["disabled"], data["reason"])
    return {"status": True}


@ops_route(
    "/staff/<int:staff_id>/reset-totp",
    "POST",
    "staff.manage",
    OpsProvisioningSchema,
    args=OpsReasonSchema,
    error_types=(errors.STAFF_NOT_FOUND, errors.STAFF_SELF),
)
def staff_reset_totp(data, staff_id):
    """A new TOTP secret for a staff member who lost their authenticator; answers its URI once."""
    uri = staff.reset_totp(services(), services().totp, g.staff, staff_id, data["reason"])
    return {"id": staff_id, "provisioningUri": uri}


class OpsMaintenanceSchema(InputSchema):
    on = fields.Boolean(required=True)
    reason = REASON


class OpsHolidaySchema(InputSchema):
    from_ = fields.Date(required=True, data_key="from")
    to = fields.Date(required=True)
    coupon = fields.String(required=True, validate=validate.Length(min=1, max=64))
    reason = REASON


SWITCH = '<any(maintenance, "holiday-promo"):name>'


@ops_route("/site", "GET", "site.manage", OpsSiteSchema)
def site_switches():
    """The runtime switches in force (admin): maintenance and the holiday promotion, stored or default."""
    return site.view(services())


@ops_route(
    "/site/maintenance",
    "POST",
    "site.manage",
    OpsSwitchSchema,
    args=OpsMaintenanceSchema,
    error_types=(errors.REASON_REQUIRED,),
)
def site_maintenance(data):
    """Maintenance on or off without a restart (reason required): every API node and the web app follow
    within their cache time. The console keeps working during maintenance."""
    return {"switch": site.set_maintenance(services(), g.staff, data["on"], data["reason"])}


@ops_route(
    "/site/holiday-promo",
    "POST",
    "site.manage",
    OpsHolidaySwitchSchema,
    args=OpsHolidaySchema,
    error_types=(errors.REASON_REQUIRED, errors.PROMO_DATES_REVERSED, errors.INVALID_COUPON),
)
def site_holiday_promo(data):
    """The holiday promotion's dates (UTC days, both included) and coupon (which must exist)."""
    after = site.set_holiday_promo(
        services(), g.staff, data["from_"], data["to"], data["coupon"], data["reason"]
    )
    return {"switch": after}


@ops_route(
    f"/site/{SWITCH}/reset",
    "POST",
    "site.manage",
    OpsSwitchDefaultSchema,
    args=OpsReasonSchema,
    error_types=(errors.REASON_REQUIRED,),
)
def site_reset(data, name):
    """A switch back to the environment's value (MAINTENANCE_MODE, HOLIDAY_PROMO_*)."""
    key = {"maintenance": "maintenance", "holiday-promo": "holiday_promo"}[name]
    return {"switch": site.reset(services(), g.staff, key, data["reason"])}
