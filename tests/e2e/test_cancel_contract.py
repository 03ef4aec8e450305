"""The public cancellation page (docs/consumer-law.md#cancellation-page) in real Chromium, with no login: from the
footer of the home page, one page, one button, the confirmation; the subscription stops renewing at the period's
end and the confirmation e-mail is in the outbox, in the page's language."""

from __future__ import annotations

import re
import subprocess
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOT_DIR
from tests.e2e.support import BROWSER_LOCALES, catalog, text_of
from tests.e2e.test_journeys import at, heading, log_in, pay_by_card, wait_for_mail

pytestmark = pytest.mark.e2e

# The data § 312k(3) BGB allows, and no more: the kind of termination (its reason only when extraordinary), who
# the customer is, the contract, the end wanted, the address for the confirmation.
LISTED_FIELDS = {"termination", "name", "email", "reference", "endWhen"}
WHEN_ASKED = {"reason", "endDate"}


def field_names(page: Page) -> list[str]:
    return (
        page.locator("main form")
        .locator("input, select, textarea")
        .evaluate_all("els => els.map(e => e.name)")
    )


def shoot(page: Page, name: str) -> None:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("locale", ["de", "fr", "ar"])
def test_from_the_footer_to_the_confirmation_without_login(locale, new_context, make_parent, stack):
    cat = catalog(locale)
    parent = make_parent(f"cancel-{locale}")
    [before] = stack.api.account(parent.token)[1]["subscriptions"]
    page = new_context(locale=BROWSER_LOCALES.get(locale, locale)).new_page()
    page.goto(cat.path("/homePage"))
    page.get_by_role("contentinfo").get_by_role(
        "link", name=cat.t("CancelContract.link"), exact=True
    ).click()

    at(page, cat, "/cancel-contract")
    expect(heading(page, cat.t("CancelContract.title"))).to_be_visible()
    assert set(field_names(page)) == LISTED_FIELDS
    expect(page.locator("main").get_by_role("button")).to_have_count(1)
    if locale == "de":
        expect(page.get_by_role("button", name="jetzt kündigen", exact=True)).to_be_visible()
        shoot(page, "cancel-contract-de")
    if locale == "ar":
        shoot(page, "cancel-contract-ar")
    page.get_by_label(cat.t("CancelContract.name"), exact=True).fill("Ada Parent")
    page.get_by_label(cat.t("CancelContract.email"), exact=True).fill(parent.email)
    page.get_by_role("button", name=cat.t("CancelContract.submit")).click()

    confirmation = page.get_by_role("status").filter(
        has_text=cat.t("CancelContract.confirmation.title")
    )
    expect(confirmation).to_be_visible()
    received = page.locator("dl.declaration > div").first
    expect(received).to_contain_text(cat.t("CancelContract.confirmation.received"))
    expect(received).to_contain_text("UTC")
    expect(received).to_contain_text(re.compile(r"\d{1,2}[:٫.]\d{2}|[٠-٩]{1,2}:[٠-٩]{2}"))
    shoot(page, f"cancel-contract-confirmation-{locale}")

    [after] = stack.api.account(parent.token)[1]["subscriptions"]
    assert (after["isRenewing"], after["paymentStateId"], after["endDate"]) == (
        False,
        "Cancelled",
        before["endDate"],
    )
    mail = wait_for_mail(stack.outbox, parent.email, cat.t("Emails.contract_cancellation.subject"))
    assert mail["Content-Language"] in (None, locale) or locale in str(mail["Content-Language"])
    body = text_of(mail)
    assert "Ada Parent" in body and parent.email in body
    assert cat.t("CancelContract.confirmation.terminations.ordinary") in body
    assert f"/{locale}/resubscribe" in body  # the account's own copy: the way back
    assert f"/{locale}/cancel-contract" in body  # every e-mail's footer


def test_the_page_fields_are_exactly_the_listed_ones(new_context, stack):
    cat = catalog("de")
    page = new_context(locale="de-DE").new_page()
    page.goto(cat.path("/cancel-contract"))
    assert set(field_names(page)) == LISTED_FIELDS
    page.get_by_label(cat.t("CancelContract.extraordinary")).check()
    page.get_by_label(cat.t("CancelContract.onDate")).check()
    assert set(field_names(page)) == LISTED_FIELDS | WHEN_ASKED
    labels = page.locator("main form label > span, main form legend").all_inner_texts()
    assert sorted(labels) == sorted(
        cat.t(f"CancelContract.{key}")
        for key in (
            "termination",
            "ordinary",
            "extraordinary",
            "reason",
            "name",
            "email",
            "reference",
            "endWhen",
            "earliest",
            "onDate",
            "date",
        )
    )


def test_someone_else_names_the_parents_address_the_parent_is_told_and_resubscribes(
    new_context, make_parent, stack, tmp_path
):
    cat = catalog("en")
    parent = make_parent("cancel-other")
    [before] = stack.api.account(parent.token)[1]["subscriptions"]
    stranger = new_context().new_page()
    stranger.goto(cat.path("/cancel-contract"))
    shoot(stranger, "cancel-contract-en")
    stranger.get_by_label(cat.t("CancelContract.name"), exact=True).fill("Somebody Else")
    stranger.get_by_label(cat.t("CancelContract.email"), exact=True).fill(parent.email)
    stranger.get_by_role("button", name=cat.t("CancelContract.submit")).click()
    expect(
        stranger.get_by_role("status").filter(has_text=cat.t("CancelContract.confirmation.title"))
    ).to_be_visible()
    shoot(stranger, "cancel-contract-confirmation-en")

    with stranger.expect_download() as download:
        stranger.get_by_role("button", name=cat.t("CancelContract.confirmation.pdf")).click()
    pdf = tmp_path / "copy.pdf"
    download.value.save_as(pdf)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "Somebody Else" in text and parent.email in text, text

    mail = wait_for_mail(stack.outbox, parent.email, cat.t("Emails.contract_cancellation.subject"))
    assert "Somebody Else" in text_of(mail)
    links = re.findall(r"https?://[^\s\"'<>]+/en/resubscribe", text_of(mail))
    assert links and links[0].startswith(stack.web_url), text_of(mail)

    owner = new_context().new_page()
    log_in(owner, cat, parent.email, parent.password)
    at(owner, cat, "/")
    owner.goto(links[0])
    at(owner, cat, "/resubscribe")
    still_active = cat.t("PaymentPage.stillActive", date="@@").split("@@")[0]
    expect(owner.get_by_role("status").filter(has_text=still_active)).to_be_visible()
    pay_by_card(owner, cat)
    at(owner, cat, "/")
    subscriptions = stack.api.account(parent.token)[1]["subscriptions"]
    renewing = [s for s in subscriptions if s["isRenewing"]]
    assert len(subscriptions) == 2 and len(renewing) == 1, subscriptions
    # No paid time lost: the new subscription is first billed when the cancelled one's time runs out (the sandbox
    # counts the days left in whole days from the moment of payment, so to the minute, never before).
    first_charge = datetime.fromisoformat(renewing[0]["nextBillingDate"])
    paid_until = datetime.fromisoformat(before["endDate"])
    assert paid_until <= first_charge < paid_until + timedelta(minutes=5), (
        first_charge,
        paid_until,
    )
