"""Partner callbacks: signed POSTs to a real HTTP server on loopback that checks the
signature, on subscribe and unsubscribe of partner users, with retries and dead letters."""

import json
from datetime import timedelta

import pytest

from bff import create_app
from core.adapters.rate_limit import MemoryRateLimiter
from core.bootstrap import bootstrap
from core.domain import callbacks
from core.services import outbox_dispatch
from tests.helpers import add_coupon, bearer, pay, register, signed_up
from tests.loopback import HttpReceiver

SECRETS = {"sevamedia": "seva-secret", "swisscom": "swiss-secret", "acme": "acme-secret"}


def store_subscription(container, clock, store, platform=None):
    """A carrier-store subscription of parent@example.com, as the store's own sign-up makes it."""
    from core.domain.subscriptions import Subscription

    with container.services.uow() as uow:
        account_id = uow.accounts.by_email("parent@example.com").id
        sub = uow.subscriptions.add(
            Subscription(
                account_id=account_id,
                subscription_type="lumo_tv_books_games",
                duration_code="P1M",
                store_id=store,
                payment_state_id="Active",
                end_date=clock.now() + timedelta(days=20),
                platform_purchase_id=platform,
                created_at=clock.now(),
            )
        )
        uow.commit()
    return sub


def check_signature(headers, raw):
    """What a partner does: refuse (401) anything not signed with its own secret."""
    partner = json.loads(raw)["partner"]
    return (
        None
        if callbacks.verify(raw, SECRETS.get(partner, "?"), headers.get("X-Lumo-Signature", ""))
        else 401
    )


@pytest.fixture
def partner_server():
    with HttpReceiver(statuses=(200,), check=check_signature) as server:
        yield server


@pytest.fixture
def partner_container(settings, clock, mailbox, partner_server):
    endpoints = {
        name: (f"{partner_server.url}/callbacks/{name}", secret) for name, secret in SECRETS.items()
    }
    c = bootstrap(
        settings.replace(partner_callbacks=endpoints),
        clock=clock,
        mailer=mailbox,
        deliver_inline=True,  # in-process right after each commit, as the embedded mode does
        rate_limiter=MemoryRateLimiter(),
    )
    yield c
    c.close()


@pytest.fixture
def partner_client(partner_container):
    return create_app(container=partner_container).test_client()


def partner_rows(container):
    with container.engine.connect() as c:
        return c.exec_driver_sql(
            "SELECT topic, delivered_at IS NOT NULL, dead_at IS NOT NULL FROM outbox "
            "WHERE kind = 'partner' ORDER BY id"
        ).all()


def test_a_publisher_coupon_tells_the_publisher_with_a_signed_callback(
    partner_client, partner_container, partner_server
):
    add_coupon(
        partner_container,
        code="SEVA-1234",
        coupon_type="UNIQUE_ACCESS_COUPON",
        duration_code="P6M",
        partner="sevamedia",
    )
    response = partner_client.post(
        "/v4/sevamedia/subscription", json={"phone": "0612 345 678", "coupon": "seva-1234"}
    )
    assert response.status_code == 200
    [call] = partner_server.accepted
    assert call["path"] == "/callbacks/sevamedia"
    assert call["headers"]["X-Lumo-Signature"] == callbacks.signature(call["raw"], "seva-secret")
    body = call["json"]
    assert (body["event"], body["partner"], body["userAlias"], body["storeId"]) == (
        "subscribed",
        "sevamedia",
        "0612345678",
        "lumo",
    )
    assert (
        call["headers"]["X-Lumo-Event"] == "subscribed"
        and body["id"] == call["headers"]["X-Lumo-Delivery"]
    )
    assert "@" not in call["raw"].decode()  # no e-mail address goes to a partner


