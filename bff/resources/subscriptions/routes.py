"""The account and its subscriptions, as the apps load them at start-up."""

from flask import g

from bff.auth import bearer_token, login_required
from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.subscriptions.schemas import AccountSchema, SubscriptionSchema
from bff.schemas import documents
from core.domain import errors
from core.services import profile

blp = Blueprint("subscriptions", __name__, description="Account and subscriptions")


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
    return profile.account_view(services(), g.account_id).subscriptions
