"""/ops/v1 staff session: sign-in (e-mail, password, TOTP code), sign-out, who is signed in."""

from __future__ import annotations

from flask import g, request
from marshmallow import Schema, fields, validate

from bff.auth import check_rate
from bff.context import services
from bff.resources.ops.blueprint import blp
from bff.resources.ops.routing import ops_docs, ops_route
from bff.schemas import InputSchema, StatusSchema
from core.domain import errors
from core.domain.staff import permissions_of
from core.services.ops import (
    staff,
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
