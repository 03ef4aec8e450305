"""One price truth in real Chromium (docs/billing.md#one-price-truth): the landing, register, subscribe,
profile and receipt e-mail of one purchase with a free trial and one with the discount coupon LUMO-HALF
show the amounts and dates the API quoted, the subscription stored and the sandbox gateway charged (the
payments table); and a LUMO-HALF purchase charged at once shows the very charge the gateway took.
Screenshots: var/screenshots/price-truth-*.png, in English and Arabic."""

from __future__ import annotations

import re
import sqlite3
import time
from datetime import datetime
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from core.adapters.email_templates import LocaleEmailTemplates
from tests.e2e.conftest import unique_email
from tests.e2e.support import BROWSER_LOCALES, ROOT, catalog, mails_to, text_of
from tests.e2e.test_journeys import (
    assert_language,
    at,
    fill_register_form,
    heading,
    pay_by_card,
    wait_for_mail,
)

SCREENSHOTS = ROOT / "var" / "screenshots"
TEMPLATES = LocaleEmailTemplates(ROOT / "locales")
MONTHS_EN = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def long_date_en(moment: datetime) -> str:
    return f"{MONTHS_EN[moment.month - 1]} {moment.day}, {moment.year}"


def figure(amount: str) -> re.Pattern:
    """An amount as any of our locales writes its digits ("70.90", "70,90", "70٫90")."""
    return re.compile(re.escape(amount).replace(r"\.", "[.,٫]"))


def web_money(locale: str, amount: str) -> str:
    """English amounts as the page writes them (Intl, en): "€4.99"."""
    assert locale == "en"
    return f"€{amount}"


def payments_of(stack, email_address: str) -> list[tuple[str, str]]:
    """(amount, transaction id) of every charge the payment history holds for the parent."""
    with sqlite3.connect(stack.outbox.parent / "e2e.db") as db:
        rows = db.execute(
            "SELECT p.amount, p.transaction_id FROM payments p JOIN accounts a ON a.id = p.account_id"
            " WHERE a.email = ? ORDER BY p.id",
            (email_address,),
        ).fetchall()
    return [(f"{Decimal(str(amount)):.2f}", tx) for amount, tx in rows]


def charged_by_sandbox(transaction_id: str) -> str:
    """The amount the sandbox gateway charged, as its transaction id records it (..._299EUR)."""
    cents = re.search(r"_(\d+)[A-Z]{3}$", transaction_id)
    assert cents, transaction_id
    return f"{Decimal(cents.group(1)) / 100:.2f}"


def quote_of(stack, token: str, plan: str, coupon: str | None = None, add_ons=()) -> dict:
    query = f"/v5/braintree/quote?planId={plan}" + "".join(f"&addOns={a}" for a in add_ons)
    status, body = stack.api.call(
        "GET", query + (f"&coupon={coupon}" if coupon else ""), token=token
    )
    assert status == 200, body
    return body


def landing_prices(page: Page, cat, stack) -> dict:
    """The landing's "from" figures are the API's, and belong to a plan on sale."""
    status, register = stack.api.call("GET", "/v5/plans/register")
    assert status == 200, register
    status, plans = stack.api.call("GET", "/v5/plans")
    assert status == 200, plans
    on_sale = {(b["product"], b["period"]): b["price"] for b in plans["bundles"]}
    cheapest = [p for (p, period), price in on_sale.items() if period == "P1M"]
    products = [p for p in cheapest if on_sale[(p, "P1M")] == register["monthlyPrice"]]
    assert products, (register, on_sale)  # a monthly plan that sells at the "from" price…
    assert any(
        on_sale.get((p, "P1Y")) == register["yearlyPrice"] for p in products
    )  # …and its year
    card = page.locator(".price-card")
    expect(card.locator(".price-main")).to_contain_text(figure(register["monthlyPrice"]))
    expect(card.locator(".price-yearly")).to_contain_text(figure(register["yearlyPrice"]))
    if cat.locale == "en":
        expect(card.locator(".price-main")).to_have_text(
            cat.t("HomePage.prices.from", price=web_money("en", register["monthlyPrice"]))
        )
    return on_sale


