"""The admin screens' answers: staff members and the runtime site switches."""

from __future__ import annotations

from marshmallow import fields

from bff.resources.ops.answer_fields import (
    boolean,
    free_object,
    integer,
    many,
    nullable_text,
    required_text,
    timestamp,
)
from bff.schemas import CamelSchema


class OpsStaffMemberSchema(CamelSchema):
    id = integer()
    email = required_text()
    role = required_text()
    created_at = timestamp()
    disabled_at = timestamp(nullable=True)
    sessions = integer(metadata={"description": "Live sessions"})


class OpsStaffListSchema(CamelSchema):
    staff = many(OpsStaffMemberSchema)


class OpsMaintenanceStateSchema(CamelSchema):
    on = boolean()
    source = required_text(metadata={"enum": ["stored", "default"]})


class OpsHolidayStateSchema(CamelSchema):
    from_ = fields.Date(data_key="from", attribute="starts", required=True, allow_none=True)
    to = fields.Date(attribute="ends", required=True, allow_none=True)
    coupon = nullable_text()
    active_today = boolean()
    source = required_text(metadata={"enum": ["stored", "default"]})


class OpsSwitchChangeSchema(CamelSchema):
    name = required_text()
    value = free_object("The switch's value after the change; null: back to the default")
    changed_by = nullable_text()
    changed_at = timestamp()
    reason = nullable_text()


class OpsSiteSchema(CamelSchema):
    maintenance = fields.Nested(OpsMaintenanceStateSchema, required=True)
    holiday_promo = fields.Nested(OpsHolidayStateSchema, required=True)
    refresh_seconds = fields.Float(
        required=True, metadata={"description": "How long each API process caches the switches."}
    )
    history = many(
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
    source = required_text(metadata={"enum": ["stored", "default"]})


class OpsSwitchDefaultSchema(CamelSchema):
    switch = fields.Nested(OpsAnySwitchStateSchema, required=True)
