"""The admin screens' answers: staff members and the runtime site switches."""

from __future__ import annotations

from marshmallow import fields

from bff.resources.ops.answer_fields import _at, _b, _free, _i, _many, _n, _s
from bff.schemas import CamelSchema


class OpsStaffMemberSchema(CamelSchema):
    id = _i()
    email = _s()
    role = _s()
    created_at = _at()
    disabled_at = _at(nullable=True)
    sessions = _i(metadata={"description": "Live sessions"})


class OpsStaffListSchema(CamelSchema):
    staff = _many(OpsStaffMemberSchema)


class OpsMaintenanceStateSchema(CamelSchema):
    on = _b()
    source = _s(metadata={"enum": ["stored", "default"]})


class OpsHolidayStateSchema(CamelSchema):
    from_ = fields.Date(data_key="from", attribute="starts", required=True, allow_none=True)
    to = fields.Date(attribute="ends", required=True, allow_none=True)
    coupon = _n()
    active_today = _b()
    source = _s(metadata={"enum": ["stored", "default"]})


class OpsSwitchChangeSchema(CamelSchema):
    name = _s()
    value = _free("The switch's value after the change; null: back to the default")
    changed_by = _n()
    changed_at = _at()
    reason = _n()


class OpsSiteSchema(CamelSchema):
    maintenance = fields.Nested(OpsMaintenanceStateSchema, required=True)
    holiday_promo = fields.Nested(OpsHolidayStateSchema, required=True)
    refresh_seconds = fields.Float(
        required=True, metadata={"description": "How long each API process caches the switches."}
    )
    history = _many(
        OpsSwitchChangeSchema, metadata={"description": "The latest changes, newest first."}
    )


class OpsSwitchSchema(CamelSchema):
    switch = fields.Nested(OpsMaintenanceStateSchema, required=True)


class OpsHolidaySwitchSchema(CamelSchema):
    switch = fields.Nested(OpsHolidayStateSchema, required=True)


class OpsAnySwitchStateSchema(CamelSchema):
    """Either switch: maintenance (on) or the holiday promotion (from, to, coupon, activeToday)."""

    on = fields.Boolean()
    from_ = fields.Date(data_key="from", attribute="starts", allow_none=True)
    to = fields.Date(attribute="ends", allow_none=True)
    coupon = fields.String(allow_none=True)
    active_today = fields.Boolean()
    source = _s(metadata={"enum": ["stored", "default"]})


class OpsSwitchDefaultSchema(CamelSchema):
    switch = fields.Nested(OpsAnySwitchStateSchema, required=True)