def register_from_landing(page: Page, cat, locale: str, tag: str) -> str:
    email_address = unique_email(tag)
    page.goto(cat.path("/homePage"))
    assert_language(page, cat)
    page.get_by_role("textbox", name=cat.t("HomePage.emailForm.label")).first.fill(email_address)
    return email_address


def choose_plan(page: Page, cat, period: str, apps: list[str]) -> None:
    """The pricing card's plan popup, in choose mode, where each choice of a period or an app is the
    plan chosen (the popup closes): one choice at a time until the card shows the plan wanted."""
    card = page.get_by_role("group", name=cat.t("PricingCard.title"))
    dialog = page.get_by_role("dialog", name=cat.t("PlanPopup.title"))

    def choose(control) -> None:
        card.get_by_role("button", name=cat.t("PricingCard.change")).click()
        expect(dialog).to_be_visible()
        control.click()
        expect(dialog).to_be_hidden()

    radio = dialog.get_by_role("radio", name=cat.t("PlanPopup.period", period=period))
    boxes = {
        app: dialog.get_by_role("checkbox", name=cat.t(f"Plans.{app}"))
        for app in ("lumo_tv", "lumo_books", "lumo_games")
    }
    card.get_by_role("button", name=cat.t("PricingCard.change")).click()
    expect(dialog).to_be_visible()
    wrong_period = not radio.is_checked()
    to_add = [app for app, box in boxes.items() if app in apps and not box.is_checked()]
    to_remove = [app for app, box in boxes.items() if app not in apps and box.is_checked()]
    dialog.get_by_role("button", name=cat.t("PlanPopup.close")).click()
    expect(dialog).to_be_hidden()
    if wrong_period:
        choose(radio)
    for app in to_add + to_remove:  # adding first: never no app left
        choose(boxes[app])
    product = "lumo_" + "_".join(a.removeprefix("lumo_") for a in apps)
    expect(card.locator(".pricing-card-plan")).to_have_text(cat.t(f"Plans.{product}"))


def receipt(stack, cat, email_address: str) -> str:
    subject = TEMPLATES.text("Emails.receipt.subject", cat.locale)
    return text_of(wait_for_mail(stack.outbox, email_address, subject))


def receipt_saying(stack, email_address: str, words: str, seconds: float = 10) -> str:
    """The receipt e-mail to the parent that says `words` (the API process writes it: poll the folder)."""
    subject = TEMPLATES.text("Emails.receipt.subject", "en")
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for message in mails_to(stack.outbox, email_address):
            if message["Subject"] == subject and words in text_of(message):
                return text_of(message)
        time.sleep(0.1)
    raise AssertionError(f"no receipt saying {words!r} to {email_address}")


def email_money(locale: str, amount: str) -> str:
    return TEMPLATES.format_money(Decimal(amount), "EUR", locale)


def email_date(locale: str, iso: str) -> str:
    return TEMPLATES.format_date(datetime.fromisoformat(iso).date(), locale)


def subscription_of(stack, token: str, product: str) -> dict:
    status, body = stack.api.account(token)
    assert status == 200, body
    [sub] = [s for s in body["subscriptions"] if s["subscriptionType"] == product]
    return sub


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"price-truth-{name}.png"), full_page=True)


