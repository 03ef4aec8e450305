"""The road to a paid subscription in a real browser: partner links as HTTP redirects, an access coupon on /subscribe, a session that
ends mid-task, the order summary's figures, and the profile's price and card digits — plus the screenshots
of the order summary and the profile in English, Arabic and German (var/screenshots/order-summary-journey-*.png)."""

from __future__ import annotations

import re
import urllib.request
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from tests.e2e.support import BROWSER_LOCALES, ROOT, catalog
from tests.e2e.test_journeys import at, heading, pay_by_card

pytestmark = pytest.mark.e2e

PARTNER_PATHS = ["/twt-partner", "/tclpromo", "/orange-link", "/vodafone_account", "/cafeyn"]
SCREENSHOTS = ROOT / "var" / "screenshots"
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


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def raw_get(url: str) -> tuple[int, dict]:
    """One GET as a client without JavaScript sees it: no redirect followed."""
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(url, timeout=15) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers)


def long_date_en(moment: datetime) -> str:
    return f"{MONTHS_EN[moment.month - 1]} {moment.day}, {moment.year}"


# --- 1. partner links -----------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "de"])
@pytest.mark.parametrize("path", PARTNER_PATHS)
def test_partner_links_are_http_redirects_that_keep_the_query(path, locale, stack, new_context):
    cat = catalog(locale)
    status, headers = raw_get(
        f"{stack.web_url}{cat.path(path)}?utm_source=partner&utm_campaign=e2e"
    )
    assert status == 307, (status, headers)
    assert headers["location"] == f"{cat.path('/homePage')}?utm_source=partner&utm_campaign=e2e"

    page = new_context(locale=BROWSER_LOCALES[locale]).new_page()
    page.goto(cat.path(path) + "?utm_source=partner")
    at(page, cat, "/homePage")
    assert page.url.endswith("?utm_source=partner")
    expect(heading(page, cat.t("HomePage.hero.heading"))).to_be_visible()


def test_a_logged_in_parent_following_a_partner_link_lands_on_the_landing_page(
    make_parent, new_context
):
    cat = catalog("en")
    parent = make_parent("partner-link")
    page = new_context(token=parent.token).new_page()
    page.goto("/cafeyn?utm_source=cafeyn")
    at(page, cat, "/homePage")


# --- 4. an access coupon on /subscribe ------------------------------------------------------------


def test_an_access_coupon_on_subscribe_goes_to_products_with_its_message(make_parent, new_context):
    cat = catalog("en")
    parent = make_parent("access-coupon", subscribed=False)
    page = new_context(token=parent.token).new_page()
    page.goto("/subscribe")
    expect(heading(page, cat.t("SubscribePage.title"))).to_be_visible()
    expect(
        page.get_by_role("region", name=cat.t("PaymentPage.summary.title"))
    ).to_be_visible()  # plans loaded
    page.get_by_role("textbox", name=cat.t("CouponField.label")).fill("LUMO-FAMILY")
    page.get_by_role("button", name=cat.t("CouponField.apply")).click()
    at(page, cat, "/products")
    expect(
        page.get_by_role("status").filter(has_text=cat.t("ProductsPage.accessGranted"))
    ).to_be_visible()
    page.wait_for_timeout(500)  # the profile redirect used to win this race a moment later
    at(page, cat, "/products")


# --- 5. a session that ends mid-task --------------------------------------------------------------


