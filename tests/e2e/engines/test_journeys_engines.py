"""The core journeys of a parent, and one of the operator console, in WebKit and Firefox
(docs/testing.md#webkit-and-firefox). Chromium runs the same journeys, and more, in tests/e2e.

Every test runs once per engine (ENGINES=firefox or ENGINES=webkit for one); texts come from the
locale catalogues, so a test reads like the page does.
"""

from __future__ import annotations

from datetime import date

import pytest

from tests.e2e.conftest import unique_email
from tests.e2e.engines.conftest import WIDE, Tab
from tests.e2e.support import Catalog, catalog, paid_notice

pytestmark = pytest.mark.e2e

VALID_CARD = "4111 1111 1111 1111"
# Braintree's 3-D Secure 2 test card whose bank asks for a challenge (webapp/src/components/payment/testCards.ts).
CHALLENGE_CARD = "4000 0000 0000 1091"


def register(tab: Tab, cat: Catalog, password: str) -> None:
    tab.fill(cat.t("RegisterPage.password"), password)
    if cat.locale == "ar":  # docs/product.md#validation: the promotional box is required in Arabic
        tab.check("checkbox", cat.t("RegisterPage.promoConsent"))
    tab.check("checkbox", cat.t("RegisterPage.termsConsent"))
    tab.click("button", cat.t("RegisterPage.submit"))


def fill_card(tab: Tab, cat: Catalog, number: str) -> None:
    card = tab.get("field", cat.t("PaymentForm.cardNumber"))
    tab.wait(card.is_enabled, "the payment provider to be ready")
    card.send_keys(number)
    tab.get("field", cat.t("PaymentForm.expiry")).send_keys(
        f"12{(date.today().year + 3) % 100:02d}"
    )
    tab.wait(
        lambda: tab.value(cat.t("PaymentForm.expiry")).startswith("12 / "),
        "the expiry formatted as MM / YY",
    )
    tab.fill(cat.t("PaymentForm.cvv"), "123")
    tab.fill(cat.t("PaymentForm.holderName"), "Ada Parent")


def log_in(tab: Tab, cat: Catalog, email_address: str, password: str) -> None:
    tab.goto(cat.path("/login"))
    tab.fill(cat.t("LoginPage.email"), email_address)
    tab.fill(cat.t("LoginPage.password"), password)
    tab.click("button", cat.t("LoginPage.submit"))


# --- landing in English, Arabic (right to left) and German, at a phone's width and at 1280 ----------


@pytest.mark.parametrize("locale", ["en", "ar", "de"])
def test_landing_cookie_banner(locale, tab):
    cat = catalog(locale)
    for width in (tab.engine.narrowest, WIDE):
        tab.reset()
        tab.size(width)
        tab.goto(cat.path("/homePage"))
        tab.lang(locale)
        tab.heading(cat.t("HomePage.hero.heading"))
        banner = tab.get("region", cat.t("CookieConsent.title"))
        overflow = tab.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"[{tab.engine.name}] the page scrolls sideways by {overflow} px"
        tab.shot(f"landing-{locale}")
        tab.click("button", cat.t("CookieConsent.necessaryOnly"), within=banner)
        tab.gone("region", cat.t("CookieConsent.title"))


# --- register -> pay by card with a 3-D Secure challenge -> profile -> log out -> log in ------------


def test_register_pay_with_3ds_challenge_log_out_and_in(tab, stack):
    cat = catalog("en")
    tab.size(tab.engine.narrowest)
    email_address, password = unique_email(f"engines-{tab.engine.name}"), "engine-journey-pw"
    tab.goto(cat.path("/homePage"))
    tab.click("button", cat.t("CookieConsent.necessaryOnly"))
    tab.fill(cat.t("HomePage.emailForm.label"), email_address)
    tab.click("button", cat.t("HomePage.emailForm.submit"))

    tab.at(cat.path("/register"))
    tab.heading(cat.t("RegisterPage.title"))
    assert tab.value(cat.t("RegisterPage.email")) == email_address
    register(tab, cat, password)

    tab.at(cat.path("/subscribe"))
    tab.heading(cat.t("SubscribePage.title"))
    fill_card(tab, cat, CHALLENGE_CARD)
    tab.click("button", cat.t("PaymentPage.pay"))
    dialog = tab.get("dialog", cat.t("PaymentForm.challenge.title"))
    tab.shot("3ds-challenge")
    tab.click("button", cat.t("PaymentForm.challenge.sandboxAuthenticate"), within=dialog)

    tab.at("/")
    tab.text_shown(paid_notice(cat, "trial"), role="status")
    tab.heading(cat.t("ProfilePage.title"))
    tab.text_shown(email_address)
    tab.shot("profile")
    status, account = stack.api.login(email_address, password)
    assert status == 200, (status, account)

    tab.click("link", cat.t("Header.logout"))
    tab.at("/login")
    tab.goto("/")  # logged out: the profile sends to login
    tab.at("/login")
    log_in(tab, cat, email_address, password)
    tab.at("/")
    tab.heading(cat.t("ProfilePage.title"))
    tab.text_shown(email_address)