# --- a free trial: nothing today, the plan's price on the trial's last day ---------------------------


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_a_trial_shows_nothing_today_and_the_first_charge_everywhere(locale, new_context, stack):
    cat = catalog(locale)
    page = new_context(locale=BROWSER_LOCALES[locale]).new_page()
    email_address = register_from_landing(page, cat, locale, f"truth-trial-{locale}")
    on_sale = landing_prices(page, cat, stack)
    page.get_by_role("button", name=cat.t("HomePage.emailForm.submit")).first.click()

    at(page, cat, "/register")
    expect(heading(page, cat.t("RegisterPage.title"))).to_be_visible()
    choose_plan(page, cat, "P1Y", ["lumo_tv", "lumo_books"])
    price = on_sale[("lumo_tv_books", "P1Y")]
    card = page.get_by_role("group", name=cat.t("PricingCard.title"))
    expect(card.locator(".pricing-card-price")).to_contain_text(figure(price))
    fill_register_form(page, cat, "truth-trial-pw")

    at(page, cat, "/subscribe")
    summary = page.get_by_role("region", name=cat.t("PaymentPage.summary.title"))
    expect(summary).to_be_visible()
    token = page.evaluate("() => localStorage.getItem('token')")
    said = quote_of(stack, token, "lumo_tv_yearly_eur", add_ons=["lumo_books"])
    assert (said["todayAmount"], said["firstChargeAmount"], said["price"]) == (
        "0.00",
        price,
        price,
    )
    expect(summary.locator("[data-figure='today']")).to_contain_text(figure("0.00"))
    expect(summary.locator("[data-figure='first']")).to_contain_text(figure(price))
    expect(summary.locator("[data-figure='renewal']")).to_contain_text(figure(price))
    first = datetime.fromisoformat(said["firstChargeDate"])
    if locale == "en":
        expect(summary.locator("[data-figure='today']")).to_have_text("€0.00")
        expect(summary.locator("[data-figure='first']")).to_have_text(
            f"€{price} on {long_date_en(first)}"
        )
    shot(page, f"trial-subscribe-{locale}")
    pay_by_card(page, cat)

    at(page, cat, "/")
    sub = subscription_of(stack, token, "lumo_tv_books")
    assert (sub["currentPrice"], sub["fullPrice"], sub["fullPriceFrom"]) == (price, price, None)
    assert datetime.fromisoformat(sub["nextBillingDate"]).date() == first.date()
    article = page.get_by_role("article")
    expect(article.locator("[data-figure='price']")).to_contain_text(figure(price))
    if locale == "en":
        expect(article.locator("[data-figure='price']")).to_have_text(f"€{price} per year")
        expect(article).to_contain_text(long_date_en(first))
    shot(page, f"trial-profile-{locale}")

    # Nothing was charged: the payment history is empty, and the receipt says so, then what and when.
    assert payments_of(stack, email_address) == []
    text = receipt(stack, cat, email_address)
    assert email_money(locale, "0.00") in text
    assert (
        email_money(locale, price) in text and email_date(locale, said["firstChargeDate"]) in text
    )
    if locale == "en":
        assert "Charged today: €0.00." in text
        assert f"Next charge: €{price} on {long_date_en(first)}." in text


# --- LUMO-HALF with the trial: €2.99 a month for 3 months, then €4.99 ---------------------------------


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_a_discount_shows_its_price_while_it_runs_and_when_the_full_price_applies(
    locale, new_context, stack
):
    cat = catalog(locale)
    page = new_context(locale=BROWSER_LOCALES[locale]).new_page()
    email_address = register_from_landing(page, cat, locale, f"truth-half-{locale}")
    on_sale = landing_prices(page, cat, stack)
    page.get_by_role("button", name=cat.t("HomePage.emailForm.submit")).first.click()

    at(page, cat, "/register")
    choose_plan(page, cat, "P1M", ["lumo_tv"])
    full = on_sale[("lumo_tv", "P1M")]
    expect(
        page.get_by_role("group", name=cat.t("PricingCard.title")).locator(".pricing-card-price")
    ).to_contain_text(figure(full))
    fill_register_form(page, cat, "truth-half-pw")

    at(page, cat, "/subscribe")
    page.get_by_label(cat.t("CouponField.label"), exact=True).fill("LUMO-HALF")
    page.get_by_role("button", name=cat.t("CouponField.apply")).click()
    token = page.evaluate("() => localStorage.getItem('token')")
    said = quote_of(stack, token, "lumo_tv_monthly_eur", coupon="LUMO-HALF")
    assert (said["todayAmount"], said["firstChargeAmount"], said["discountPrice"]) == (
        "0.00",
        "2.99",
        "2.99",
    )
    assert (said["price"], said["discountCycles"]) == (full, 3)
    summary = page.get_by_role("region", name=cat.t("PaymentPage.summary.title"))
    expect(summary.locator("[data-figure='then']")).to_contain_text(figure(full))
    expect(summary.locator("[data-figure='first']")).to_contain_text(figure("2.99"))
    expect(summary.locator("[data-figure='today']")).to_contain_text(figure("0.00"))
    first = datetime.fromisoformat(said["firstChargeDate"])
    full_from = datetime.fromisoformat(said["fullPriceFrom"])
    if locale == "en":
        expect(summary.locator("[data-figure='first']")).to_have_text(
            f"€2.99 on {long_date_en(first)}"
        )
        expect(summary.locator("[data-figure='then']")).to_have_text(
            f"€{full} per month from {long_date_en(full_from)}"
        )
    shot(page, f"half-subscribe-{locale}")
    pay_by_card(page, cat)

    at(page, cat, "/")
    sub = subscription_of(stack, token, "lumo_tv")
    assert (sub["currentPrice"], sub["fullPrice"], sub["discountCyclesLeft"]) == ("2.99", full, 3)
    assert datetime.fromisoformat(sub["fullPriceFrom"]).date() == full_from.date()
    assert datetime.fromisoformat(sub["nextBillingDate"]).date() == first.date()
    price_line = page.get_by_role("article").locator("[data-figure='price']")
    expect(price_line).to_contain_text(figure("2.99"))
    expect(price_line).to_contain_text(figure(full))
    expect(price_line).to_contain_text(str(full_from.year))
    if locale == "en":
        expect(price_line).to_have_text(
            f"€2.99 per month, then €{full} from {long_date_en(full_from)}"
        )
        expect(page.get_by_role("article")).not_to_contain_text("days left")
    shot(page, f"half-profile-{locale}")

    assert payments_of(stack, email_address) == []  # the trial: nothing charged yet
    text = receipt(stack, cat, email_address)
    for amount in ("0.00", "2.99", full):
        assert email_money(locale, amount) in text, (amount, text)
    assert email_date(locale, said["fullPriceFrom"]) in text
    assert email_date(locale, said["firstChargeDate"]) in text
    if locale == "en":
        assert "Charged today: €0.00." in text
        assert (
            f"Your price: €2.99 a month for 3 months, then €{full} a month from "
            f"{long_date_en(full_from)}." in text
        )
        assert f"Next charge: €2.99 on {long_date_en(first)}." in text


