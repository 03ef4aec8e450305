"""The billing history in a real browser (docs/billing.md#receipts-and-credit-notes): a parent whose family
used its free trial buys an app in the browser (charged at once), opens the billing history from the
profile, opens the receipt, and downloads its PDF — in English and Arabic; screenshots in
var/screenshots/billing-*.png."""

from __future__ import annotations

import re
import subprocess

import pytest
from playwright.sync_api import expect

from tests.e2e.support import BROWSER_LOCALES, ROOT, catalog, mails_to, text_of
from tests.e2e.test_journeys import VALID_CARD, at, expiry_in_future, heading

pytestmark = pytest.mark.e2e

SCREENSHOTS = ROOT / "var" / "screenshots"
RECEIPT_NUMBER = re.compile(r"R-\d{4}-\d{6}")


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"billing-{name}.png"), full_page=True)


def buy_games_by_card(page, cat) -> None:
    """Games, monthly, bought in the browser (/add-subscription) with a sandbox card."""
    page.goto(cat.path("/add-subscription"))
    plans = page.get_by_role("group", name=cat.t("AddSubscriptionPage.planLegend"))
    chosen = re.compile("^" + re.escape(cat.t("Plans.lumo_games_monthly")))
    plans.get_by_role("radio", name=chosen).check()
    page.get_by_role("button", name=cat.t("AddSubscriptionPage.next")).click()
    page.get_by_role("button", name=cat.t("AddSubscriptionPage.methodCard")).click()
    card = page.get_by_label(cat.t("PaymentForm.cardNumber"), exact=True)
    expect(card).to_be_editable()
    card.fill(VALID_CARD)
    page.get_by_label(cat.t("PaymentForm.expiry"), exact=True).press_sequentially(
        expiry_in_future()
    )
    page.get_by_label(cat.t("PaymentForm.cvv"), exact=True).fill("123")
    page.get_by_label(cat.t("PaymentForm.holderName"), exact=True).fill("Ada Parent")
    with page.expect_response(
        lambda r: "/braintree/" in r.url and r.request.method == "POST"
    ) as answer:
        page.get_by_role("button", name=cat.t("AddSubscriptionPage.pay")).click()
    assert answer.value.status == 200
    at(page, cat, "/")


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_a_paying_parent_opens_the_receipt_from_the_profile_and_downloads_its_pdf(
    locale, stack, make_parent, new_context, tmp_path
):
    cat = catalog(locale)
    parent = make_parent(f"billing-{locale}")  # TV: its free trial, nothing charged
    page = new_context(locale=BROWSER_LOCALES[locale], token=parent.token).new_page()
    buy_games_by_card(page, cat)  # no second free trial: charged at once

    page.goto(cat.path("/"))
    link = page.get_by_test_id("billing-link")
    expect(link).to_have_text(cat.t("BillingPage.profileLink"))
    link.click()
    at(page, cat, "/billing")
    expect(heading(page, cat.t("BillingPage.title"))).to_be_visible()
    history = page.get_by_test_id("billing-history")
    expect(history).to_be_visible()
    rows = history.locator("tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(cat.t("BillingPage.kinds.charge"))
    expect(rows.first).to_contain_text(cat.t("BillingPage.statuses.succeeded"))
    number = RECEIPT_NUMBER.search(rows.first.inner_text())
    assert number, rows.first.inner_text()
    shot(page, f"history-{locale}")

    page.get_by_role("link", name=number.group(0)).click()
    at(page, cat, f"/billing/{number.group(0)}")
    document = page.get_by_test_id("billing-document")
    expect(document).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_contain_text(
        cat.t("BillingDocument.receiptTitle")
    )
    for key in ("net", "vatRate", "vat", "gross", "period"):
        expect(document).to_contain_text(cat.t(f"BillingDocument.{key}"))
    expect(document).to_contain_text("20 %")  # the account's country: France
    shot(page, f"receipt-{locale}")

    with page.expect_download() as download:
        page.get_by_role("button", name=cat.t("BillingDocument.download")).click()
    pdf = tmp_path / "receipt.pdf"
    download.value.save_as(pdf)
    assert download.value.suggested_filename == f"lumo-{number.group(0)}.pdf"
    text = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert number.group(0) in text, text
    assert cat.t("BillingDocument.receiptTitle") in text, text

    # The receipt e-mail links to the same page
    mails = [m for m in mails_to(stack.outbox, parent.email) if number.group(0) in text_of(m)]
    assert mails and f"/billing/{number.group(0)}" in text_of(mails[-1])
