"""Dunning in the operator console, in real Chromium: the revenue page's past-due table and recovery per
month, and the dunning steps on the parent's timeline, in en and ar at 1280 px, with screenshots
(docs/billing.md#failed-payments-and-dunning)."""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOT_DIR
from tests.e2e.support import catalog
from tests.e2e.test_ops_console import create_staff, open_parent, staff_login

pytestmark = pytest.mark.e2e


def _past_due(stack, subscription_id: int) -> None:
    """The subscription's charge failed two days ago: past due, its first steps done, and an older
    episode of the same subscription recovered (as the task records them)."""
    now = datetime.now(UTC).replace(tzinfo=None, microsecond=0)
    failed, older = now - timedelta(days=2), now - timedelta(days=40)
    with sqlite3.connect(stack.outbox.parent / "e2e.db") as db:
        account_id = db.execute(
            "SELECT account_id FROM subscriptions WHERE id = ?", (subscription_id,)
        ).fetchone()[0]
        db.execute(
            "UPDATE subscriptions SET payment_state_id = 'Past_Due', end_date = ? WHERE id = ?",
            (failed.isoformat(" "), subscription_id),
        )
        for step, episode, outcome, amount, at in (
            ("opened", older, "sent", "4.99", older),
            ("email_0", older, "sent", None, older),
            ("recovered", older, "charged", "4.99", older + timedelta(days=3)),
            ("opened", failed, "sent", "4.99", failed),
            ("email_0", failed, "sent", None, failed),
        ):
            db.execute(
                "INSERT INTO dunning_steps (subscription_id, account_id, step, episode, done_at, "
                "outcome, amount, currency) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    subscription_id,
                    account_id,
                    step,
                    episode.date().isoformat(),
                    at.isoformat(" "),
                    outcome,
                    amount,
                    "EUR" if amount else None,
                ),
            )


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_the_revenue_page_and_the_timeline_show_dunning(locale, new_context, make_parent, stack):
    cat = catalog(locale)
    parent = make_parent(f"dunning-{locale}")
    assert parent.subscription_id is not None
    _past_due(stack, parent.subscription_id)
    email_address, secret = create_staff(stack, "admin")
    page = new_context(locale={"ar": "ar"}.get(locale, "en-GB"), width=1280, height=900).new_page()
    out = SCREENSHOT_DIR.parent / "ops"
    out.mkdir(parents=True, exist_ok=True)
    staff_login(page, cat, email_address, secret)
    open_parent(page, cat, parent.email)
    timeline = page.locator("ol.ops-timeline:not([data-testid])")  # not the payment history
    expect(timeline.get_by_text("dunning.email_0").first).to_be_visible()
    expect(timeline.get_by_text("dunning.recovered")).to_be_visible()
    expect(timeline).to_contain_text(cat.t("Ops.parent.status_charged"))
    page.screenshot(path=str(out / f"dunning-timeline-{locale}.png"), full_page=True)
    page.get_by_role("link", name=cat.t("Ops.nav.revenue")).click()
    past_due = page.get_by_test_id("past-due")
    expect(past_due.get_by_role("heading", name=cat.t("Ops.revenue.pastDue"))).to_be_visible()
    row = past_due.get_by_role("row").filter(
        has=page.get_by_role("cell", name=f"#{parent.subscription_id}", exact=True)
    )
    expect(row.first).to_be_visible()
    recovery = page.get_by_test_id("recovery")
    expect(
        recovery.get_by_role("columnheader", name=cat.t("Ops.revenue.recoveryRate"))
    ).to_be_visible()
    expect(recovery.get_by_role("row").filter(has_text=re.compile(r"EUR"))).not_to_have_count(0)
    recovery.scroll_into_view_if_needed()
    page.screenshot(path=str(out / f"dunning-revenue-{locale}.png"), full_page=True)