# --- LUMO-HALF charged at once (the trial was used): the receipt says the very charge ----------------


def test_a_discount_charged_at_once_is_the_amount_the_gateway_took(new_context, make_parent, stack):
    cat = catalog("en")
    parent = make_parent("truth-charged", product="lumo_tv")  # took the account's one free trial
    page = new_context(locale="en-GB", token=parent.token).new_page()
    page.goto(cat.path("/subscribe"))
    expect(heading(page, cat.t("SubscribePage.title"))).to_be_visible()
    choose_plan(page, cat, "P1M", ["lumo_books"])
    page.get_by_label(cat.t("CouponField.label"), exact=True).fill("LUMO-HALF")
    page.get_by_role("button", name=cat.t("CouponField.apply")).click()
    said = quote_of(stack, parent.token, "lumo_books_monthly_eur", coupon="LUMO-HALF")
    assert (said["todayAmount"], said["freeDays"]) == ("2.99", 0)
    summary = page.get_by_role("region", name=cat.t("PaymentPage.summary.title"))
    expect(summary.locator("[data-figure='today']")).to_have_text("€2.99")
    pay_by_card(page, cat)

    at(page, cat, "/")
    [(amount, transaction)] = payments_of(stack, parent.email)
    assert amount == charged_by_sandbox(transaction) == said["todayAmount"] == "2.99"
    sub = subscription_of(stack, parent.token, "lumo_books")
    full_from = datetime.fromisoformat(said["fullPriceFrom"])
    assert (sub["currentPrice"], sub["discountCyclesLeft"]) == ("2.99", 2)
    assert datetime.fromisoformat(sub["fullPriceFrom"]).date() == full_from.date()
    books = page.get_by_role("article").filter(
        has=page.get_by_role("heading", name=cat.t("Plans.lumo_books_monthly"))
    )
    expect(books.locator("[data-figure='price']")).to_have_text(
        f"€2.99 per month, then €{said['price']} from {long_date_en(full_from)}"
    )
    # the API's first receipt was the trial's (€0.00 today); this purchase's says the charge taken
    text = receipt_saying(stack, parent.email, "Charged today: €2.99.")
    assert (
        f"Your price: €2.99 a month for 3 months, then €{said['price']} a month from "
        f"{long_date_en(full_from)}." in text
    )
