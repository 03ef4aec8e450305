"""Forgotten and changed passwords, e-mail and name."""

from flask import g

from bff.auth import login_required, rate_limited
from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.users.schemas import (
    ChangeEmailSchema,
    ChangeNameSchema,
    ChangePasswordSchema,
    EmailLanguageAnswerSchema,
    EmailLanguageSchema,
    EmailQuerySchema,
    LinkTokenQuerySchema,
    ResetPasswordSchema,
)
from bff.schemas import StatusSchema, documents
from core.domain import errors
from core.services import passwords, profile

blp = Blueprint("users", __name__, description="Password and profile changes")

FORGOT_ERRORS = (
    errors.FORGOT_EMPTY_EMAIL,
    errors.FORGOT_INVALID_EMAIL,
    errors.FORGOT_UPDATE_FAILED,
    errors.NO_SUCH_USER,
    errors.RATE_LIMITED,
)


@blp.route("/v4/users/forgotten-pass", methods=["GET"])
@rate_limited("forgotten-pass", limit_of="forgot_password_rate_limit_per_minute")
@blp.arguments(EmailQuerySchema, location="query")
@blp.response(200, StatusSchema)
@documents(blp, *FORGOT_ERRORS)
def forgotten_password(query):
    """E-mail a single-use link to set a new password."""
    passwords.request_reset(services(), query["email"])
    return {"status": True}


@blp.route("/v5/users/forgotten-pass", methods=["GET"])
@rate_limited("forgotten-pass", limit_of="forgot_password_rate_limit_per_minute")
@blp.arguments(EmailQuerySchema, location="query")
@blp.response(200, StatusSchema)
@documents(blp, *FORGOT_ERRORS)
def forgotten_password_partner(query):
    """Partner variant: the same link, in the partner wording."""
    passwords.request_reset(services(), query["email"], partner=True)
    return {"status": True}


@blp.route("/v4/users/reset-pass", methods=["POST"])
@rate_limited("reset-pass")
@blp.arguments(ResetPasswordSchema)
@blp.response(200, StatusSchema)
@documents(blp, errors.LINK_INVALID, errors.RATE_LIMITED)
def reset_password(data):
    """Set a new password from a reset link; signs out every device."""
    passwords.reset(services(), data["token"], data["newPass"].lower())
    return {"status": True}


@blp.route("/v4/users/confirm-email", methods=["GET"])
@blp.arguments(LinkTokenQuerySchema, location="query")
@blp.response(200, StatusSchema)
@documents(blp, errors.LINK_INVALID, errors.EMAIL_TAKEN)
def confirm_email(query):
    """Confirm the address a confirmation link was sent to. A link for an address the operator console
    asked for makes it the account's (emailTaken if another account took it meanwhile)."""
    profile.confirm_email(services(), query["token"])
    return {"status": True}


@blp.route("/v4/users/change-pass", methods=["POST"])
@login_required
@blp.arguments(ChangePasswordSchema)
@blp.response(200, StatusSchema)
@documents(blp, errors.WRONG_OLD_PASSWORD, errors.EMAIL_NOT_FOUND, auth=True)
def change_password(data):
    """Change the password; every other session is revoked."""
    passwords.change(
        services(), g.account_id, g.token, data["oldPass"].lower(), data["newPass"].lower()
    )
    return {"status": True}


@blp.route("/v4/users/change-email", methods=["POST"])
@login_required
@blp.arguments(ChangeEmailSchema)
@blp.response(200, StatusSchema)
@documents(blp, errors.INVALID_EMAIL, errors.EMAIL_TAKEN, auth=True)
def change_email(data):
    """Change the e-mail; it becomes unconfirmed and a confirmation link is sent."""
    profile.change_email(services(), g.account_id, data["email"])
    return {"status": True}


@blp.route("/v4/users/change-name", methods=["POST"])
@login_required
@blp.arguments(ChangeNameSchema)
@blp.response(200, StatusSchema)
@documents(blp, auth=True)
def change_name(data):
    """Change the parent's display name."""
    profile.change_name(services(), g.account_id, data["name"])
    return {"status": True}


@blp.route("/v5/users/email-language", methods=["PUT"])
@login_required
@blp.arguments(EmailLanguageSchema)
@blp.response(200, EmailLanguageAnswerSchema)
@documents(blp, auth=True)
def email_language(data):
    """The language of the parent's e-mails. The web app sends the site language the parent uses
    when logged in (`explicit: false`), which applies until the parent chooses one in the profile
    (`explicit: true`); the answer says which language is in force and whether it was chosen."""
    account = profile.set_email_language(
        services(), g.account_id, data["language"], data["explicit"]
    )
    return {"language": account.language, "chosen": account.language_chosen}
