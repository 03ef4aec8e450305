"""Partner and store calls: carrier unsubscribes and the publisher sign-up."""

from flask import g
from marshmallow import Schema, fields, validate

from bff.auth import login_required_any_terms, rate_limited
from bff.blueprint import Blueprint
from bff.context import services
from bff.schemas import ID_RANGE, InputSchema, StatusSchema, documents
from core.domain import errors
from core.services import cancellation, partners

blp = Blueprint("partners", __name__, description="Partners and stores")

PUBLISHER = "sevamedia"


class UnsubscriptionQuery(InputSchema):
    id = fields.Integer(required=True, validate=ID_RANGE)


class SubPartnerSchema(Schema):
    sub_partner = fields.String(
        required=True, metadata={"description": "Operator site finishing it: ZONG, JAZZ, UFONE"}
    )


class PublisherSchema(InputSchema):
    phone = fields.String(load_default="", validate=validate.Length(max=30))
    coupon = fields.String(load_default="", validate=validate.Length(max=40))


class PublisherAnswerSchema(Schema):
    email = fields.String(required=True)


@blp.route("/v4/swisscom/unsubscribe", methods=["GET"])
@login_required_any_terms
@blp.response(200, StatusSchema)
@documents(
    blp, errors.SUBSCRIPTION_NOT_FOUND, errors.ALREADY_CANCELLED, auth=True, terms_gate=False
)
def swisscom_unsubscribe():
    """In-app unsubscribe of the carrier's subscriptions; the carrier is notified by a job."""
    cancellation.cancel_store(services(), g.account_id, "swisscom")
    return {"status": True}


@blp.route("/v5/notification/unsubscription", methods=["PUT"])
@login_required_any_terms
@blp.arguments(UnsubscriptionQuery, location="query")
@blp.response(200, SubPartnerSchema)
@documents(
    blp, errors.SUBSCRIPTION_NOT_FOUND, errors.ALREADY_CANCELLED, auth=True, terms_gate=False
)
def switch_unsubscription(query):
    """In-app unsubscribe for the switch store; answers the operator to send the parent to."""
    return {"sub_partner": cancellation.switch_unsubscribe(services(), g.account_id, query["id"])}


@blp.route(f"/v4/{PUBLISHER}/subscription", methods=["POST"])
@rate_limited("publisher")
@blp.arguments(PublisherSchema)
@blp.response(200, PublisherAnswerSchema)
@documents(
    blp, errors.PUBLISHER_BAD_PARAMETER, errors.PUBLISHER_INVALID_COUPON, errors.RATE_LIMITED
)
def publisher_subscription(data):
    """Phone + coupon -> the e-mail to log in with (password: the client hash of the coupon).
    Errors carry `messageCode` (SEVAMEDIA_PARAMETER_REQUIRED, SEVAMEDIA_INVALID_COUPON)."""
    return {
        "email": partners.publisher_subscribe(services(), PUBLISHER, data["phone"], data["coupon"])
    }
