"""/ops/v1 admin routes: staff management and the runtime site switches (docs/operator-console.md)."""

from __future__ import annotations

from flask import g
from marshmallow import Schema, fields, validate

from bff.context import container, services
from bff.resources.ops.auth import staff_required
from bff.resources.ops.blueprint import blp
from bff.resources.ops.routes import REASON, OpsReasonSchema, _ops_docs
from bff.resources.ops.schemas import (
    OpsHolidaySwitchSchema,
    OpsSiteSchema,
    OpsStaffListSchema,
    OpsSwitchDefaultSchema,
    OpsSwitchSchema,
)
from bff.resources.ops.serial import plain
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


@blp.route("/staff", methods=["GET"])
@staff_required("staff.manage")
@blp.response(200, OpsStaffListSchema)
@_ops_docs()
def staff_list():
    """Every staff member (admin): role, created, disabled, live sessions. No secret or hash."""
    return {"staff": plain(staff.staff_list(services()))}


@blp.route("/staff", methods=["POST"])
@staff_required("staff.manage")
@blp.arguments(OpsNewStaffSchema)
@blp.response(200, OpsProvisioningSchema)
@_ops_docs(errors.INVALID_EMAIL, errors.EMAIL_TAKEN)
def staff_create(data):
    """A new staff member (admin). Answers the TOTP provisioning URI once: scan it now."""
    member, uri = staff.create(
        services(),
        container().totp,
        data["email"],
        data["password"],
        data["role"],
        by=g.staff,
        reason=data["reason"],
    )
    return {"id": member.id, "provisioningUri": uri}


@blp.route("/staff/<int:staff_id>/role", methods=["POST"])
@staff_required("staff.manage")
@blp.arguments(OpsRoleSchema)
@blp.response(200, StatusSchema)
@_ops_docs(errors.STAFF_NOT_FOUND, errors.STAFF_SELF)
def staff_role(data, staff_id):
    """Change a staff member's role (not one's own); their sessions end."""
    staff.change_role(services(), g.staff, staff_id, data["role"], data["reason"])
    return {"status": True}


@blp.route("/staff/<int:staff_id>/disabled", methods=["POST"])
@staff_required("staff.manage")
@blp.arguments(OpsDisableSchema)
@blp.response(200, StatusSchema)
@_ops_docs(errors.STAFF_NOT_FOUND, errors.STAFF_SELF)
def staff_disable(data, staff_id):
    """Disable a staff member (sign-in refused, sessions ended at once), or enable them again."""
    staff.set_disabled(services(), g.staff, staff_id, data["disabled"], data["reason"])
    return {"status": True}


@blp.route("/staff/<int:staff_id>/reset-totp", methods=["POST"])
@staff_required("staff.manage")
@blp.arguments(OpsReasonSchema)
@blp.response(200, OpsProvisioningSchema)
@_ops_docs(errors.STAFF_NOT_FOUND, errors.STAFF_SELF)
def staff_reset_totp(data, staff_id):
    """A new TOTP secret for a staff member who lost their authenticator; answers its URI once."""
    uri = staff.reset_totp(services(), container().totp, g.staff, staff_id, data["reason"])
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


@blp.route("/site", methods=["GET"])
@staff_required("site.manage")
@blp.response(200, OpsSiteSchema)
@_ops_docs()
def site_switches():
    """The runtime switches in force (admin): maintenance and the holiday promotion, stored or default."""
    return plain(site.view(services()))


@blp.route("/site/maintenance", methods=["POST"])
@staff_required("site.manage")
@blp.arguments(OpsMaintenanceSchema)
@blp.response(200, OpsSwitchSchema)
@_ops_docs(errors.REASON_REQUIRED)
def site_maintenance(data):
    """Maintenance on or off without a restart (reason required): every API node and the web app follow
    within their cache time. The console keeps working during maintenance."""
    return {"switch": plain(site.set_maintenance(services(), g.staff, data["on"], data["reason"]))}


@blp.route("/site/holiday-promo", methods=["POST"])
@staff_required("site.manage")
@blp.arguments(OpsHolidaySchema)
@blp.response(200, OpsHolidaySwitchSchema)
@_ops_docs(errors.REASON_REQUIRED, errors.PROMO_DATES_REVERSED, errors.INVALID_COUPON)
def site_holiday_promo(data):
    """The holiday promotion's dates (UTC days, both included) and coupon (which must exist)."""
    after = site.set_holiday_promo(
        services(), g.staff, data["from_"], data["to"], data["coupon"], data["reason"]
    )
    return {"switch": plain(after)}


@blp.route(f"/site/{SWITCH}/reset", methods=["POST"])
@staff_required("site.manage")
@blp.arguments(OpsReasonSchema)
@blp.response(200, OpsSwitchDefaultSchema)
@_ops_docs(errors.REASON_REQUIRED)
def site_reset(data, name):
    """A switch back to the environment's value (MAINTENANCE_MODE, HOLIDAY_PROMO_*)."""
    key = {"maintenance": "maintenance", "holiday-promo": "holiday_promo"}[name]
    return {"switch": plain(site.reset(services(), g.staff, key, data["reason"]))}
