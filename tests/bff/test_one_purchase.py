"""Never bill a parent twice (docs/billing.md): one renewing web subscription per app and one
free trial per account, decided by the database; idempotency keys scoped to one account and one request.
Runs on SQLite and, in CI's second pass, on PostgreSQL, where the racers really run in parallel."""

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

from core.domain.subscriptions import Subscription
from tests.helpers import bearer, pay, signed_up, subscriptions

RACERS = 20


@pytest.fixture
def gateway_calls(container):
    """Every create_subscription that reached the gateway, with its request."""
    gateway = container.gateway
    calls, create = [], gateway.create_subscription

    def counted(request):
        calls.append(request)
        return create(request)

    gateway.create_subscription = counted
    return calls


def _account_id(container, email="parent@example.com"):
    with container.services.uow() as uow:
        return uow.accounts.by_email(email).id


def _rows(container, where="1 = 1"):
    with container.engine.connect() as c:
        return c.exec_driver_sql(f"SELECT count(*) FROM subscriptions WHERE {where}").scalar()


def _legacy(client, token, iap="lumo_tv_monthly_eur", nonce="fake-valid-nonce"):
    return client.post(
        "/v4/braintree/subscriptions",
        headers=bearer(token),
        json={"nonce": nonce, "iap": iap, "name": "Ana P"},
    )


# One renewing subscription per app ---------------------------------------------------------------


def test_a_second_purchase_of_the_same_app_is_refused_before_any_gateway_call(
    client, gateway_calls
):
    token = signed_up(client)
    first = pay(client, token, key="first")
    assert first.status_code == 200
    second = pay(client, token, plan="lumo_tv_yearly_eur", key="second")
    assert (second.status_code, second.json["code"], second.json["message"]) == (
        400,
        10,
        "alreadySubscribed",
    )
    assert second.json["subscriptionId"] == first.json["data"]["subscriptionId"]
    assert second.json["addsApps"] is False
    assert len(gateway_calls) == 1
    assert len(subscriptions(client, token)) == 1


def test_a_purchase_adding_apps_to_a_running_one_points_to_change_plan(client, gateway_calls):
    token = signed_up(client)
    assert pay(client, token).status_code == 200
    bundle = pay(client, token, key="bundle", product="lumo_books")
    assert (bundle.status_code, bundle.json["message"], bundle.json["addsApps"]) == (
        400,
        "alreadySubscribed",
        True,
    )
    assert len(gateway_calls) == 1


def test_another_app_can_be_bought_but_without_a_second_trial(client, gateway_calls):
    token = signed_up(client)
    assert pay(client, token, key="tv").status_code == 200
    assert pay(client, token, plan="lumo_games_monthly_eur", key="games").status_code == 200
    assert [r.trial_days for r in gateway_calls] == [7, 0]
    assert sorted(s["paymentStateId"] for s in subscriptions(client, token)) == ["Active", "Trial"]


def test_the_older_v4_calls_follow_the_same_rule(client, gateway_calls):
    token = signed_up(client)
    assert _legacy(client, token).status_code == 200
    again = _legacy(client, token, nonce="fake-valid-visa-nonce")
    assert (again.status_code, again.json["code"]) == (400, 10)
    assert len(gateway_calls) == 1


def test_resubscribing_after_a_cancel_starts_billing_when_the_cancelled_one_ends(
    client, gateway_calls, clock
):
    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]
    clock.advance(timedelta(days=2))
    assert (
        client.get(
            f"/v4/braintree/subscriptions/cancel?id={sub_id}", headers=bearer(token)
        ).status_code
        == 200
    )
    again = pay(client, token, key="again")
    assert again.status_code == 200
    assert (
        gateway_calls[-1].trial_days == 5
    )  # the paid-for (here: trial) days left, never billed twice
    assert pay(client, token, key="third").json["code"] == 10  # the new one renews: it holds TV now


