"""Withdrawal and the express request in a real browser (docs/consumer-law-withdrawal.md): the unticked box
and the price by the pay button at checkout, the profile's "withdraw from contract here", and the public
page with no login — in English and Arabic; plus the screenshots of the new parts in en, ar and de
(var/screenshots/withdrawal-*.png)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import BROWSER_LOCALES, ROOT, catalog, mails_to, text_of
from tests.e2e.test_journeys import at, heading, pay_by_card

pytestmark = pytest.mark.e2e

SCREENSHOTS = ROOT / "var" / "screenshots"


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"withdrawal-{name}.png"), full_page=True)


def withdraw_mail(stack, cat, address):
    prefix = cat.t("Emails.withdrawal.subject", reference="LUMO-").split("LUMO-")[0].strip()
    return [m for m in mails_to(stack.outbox, address) if prefix in str(m["Subject"])]


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_checkout_asks_unticked_then_the_profile_withdraws(locale, stack, make_parent, new_context):
    cat = catalog(locale)
    parent = make_parent(f"checkout-{locale}", subscribed=False)
    page = new_context(locale=BROWSER_LOCALES[locale], token=parent.token).new_page()
    page.goto(cat.path("/subscribe"))
    expect(heading(page, cat.t("SubscribePage.title"))).to_be_visible()
    box = page.get_by_role("checkbox", name=cat.t("Withdrawal.consent"))
    expect(box).to_be_visible()
    expect(box).not_to_be_checked()
    # the price charged after the trial, right by the pay button
    note = page.get_by_test_id("charge-note")
    expect(note).to_be_visible()
    # the same first charge as the order summary states
    first = page.locator('[data-figure="first"]')
    expect(first).to_be_visible()
    amount = re.split(r"\s", first.inner_text().strip())[0]
    expect(note).to_contain_text(re.compile(r"[0-9٠-٩]"))
    assert amount[:2] in note.inner_text() or amount in note.inner_text(), (
        amount,
        note.inner_text(),
    )
    if locale == "en":
        shot(page, "checkout-en")
    elif locale == "ar":
        shot(page, "checkout-ar")
    box.check()
    pay_by_card(page, cat)
    at(page, cat, "/")

    # the receipt repeats the express request
    [receipt] = [
        m
        for m in mails_to(stack.outbox, parent.email)
        if str(m["Subject"]) == cat.t("Emails.receipt_withdrawal.subject")
    ]
    given = cat.raw("Emails.withdrawal_lines.expressGiven").split("{")[0].strip()
    assert given in text_of(receipt)

    button = page.get_by_role("button", name=cat.t("Withdrawal.function"))
    expect(button).to_be_visible()
    if locale == "ar":
        shot(page, "profile-ar")
    else:
        shot(page, "profile-en")
    button.click()
    page.get_by_role("button", name=cat.t("Withdrawal.confirm")).click()
    done = page.get_by_role("heading", name=cat.t("Withdrawal.doneTitle"))
    expect(done).to_be_visible()
    expect(page.get_by_test_id("withdrawal-receipt")).to_contain_text("LUMO-")
    # nothing was charged yet (the trial): nothing to refund
    expect(page.get_by_text(cat.t("Withdrawal.noRefund"))).to_be_visible()
    expect(page.get_by_role("button", name=cat.t("Withdrawal.function"))).to_have_count(0)
    assert withdraw_mail(stack, cat, parent.email)


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_the_public_page_withdraws_without_a_login(locale, stack, make_parent, new_context):
    cat = catalog(locale)
    parent = make_parent(f"public-{locale}")
    page = new_context(locale=BROWSER_LOCALES[locale]).new_page()
    page.goto(cat.path("/withdraw"))
    expect(heading(page, cat.t("Withdrawal.title"))).to_be_visible()
    form = page.locator("main form").filter(
        has=page.get_by_role("button", name=cat.t("Withdrawal.confirm"))
    )
    # the page asks for name, e-mail address and contract reference, nothing else
    assert form.locator("input, select, textarea").evaluate_all("els => els.map(e => e.name)") == [
        "name",
        "email",
        "reference",
    ]
    page.get_by_label(cat.t("Withdrawal.name"), exact=True).fill("Ada Parent")
    page.get_by_label(cat.t("Withdrawal.email"), exact=True).fill(parent.email)
    page.get_by_label(cat.t("Withdrawal.reference"), exact=True).fill(
        f"LUMO-{parent.subscription_id}"
    )
    if locale == "ar":
        shot(page, "public-ar")
    page.get_by_role("button", name=cat.t("Withdrawal.confirm")).click()
    expect(page.get_by_role("heading", name=cat.t("Withdrawal.doneTitle"))).to_be_visible()
    receipt = page.get_by_test_id("withdrawal-receipt")
    expect(receipt).to_contain_text(f"LUMO-{parent.subscription_id}")
    expect(receipt).to_contain_text("Ada Parent")
    if locale == "en":
        shot(page, "public-done-en")
    [ack] = withdraw_mail(stack, cat, parent.email)
    assert f"LUMO-{parent.subscription_id}" in text_of(ack)

    # a second time: the contract has ended, the function is gone
    page.goto(cat.path("/withdraw"))
    page.get_by_label(cat.t("Withdrawal.name"), exact=True).fill("Ada Parent")
    page.get_by_label(cat.t("Withdrawal.email"), exact=True).fill(parent.email)
    page.get_by_label(cat.t("Withdrawal.reference"), exact=True).fill(
        f"LUMO-{parent.subscription_id}"
    )
    page.get_by_role("button", name=cat.t("Withdrawal.confirm")).click()
    # the same declaration again answers the first one
    expect(page.get_by_role("heading", name=cat.t("Withdrawal.doneTitle"))).to_be_visible()


def test_german_screenshots(stack, make_parent, new_context):
    cat = catalog("de")
    parent = make_parent("screens-de", subscribed=False)
    page = new_context(locale=BROWSER_LOCALES["de"], token=parent.token).new_page()
    page.goto(cat.path("/subscribe"))
    expect(page.get_by_role("checkbox", name=cat.t("Withdrawal.consent"))).to_be_visible()
    expect(page.get_by_test_id("charge-note")).to_be_visible()
    shot(page, "checkout-de")
    public = new_context(locale=BROWSER_LOCALES["de"]).new_page()
    public.goto(cat.path("/withdraw"))
    expect(public.get_by_role("button", name=cat.t("Withdrawal.confirm"))).to_be_visible()
    shot(public, "public-de")
