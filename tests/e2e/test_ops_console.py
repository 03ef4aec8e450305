"""The operator console in real Chromium: staff login with TOTP -> search a parent -> grant a month -> the
parent's profile shows the new date -> the audit entry is visible; a support user sees no admin-only action
and gets 403 from the API. Screenshots of every console screen in en and ar at 1280 px."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
import time
import uuid
from datetime import datetime
from pathlib import Path

import pyotp
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.browser_reports import MAINTENANCE_ANSWER
from tests.e2e.conftest import SCREENSHOT_DIR
from tests.e2e.support import ROOT, Catalog, catalog

pytestmark = pytest.mark.e2e

VENV_BIN = Path(sys.executable).parent
STAFF_PASSWORD = "e2e staff password 2026"


def create_staff(stack, role: str) -> tuple[str, str]:
    """`flask --app bff staff create` on the stack's database; answers (e-mail, TOTP secret)."""
    email_address = f"e2e-{role}-{uuid.uuid4().hex[:8]}@staff.lumo.example"
    env = {
        **os.environ,
        "LUMO_ENV": "test",
        "FLASK_APP": "bff",
        "DATABASE_URL": f"sqlite:///{stack.outbox.parent / 'e2e.db'}",
        "OUTBOX_DIR": str(stack.outbox),
    }
    env.pop("REDIS_URL", None)
    done = subprocess.run(
        [str(VENV_BIN / "flask"), "--app", "bff", "staff", "create", email_address, "--role", role],
        cwd=ROOT,
        env=env,
        input=f"{STAFF_PASSWORD}\n{STAFF_PASSWORD}\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    uri = next(line for line in done.stdout.splitlines() if line.startswith("otpauth://"))
    return email_address, pyotp.parse_uri(uri).secret


def staff_login(page: Page, cat: Catalog, email_address: str, secret: str) -> None:
    page.goto(cat.path("/ops"))
    page.get_by_label(cat.t("Ops.login.email"), exact=True).fill(email_address)
    page.get_by_label(cat.t("Ops.login.password"), exact=True).fill(STAFF_PASSWORD)
    page.get_by_label(cat.t("Ops.login.code"), exact=True).fill(pyotp.TOTP(secret).now())
    page.get_by_role("button", name=cat.t("Ops.login.submit")).click()
    expect(page.get_by_role("heading", level=1, name=cat.t("Ops.search.heading"))).to_be_visible()


def open_parent(page: Page, cat: Catalog, email_address: str) -> None:
    page.get_by_label(cat.t("Ops.search.by")).select_option("email")
    page.get_by_label(cat.t("Ops.search.query")).fill(email_address)
    page.get_by_role("button", name=cat.t("Ops.search.submit")).click()
    page.get_by_role("link", name=email_address).click()
    expect(page).to_have_url(re.compile(r"/ops/parents/\d+$"))
    expect(
        page.get_by_role("heading", level=2, name=cat.t("Ops.actions.heading"), exact=True)
    ).to_be_visible()


def long_date(iso: str) -> str:
    day = datetime.fromisoformat(iso)
    return f"{day:%B} {day.day}, {day.year}"


def test_support_grants_a_month_that_the_parent_sees_and_the_audit_shows(
    new_context, make_parent, stack
):
    cat = catalog("en")
    parent = make_parent("ops-grant", subscribed=False)
    email_address, secret = create_staff(stack, "support")
    page = new_context().new_page()
    staff_login(page, cat, email_address, secret)
    # the console is never indexed
    assert page.locator('meta[name="robots"]').first.get_attribute("content").startswith("noindex")
    open_parent(page, cat, parent.email)
    expect(page.get_by_role("button", name=cat.t("Ops.actions.erase"))).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("refund", re.I))).to_have_count(0)

    page.get_by_label(cat.t("Ops.actions.duration")).select_option("P1M")
    page.get_by_label(cat.t("Ops.actions.reason")).first.fill("e2e: outage on 20 November")
    page.get_by_role("button", name=cat.t("Ops.actions.grant")).click()
    expect(page.get_by_role("status")).to_have_text(cat.t("Ops.actions.done"))

    status, body = stack.api.call("GET", "/v5/subscriptions", token=parent.token)
    assert status == 200
    [granted] = body["subscriptions"]
    shown = long_date(granted["endDate"])
    expect(page.get_by_test_id(f"subscription-{granted['id']}")).to_be_visible()

    # the parent's own profile shows the new end date
    parent_page = new_context(token=parent.token).new_page()
    parent_page.goto(cat.path("/"))
    expect(parent_page.get_by_text(shown).first).to_be_visible()

    # the audit log shows who did it and why
    page.get_by_role("link", name=cat.t("Ops.nav.audit")).click()
    expect(page.get_by_role("heading", level=1, name=cat.t("Ops.audit.heading"))).to_be_visible()
    row = page.get_by_role("row").filter(has_text="parent.grant")
    expect(row.first).to_contain_text("e2e: outage on 20 November")
    expect(row.first).to_contain_text(email_address)

    # support may not erase or manage dead letters: the API says 403 with its own token
    token = page.evaluate("() => window.sessionStorage.getItem('lumo_ops_token')")
    account = stack.api.call("GET", f"/ops/v1/parents?by=email&q={parent.email}", token=token)[1][
        "results"
    ][0]
    status, body = stack.api.call(
        "POST",
        f"/ops/v1/parents/{account['id']}/erase",
        {"confirmation": parent.email, "reason": "e2e"},
        token=token,
    )
    assert (status, body["message"]) == (403, "staffForbidden")
    assert stack.api.call("GET", "/ops/v1/outbox/dead", token=token)[0] == 403
    # and the parent's own token opens nothing here
    assert stack.api.call("GET", "/ops/v1/me", token=parent.token)[0] == 401