def test_a_carrier_unsubscribe_tells_the_carrier(
    partner_client, partner_container, partner_server, clock
):
    token = signed_up(partner_client)
    store_subscription(partner_container, clock, "swisscom", platform="swisscom-tv")
    assert partner_client.get("/v4/swisscom/unsubscribe", headers=bearer(token)).status_code == 200
    [call] = partner_server.accepted
    assert (call["path"], call["json"]["event"], call["json"]["platformPurchaseId"]) == (
        "/callbacks/swisscom",
        "unsubscribed",
        "swisscom-tv",
    )
    assert partner_rows(partner_container) == [("unsubscribed", True, False)]


def test_a_partner_account_paying_and_cancelling(partner_client, partner_container, partner_server):
    token = register(partner_client, externalPartner="ACME").json["token"]
    paid = pay(partner_client, token)
    assert paid.status_code == 200
    subscription_id = paid.json["data"]["subscriptionId"]
    cancelled = partner_client.get(
        f"/v4/braintree/subscriptions/cancel?id={subscription_id}", headers=bearer(token)
    )
    assert cancelled.status_code == 200
    assert [(c["path"], c["json"]["event"]) for c in partner_server.accepted] == [
        ("/callbacks/acme", "subscribed"),
        ("/callbacks/acme", "unsubscribed"),
    ]


def test_a_parent_without_partner_triggers_no_callback(
    partner_client, partner_container, partner_server
):
    token = signed_up(partner_client)
    assert pay(partner_client, token).status_code == 200
    assert partner_rows(partner_container) == [] and partner_server.requests == []


def test_a_failing_partner_is_retried_with_backoff_and_called_once(
    partner_client, partner_container, partner_server, clock, settings
):
    partner_server.statuses = [500, 502, 200]
    token = signed_up(partner_client)
    store_subscription(partner_container, clock, "swisscom")
    partner_client.get("/v4/swisscom/unsubscribe", headers=bearer(token))
    assert len(partner_server.requests) == 1  # the first try, right after the commit
    assert partner_container.deliver_outbox(("partner",)).total == 0  # backing off
    clock.advance(timedelta(seconds=settings.outbox_retry_seconds))
    assert partner_container.deliver_outbox(("partner",)).retrying == 1
    clock.advance(timedelta(seconds=2 * settings.outbox_retry_seconds))
    assert partner_container.deliver_outbox(("partner",)).delivered["partner"] == 1
    clock.advance(timedelta(days=1))
    assert partner_container.deliver_outbox().total == 0
    assert [r["status"] for r in partner_server.requests] == [500, 502, 200]
    assert len({r["raw"] for r in partner_server.requests}) == 1  # the same signed body each time


def test_a_refused_signature_is_dead_lettered_until_the_operator_requeues(
    partner_container, partner_server, partner_client, clock
):
    SECRETS["swisscom"], real = "rotated-by-the-partner", SECRETS["swisscom"]
    try:
        token = signed_up(partner_client)
        store_subscription(partner_container, clock, "swisscom")
        partner_client.get("/v4/swisscom/unsubscribe", headers=bearer(token))
        assert partner_rows(partner_container) == [
            ("unsubscribed", False, True)
        ]  # 401: no use retrying
        [dead] = outbox_dispatch.dead_letters(partner_container.services, "partner")
        assert dead.last_error.startswith("DeliveryError: HTTP 401 from http://127.0.0.1:")
    finally:
        SECRETS["swisscom"] = real
    app = create_app(container=partner_container)
    assert (
        "re-queued" in app.test_cli_runner().invoke(args=["outbox", "retry", str(dead.id)]).output
    )
    assert partner_rows(partner_container) == [("unsubscribed", True, False)]
    assert [r["status"] for r in partner_server.requests] == [401, 200]


def test_an_unconfigured_partner_is_dead_lettered_with_the_reason(client, container, clock):
    token = signed_up(client)
    store_subscription(container, clock, "swisscom")
    client.get("/v4/swisscom/unsubscribe", headers=bearer(token))
    [dead] = outbox_dispatch.dead_letters(container.services, "partner")
    assert "no callback URL configured for partner 'swisscom'" in dead.last_error
