"""The finance numbers on seeded subscriptions whose answers are known (SQLite and PostgreSQL)."""
from datetime import timedelta
from decimal import Decimal

from sqlalchemy import insert

from core.adapters.db.models import AccountRow, SubscriptionRow
from core.services.ops.revenue import months_of


def _seed(container, now):
    day = timedelta(days=1)
    with container.engine.begin() as c:
        c.execute(insert(AccountRow).values(id=1, email="a@example.com", password_hash="x", created_at=now))

        def sub(**values):
            base = dict(account_id=1, subscription_type="lumo_tv", duration_code="P1M", store_id="lumo",
                        payment_state_id="Active", is_renewing=True, created_at=now - 40 * day,
                        end_date=now + 10 * day, currency="EUR", payment_plan_id="lumo_tv_monthly_eur")
            c.execute(insert(SubscriptionRow).values(**{**base, **values}))

        sub(payment_plan_price=Decimal("4.99"))                                   # EUR monthly
        sub(payment_plan_price=Decimal("4.99"))                                   # EUR monthly
        sub(payment_plan_price=Decimal("34.90"), duration_code="P1Y",           # EUR yearly: 2.9083…/month
            payment_plan_id="lumo_tv_yearly_eur", end_date=now + 200 * day)
        sub(payment_plan_price=Decimal("5.99"), currency="CHF",                  # CHF monthly, past due
            payment_state_id="Past_Due", payment_plan_id="lumo_tv_monthly_chf")
        sub(payment_plan_price=Decimal("4.99"), payment_state_id="Trial", end_date=now + 3 * day)   # trial
        sub(payment_plan_price=Decimal("4.99"), payment_state_id="Cancelled", is_renewing=False,    # no MRR
            cancelled_at=now - 5 * day)
        sub(store_id="ios", payment_plan_price=None, currency=None, payment_plan_id=None)          # app store
        sub(payment_state_id="Free_Campaign", is_renewing=False, payment_plan_price=None,          # coupon
            payment_plan_id=None, currency=None)
        sub(payment_state_id="Expired", is_renewing=False, end_date=now - 2 * day,                  # ended
            payment_plan_price=Decimal("4.99"), cancelled_at=now - 40 * day)
        sub(payment_state_id="Pending", payment_plan_price=Decimal("4.99"))                          # hidden


def test_revenue_numbers_on_known_data(client, container, clock, staff_members):
    now = clock.now()
    _seed(container, now)
    answer = client.get("/ops/v1/revenue", headers=staff_members.headers("finance"))
    assert answer.status_code == 200, answer.json
    body = answer.json
    # 2 × 4.99 + 34.90 / 12 = 12.888… -> 12.89 EUR; 5.99 CHF (past due still owes its renewal)
    assert body["mrr"] == [{"currency": "CHF", "amount": "5.99"}, {"currency": "EUR", "amount": "12.89"}]
    assert body["trialsRunning"] == 1
    live = {(r["storeId"], r["paymentPlanId"], r["currency"], r["paymentStateId"]): r["count"]
            for r in body["activeByPlan"]}
    assert live == {("lumo", "lumo_tv_monthly_eur", "EUR", "Active"): 2,
                    ("lumo", "lumo_tv_yearly_eur", "EUR", "Active"): 1,
                    ("lumo", "lumo_tv_monthly_chf", "CHF", "Past_Due"): 1,
                    ("lumo", "lumo_tv_monthly_eur", "EUR", "Trial"): 1,
                    ("lumo", "lumo_tv_monthly_eur", "EUR", "Cancelled"): 1,
                    ("ios", None, None, "Active"): 1,
                    ("lumo", None, None, "Free_Campaign"): 1}
    months = {r["month"]: (r["cancellations"], r["expiries"]) for r in body["churnByMonth"]}
    month = lambda d: d.strftime("%Y-%m")  # noqa: E731
    expected: dict[str, list[int]] = {}
    for when, kind in ((now - timedelta(days=5), 0), (now - timedelta(days=40), 0), (now - timedelta(days=2), 1)):
        expected.setdefault(month(when), [0, 0])[kind] += 1
    assert months == {k: tuple(v) for k, v in expected.items()}


def test_support_sees_no_revenue(client, staff_members):
    answer = client.get("/ops/v1/revenue", headers=staff_members.headers("support"))
    assert answer.status_code == 403


def test_months_of_each_period():
    assert [months_of(c) for c in ("P1M", "P3M", "P1Y", "P2Y", "P14D", "junk")] == [1, 3, 12, 24, None, None]