def test_above_the_grant_limit_support_asks_and_finance_approves(new_context, make_parent, stack):
    """docs/operator-console.md#grant-limits-and-four-eyes, in the browser: the limit refused in words,
    the same grant sent for approval, and a finance member approving it on the Grant requests screen."""
    cat = catalog("en")
    parent = make_parent("ops-four-eyes", subscribed=False)
    support_email, support_secret = create_staff(stack, "support")
    page = new_context().new_page()
    staff_login(page, cat, support_email, support_secret)
    open_parent(page, cat, parent.email)
    page.get_by_label(cat.t("Ops.actions.duration")).select_option("P1M")
    page.get_by_label(cat.t("Ops.actions.reason")).first.fill("e2e: outage")
    page.get_by_role("button", name=cat.t("Ops.actions.grant")).click()
    expect(page.get_by_role("status")).to_have_text(cat.t("Ops.actions.done"))
    page.get_by_label(cat.t("Ops.actions.duration")).select_option("P7D")
    page.get_by_role("button", name=cat.t("Ops.actions.grant")).click()
    expect(page.locator(".ops-error")).to_contain_text("(31 days;")
    page.get_by_role("button", name=cat.t("OpsGrants.ask")).click()
    expect(page.get_by_role("status")).to_have_text(cat.t("OpsGrants.asked"))

    finance_email, finance_secret = create_staff(stack, "finance")
    finance = new_context().new_page()
    staff_login(finance, cat, finance_email, finance_secret)
    finance.get_by_role("link", name=cat.t("Ops.nav.grants")).click()
    expect(finance.get_by_role("heading", level=1, name=cat.t("OpsGrants.title"))).to_be_visible()
    row = finance.get_by_role("row").filter(has_text=support_email)
    expect(row).to_contain_text("e2e: outage")
    row.get_by_label(cat.t("OpsGrants.decisionReason")).fill("e2e: checked")
    row.get_by_role("button", name=cat.t("OpsGrants.approve")).click()
    expect(finance.get_by_text(cat.t("OpsGrants.empty"))).to_be_visible()
    status, body = stack.api.call("GET", "/v5/subscriptions", token=parent.token)
    assert status == 200 and len(body["subscriptions"]) == 2  # the month and the approved week


