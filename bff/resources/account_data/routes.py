"""The parent's data rights: download everything, or erase the account."""

from flask import g
from marshmallow import fields

from bff.auth import login_required_any_terms, rate_limited
from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.account_data.schemas import ExportSchema
from bff.schemas import CLIENT_HASH, InputSchema, StatusSchema, documents
from core.domain import errors
from core.services import data_rights

blp = Blueprint("account_data", __name__, description="Data rights: export and deletion")


class DeleteAccountSchema(InputSchema):
    password = fields.String(
        required=True,
        validate=CLIENT_HASH,
        metadata={"description": "SHA-256(password + salt), as at login."},
    )


@blp.route("/v5/account/export", methods=["GET"])
@login_required_any_terms
@blp.response(200, ExportSchema)
@documents(blp, auth=True, terms_gate=False)
def export():
    """Everything the service holds about the account, as one JSON document (served as a download)."""
    return (
        data_rights.export(services(), g.account_id),
        200,
        {"Content-Disposition": 'attachment; filename="lumo-account-data.json"'},
    )


@blp.route("/v5/account/delete", methods=["POST"])
@login_required_any_terms
@rate_limited("delete-account")
@blp.arguments(DeleteAccountSchema)
@blp.response(200, StatusSchema)
@documents(
    blp,
    errors.WRONG_PASSWORD,
    errors.ACCOUNT_DELETE_FAILED,
    errors.RATE_LIMITED,
    auth=True,
    terms_gate=False,
)
def delete(data):
    """Erase the account at once after the password is re-entered (400 code 1 wrongPassword): child profiles
    and personal data go, renewing web subscriptions are cancelled at the gateway, partners are told, every
    token is revoked, and a confirmation e-mail is sent. Payment records stay, anonymous (see README).
    503 accountDeleteFailed when the payment gateway cannot be reached: nothing was erased, try again."""
    data_rights.delete_account(services(), g.account_id, data["password"].lower())
    return {"status": True}
