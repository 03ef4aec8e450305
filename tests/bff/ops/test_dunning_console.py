"""Dunning in the console (docs/billing.md#failed-payments-and-dunning): the revenue page's past-due
subscriptions and recovery per month on a seeded set whose answers are known, and each dunning step on
the parent's timeline (SQLite and PostgreSQL)."""

from datetime import timedelta
from decimal import Decimal

from sqlalchemy import insert

from core.adapters.db.models.accounts import AccountRow
from core.adapters.db.models.payments import DunningStepRow
from core.adapters.db.models.subscriptions import SubscriptionRow
from tests.tasks.test_dunning import went_past_due


def _seed(container, now):
    day = timedelta(days=1)
    old, recent = (now - 40 * day).date(), (now - 2 * day).date()
    with container.engine.begin() as c:
        c.execute(
            insert(AccountRow).values(
                id=1, email="a@example.com", password_hash="x", created_at=now
            )
        )

        def sub(id, state, currency="EUR", price="4.99", end=now + 10 * day):
            c.execute(
                insert(SubscriptionRow).values(
                    id=id,
                    account_id=1,
                    subscription_type="lumo_tv",
                    duration_code="P1M",
                    store_id="lumo",
                    payment_state_id=state,
                    is_renewing=state != "Expired",
                    created_at=now - 90 * day,
                    end_date=end,
                    currency=currency,
                    payment_plan_id=f"lumo_tv_monthly_{currency.lower()}",
                    payment_plan_price=Decimal(price),
                )
            )

        def step(sub_id, name, episode, outcome="sent", amount=None, currency="EUR"):
            c.execute(
                insert(DunningStepRow).values(
                    subscription_id=sub_id,
                    account_id=1,
                    step=name,
                    episode=episode.isoformat(),
                    done_at=now,
                    outcome=outcome,
                    amount=amount,
                    currency=currency,
                )
            )

        sub(1, "Past_Due", end=now - 2 * day)  # past due now, since two days
        sub(2, "Active")  # failed 40 days ago, recovered
        sub(3, "Expired", end=now - 30 * day)  # failed 40 days ago, lapsed
        sub(4, "Active", currency="CHF", price="5.99")  # recovered in francs
        sub(5, "Active")  # never failed
        step(1, "opened", recent, amount=Decimal("4.99"))
        step(2, "opened", old, amount=Decimal("4.99"))
        step(2, "recovered", old, "charged", Decimal("4.99"))
        step(3, "opened", old, amount=Decimal("4.99"))
        step(3, "lost", old, "lapsed", None, None)
        step(4, "opened", old, amount=Decimal("5.99"), currency="CHF")
        step(4, "recovered", old, "charged", Decimal("5.99"), "CHF")
    return old.isoformat()[:7], recent.isoformat()[:7]


def test_past_due_now_and_recovery_per_month_on_known_data(client, container, clock, staff_members):
    now = clock.now()
    old, recent = _seed(container, now)
    answer = client.get("/ops/v1/revenue", headers=staff_members.headers("finance"))
    assert answer.status_code == 200, answer.json
    [past_due] = answer.json["pastDue"]
    since = now - timedelta(days=2)
    assert past_due == {
        "subscriptionId": 1,
        "accountId": 1,
        "subscriptionType": "lumo_tv",
        "amount": "4.99",
        "currency": "EUR",
        "since": since.isoformat(),
        "accessEnds": (since + timedelta(days=14)).isoformat(),
    }
    expected = [
        {
            "month": old,
            "currency": "CHF",
            "wentPastDue": 1,
            "recovered": 1,
            "recoveredAmount": "5.99",
            "rate": "1.0000",
        },
        {
            "month": old,
            "currency": "EUR",
            "wentPastDue": 2,
            "recovered": 1,
            "recoveredAmount": "4.99",
            "rate": "0.5000",
        },
        {
            "month": recent,
            "currency": "EUR",
            "wentPastDue": 1,
            "recovered": 0,
            "recoveredAmount": "0.00",
            "rate": "0.0000",
        },
    ]
    if old == recent:  # the same month: one row of euros
        expected = [expected[0], {**expected[1], "wentPastDue": 3, "rate": "0.3333"}]
    assert answer.json["recoveryByMonth"] == expected


def test_each_dunning_step_is_on_the_parents_timeline(client, container, clock, staff_members):
    _, sub_id = went_past_due(client, container, clock)
    answer = client.get("/ops/v1/parents/1", headers=staff_members.headers("support"))
    assert answer.status_code == 200, answer.json
    kinds = {(e["kind"], e.get("state")) for e in answer.json["timeline"]}
    assert ("dunning.opened", "sent") in kinds
    assert ("dunning.email_0", "sent") in kinds
    [email_0] = [e for e in answer.json["timeline"] if e["kind"] == "dunning.email_0"]
    assert email_0["detail"].startswith(f"#{sub_id} ")