@pytest.mark.parametrize("locale", ["en", "ar", "de"])
def test_screenshots_of_every_console_screen(locale, new_context, make_parent, stack):
    cat = catalog(locale)
    parent = make_parent(f"ops-shot-{locale}")
    email_address, secret = create_staff(stack, "admin")
    page = new_context(
        locale={"ar": "ar", "de": "de-DE"}.get(locale, "en-GB"), width=1280, height=900
    ).new_page()
    out = SCREENSHOT_DIR.parent / "ops"
    out.mkdir(parents=True, exist_ok=True)
    page.goto(cat.path("/ops"))
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if locale == "ar" else "ltr")
    page.screenshot(path=str(out / f"login-{locale}.png"), full_page=True)
    staff_login(page, cat, email_address, secret)
    page.get_by_label(cat.t("Ops.search.query")).fill("e2e-ops-shot")
    page.get_by_role("button", name=cat.t("Ops.search.submit")).click()
    expect(page.get_by_role("link", name=parent.email)).to_be_visible()
    page.screenshot(path=str(out / f"search-{locale}.png"), full_page=True)
    page.get_by_role("link", name=parent.email).click()
    expect(page).to_have_url(re.compile(r"/ops/parents/\d+$"))
    expect(
        page.get_by_role("heading", level=2, name=cat.t("Ops.actions.heading"), exact=True)
    ).to_be_visible()
    page.screenshot(path=str(out / f"parent-{locale}.png"), full_page=True)
    page.get_by_role("link", name=cat.t("Ops.nav.audit")).click()
    expect(page.get_by_role("heading", level=1, name=cat.t("Ops.audit.heading"))).to_be_visible()
    expect(page.get_by_role("row").filter(has_text="staff.login").first).to_be_visible()
    page.screenshot(path=str(out / f"audit-{locale}.png"), full_page=True)
    page.get_by_role("link", name=cat.t("Ops.nav.revenue")).click()
    expect(page.get_by_role("heading", level=1, name=cat.t("Ops.revenue.heading"))).to_be_visible()
    expect(page.locator(".ops-chart svg").first).to_be_visible()
    expect(page.get_by_role("heading", level=2, name=cat.t("Ops.revenue.cohorts"))).to_be_visible()
    funnel = page.get_by_test_id("funnel")
    expect(funnel.locator(".ops-chart svg").first).to_be_visible()
    expect(
        funnel.get_by_role("row").filter(has_text=cat.t("Ops.revenue.originOrganic")).first
    ).to_be_visible()
    page.screenshot(path=str(out / f"revenue-{locale}.png"), full_page=True)
    page.get_by_role("link", name=cat.t("Ops.nav.campaigns")).click()
    page.get_by_label(cat.t("Ops.campaigns.prefix")).first.fill("E2E")
    page.get_by_role("button", name=cat.t("Ops.campaigns.show")).click()
    expect(page.locator(".ops-chart svg").first).to_be_visible()
    page.screenshot(path=str(out / f"campaigns-{locale}.png"), full_page=True)
    with sqlite3.connect(
        stack.outbox.parent / "e2e.db"
    ) as db:  # a partner callback that was given up on
        db.execute(
            "INSERT INTO outbox (kind, topic, payload, created_at, attempts, last_error, dead_at) VALUES "
            "('partner', 'subscribed', '{}', datetime('now'), 10, 'HTTP 503 from partner', datetime('now'))"
        )
    page.get_by_role("link", name=cat.t("Ops.nav.deadLetters")).click()
    expect(page.get_by_text("HTTP 503 from partner").first).to_be_visible()
    expect(page.get_by_role("heading", level=1, name=cat.t("Ops.dead.heading"))).to_be_visible()
    page.screenshot(path=str(out / f"dead-letters-{locale}.png"), full_page=True)
    with sqlite3.connect(
        stack.outbox.parent / "e2e.db"
    ) as db:  # a charge notice as the log keeps it
        db.execute(
            "INSERT INTO webhook_events (kind, gateway_id, occurred_at, received_at, transaction_id, amount, "
            "currency, outcome, replays) VALUES ('charged', ?, datetime('now'), datetime('now'), "
            "'sandbox_tx_shot', 9.99, 'EUR', 'applied', 0)",
            (f"e2e-shot-{uuid.uuid4().hex[:8]}",),
        )
    page.get_by_role("link", name=cat.t("Ops.nav.webhooks")).click()
    expect(page.get_by_role("heading", level=1, name=cat.t("Ops.webhooks.heading"))).to_be_visible()
    expect(page.get_by_text("sandbox_tx_shot").first).to_be_visible()
    page.screenshot(path=str(out / f"webhooks-{locale}.png"), full_page=True)
    page.get_by_role("link", name=cat.t("Ops.nav.site")).click()
    expect(page.get_by_role("heading", level=1, name=cat.t("Ops.site.heading"))).to_be_visible()
    expect(page.get_by_test_id("maintenance-state")).to_contain_text(
        cat.t("Ops.site.maintenanceOff")
    )
    page.screenshot(path=str(out / f"site-{locale}.png"), full_page=True)
    page.get_by_role("link", name=cat.t("Ops.nav.staff")).click()
    expect(page.get_by_role("heading", level=1, name=cat.t("Ops.staff.heading"))).to_be_visible()
    page.get_by_label(cat.t("Ops.staff.email"), exact=True).fill(
        f"shot-{locale}-{uuid.uuid4().hex[:6]}@staff.lumo.example"
    )
    page.get_by_label(cat.t("Ops.staff.password"), exact=True).fill(STAFF_PASSWORD)
    page.get_by_role("button", name=cat.t("Ops.staff.create")).click()
    expect(page.get_by_test_id("provisioning").locator("svg")).to_be_visible()
    page.screenshot(path=str(out / f"staff-{locale}.png"), full_page=True)


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_finance_refunds_part_of_a_charge_and_support_cannot(
    locale, new_context, make_parent, stack
):
    """A finance user refunds part of a charge: it shows in the payment history and the audit log. A support
    user sees the history but no refund button, and the API answers 403 to their token."""
    cat = catalog(locale)
    parent = make_parent(f"ops-refund-{locale}")  # the free trial
    stack.api.subscribe(
        parent.token, product="lumo_games", key=f"e2e-games-{uuid.uuid4().hex[:12]}"
    )  # trial used: charged now (settled at once here)
    email_address, secret = create_staff(stack, "finance")
    page = new_context(locale={"ar": "ar"}.get(locale, "en-GB"), width=1280, height=900).new_page()
    staff_login(page, cat, email_address, secret)
    open_parent(page, cat, parent.email)
    charge = page.locator('[data-testid^="charge-"]')
    expect(charge).to_have_count(1)
    transaction = charge.get_attribute("data-testid").removeprefix("charge-")

    charge.get_by_role("button", name=cat.t("Ops.payments.refund")).click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    dialog.locator('input[name="amount"]').fill("1.50")
    dialog.get_by_label(cat.t("Ops.payments.reason")).fill("e2e: the games app was down")
    out = SCREENSHOT_DIR.parent / "ops"
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"refund-dialog-{locale}.png"), full_page=True)
    dialog.get_by_role("button", name=cat.t("Ops.payments.confirmRefund")).click()
    expect(page.get_by_test_id("payment-done")).to_have_text(cat.t("Ops.payments.done"))
    history = page.get_by_test_id("payment-history")
    expect(
        history.get_by_role("listitem").filter(has_text=cat.t("Ops.payments.kind_refund"))
    ).to_contain_text("e2e: the games app was down")
    expect(history).to_contain_text(email_address)
    page.screenshot(path=str(out / f"payments-{locale}.png"), full_page=True)

    page.get_by_role("link", name=cat.t("Ops.nav.audit")).click()
    row = page.get_by_role("row").filter(has_text="parent.refund")
    expect(row.first).to_contain_text("e2e: the games app was down")
    expect(row.first).to_contain_text(email_address)
    token = page.evaluate("() => window.sessionStorage.getItem('lumo_ops_token')")
    account_id = stack.api.call("GET", f"/ops/v1/parents?by=email&q={parent.email}", token=token)[
        1
    ]["results"][0]["id"]
    charges = stack.api.call("GET", f"/ops/v1/parents/{account_id}", token=token)[1]["payments"]
    assert [(c["transactionId"], c["refundedAmount"]) for c in charges] == [(transaction, "1.50")]

    support_email, support_secret = create_staff(stack, "support")
    support = new_context(
        locale={"ar": "ar"}.get(locale, "en-GB"), width=1280, height=900
    ).new_page()
    staff_login(support, cat, support_email, support_secret)
    open_parent(support, cat, parent.email)
    expect(support.get_by_test_id("payment-history")).to_contain_text(transaction)
    expect(
        support.get_by_role("button", name=cat.t("Ops.payments.refund"), exact=True)
    ).to_have_count(0)
    expect(
        support.get_by_role("button", name=cat.t("Ops.payments.void"), exact=True)
    ).to_have_count(0)
    support_token = support.evaluate("() => window.sessionStorage.getItem('lumo_ops_token')")
    status, body = stack.api.call(
        "POST",
        f"/ops/v1/parents/{account_id}/payments/{transaction}/refund",
        {"amount": "1.00", "reason": "e2e", "operationKey": "e2e-support-1"},
        token=support_token,
    )
    assert (status, body["message"]) == (403, "staffForbidden")


