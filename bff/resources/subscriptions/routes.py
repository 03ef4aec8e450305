"""The account and its subscriptions, as the apps load them at start-up."""

from flask import g
from bff.blueprint import Blueprint
from marshmallow import Schema, fields

from bff.auth import bearer_token, login_required
from bff.context import services
from bff.schemas import documents
from core.domain import errors
from core.services import profile

blp = Blueprint("subscriptions", __name__, description="Account and subscriptions")


class SubscriptionSchema(Schema):
    id = fields.Integer()
    subscriptionId = fields.Integer()
    durationCode = fields.String()
    subscriptionType = fields.String()
    paymentPlanPrice = fields.String(allow_none=True)
    currency = fields.String(allow_none=True)
    isRenewing = fields.Boolean()
    paymentPlanId = fields.String(allow_none=True)
    endDate = fields.String(allow_none=True)
    paymentStateId = fields.String()
    platformPurchadeId = fields.String(allow_none=True)
    storeId = fields.String()
    isExpired = fields.Boolean()
    nextBillingDate = fields.String(allow_none=True)
    paymentMethod = fields.String(allow_none=True)
    coupon = fields.String(allow_none=True)
    couponDurationCode = fields.String(allow_none=True)
    cancel = fields.Dict(
        metadata={
            "description": "How to cancel: method in_app | store_page | help | none, "
            "with path (in-app) or url (store, operator, help article)."
        }
    )
    canChangePlan = fields.Boolean()
    cancelledAt = fields.String(allow_none=True)
    paymentCard = fields.Dict(
        allow_none=True,
        metadata={
            "description": "The card the gateway charges: {brand, last4} (Google Pay: the card behind it); null otherwise"
        },
    )
    paymentEmail = fields.String(
        allow_none=True, metadata={"description": "A PayPal account's e-mail, masked"}
    )


class AccountSchema(Schema):
    email = fields.String(required=True)
    name = fields.String(required=True)
    emailIsConfirmed = fields.Boolean(required=True)
    isEmailFake = fields.Boolean(required=True)
    emailLanguage = fields.String(metadata={"description": "Language of the e-mails (issue 15)"})
    emailLanguageChosen = fields.Boolean(
        metadata={"description": "Chosen in the profile: the site language leaves it"}
    )
    subscriptions = fields.List(fields.Nested(SubscriptionSchema), required=True)


@blp.route("/v5/subscriptions", methods=["GET"])
@blp.response(200, AccountSchema)
@documents(blp, errors.SUBSCRIPTION_NOT_FOUND, auth=True)
def account():
    """The account answer: e-mail, name, confirmation flags and every subscription.

    The apps call it on every start: the session check and the answer are one SQL statement
    (same 401 loginNeeded / 403 termsUpdate as every call needing the terms in force)."""
    return profile.account_view_for_token(services(), bearer_token())


@blp.route("/v4/users/subscriptions", methods=["GET"])
@login_required
@blp.response(200, SubscriptionSchema(many=True))
@documents(blp, errors.SUBSCRIPTION_NOT_FOUND, auth=True)
def subscriptions():
    """Older call: the subscriptions list alone."""
    return profile.account_view(services(), g.account_id)["subscriptions"]