def test_a_failed_payment_frees_the_app_and_the_trial(client, gateway_calls):
    token = signed_up(client)
    declined = pay(client, token, nonce="fake-processor-declined-visa-nonce", key="declined")
    assert declined.status_code == 400 and declined.json["message"] == "paymentNotValid"
    assert pay(client, token, key="retry").status_code == 200
    assert [r.trial_days for r in gateway_calls] == [
        7,
        7,
    ]  # the retry still gets the trial the decline did not use


def test_an_expired_subscription_frees_its_apps(client, container, clock):
    token = signed_up(client)
    sub_id = pay(client, token).json["data"]["subscriptionId"]
    gateway = container.gateway
    sig, payload = gateway.sample_notification(
        "expired", f"lumo{sub_id}", occurred_at=clock.now() + timedelta(days=1)
    )
    assert (
        client.post(
            "/v5/braintree/webhooks", data={"bt_signature": sig, "bt_payload": payload}
        ).status_code
        == 200
    )
    assert pay(client, token, key="after-expiry").status_code == 200


def test_change_plan_cannot_add_an_app_another_renewing_subscription_holds(client, gateway_calls):
    token = signed_up(client)
    tv = pay(client, token, key="tv").json["data"]["subscriptionId"]
    games = pay(client, token, plan="lumo_games_monthly_eur", key="games").json["data"][
        "subscriptionId"
    ]
    clash = client.post(
        "/v5/braintree/subscription/change-plan",
        headers=bearer(token),
        json={
            "subscriptionId": tv,
            "plans": {"planId": "lumo_tv_monthly_eur", "addOns": ["lumo_games"]},
        },
    )
    assert (clash.status_code, clash.json["code"], clash.json["subscriptionId"]) == (400, 10, games)
    fine = client.post(
        "/v5/braintree/subscription/change-plan",
        headers=bearer(token),
        json={
            "subscriptionId": tv,
            "plans": {"planId": "lumo_tv_monthly_eur", "addOns": ["lumo_books"]},
        },
    )
    assert fine.status_code == 200
    assert (
        pay(client, token, plan="lumo_books_monthly_eur", key="books").json["code"] == 10
    )  # books is held now


def test_a_stale_pending_purchase_is_checked_with_the_gateway_not_left_blocking(
    client, container, clock, gateway_calls
):
    token = signed_up(client)
    account_id = _account_id(container)
    with (
        container.services.uow() as uow
    ):  # its answer was lost three minutes ago and nobody retried
        uow.subscriptions.add(
            Subscription(
                account_id=account_id,
                subscription_type="lumo_tv",
                duration_code="P1M",
                store_id="lumo",
                payment_state_id="Pending",
                payment_plan_id="lumo_tv_monthly_eur",
                created_at=clock.now(),
                idempotency_key="x" * 64,
                currency="EUR",
            )
        )
        uow.commit()
    clock.advance(timedelta(minutes=3))
    assert (
        pay(client, token, key="fresh").status_code == 200
    )  # not at the gateway: failed, claims released
    assert _rows(container, "payment_state_id = 'Failed'") == 1
    assert len(gateway_calls) == 1


def test_a_stale_pending_purchase_the_gateway_has_is_settled_and_the_new_one_refused(
    client, container, clock, gateway_calls
):
    token = signed_up(client)
    first = pay(client, token, key="first").json["data"]["subscriptionId"]
    with container.engine.begin() as c:  # as if the settling answer had been lost
        c.exec_driver_sql(
            f"UPDATE subscriptions SET payment_state_id = 'Pending' WHERE id = {first}"
        )
    clock.advance(timedelta(minutes=3))
    second = pay(client, token, key="second")
    assert (second.status_code, second.json["code"], second.json["subscriptionId"]) == (
        400,
        10,
        first,
    )
    assert _rows(container, "payment_state_id = 'Trial'") == 1
    assert len(gateway_calls) == 1