def public_page_state(page: Page, cat: Catalog) -> int:
    """The status of the public home page as a visitor gets it now."""
    return page.goto(cat.path("/login")).status


def wait_for_public_status(page: Page, cat: Catalog, status: int, within_seconds: float) -> float:
    """Seconds until the public site answers `status` (checked every second), or fail after the bound."""
    started = time.monotonic()
    while True:
        if public_page_state(page, cat) == status:
            return time.monotonic() - started
        if time.monotonic() - started > within_seconds:
            pytest.fail(f"the public site did not answer {status} within {within_seconds} s")
        time.sleep(1)


@pytest.mark.browser_reports(MAINTENANCE_ANSWER)
def test_an_admin_switches_maintenance_on_and_the_public_site_follows_then_off(new_context, stack):
    """The site switch from the console, without a restart: the public site answers its maintenance page
    (503) within the switch's refresh time (the API's SITE_CACHE_SECONDS + the web app's own cache), then
    the normal site again once it is off. The console itself keeps working during maintenance."""
    cat = catalog("en")
    email_address, secret = create_staff(stack, "admin")
    page = new_context(width=1280, height=900).new_page()
    staff_login(page, cat, email_address, secret)
    visitor = new_context().new_page()
    assert public_page_state(visitor, cat) == 200
    page.get_by_role("link", name=cat.t("Ops.nav.site")).click()
    expect(page.get_by_test_id("maintenance-state")).to_contain_text(
        cat.t("Ops.site.maintenanceOff")
    )
    intro = page.get_by_text(re.compile(r"\d+ seconds"))
    refresh = int(re.search(r"(\d+) seconds", intro.inner_text()).group(1))
    token = page.evaluate("() => window.sessionStorage.getItem('lumo_ops_token')")
    try:
        page.get_by_label(cat.t("Ops.site.reason")).first.fill("e2e: database upgrade")
        page.get_by_role("button", name=cat.t("Ops.site.turnOn")).click()
        expect(page.get_by_test_id("maintenance-state")).to_contain_text(
            cat.t("Ops.site.maintenanceOn")
        )
        took = wait_for_public_status(visitor, cat, 503, refresh + 5)
        expect(visitor.get_by_role("heading", level=1)).to_have_text(cat.t("MaintenancePage.title"))
        print(f"maintenance reached the public site in {took:.1f} s (bound {refresh} s)")
        # the console still answers during maintenance
        page.reload()
        expect(page.get_by_test_id("maintenance-state")).to_contain_text(
            cat.t("Ops.site.maintenanceOn")
        )
        page.get_by_label(cat.t("Ops.site.reason")).first.fill("e2e: upgrade done")
        page.get_by_role("button", name=cat.t("Ops.site.turnOff")).click()
        expect(page.get_by_test_id("maintenance-state")).to_contain_text(
            cat.t("Ops.site.maintenanceOff")
        )
        wait_for_public_status(visitor, cat, 200, refresh + 5)
        expect(visitor.get_by_role("heading", level=1)).not_to_have_text(
            cat.t("MaintenancePage.title")
        )
    finally:  # never leave the shared stack in maintenance
        stack.api.call(
            "POST", "/ops/v1/site/maintenance/reset", {"reason": "e2e cleanup"}, token=token
        )
    row = page.get_by_role("row").filter(has_text="e2e: database upgrade")
    expect(row.first).to_contain_text(email_address)
    page.get_by_role("link", name=cat.t("Ops.nav.audit")).click()
    audit_row = page.get_by_role("row").filter(has_text="e2e: upgrade done")
    expect(audit_row.first).to_contain_text("site.switch")
    expect(audit_row.first).to_contain_text(email_address)
