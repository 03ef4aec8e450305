"""The finance numbers on seeded subscriptions whose answers are known (SQLite and PostgreSQL)."""

from datetime import timedelta
from decimal import Decimal

from sqlalchemy import insert, select, text

from core.adapters.db.models.accounts import AccountRow
from core.adapters.db.models.subscriptions import SubscriptionRow
from core.services.ops.revenue import months_of


def _seed(container, now):
    day = timedelta(days=1)
    with container.engine.begin() as c:
        c.execute(
            insert(AccountRow).values(
                id=1, email="a@example.com", password_hash="x", created_at=now
            )
        )

        def sub(**values):
            base = dict(
                account_id=1,
                subscription_type="lumo_tv",
                duration_code="P1M",
                store_id="lumo",
                payment_state_id="Active",
                is_renewing=True,
                created_at=now - 40 * day,
                end_date=now + 10 * day,
                currency="EUR",
                payment_plan_id="lumo_tv_monthly_eur",
            )
            c.execute(insert(SubscriptionRow).values(**{**base, **values}))

        sub(payment_plan_price=Decimal("4.99"))  # EUR monthly
        sub(payment_plan_price=Decimal("4.99"))  # EUR monthly
        sub(
            payment_plan_price=Decimal("34.90"),
            duration_code="P1Y",  # EUR yearly: 2.9083…/month
            payment_plan_id="lumo_tv_yearly_eur",
            end_date=now + 200 * day,
        )
        sub(
            payment_plan_price=Decimal("5.99"),
            currency="CHF",  # CHF monthly, past due: its paid time ended 3 days ago, it is in its grace
            payment_state_id="Past_Due",
            end_date=now - 3 * day,
            payment_plan_id="lumo_tv_monthly_chf",
        )
        sub(
            payment_plan_price=Decimal("4.99"), payment_state_id="Trial", end_date=now + 3 * day
        )  # trial
        sub(
            payment_plan_price=Decimal("4.99"),
            payment_state_id="Cancelled",
            is_renewing=False,  # no MRR
            cancelled_at=now - 5 * day,
        )
        sub(
            store_id="ios", payment_plan_price=None, currency=None, payment_plan_id=None
        )  # app store
        sub(
            payment_state_id="Free_Campaign",
            is_renewing=False,
            payment_plan_price=None,  # coupon
            payment_plan_id=None,
            currency=None,
        )
        sub(
            payment_state_id="Expired",
            is_renewing=False,
            end_date=now - 2 * day,  # ended
            payment_plan_price=Decimal("4.99"),
            cancelled_at=now - 40 * day,
        )
        sub(payment_state_id="Pending", payment_plan_price=Decimal("4.99"))  # hidden


def test_revenue_numbers_on_known_data(client, container, clock, staff_members):
    now = clock.now()
    _seed(container, now)
    answer = client.get("/ops/v1/revenue", headers=staff_members.headers("finance"))
    assert answer.status_code == 200, answer.json
    body = answer.json
    # 2 × 4.99 + 34.90 / 12 = 12.888… -> 12.89 EUR; 5.99 CHF (past due still owes its renewal)
    assert body["mrr"] == [
        {"currency": "CHF", "amount": "5.99"},
        {"currency": "EUR", "amount": "12.89"},
    ]
    assert body["trialsRunning"] == 1
    live = {
        (r["storeId"], r["paymentPlanId"], r["currency"], r["paymentStateId"]): r["count"]
        for r in body["activeByPlan"]
    }
    assert live == {
        ("lumo", "lumo_tv_monthly_eur", "EUR", "Active"): 2,
        ("lumo", "lumo_tv_yearly_eur", "EUR", "Active"): 1,
        ("lumo", "lumo_tv_monthly_chf", "CHF", "Past_Due"): 1,
        ("lumo", "lumo_tv_monthly_eur", "EUR", "Trial"): 1,
        ("lumo", "lumo_tv_monthly_eur", "EUR", "Cancelled"): 1,
        ("ios", None, None, "Active"): 1,
        ("lumo", None, None, "Free_Campaign"): 1,
    }
    months = {r["month"]: (r["cancellations"], r["expiries"]) for r in body["churnByMonth"]}
    month = lambda d: d.strftime("%Y-%m")  # noqa: E731
    expected: dict[str, list[int]] = {}
    for when, kind in (
        (now - timedelta(days=5), 0),
        (now - timedelta(days=40), 0),
        (now - timedelta(days=2), 1),
    ):
        expected.setdefault(month(when), [0, 0])[kind] += 1
    assert months == {k: tuple(v) for k, v in expected.items()}


def test_support_sees_no_revenue(client, staff_members):
    answer = client.get("/ops/v1/revenue", headers=staff_members.headers("support"))
    assert answer.status_code == 403


def test_months_of_each_period():
    assert [months_of(c) for c in ("P1M", "P3M", "P1Y", "P2Y", "P14D", "junk")] == [
        1,
        3,
        12,
        24,
        None,
        None,
    ]


