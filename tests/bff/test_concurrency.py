"""Races settled by the database: one single-use coupon, one double-submitted payment.
Meant for PostgreSQL (the CI's second run); on SQLite writes are serialised and it holds too."""

from concurrent.futures import ThreadPoolExecutor

from core.services import accounts
from tests.helpers import add_coupon, pay, pw, signed_up, subscriptions

RACERS = 50


def test_fifty_concurrent_redemptions_of_one_code_give_exactly_one_success(app, container):
    add_coupon(container, code="RACE-1", coupon_type="UNIQUE_COUPON", duration_code="P1M")
    tokens = [
        accounts.register(
            container.services,
            accounts.Registration(
                email=f"racer{i}@example.com", password=pw(), is_tc_accepted=True
            ),
        ).token
        for i in range(RACERS)
    ]

    def attempt(token):
        return pay(app.test_client(), token, coupon="RACE-1").status_code

    with ThreadPoolExecutor(max_workers=16) as pool:
        codes = list(pool.map(attempt, tokens))
    assert codes.count(200) == 1, codes
    assert set(codes) <= {200, 400}
    with container.engine.connect() as c:
        redemptions = c.exec_driver_sql("SELECT count(*) FROM coupon_redemptions").scalar()
        live = c.exec_driver_sql(
            "SELECT count(*) FROM subscriptions WHERE payment_state_id <> 'Failed'"
        ).scalar()
    assert (redemptions, live) == (1, 1)


def test_concurrent_double_submit_creates_one_subscription(app, container):
    token = signed_up(app.test_client())

    def attempt(_):
        return pay(app.test_client(), token, key="double-click-1")

    with ThreadPoolExecutor(max_workers=10) as pool:
        answers = list(pool.map(attempt, range(10)))
    ok = [a.json["data"]["subscriptionId"] for a in answers if a.status_code == 200]
    assert ok and len(set(ok)) == 1
    assert all(a.status_code in (200, 409) for a in answers)
    assert len(subscriptions(app.test_client(), token)) == 1
    assert len(container.gateway.subscriptions) == 1