def test_a_stale_purchase_of_a_plan_since_retired_is_settled_on_what_it_recorded(
    client, container, clock
):
    """The gateway took it, then the plan left the catalogue: the sweep still settles it (it used to crash
    on every tick), with the period and currency the purchase recorded."""
    from core.services.purchase_settlement import resolve_stale_purchases

    token = signed_up(client)
    first = pay(client, token, key="first").json["data"]["subscriptionId"]
    with container.engine.begin() as c:  # the settling answer lost, the plan since retired
        c.exec_driver_sql(
            "UPDATE subscriptions SET payment_state_id = 'Pending', payment_plan_id = 'retired_plan'"
            f" WHERE id = {first}"
        )
    clock.advance(timedelta(minutes=3))
    assert resolve_stale_purchases(container.services) == 1
    [(state, currency)] = _rows_of(container, first)
    assert state in ("Trial", "Active") and currency == "EUR"


def _rows_of(container, subscription_id):
    with container.engine.connect() as c:
        return c.exec_driver_sql(
            f"SELECT payment_state_id, currency FROM subscriptions WHERE id = {subscription_id}"
        ).fetchall()


def test_twenty_parallel_purchases_with_different_keys_give_one_subscription(
    app, container, gateway_calls
):
    token = signed_up(app.test_client())

    def attempt(i):
        return pay(app.test_client(), token, key=f"tab-{i}")

    with ThreadPoolExecutor(max_workers=10) as pool:
        answers = list(pool.map(attempt, range(RACERS)))
    codes = [a.status_code for a in answers]
    assert codes.count(200) == 1, codes
    assert all(
        a.status_code == 200 or a.json["message"] in ("alreadySubscribed", "paymentInProgress")
        for a in answers
    ), [a.json for a in answers]
    assert _rows(container) == 1
    assert len(gateway_calls) == 1
    assert len(container.gateway.subscriptions) == 1


def test_twenty_parallel_purchases_of_different_apps_share_one_trial(app, container, gateway_calls):
    token = signed_up(app.test_client())
    plans = ["lumo_tv_monthly_eur", "lumo_books_monthly_eur", "lumo_games_monthly_eur"]

    def attempt(i):
        return pay(app.test_client(), token, plan=plans[i % 3], key=f"tab-{i}")

    with ThreadPoolExecutor(max_workers=10) as pool:
        answers = list(pool.map(attempt, range(RACERS)))
    assert 1 <= [a.status_code for a in answers].count(200) <= 3
    assert [r.trial_days for r in gateway_calls].count(7) == 1, [
        r.trial_days for r in gateway_calls
    ]
    assert _rows(container, "payment_state_id = 'Trial'") == 1
    with container.engine.connect() as c:
        assert c.exec_driver_sql("SELECT count(*) FROM trial_claims").scalar() == 1
        claims = c.exec_driver_sql(
            "SELECT count(*), count(DISTINCT app) FROM subscription_claims"
        ).one()
    assert claims[0] == claims[1] == _rows(container, "payment_state_id <> 'Failed'")


# Idempotency keys as Stripe scopes them --------------------------------------------------------------


def test_the_same_key_and_body_answers_the_first_subscription_again(client, gateway_calls):
    token = signed_up(client)
    first = pay(client, token, key="click-1")
    again = pay(client, token, key="click-1")
    assert again.status_code == 200 and again.json == first.json
    assert len(gateway_calls) == 1


def test_the_same_key_for_another_request_is_refused(client, gateway_calls):
    token = signed_up(client)
    assert pay(client, token, key="click-1").status_code == 200
    other = pay(client, token, plan="lumo_games_monthly_eur", key="click-1")
    assert (other.status_code, other.json["code"], other.json["message"]) == (
        400,
        11,
        "idempotencyKeyReused",
    )
    paypal = pay(client, token, nonce="fake-paypal-billing-agreement-nonce", key="click-1")
    assert paypal.json["code"] == 11  # another kind of payment method is another request
    assert len(gateway_calls) == 1