def test_a_session_ending_mid_task_goes_to_login_and_back_to_the_same_page(
    make_parent, new_context, stack
):
    cat = catalog("en")
    parent = make_parent("expiry")
    page = new_context(token=parent.token).new_page()
    page.goto("/children")
    page.get_by_label(cat.t("AgeGate.birthYear"), exact=True).fill("1985")
    page.get_by_role("button", name=cat.t("AgeGate.submit")).click()
    expect(heading(page, cat.t("ChildrenPage.title"))).to_be_visible()
    name = page.get_by_label(cat.t("ChildrenPage.nameLabel"))
    expect(name).to_be_editable()  # the list has loaded: the page is idle

    # The session ends elsewhere (logged out on another device); the parent keeps working on this page.
    assert stack.api.call("POST", "/v4/accounts/logout", token=parent.token)[0] == 200
    name.fill("Mia")
    page.get_by_role("button", name=cat.t("ChildrenPage.add")).click()

    at(page, cat, "/login")
    expect(
        page.get_by_role("alert").filter(has_text=cat.t("Errors.sessionExpired"))
    ).to_be_visible()
    assert page.evaluate("() => localStorage.getItem('kidj_ut')") is None
    page.get_by_label(cat.t("LoginPage.email"), exact=True).fill(parent.email)
    page.get_by_label(cat.t("LoginPage.password"), exact=True).fill(parent.password)
    page.get_by_role("button", name=cat.t("LoginPage.submit")).click()
    at(page, cat, "/children")
    # The age gate was passed in this browser session: the page itself, at once.
    expect(heading(page, cat.t("ChildrenPage.title"))).to_be_visible()


# --- 9. the order summary, 10. the profile's price and card digits, and the screenshots ------------


@pytest.mark.parametrize("locale", ["en", "ar", "de"])
def test_order_summary_then_profile_price_and_card_digits(locale, make_parent, new_context, stack):
    cat = catalog(locale)
    parent = make_parent(f"summary-{locale}", subscribed=False)
    page = new_context(locale=BROWSER_LOCALES[locale], token=parent.token).new_page()
    page.goto(cat.path("/subscribe"))
    summary = page.get_by_role("region", name=cat.t("PaymentPage.summary.title"))
    expect(summary).to_be_visible()
    # Monthly TV for a clear figure: the plan popup's first choice is not needed, the API says what is charged.
    status, quote = stack.api.call(
        "GET",
        "/v5/braintree/quote?planId=lumo_tv_yearly_eur&product=lumo_tv_books_games"
        "&addOns=lumo_books&addOns=lumo_games",
        token=parent.token,
    )
    assert status == 200, quote
    assert (quote["todayAmount"], quote["freeReason"], quote["freeDays"]) == ("0.00", "trial", 7)
    first_charge = datetime.fromisoformat(quote["firstChargeDate"])
    assert first_charge.date() == (datetime.now(UTC) + timedelta(days=7)).date()
    expect(summary.get_by_text(cat.t("PaymentPage.summary.today"))).to_be_visible()
    amount = quote["firstChargeAmount"]  # e.g. 70.90, written 70.90 € / €70.90 / 70,90 € per locale
    figure = re.compile(re.escape(amount).replace(r"\.", "[.,٫]"))
    expect(summary.locator("[data-figure='first']")).to_contain_text(figure)
    expect(summary.locator("[data-figure='renewal']")).to_contain_text(figure)
    if locale == "en":
        expect(summary.locator("[data-figure='today']")).to_have_text("€0.00")
        expect(summary.locator("[data-figure='first']")).to_have_text(
            f"€{amount} on {long_date_en(first_charge)}"
        )
        expect(summary).to_contain_text(
            cat.t("PaymentPage.summary.cancelBefore", date=long_date_en(first_charge))
        )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    summary.scroll_into_view_if_needed()
    page.screenshot(
        path=str(SCREENSHOTS / f"order-summary-journey-subscribe-{locale}.png"), full_page=True
    )

    pay_by_card(page, cat)
    at(page, cat, "/")
    card = page.get_by_role("article")
    expect(card.locator("[data-figure='method']")).to_have_text(
        cat.t("ProfilePage.cardDigits", brand="Visa", last4="1881")
    )
    expect(card.locator("[data-figure='price']")).to_contain_text(figure)
    expect(card).to_contain_text(cat.t("ProfilePage.state", state="Trial"))
    page.screenshot(
        path=str(SCREENSHOTS / f"order-summary-journey-profile-{locale}.png"), full_page=True
    )
