"""Operator commands."""
from sqlalchemy import func, select

from core.adapters.db.models import AccountRow, CouponRow
from tests.helpers import pw


def test_seed_is_idempotent_and_the_demo_parent_can_log_in(app, container):
    runner = app.test_cli_runner()
    first = runner.invoke(args=["seed"])
    assert first.exit_code == 0 and "1 account(s), 8 coupon(s) added" in first.output
    second = runner.invoke(args=["seed"])
    assert "0 account(s), 0 coupon(s) added" in second.output
    with container.engine.connect() as c:
        assert c.scalar(select(func.count()).select_from(AccountRow)) == 1
        assert c.scalar(select(func.count()).select_from(CouponRow)) == 8
    login = app.test_client().post("/v4/accounts/login",
                                   json={"email": "parent@lumo.example", "password": pw("lumo-demo-2026")})
    assert login.status_code == 200


def test_outbox_deliver_command(app, container, mailbox):
    container.services.jobs.outbox_changed = lambda: None
    from tests.helpers import register
    register(app.test_client())
    result = app.test_cli_runner().invoke(args=["outbox", "deliver"])
    assert "delivered 2 e-mail(s)" in result.output and len(mailbox.sent) == 2