def test_another_accounts_key_is_a_new_key(client, container, gateway_calls):
    a = signed_up(client, email="a@example.com")
    b = signed_up(client, email="b@example.com")
    a_sub = pay(client, a, key="shared-key").json["data"]["subscriptionId"]
    b_answer = pay(client, b, key="shared-key")
    assert b_answer.status_code == 200 and b_answer.json["data"]["subscriptionId"] != a_sub
    assert len(subscriptions(client, b)) == 1 and len(subscriptions(client, a)) == 1
    assert len(gateway_calls) == 2
    with container.engine.connect() as c:  # no client key is stored as sent
        assert (
            c.exec_driver_sql(
                "SELECT count(*) FROM subscriptions WHERE idempotency_key = 'shared-key'"
            ).scalar()
            == 0
        )


@pytest.mark.parametrize("key", ["k" * 65, "tab\t1", "tab\x001", "é" * 10, ""])
def test_malformed_keys_are_400_and_change_nothing(client, container, gateway_calls, key):
    token = signed_up(client)
    response = client.post(
        "/v5/braintree/subscription",
        headers={**bearer(token), "Idempotency-Key": key},
        json={"paymentNonce": "fake-valid-nonce", "plans": {"planId": "lumo_tv_monthly_eur"}},
    )
    assert (response.status_code, response.json["code"], response.json["message"]) == (
        400,
        12,
        "idempotencyKeyInvalid",
    )
    assert _rows(container) == 0 and gateway_calls == []


def test_a_64_character_key_is_fine(client):
    token = signed_up(client)
    assert pay(client, token, key="k" * 64).status_code == 200


def test_keys_expire_after_24_hours(client, clock, gateway_calls):
    token = signed_up(client)
    assert pay(client, token, key="daily").status_code == 200
    clock.advance(timedelta(hours=23))
    assert pay(client, token, plan="lumo_games_monthly_eur", key="daily").json["code"] == 11
    clock.advance(timedelta(hours=2))
    games = pay(client, token, plan="lumo_games_monthly_eur", key="daily")
    assert games.status_code == 200  # a new key now: a new request
    assert len(gateway_calls) == 2


def test_the_clock_settles_or_fails_purchases_whose_answer_was_lost(
    client, container, clock, monkeypatch
):
    from tasks.subscriptions import resolve_stale

    token = signed_up(client)
    paid = pay(client, token, key="paid").json["data"][
        "subscriptionId"
    ]  # at the gateway as lumo{paid}
    account_id = _account_id(container)
    with (
        container.services.uow() as uow
    ):  # never reached the gateway (the process died before the call)
        lost = uow.subscriptions.add(
            Subscription(
                account_id=account_id,
                subscription_type="lumo_games",
                duration_code="P1M",
                store_id="lumo",
                payment_state_id="Pending",
                payment_plan_id="lumo_games_monthly_eur",
                created_at=clock.now(),
                idempotency_key="y" * 64,
                currency="EUR",
            )
        ).id
        uow.commit()
    with container.engine.begin() as c:  # the first one's settling answer was lost
        c.exec_driver_sql(
            f"UPDATE subscriptions SET payment_state_id = 'Pending' WHERE id = {paid}"
        )
    monkeypatch.setattr("tasks.subscriptions.worker_container", lambda: container)
    assert resolve_stale.apply().get() == 0  # not stale yet: a payment may still be under way
    clock.advance(timedelta(minutes=3))
    assert resolve_stale.apply().get() == 2
    with container.engine.connect() as c:
        states = dict(
            c.exec_driver_sql("SELECT id, payment_state_id FROM subscriptions").fetchall()
        )
        claims = c.exec_driver_sql("SELECT app FROM subscription_claims").scalars().all()
    assert states == {paid: "Trial", lost: "Failed"}
    assert claims == ["tv"]  # the failed one let Games go
    assert resolve_stale.apply().get() == 0
