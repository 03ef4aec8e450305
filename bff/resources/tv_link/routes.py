"""Linking a TV app by PIN or QR code: the TV starts and polls, a logged-in parent claims the PIN."""

from flask import g
from marshmallow import Schema, fields, validate

from bff.auth import check_rate, login_required, rate_limited
from bff.blueprint import Blueprint
from bff.context import services
from bff.schemas import InputSchema, StatusSchema, documents
from core.domain import errors
from core.domain.tv_links import POLL_INTERVAL_SECONDS
from core.services import tv_links

blp = Blueprint("tv_link", __name__, description="Linking a TV app without typing a password")

CLAIM_WINDOW = 600  # LINK_CLAIM_ATTEMPTS claims per account and per address in 10 minutes


class LinkStartSchema(Schema):
    pin = fields.String(required=True, metadata={"description": "Six digits to show on the TV."})
    linkUrl = fields.String(
        required=True, metadata={"description": "PUBLIC_URL/link?pin=…, the page a parent opens."}
    )
    qrSvg = fields.String(
        required=True,
        metadata={"description": "SVG document: a QR code of linkUrl (viewBox, no size)."},
    )
    expiresIn = fields.Integer(
        required=True, metadata={"description": "Seconds the PIN stays valid (600)."}
    )
    pollToken = fields.String(
        required=True,
        metadata={"description": "Secret of this TV: poll GET /v5/tv/link/{pollToken}."},
    )
    pollInterval = fields.Integer(
        required=True, metadata={"description": "Seconds to wait between polls."}
    )


class LinkPollSchema(Schema):
    status = fields.String(required=True, metadata={"enum": ["pending", "linked"]})
    expiresIn = fields.Integer(
        metadata={"description": "While pending: seconds left to enter the PIN."}
    )
    token = fields.String(
        metadata={"description": "Once linked: the TV's own bearer token, handed over once."}
    )


class ClaimSchema(InputSchema):
    pin = fields.String(
        required=True,
        validate=validate.Length(min=1, max=20),
        metadata={"description": "The six digits shown on the TV (spaces and dashes ignored)."},
    )


@blp.route("/v5/tv/link", methods=["POST"])
@rate_limited("tv-link")
@blp.response(200, LinkStartSchema)
@documents(blp, errors.RATE_LIMITED)
def start():
    """Called by the TV: a PIN and a QR code to show, valid 10 minutes, and a poll token to keep secret."""
    link = tv_links.start(services())
    return {
        "pin": link.pin,
        "linkUrl": link.link_url,
        "qrSvg": link.qr_svg,
        "expiresIn": link.expires_in,
        "pollToken": link.poll_token,
        "pollInterval": POLL_INTERVAL_SECONDS,
    }


@blp.route("/v5/tv/link/<string(length=64):poll_token>", methods=["GET"])  # hex: never "claim"
@rate_limited("tv-link-poll", limit_of="link_poll_rate_limit_per_minute")
@blp.response(200, LinkPollSchema, description="Linked: `{status: linked, token}`, given once.")
@blp.alt_response(
    202, schema=LinkPollSchema, description="Not yet: `{status: pending, expiresIn}`; poll again."
)
@documents(blp, errors.LINK_EXPIRED, errors.LINK_UNKNOWN, errors.RATE_LIMITED)
def poll(poll_token):
    """Called by the TV every `pollInterval` seconds: 202 while waiting, 200 with the TV's session token once
    a parent entered the PIN, then 410 linkExpired (the token was handed over, or the PIN expired)."""
    result = tv_links.poll(services(), poll_token)
    if result.token is None:
        return {"status": "pending", "expiresIn": result.expires_in}, 202
    return {"status": "linked", "token": result.token}


@blp.route("/v5/tv/link/claim", methods=["POST"])
@login_required
@rate_limited("tv-link-claim", limit_of="link_claim_attempts", window_seconds=CLAIM_WINDOW)
@blp.arguments(ClaimSchema)
@blp.response(200, StatusSchema)
@documents(blp, errors.LINK_PIN_INVALID, errors.RATE_LIMITED, auth=True)
def claim(data):
    """Called by the parent's web page (/link): link the TV showing this PIN to the account. Single use;
    a wrong, expired or used PIN is 400 linkPinInvalid. 10 tries per 10 minutes per account and address."""
    check_rate(f"tv-link-claim:account:{g.account_id}", "link_claim_attempts", CLAIM_WINDOW)
    tv_links.claim(services(), g.account_id, data["pin"])
    return {"status": True}