def _at_midnight(moment):
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def test_trial_to_paid_by_weekly_cohort_on_known_data(client, container, clock, staff_members):
    from core.adapters.db.models.payments import PaymentRow

    now = clock.now()
    monday = _at_midnight(now) - timedelta(days=now.weekday())
    week_a, week_b = monday - timedelta(weeks=1), monday - timedelta(weeks=2)
    hour, day = timedelta(hours=1), timedelta(days=1)
    with container.engine.begin() as c:
        c.execute(
            insert(AccountRow).values(
                id=1, email="a@example.com", password_hash="x", created_at=now
            )
        )
        ids = iter(range(1, 100))

        def sub(created, charged=None, **values):
            sid = next(ids)
            c.execute(
                insert(SubscriptionRow).values(
                    **{
                        "id": sid,
                        "account_id": 1,
                        "subscription_type": "lumo_tv",
                        "duration_code": "P1M",
                        "store_id": "lumo",
                        "payment_state_id": "Active",
                        "is_renewing": True,
                        "created_at": created,
                        "currency": "EUR",
                        "payment_plan_id": "lumo_tv_monthly_eur",
                        **values,
                    }
                )
            )
            if charged is not None:
                c.execute(
                    insert(PaymentRow).values(
                        transaction_id=f"tx{sid}",
                        subscription_id=sid,
                        account_id=1,
                        amount=Decimal("4.99"),
                        currency="EUR",
                        status="charged",
                        created_at=charged,
                    )
                )

        sub(week_a + hour, charged=week_a + hour + 7 * day)  # A: trial, then paid
        sub(week_a + 2 * hour, payment_state_id="Expired")  # A: trial, never paid
        sub(
            week_a + 3 * hour, charged=week_a + 3 * hour + timedelta(seconds=10)
        )  # A: bought, no trial
        sub(week_a, payment_state_id="Free_Campaign", payment_plan_id=None)  # a coupon: not a trial
        sub(week_a, store_id="ios", payment_plan_id=None)  # app store: not ours
        sub(week_b + 6 * day + 23 * hour, charged=week_b + 14 * day)  # B (its Sunday): paid
        sub(
            monday - timedelta(weeks=20), charged=monday - timedelta(weeks=19)
        )  # older than 12 weeks

    headers = staff_members.headers("finance")
    body = client.get("/ops/v1/revenue/cohorts?weeks=12", headers=headers).json
    assert body["entries"] == [
        {"week": week_b.date().isoformat(), "trials": 1, "converted": 1, "rate": "1.0000"},
        {"week": week_a.date().isoformat(), "trials": 2, "converted": 1, "rate": "0.5000"},
    ]
    csv_text = client.get("/ops/v1/revenue/cohorts?format=csv", headers=headers).get_data(
        as_text=True
    )
    assert csv_text.splitlines() == [
        "week,trials,converted,rate",
        f"{week_b.date()},1,1,1.0000",
        f"{week_a.date()},2,1,0.5000",
    ]


def test_the_funnel_by_day_origin_and_campaign_on_known_data(
    client, container, clock, staff_members
):
    from core.adapters.db.models.analytics import AnalyticsEventRow

    now = clock.now()
    d1, d2 = _at_midnight(now) - timedelta(days=1), _at_midnight(now) - timedelta(days=2)
    with container.engine.begin() as c:
        n = iter(range(1, 1000))

        def event(at, journey, name, origin="Organic", campaign=None):
            c.execute(
                insert(AnalyticsEventRow).values(
                    env="web",
                    app="lumo_tv",
                    country_code="FR",
                    occurred_at=at,
                    received_at=at,
                    origin=origin,
                    platform="web",
                    device_type="desktop",
                    transaction_uuid=journey,
                    event=name,
                    utm_campaign=campaign,
                    id=next(n),
                )
            )

        def account(at, **utm):
            i = next(n)
            c.execute(
                insert(AccountRow).values(
                    id=i, email=f"p{i}@example.com", password_hash="x", created_at=at, utm=utm
                )
            )

        h = timedelta(hours=1)
        event(d1 + h, "u1", "START_FREE_TRIAL")
        event(d1 + h, "u2", "START_FREE_TRIAL")
        event(d1 + 2 * h, "u2", "START_FREE_TRIAL")  # the same journey twice: once
        event(d1 + 3 * h, "u1", "CLICK_REGISTER")
        event(d1 + 4 * h, "u1", "PAYMENT_DONE")
        event(d1 + h, "u3", "START_FREE_TRIAL", "Ads", "xmas")
        event(d1 + 2 * h, "u3", "CLICK_REGISTER", "Ads", "xmas")
        event(d1 + 2 * h, "u3", "OPEN_APP", "Ads", "xmas")  # not a funnel step here
        event(d2 + h, "u4", "PAYMENT_DONE", "Ads", "xmas")
        event(d1 - timedelta(days=40), "u5", "START_FREE_TRIAL")  # older than 30 days
        account(d1 + 3 * h, campaign="xmas")
        account(d1 + 3 * h)
        account(d2 + 5 * h, source="newsletter")

    headers = staff_members.headers("admin")
    rows = client.get("/ops/v1/revenue/funnel?days=30", headers=headers).json["entries"]
    day1, day2 = d1.date().isoformat(), d2.date().isoformat()
    assert [
        (
            r["day"],
            r["origin"],
            r["campaign"],
            r["startFreeTrial"],
            r["clickRegister"],
            r["registered"],
            r["paymentDone"],
        )
        for r in rows
    ] == [
        (day1, "Ads", "xmas", 1, 1, 1, 0),
        (day1, "Organic", "", 2, 1, 1, 1),
        (day2, "Ads", "xmas", 0, 0, 0, 1),
        (day2, "Organic", "", 0, 0, 1, 0),
    ]
    csv_text = client.get("/ops/v1/revenue/funnel?format=csv", headers=headers).get_data(
        as_text=True
    )
    assert csv_text.splitlines()[:2] == [
        "day,origin,campaign,startFreeTrial,clickRegister,registered,paymentDone",
        f"{day1},Ads,xmas,1,1,1,0",
    ]
    assert client.get("/ops/v1/revenue/funnel?days=0", headers=headers).status_code == 400


