"""Analytics records from the web site and the apps (docs/product.md#entities, events of docs/product.md#constants)."""

import hmac
from functools import wraps

from flask import request

from bff.auth import rate_limited
from bff.blueprint import Blueprint
from bff.context import services
from bff.resources.analytics.schemas import AnalyticsAnswerSchema, AnalyticsRecordSchema
from bff.schemas import documents
from core.domain import errors
from core.domain.analytics import AnalyticsEvent
from core.domain.errors import DomainError
from core.services import analytics

blp = Blueprint("analytics", __name__, description="Analytics records")

API_KEY_HEADER = "X-Api-Key"


def api_key_required(view):
    @wraps(view)
    def wrapper(*args, **kwargs):
        given = request.headers.get(API_KEY_HEADER, "").encode()
        if not any(
            hmac.compare_digest(given, key.encode())
            for key in services().clients.analytics_api_keys
        ):
            raise DomainError(errors.API_KEY_INVALID)
        return view(*args, **kwargs)

    return wrapper


@blp.route("/v4/analytics", methods=["POST"])
@rate_limited("analytics", limit_of="analytics_rate_limit_per_minute")
@api_key_required
@blp.arguments(AnalyticsRecordSchema)
@blp.response(200, AnalyticsAnswerSchema)
@blp.doc(
    parameters=[
        {
            "in": "header",
            "name": API_KEY_HEADER,
            "required": True,
            "schema": {"type": "string"},
            "description": "A key of ANALYTICS_API_KEYS",
        }
    ]
)
@documents(blp, errors.API_KEY_INVALID, errors.RATE_LIMITED)
def post_record(data):
    """Store an analytics record; it is forwarded to the collector by a job. A click id makes the
    origin Ads. The same record sent twice (transaction, event, timestamp) is stored once."""
    device, utm = data["device"], data["utm"] or {}
    stored = analytics.record(
        services(),
        AnalyticsEvent(
            env=data["env"],
            app=data["app"],
            country_code=data["countryCode"].upper(),
            occurred_at=data["timestamp"],
            origin=data["origin"],
            platform=device["platform"],
            device_type=device["deviceType"],
            transaction_uuid=str(data["transactionUuid"]),
            event=data["event"],
            utm={k: v for k, v in utm.items() if v},
        ),
        click_id=data["clickId"],
    )
    return {"status": True, "duplicate": not stored}
