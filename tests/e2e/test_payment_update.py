"""Fixing a failed payment in real Chromium (docs/billing.md#fixing-a-failed-payment): a renewal the sandbox
declines makes the subscription Past_Due and sends the payment-failed e-mail; its link opens /payment-method
without a password; a card with a 3-D Secure challenge (or PayPal) replaces the method, the charge is taken
again at once: Active, and the receipt is in the outbox."""

from __future__ import annotations

import re
import subprocess

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOT_DIR, VENV_BIN
from tests.e2e.support import ROOT, catalog, mails_to, text_of
from tests.e2e.test_journeys import expiry_in_future

pytestmark = pytest.mark.e2e

BROWSER_LOCALES = {"en": "en-GB", "ar": "ar"}


def decline_renewal(stack, subscription_id: int) -> None:
    """`make run`'s way: the sandbox declines the renewal and tells the API as Braintree would."""
    done = subprocess.run(
        [
            str(VENV_BIN / "flask"),
            "--app",
            "bff",
            "sandbox",
            "decline-renewal",
            str(subscription_id),
        ],
        cwd=ROOT,
        env=stack.api_env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"subscription {subscription_id}: Past_Due" in done.stdout


def subject_of(cat, topic: str) -> str:
    return cat.t(f"Emails.{topic}.subject")


def mails(stack, parent, subjects: set[str]):
    return [m for m in mails_to(stack.outbox, parent.email) if str(m["Subject"]) in subjects]


def the_link(stack, parent, cat) -> str:
    [failed] = mails(stack, parent, {subject_of(cat, "payment_failed")})
    [link] = re.findall(
        r"https?://\S+/payment-method\?subscription=\d+&link=[\w-]+", text_of(failed)
    )
    return link


def past_due_parent(stack, make_parent, locale: str, tag: str):
    parent = make_parent(f"{tag}-{locale}")
    # The e-mails (and so the link's page) in the parent's language
    status, _ = stack.api.call(
        "PUT",
        "/v5/users/email-language",
        {"language": locale, "explicit": True},
        token=parent.token,
    )
    assert status == 200
    decline_renewal(stack, parent.subscription_id)
    status, account = stack.api.account(parent.token)
    assert [s["paymentStateId"] for s in account["subscriptions"]] == ["Past_Due"]
    return parent


def pay_button(page: Page, cat):
    before_amount = cat.raw("PaymentMethodPage.saveAndPay").split("{amount}")[0].strip()
    return page.get_by_role("button", name=re.compile(re.escape(before_amount)))


def recovered(page: Page, cat, stack, parent, receipts_before: int, shot: str) -> None:
    expect(
        page.get_by_role("heading", level=1, name=cat.t("PaymentMethodPage.doneTitle"))
    ).to_be_visible()
    expect(page.get_by_text(cat.t("PaymentMethodPage.recovered"))).to_be_visible()
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / shot), full_page=True)
    status, account = stack.api.account(parent.token)
    assert [s["paymentStateId"] for s in account["subscriptions"]] == ["Active"]
    receipt_subjects = {subject_of(cat, "receipt"), subject_of(cat, "receipt_acknowledgement")}
    assert len(mails(stack, parent, receipt_subjects)) == receipts_before + 1
    # The billing history holds the charge taken, with its receipt (docs/billing.md#receipts-and-credit-notes)
    status, history = stack.api.call("GET", "/v5/billing-history", token=parent.token)
    assert status == 200
    charges = [entry for entry in history["entries"] if entry["kind"] == "charge"]
    assert charges and charges[0]["status"] == "succeeded", history
    assert charges[0]["document"]["number"].startswith("R-"), charges[0]
    # The link was spent: opened again, it says so and offers the login
    page.reload()
    refused = page.get_by_role("alert").filter(has_text=cat.t("Errors.paymentLinkInvalid"))
    expect(refused).to_be_visible()
    expect(refused.get_by_role("link", name=cat.t("PaymentMethodPage.logIn"))).to_be_visible()


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_a_declined_renewal_fixed_from_the_emails_link_with_a_3ds_card(
    locale, new_context, make_parent, stack
):
    cat = catalog(locale)
    parent = past_due_parent(stack, make_parent, locale, "fix-card")
    receipt_subjects = {subject_of(cat, "receipt"), subject_of(cat, "receipt_acknowledgement")}
    receipts_before = len(mails(stack, parent, receipt_subjects))
    link = the_link(stack, parent, cat)
    assert f"/{locale}/payment-method" in link if locale != "en" else "/payment-method" in link

    page = new_context(BROWSER_LOCALES[locale]).new_page()  # no session: the link alone
    page.goto(link)
    expect(page.locator("html")).to_have_attribute("lang", cat.locale)
    expect(
        page.get_by_role("heading", level=1, name=cat.t("PaymentMethodPage.title"))
    ).to_be_visible()
    expect(page.get_by_text(cat.t("PaymentMethodPage.pastDueTitle"))).to_be_visible()
    card = page.get_by_label(cat.t("PaymentForm.cardNumber"), exact=True)
    expect(card).to_be_editable()  # the payment provider is ready
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(SCREENSHOT_DIR / f"payment-update-past-due-{locale}.png"), full_page=True
    )
    # A card the bank declines first: its answer is shown and the parent tries another, with the same link
    card.fill("4000 1111 1111 1115")
    page.get_by_label(cat.t("PaymentForm.expiry"), exact=True).press_sequentially(
        expiry_in_future()
    )
    page.get_by_label(cat.t("PaymentForm.cvv"), exact=True).fill("123")
    page.get_by_label(cat.t("PaymentForm.holderName"), exact=True).fill("Ada Parent")
    pay_button(page, cat).click()
    expect(
        page.get_by_role("alert").filter(has_text=cat.t("Errors.paymentDeclined"))
    ).to_be_visible()
    page.screenshot(
        path=str(SCREENSHOT_DIR / f"payment-update-declined-{locale}.png"), full_page=True
    )
    status, account = stack.api.account(parent.token)
    assert [s["paymentStateId"] for s in account["subscriptions"]] == ["Past_Due"]
    card.fill("4000 0000 0000 1091")
    pay_button(page, cat).click()
    dialog = page.get_by_role("dialog", name=cat.t("PaymentForm.challenge.title"))
    expect(dialog.get_by_text(cat.t("PaymentForm.challenge.sandboxNote"))).to_be_visible()
    dialog.get_by_role("button", name=cat.t("PaymentForm.challenge.sandboxAuthenticate")).click()

    recovered(page, cat, stack, parent, receipts_before, f"payment-update-done-{locale}.png")
    status, account = stack.api.account(parent.token)
    [sub] = account["subscriptions"]
    assert (sub["paymentMethod"], sub["paymentCard"]["brand"]) == ("card", "Visa")


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_a_declined_renewal_fixed_from_the_emails_link_with_paypal(
    locale, new_context, make_parent, stack
):
    cat = catalog(locale)
    parent = past_due_parent(stack, make_parent, locale, "fix-paypal")
    receipt_subjects = {subject_of(cat, "receipt"), subject_of(cat, "receipt_acknowledgement")}
    receipts_before = len(mails(stack, parent, receipt_subjects))
    page = new_context(BROWSER_LOCALES[locale]).new_page()
    page.goto(the_link(stack, parent, cat))
    expect(page.get_by_text(cat.t("PaymentMethodPage.pastDueTitle"))).to_be_visible()
    page.get_by_role("button", name=cat.t("PaymentForm.paypal")).click()

    recovered(page, cat, stack, parent, receipts_before, f"payment-update-paypal-done-{locale}.png")
    status, account = stack.api.account(parent.token)
    assert account["subscriptions"][0]["paymentMethod"] == "paypal"


def test_the_profile_shows_the_banner_and_the_action_of_a_past_due_subscription(
    new_context, make_parent, stack
):
    cat = catalog("en")
    parent = past_due_parent(stack, make_parent, "en", "banner")
    page = new_context(token=parent.token).new_page()
    page.goto(cat.path("/"))
    banner = page.get_by_role("alert").filter(has_text=cat.t("ProfilePage.pastDueBanner"))
    expect(banner).to_be_visible()
    banner.get_by_role("link", name=cat.t("ProfilePage.updatePaymentMethod")).click()
    expect(page).to_have_url(
        re.compile(rf"/payment-method\?subscription={parent.subscription_id}$")
    )
    expect(page.get_by_text(cat.t("PaymentMethodPage.pastDueTitle"))).to_be_visible()
