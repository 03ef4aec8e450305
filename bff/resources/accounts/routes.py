"""Registering, logging in and out."""

from dataclasses import replace

from flask import g, request

from bff.auth import check_rate, login_required_any_terms, private_key, rate_limited
from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.accounts.schemas import (
    LoginSchema,
    RegisterSchema,
    RegistrationSchema,
    TokenSchema,
)
from bff.schemas import StatusSchema, documents
from core.domain import errors
from core.domain.coupons import UNUSABLE_ERRORS
from core.services import accounts, sessions

blp = Blueprint("accounts", __name__, description="Registration, login and logout")


@blp.route("/v5/accounts", methods=["POST"])
@rate_limited("register", limit_of="register_rate_limit_per_minute")
@blp.arguments(RegisterSchema)
@blp.response(200, RegistrationSchema)
@documents(blp, errors.INVALID_EMAIL, *UNUSABLE_ERRORS, errors.EMAIL_TAKEN, errors.RATE_LIMITED)
def register(registration: accounts.Registration):
    """Create a parent account (docs/product.md#api). An access coupon gives a subscription at once."""
    return accounts.register(
        services(),
        replace(registration, language=registration.language or request.accept_languages.best),
    )


@blp.route("/v4/accounts/login", methods=["POST"])
@rate_limited("login")
@blp.arguments(LoginSchema)
@blp.response(200, TokenSchema)
@documents(blp, errors.EMAIL_NOT_FOUND, errors.WRONG_PASSWORD, errors.RATE_LIMITED)
def login(data):
    """Trade e-mail and password hash for a bearer token."""
    check_rate(f"login:email:{private_key(data['email'])}")
    return {
        "token": accounts.login(
            services(), data["email"], data["password"].lower(), data["countryCode"]
        )
    }


@blp.route("/v4/accounts/logout", methods=["POST"])
@login_required_any_terms
@blp.response(200, StatusSchema)
@documents(blp, auth=True, terms_gate=False)
def logout():
    """Revoke the bearer token used for this call."""
    sessions.logout(services(), g.token)
    return {"status": True}