def test_the_funnel_reads_finished_days_from_the_daily_roll_up(
    client, container, clock, staff_members
):
    """Known answers from the roll-up: the same rows as counted live; a finished day is read from
    funnel_daily (an event arriving for it later is not seen until the job rolls that day again), today is
    always counted live; the job is idempotent and re-rolls the last two days."""
    from core.adapters.db.models.analytics import AnalyticsEventRow, FunnelDailyRow
    from core.services.ops import revenue

    now = clock.now()
    d1, d5 = _at_midnight(now) - timedelta(days=1), _at_midnight(now) - timedelta(days=5)
    n = iter(range(1, 1000))

    def event(at, journey, name, origin="Organic", campaign=None):
        with container.engine.begin() as c:
            c.execute(
                insert(AnalyticsEventRow).values(
                    env="web",
                    app="lumo_tv",
                    country_code="FR",
                    occurred_at=at,
                    received_at=at,
                    origin=origin,
                    platform="web",
                    device_type="desktop",
                    transaction_uuid=journey,
                    event=name,
                    utm_campaign=campaign,
                    id=next(n),
                )
            )

    h = timedelta(hours=1)
    # Moments of today before now, whatever the time of day the test runs (00:05 UTC included).
    so_far = now - _at_midnight(now)
    today_a, today_b = now - so_far / 2, now - so_far / 3
    event(d1 + h, "u1", "START_FREE_TRIAL")
    event(d1 + 2 * h, "u1", "CLICK_REGISTER")
    event(d5 + h, "u2", "START_FREE_TRIAL", "Ads", "xmas")
    event(d5 + 2 * h, "u2", "PAYMENT_DONE", "Ads", "xmas")
    event(today_a, "u3", "START_FREE_TRIAL")  # today
    headers = staff_members.headers("finance")

    def table(days=30):
        rows = client.get(f"/ops/v1/revenue/funnel?days={days}", headers=headers).json["entries"]
        return [
            (
                r["day"],
                r["origin"],
                r["campaign"],
                r["startFreeTrial"],
                r["clickRegister"],
                r["paymentDone"],
            )
            for r in rows
        ]

    today, day1, day5 = now.date().isoformat(), d1.date().isoformat(), d5.date().isoformat()
    expected = [
        (today, "Organic", "", 1, 0, 0),
        (day1, "Organic", "", 1, 1, 0),
        (day5, "Ads", "xmas", 1, 0, 1),
    ]
    live = table()
    assert live == expected
    assert (
        revenue.roll_up_funnel(container.services) == revenue.MAX_DAYS
    )  # every finished day, once
    with container.engine.connect() as c:
        stored = sorted(
            (r.day, r.origin, r.campaign, r.step, r.count)
            for r in c.execute(select(FunnelDailyRow))
        )
    assert stored == [
        (day5, "Ads", "xmas", "PAYMENT_DONE", 1),
        (day5, "Ads", "xmas", "START_FREE_TRIAL", 1),
        (day1, "Organic", "", "CLICK_REGISTER", 1),
        (day1, "Organic", "", "START_FREE_TRIAL", 1),
    ]
    assert table() == expected  # the same answers, now from the roll-up
    event(d5 + 3 * h, "u9", "START_FREE_TRIAL", "Ads", "xmas")  # late, for a rolled day
    event(today_b, "u8", "CLICK_REGISTER")  # today: counted at once
    assert table() == [
        (today, "Organic", "", 1, 1, 0),
        (day1, "Organic", "", 1, 1, 0),
        (day5, "Ads", "xmas", 1, 0, 1),  # read from funnel_daily
    ]
    assert (
        revenue.roll_up_funnel(container.services) == revenue.REROLL_DAYS
    )  # only the last two again
    assert table()[2] == (day5, "Ads", "xmas", 1, 0, 1)  # day 5 is older than the re-rolled days
    with container.engine.begin() as c:  # the roll-up lost (restored backup): counted live again
        c.execute(text("DELETE FROM funnel_rolled_days"))
    assert table()[2] == (day5, "Ads", "xmas", 2, 0, 1)
