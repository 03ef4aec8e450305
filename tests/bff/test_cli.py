"""Operator commands."""

from sqlalchemy import func, select

from core.adapters.db.models.accounts import AccountRow
from core.adapters.db.models.coupons import CouponRow
from core.adapters.db.models.subscriptions import SubscriptionRow
from tests.helpers import pw


def test_seed_is_idempotent_and_the_demo_parent_can_log_in(app, container):
    runner = app.test_cli_runner()
    first = runner.invoke(args=["seed"])
    assert first.exit_code == 0 and "4 account(s), 9 coupon(s) added" in first.output
    second = runner.invoke(args=["seed"])
    assert "0 account(s), 0 coupon(s) added" in second.output
    with container.engine.connect() as c:
        assert c.scalar(select(func.count()).select_from(AccountRow)) == 4
        assert c.scalar(select(func.count()).select_from(SubscriptionRow)) == 3
        assert c.scalar(select(func.count()).select_from(CouponRow)) == 9
    login = app.test_client().post(
        "/v4/accounts/login",
        json={"email": "parent@lumo.example", "password": pw("lumo-demo-2026")},
    )
    assert login.status_code == 200
    account = app.test_client().get(
        "/v5/subscriptions", headers={"Authorization": f"Bearer {login.json['token']}"}
    )
    assert account.status_code == 200  # the demo parent has accepted the terms in force


def test_seed_has_a_parent_of_each_store_that_asks_for_a_real_email(app):
    """virgo with an unconfirmed address, switch and mondia with made-up ones (the web app's e-mail
    overlay, webapp/src/components/email-overlay/needsRealEmail.ts): each can log in and has its store's
    running subscription."""
    assert app.test_cli_runner().invoke(args=["seed"]).exit_code == 0
    client = app.test_client()
    for email, store, fake, confirmed in [
        ("virgo@lumo.example", "virgo", False, False),
        ("0612345678@switch.partner.lumo.example", "switch", True, False),
        ("0698765432@mondia.partner.lumo.example", "mondia", True, False),
    ]:
        login = client.post(
            "/v4/accounts/login", json={"email": email, "password": pw("lumo-demo-2026")}
        )
        assert login.status_code == 200, (email, login.json)
        body = client.get(
            "/v5/subscriptions", headers={"Authorization": f"Bearer {login.json['token']}"}
        ).json
        assert (body["isEmailFake"], body["emailIsConfirmed"]) == (fake, confirmed)
        [subscription] = body["subscriptions"]
        assert (subscription["storeId"], subscription["isRenewing"]) == (store, True)
        assert subscription["isExpired"] is False


def test_outbox_deliver_command(app, container, mailbox):
    container.services.jobs.outbox_changed = lambda: None
    from tests.helpers import register

    register(app.test_client())
    result = app.test_cli_runner().invoke(args=["outbox", "deliver"])
    assert "delivered 2 e-mail(s)" in result.output and len(mailbox.sent) == 2


def test_coupons_create_a_batch(app, container):
    result = app.test_cli_runner().invoke(
        args=[
            "coupons",
            "create",
            "--type",
            "UNIQUE_ACCESS_COUPON",
            "--duration",
            "P3M",
            "--count",
            "25",
            "--prefix",
            "acme",
            "--partner",
            "acme",
        ]
    )
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == "code,coupon_type,duration_code,product,partner" and len(lines) == 26
    codes = [line.split(",")[0] for line in lines[1:]]
    assert len(set(codes)) == 25 and all(c.startswith("ACME-") for c in codes)
    with container.engine.connect() as c:
        assert (
            c.scalar(select(func.count()).select_from(CouponRow).where(CouponRow.partner == "acme"))
            == 25
        )


def test_coupons_create_refuses_a_discount_without_price(app):
    result = app.test_cli_runner().invoke(
        args=["coupons", "create", "--type", "DISCOUNT_COUPON", "--duration", "P3M"]
    )
    assert result.exit_code != 0 and "discount price" in result.output


def test_coupons_import_all_or_nothing(app, container, tmp_path):
    good = tmp_path / "good.csv"
    good.write_text(
        "code,coupon_type,duration_code,product,discount_price,plan_type\n"
        "shop-1,UNIQUE_ACCESS_COUPON,P1M,lumo_TV,,\nshop-2,DISCOUNT_COUPON,P3M,lumo,2.99,P1M\n"
    )
    result = app.test_cli_runner().invoke(args=["coupons", "import", str(good)])
    assert "imported 2 coupon(s), 0 already there" in result.output
    again = app.test_cli_runner().invoke(args=["coupons", "import", str(good)])
    assert "imported 0 coupon(s), 2 already there" in again.output
    bad = tmp_path / "bad.csv"
    bad.write_text("code,coupon_type,duration_code\nshop-3,UNIQUE_COUPON,P1M\nshop-4,NOPE,P1M\n")
    failed = app.test_cli_runner().invoke(args=["coupons", "import", str(bad)])
    assert failed.exit_code == 1 and "line 3: unknown coupon type 'NOPE'" in failed.output
    with container.engine.connect() as c:
        assert (
            c.scalar(select(func.count()).select_from(CouponRow).where(CouponRow.code == "SHOP-3"))
            == 0
        )
