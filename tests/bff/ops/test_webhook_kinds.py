"""Webhook kinds we do not know, and fields that would not fit the log's columns, are recorded as `other`
(with the gateway's own kind) and never a 500, on SQLite as on PostgreSQL (docs/billing.md#webhook-kinds)."""

from __future__ import annotations

import base64
import json
from datetime import datetime

import braintree
import pytest
from sqlalchemy import text

from core.adapters.db.models.payments import WebhookEventRow
from core.adapters.payments.braintree_gateway import _WEBHOOK_KINDS
from core.domain import payments
from tests.helpers import pay, signed_up, subscriptions

BRAINTREE_KINDS = sorted(
    value
    for name, value in vars(braintree.WebhookNotification.Kind).items()
    if not name.startswith("_") and isinstance(value, str)
)


def _column_length(name: str) -> int:
    return WebhookEventRow.__table__.c[name].type.length


def test_every_kind_the_braintree_sdk_knows_fits_the_webhook_log():
    assert len(BRAINTREE_KINDS) > 30  # the SDK's list (41 in braintree 4.x), not an empty walk
    assert (_column_length("kind"), _column_length("provider_kind")) == (
        payments.KIND_LENGTH,
        payments.PROVIDER_KIND_LENGTH,
    )
    assert _column_length("gateway_id") == _column_length("transaction_id")
    assert _column_length("gateway_id") == payments.GATEWAY_ID_LENGTH
    assert max(len(kind) for kind in payments.WEBHOOK_KINDS) <= payments.KIND_LENGTH
    assert max(len(kind) for kind in BRAINTREE_KINDS) <= payments.PROVIDER_KIND_LENGTH
    assert set(_WEBHOOK_KINDS.values()) <= set(payments.WEBHOOK_KINDS)
    for kind in BRAINTREE_KINDS:
        event = payments.screened(
            payments.WebhookEvent(
                kind=_WEBHOOK_KINDS.get(kind, payments.OTHER_KIND),
                gateway_id="sub_1",
                occurred_at=datetime.now().astimezone(),
                extra={"provider_kind": kind},
            )
        )
        assert event.kind in payments.WEBHOOK_KINDS
        assert event.extra["provider_kind"] == kind


def _subscribed(client, container):
    token = signed_up(client)
    assert pay(client, token).status_code == 200
    [sub] = subscriptions(client, token)
    return token, sub, next(iter(container.gateway.subscriptions))


def _post(client, signature: str, payload: str):
    return client.post(
        "/v5/braintree/webhooks", data={"bt_signature": signature, "bt_payload": payload}
    )


LONG_KIND = "subscription_charged_successfully"  # 33 characters: a 500 on PostgreSQL before


@pytest.mark.parametrize(
    "changes, provider_kind",
    [
        ({"kind": LONG_KIND}, LONG_KIND),
        ({"kind": "k" * 500}, "k" * payments.PROVIDER_KIND_LENGTH),
        ({"kind": "charged", "currency": "EURO", "amount": "9.99"}, "charged"),
        ({"kind": "charged", "amount": "1e20", "currency": "EUR"}, "charged"),
        ({"kind": "charged", "amount": "NaN", "currency": "EUR"}, "charged"),
        ({"kind": "charged", "transaction_id": "t" * 65}, "charged"),
    ],
)
def test_a_signed_webhook_of_an_unknown_kind_or_oversized_field_is_recorded_as_other(
    client, container, changes, provider_kind
):
    token, sub, gateway_id = _subscribed(client, container)
    gateway = container.gateway
    _, payload = gateway.sample_notification("charged", gateway_id)
    body = json.loads(base64.b64decode(payload)) | changes
    payload = base64.b64encode(json.dumps(body).encode()).decode()

    answer = _post(client, gateway._sign(payload), payload)
    again = _post(client, gateway._sign(payload), payload)  # a redelivery: logged once

    assert (answer.status_code, again.status_code) == (200, 200)
    with container.engine.connect() as c:
        logged = c.execute(
            text("SELECT kind, provider_kind, outcome, gateway_id FROM webhook_events")
        ).all()
    assert [tuple(r) for r in logged] == [("other", provider_kind, "ignored", gateway_id)]
    assert subscriptions(client, token) == [sub]  # nothing applied


def test_an_oversized_gateway_id_is_cut_to_the_column_and_a_naive_time_refused(client, container):
    gateway = container.gateway
    signature, payload = gateway.sample_notification(LONG_KIND, "g" * 300)
    assert _post(client, signature, payload).status_code == 200
    with container.engine.connect() as c:
        assert c.execute(text("SELECT kind, gateway_id FROM webhook_events")).one() == (
            "other",
            "g" * payments.GATEWAY_ID_LENGTH,
        )
    body = json.loads(base64.b64decode(payload)) | {"timestamp": "2026-01-01T10:00:00"}
    naive = base64.b64encode(json.dumps(body).encode()).decode()
    answer = _post(client, gateway._sign(naive), naive)
    assert (answer.status_code, answer.json["message"]) == (403, "somethingWentWrong")


def test_an_other_event_cannot_be_replayed(client, container, staff_members):
    _, _, gateway_id = _subscribed(client, container)
    assert (
        _post(client, *container.gateway.sample_notification(LONG_KIND, gateway_id)).status_code
        == 200
    )
    headers = staff_members.headers("admin")
    [entry] = client.get("/ops/v1/webhooks", headers=headers).json["entries"]
    assert (entry["kind"], entry["providerKind"], entry["outcome"]) == (
        "other",
        LONG_KIND,
        "ignored",
    )
    replay = client.post(
        f"/ops/v1/webhooks/{entry['id']}/replay", json={"reason": "check"}, headers=headers
    )
    assert (replay.status_code, replay.json["message"]) == (404, "webhookEventNotFound")


def test_known_kinds_keep_the_provider_kind(client, container):
    _, _, gateway_id = _subscribed(client, container)
    gateway = container.gateway
    assert _post(client, *gateway.sample_notification("canceled", gateway_id)).status_code == 200
    with container.engine.connect() as c:
        assert c.execute(text("SELECT kind, provider_kind FROM webhook_events")).one() == (
            "canceled",
            "canceled",
        )
