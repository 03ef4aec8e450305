"""Terms versions, their acceptance, and the promotional consent (with history)."""

from flask import g
from marshmallow import Schema, fields, validate

from bff.auth import login_required_any_terms
from bff.blueprint import Blueprint
from bff.context import services
from bff.schemas import InputSchema, documents
from core.domain import errors
from core.services import consents

blp = Blueprint("consents", __name__, description="Terms and consents")


class TermsSchema(Schema):
    version = fields.String(
        required=True, metadata={"description": "The terms version in force (TERMS_VERSION)."}
    )


class AcceptTermsSchema(InputSchema):
    version = fields.String(
        required=True,
        validate=validate.Length(min=1, max=20),
        metadata={"description": "The version shown to the parent: must be the one in force."},
    )


class PromotionalSchema(InputSchema):
    promotional = fields.Boolean(
        required=True, metadata={"description": "Promotional e-mails: yes or no."}
    )


class TermsStateSchema(Schema):
    version = fields.String(required=True, metadata={"description": "In force."})
    accepted_version = fields.String(allow_none=True, data_key="acceptedVersion")
    accepted_at = fields.DateTime(format="iso", allow_none=True, data_key="acceptedAt")
    must_accept = fields.Boolean(
        required=True,
        data_key="mustAccept",
        metadata={"description": "true: show the terms-update prompt."},
    )


class PromotionalStateSchema(Schema):
    granted = fields.Boolean(required=True)
    version = fields.String(
        allow_none=True, metadata={"description": "Wording agreed to (PROMO_CONSENT_VERSION then)."}
    )
    granted_at = fields.DateTime(format="iso", allow_none=True, data_key="grantedAt")
    current_version = fields.String(
        required=True, data_key="currentVersion", metadata={"description": "Wording in force."}
    )


class ConsentEntrySchema(Schema):
    """One consents.ConsentRecord."""

    kind = fields.String(required=True, metadata={"enum": ["terms", "promotional"]})
    version = fields.String(required=True)
    granted = fields.Boolean(required=True)
    at = fields.DateTime(format="iso", required=True)


class ConsentsSchema(Schema):
    terms = fields.Nested(TermsStateSchema, required=True)
    promotional = fields.Nested(PromotionalStateSchema, required=True)
    history = fields.List(
        fields.Nested(ConsentEntrySchema), required=True, metadata={"description": "Oldest first."}
    )


@blp.route("/v5/terms", methods=["GET"])
@blp.response(200, TermsSchema)
@documents(blp)
def terms():
    """The terms version in force. A parent who accepted an older one gets 403 code 9 `termsUpdate` (with
    `version`) from the other authenticated calls until POST /v5/terms/accept."""
    return {"version": consents.terms_in_force(services())}


@blp.route("/v5/terms/accept", methods=["POST"])
@login_required_any_terms
@blp.arguments(AcceptTermsSchema)
@blp.response(200, ConsentsSchema)
@documents(blp, errors.TERMS_VERSION_OUTDATED, auth=True, terms_gate=False)
def accept_terms(data):
    """Accept the terms in force; recorded with its date. Another version: 400 termsVersionOutdated (with the
    `version` in force: show that one)."""
    return consents.accept_terms(services(), g.account_id, data["version"])


@blp.route("/v5/consents", methods=["GET"])
@login_required_any_terms
@blp.response(200, ConsentsSchema)
@documents(blp, auth=True, terms_gate=False)
def get_consents():
    """Terms accepted, promotional consent, and the history of both."""
    return consents.consents_view(services(), g.account_id)


@blp.route("/v5/consents", methods=["PUT"])
@login_required_any_terms
@blp.arguments(PromotionalSchema)
@blp.response(200, ConsentsSchema)
@documents(blp, auth=True, terms_gate=False)
def put_consents(data):
    """Give or withdraw the promotional consent (recorded with date and wording version; the history is kept).
    Open before new terms are accepted: withdrawing a consent never waits on them."""
    return consents.set_promotional(services(), g.account_id, data["promotional"])
