"""The core journeys of a parent, and one of the operator console, in WebKit and Firefox
(docs/testing.md#webkit-and-firefox). Chromium runs the same journeys, and more, in tests/e2e.

Every test runs once per engine (ENGINES=firefox or ENGINES=webkit for one); texts come from the
locale catalogues, so a test reads like the page does.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from datetime import date, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

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


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_register_pay_with_3ds_challenge_log_out_and_in(locale, tab, stack):
    cat = catalog(locale)
    tab.size(tab.engine.narrowest)
    email_address = unique_email(f"engines-{locale}-{tab.engine.name}")
    password = "engine-journey-pw"
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
    tab.shot(f"3ds-challenge-{locale}")
    tab.click("button", cat.t("PaymentForm.challenge.sandboxAuthenticate"), within=dialog)

    tab.at(cat.path("/"))
    tab.text_shown(paid_notice(cat, "trial"), role="status")
    tab.heading(cat.t("ProfilePage.title"))
    tab.text_shown(email_address)
    tab.shot(f"profile-{locale}")
    status, account = stack.api.login(email_address, password)
    assert status == 200, (status, account)

    tab.click("link", cat.t("Header.logout"))
    tab.at(cat.path("/login"))
    tab.goto(cat.path("/"))  # logged out: the profile sends to login
    tab.at(cat.path("/login"))
    log_in(tab, cat, email_address, password)
    tab.at(cat.path("/"))
    tab.heading(cat.t("ProfilePage.title"))
    tab.text_shown(email_address)


# --- PayPal in the sandbox, and the wallet buttons each engine is meant to show ---------------------


def test_paypal_and_the_wallets_this_engine_gets(tab, make_parent, stack):
    cat = catalog("en")
    parent = make_parent(f"paypal-{tab.engine.name}", subscribed=False)
    tab.size(tab.engine.narrowest)
    tab.remember(token=parent.token)
    tab.goto(cat.path("/subscribe"))
    tab.heading(cat.t("SubscribePage.title"))
    tab.get("button", cat.t("PaymentForm.paypal"))
    # docs/product.md#screens: Apple Pay only on Apple devices whose browser offers it, Google Pay
    # elsewhere. Firefox and WebKitGTK run on Linux here and have no ApplePaySession: Google Pay, never
    # Apple Pay (Safari on a Mac is played in Chromium by tests/e2e/test_payment_hosted.py).
    assert not tab.driver.execute_script("return 'ApplePaySession' in window")
    assert "Linux" in tab.driver.execute_script("return navigator.userAgent")
    tab.get("button", cat.t("PaymentForm.googlePay"))
    assert tab.query("button", cat.t("PaymentForm.applePay")) is None
    tab.shot("wallets")
    tab.click("button", cat.t("PaymentForm.paypal"))

    tab.at("/")
    tab.text_shown(paid_notice(cat, "trial"), role="status")
    tab.text_shown(cat.t("ProfilePage.paymentMethod", method="paypal"), role="article")
    subscriptions = stack.api.account(parent.token)[1]["subscriptions"]
    assert len(subscriptions) == 1, subscriptions


# --- the profile: a change of name in its dialog ---------------------------------------------------


def test_profile_change_name(tab, make_parent):
    cat = catalog("en")
    parent = make_parent(f"profile-{tab.engine.name}")
    tab.remember(token=parent.token)
    tab.goto(cat.path("/"))
    tab.heading(cat.t("ProfilePage.title"))
    tab.text_shown(parent.email)
    tab.click("button", cat.t("ProfilePage.changeName"))
    dialog = tab.get("dialog", cat.t("ProfilePage.popup.title", field="name"))
    tab.fill(cat.t("ProfilePage.popup.label", field="name"), "Ada Lovelace", within=dialog)
    tab.shot("profile-name-dialog")
    tab.click("button", cat.t("ProfilePage.popup.save"), within=dialog)
    tab.text_shown(cat.t("ProfilePage.popup.saved", field="name"))
    tab.gone("dialog", cat.t("ProfilePage.popup.title", field="name"))  # closes by itself
    tab.text_shown("Ada Lovelace")


# --- cancel -> resubscribe ---------------------------------------------------------------------------


def test_cancel_then_resubscribe(tab, make_parent, stack):
    cat = catalog("en")
    parent = make_parent(f"cancel-{tab.engine.name}")
    tab.size(tab.engine.narrowest)
    tab.remember(token=parent.token)
    tab.goto(cat.path("/"))
    tab.click("link", cat.t("ProfilePage.unsubscribe"))
    tab.at(cat.path(f"/unsubscribe/{parent.subscription_id}"))
    tab.heading(cat.t("UnsubscribePage.title"))
    tab.check("radio", cat.t("UnsubscribePage.reasons.notUsed"))
    tab.click("button", cat.t("UnsubscribePage.confirm"))
    tab.text_shown(cat.t("UnsubscribePage.doneUntil", date="@@").split("@@")[0], role="status")
    tab.shot("cancelled")

    tab.click("link", cat.t("UnsubscribePage.backToProfile"))
    tab.at("/")
    tab.text_shown(cat.t("ProfilePage.state", state="Cancelled"), role="article")
    tab.click("link", cat.t("ProfilePage.resubscribe"))
    tab.at(cat.path("/resubscribe"))
    tab.heading(cat.t("ResubscribePage.title"))
    tab.text_shown(cat.t("PaymentPage.stillActive", date="@@").split("@@")[0], role="status")
    fill_card(tab, cat, VALID_CARD)
    tab.click("button", cat.t("PaymentPage.pay"))
    tab.at("/")
    tab.text_shown(paid_notice(cat, "scheduled"), role="status")
    subscriptions = stack.api.account(parent.token)[1]["subscriptions"]
    assert sorted(s["isRenewing"] for s in subscriptions) == [False, True], subscriptions


# --- /children and /link, behind the age gate ----------------------------------------------------------


def test_children_and_link_behind_the_age_gate(tab, make_parent, stack):
    cat = catalog("en")
    parent = make_parent(f"children-{tab.engine.name}")
    tab.size(tab.engine.narrowest)
    tab.remember(token=parent.token)
    tab.goto(cat.path("/children"))
    tab.heading(cat.t("AgeGate.title"))
    tab.fill(cat.t("AgeGate.birthYear"), "1985")
    tab.click("button", cat.t("AgeGate.submit"))
    tab.heading(cat.t("ChildrenPage.title"))
    name = tab.get("field", cat.t("ChildrenPage.nameLabel"))
    tab.wait(name.is_enabled, "the list of profiles to load")
    name.send_keys("Mia")
    tab.click("button", cat.t("ChildrenPage.add"))
    tab.text_shown(cat.t("ChildrenPage.settings", name="Mia"), role="link")
    tab.shot("children")
    status, children = stack.api.call("GET", "/v5/children", token=parent.token)
    assert status == 200 and "Mia" in str(children), (status, children)

    tab.goto(cat.path("/link"))  # the age gate was passed in this browser session
    tab.heading(cat.t("LinkTvPage.title"))
    tab.shot("link")


# --- the operator console: staff log in with TOTP, find a parent, open the record ----------------


def test_ops_console_staff_login_and_a_parent(tab, make_parent, stack):
    import pyotp

    from tests.e2e.test_ops_console import STAFF_PASSWORD, create_staff

    cat = catalog("en")
    parent = make_parent(f"ops-{tab.engine.name}", subscribed=False)
    email_address, secret = create_staff(stack, "support")
    tab.goto(cat.path("/ops"))
    tab.fill(cat.t("Ops.login.email"), email_address)
    tab.fill(cat.t("Ops.login.password"), STAFF_PASSWORD)
    tab.fill(cat.t("Ops.login.code"), pyotp.TOTP(secret).now())
    tab.click("button", cat.t("Ops.login.submit"))
    tab.heading(cat.t("Ops.search.heading"))

    from selenium.webdriver.support.select import Select

    Select(tab.get("field", cat.t("Ops.search.by"))).select_by_value("email")
    tab.fill(cat.t("Ops.search.query"), parent.email)
    tab.click("button", cat.t("Ops.search.submit"))
    tab.click("link", parent.email)
    tab.wait(lambda: "/ops/parents/" in tab.url, "the parent's record")
    tab.get("heading", cat.t("Ops.actions.heading"), level=2)
    tab.get("button", cat.t("Ops.actions.grant"))
    tab.shot("ops-parent")


# --- prices and dates as each engine's Intl writes them (the order summary is drawn in the browser) ----

GERMAN_MONTHS = (
    "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split()
)
ENGLISH_MONTHS = (
    "January February March April May June July August September October November December".split()
)


@pytest.mark.parametrize("locale", ["en", "de"])
def test_order_summary_price_and_date_in_the_readers_format(locale, tab, make_parent, stack):
    cat = catalog(locale)
    parent = make_parent(f"summary-{locale}-{tab.engine.name}", subscribed=False)
    tab.remember(token=parent.token)
    status, quote = stack.api.call(
        "GET",
        # What the page offers first (as tests/e2e/test_journey_order_summary.py): yearly TV with both add-ons.
        "/v5/braintree/quote?planId=lumo_tv_yearly_eur&product=lumo_tv_books_games"
        "&addOns=lumo_books&addOns=lumo_games",
        token=parent.token,
    )
    assert status == 200, quote
    first = datetime.fromisoformat(quote["firstChargeDate"])
    units, cents = quote["firstChargeAmount"].split(".")
    if locale == "de":  # "0,00 €", "9,99 € am 4. Dezember 2026"
        today, amount = re.compile(r"^0,00\s€$"), f"{units},{cents} €"
        day = f"{first.day}. {GERMAN_MONTHS[first.month - 1]} {first.year}"
    else:  # "€0.00", "€9.99 on December 4, 2026"
        today, amount = re.compile(r"^€0\.00$"), f"€{units}.{cents}"
        day = f"{ENGLISH_MONTHS[first.month - 1]} {first.day}, {first.year}"

    tab.goto(cat.path("/subscribe"))
    summary = tab.get("region", cat.t("PaymentPage.summary.title"))
    figure = tab.wait(
        lambda: tab.driver.execute_script(
            "return arguments[0].querySelector(\"[data-figure='today']\")", summary
        ),
        "the order summary's figures",
    )
    assert today.match(figure.text), f"[{tab.engine.name}] today: {figure.text!r}"
    first_text = re.sub(  # the spaces Intl writes (no-break, narrow no-break) read as spaces
        r"[\u00a0\u202f]", " ", summary.find_element("css selector", "[data-figure='first']").text
    )
    assert amount in first_text, (
        f"[{tab.engine.name}] first charge: {first_text!r}, wanted {amount!r}"
    )
    assert day in first_text, f"[{tab.engine.name}] first charge: {first_text!r}, wanted {day!r}"
    tab.shot(f"order-summary-{locale}")


# --- the testimonial carousel: paging left to right and right to left ----------------------------------

CAROUSEL = """
const track = document.querySelector('.carousel-track');
const dots = [...document.querySelectorAll('.carousel-dot')];
return {scroll: track.scrollLeft, dots: dots.length,
        current: dots.findIndex((d) => d.getAttribute('aria-current') === 'true')};
"""
# Resolves once the strip has stopped moving (smooth scrolling and snapping) for ten frames.
STILL = """
const done = arguments[arguments.length - 1];
const track = document.querySelector('.carousel-track');
let last = track.scrollLeft, still = 0;
const tick = () => {
  if (Math.abs(track.scrollLeft - last) < 0.5) still += 1; else still = 0;
  last = track.scrollLeft;
  if (still >= 10) done(true); else requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
"""


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_carousel_pages_in_the_reading_direction(locale, tab):
    cat = catalog(locale)
    tab.size(tab.engine.narrowest)
    tab.remember()
    tab.goto(cat.path("/homePage"))
    region = tab.get("region", cat.t("HomePage.testimonials.heading"))
    tab.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", region)
    previous = tab.get("button", cat.t("HomePage.testimonials.prev"))
    assert not previous.is_enabled()
    tab.driver.set_script_timeout(10)
    tab.driver.execute_async_script(STILL)
    state = tab.driver.execute_script(CAROUSEL)
    assert state["dots"] >= 2 and state["current"] == 0, state

    tab.click("button", cat.t("HomePage.testimonials.next"))
    tab.wait(lambda: tab.driver.execute_script(CAROUSEL)["current"] == 1, "the second page")
    tab.driver.execute_async_script(STILL)
    state = tab.driver.execute_script(CAROUSEL)
    # The strip moves towards the end of the reading direction: scrollLeft is negative right to left.
    assert abs(state["scroll"]) > 0 and (state["scroll"] < 0) == (locale == "ar"), (
        f"[{tab.engine.name}] {state}"
    )
    tab.wait(previous.is_enabled, "Previous to be enabled")
    tab.shot(f"carousel-{locale}")
    previous.click()
    tab.wait(lambda: tab.driver.execute_script(CAROUSEL)["current"] == 0, "the first page again")


# --- the public cancellation page, from the footer, without logging in (docs/consumer-law.md) ----------


@pytest.mark.parametrize("locale", ["de", "ar"])
def test_cancel_a_contract_from_the_footer_without_login(locale, tab, make_parent, stack):
    cat = catalog(locale)
    parent = make_parent(f"cancel-page-{tab.engine.name}-{locale}")
    tab.size(tab.engine.narrowest)
    tab.remember()
    tab.goto(cat.path("/homePage"))
    tab.lang(locale)
    tab.follow(cat.t("CancelContract.link"), cat.path("/cancel-contract"))
    tab.heading(cat.t("CancelContract.title"))
    tab.fill(cat.t("CancelContract.name"), "Ada Parent")
    tab.fill(cat.t("CancelContract.email"), parent.email)
    if locale == "de":  # § 312k(2) BGB: the button's own words
        assert cat.t("CancelContract.submit") == "jetzt kündigen"
    tab.click("button", cat.t("CancelContract.submit"))
    tab.text_shown(cat.t("CancelContract.confirmation.title"))
    tab.text_shown("UTC")  # the time received
    tab.shot(f"cancel-contract-confirmation-{locale}")
    [after] = stack.api.account(parent.token)[1]["subscriptions"]
    assert (after["isRenewing"], after["paymentStateId"]) == (False, "Cancelled"), after


# --- the harness itself: what each engine reports as a failed request (conftest.py's PROBE and BiDi) ---


def test_a_request_that_fails_is_reported_and_one_dropped_or_answered_on_retry_is_not(tab):
    """A fetch to an address that refuses fails the test in both engines. Not counted: fetches a
    navigation drops, and a GET whose connection closed once without an answer (WebKit rejects it with
    "TypeError: Load failed" and never asks again) but which the same address answers when asked again."""
    with socket.socket() as closed:  # a port of this machine that nothing listens on
        closed.bind(("127.0.0.1", 0))
        refused = f"http://127.0.0.1:{closed.getsockname()[1]}/refused"
    tab.goto("/robots.txt")
    tab.driver.execute_script("fetch(arguments[0]).catch(() => {})", refused)
    tab.wait(
        lambda: (tab.drain(), any(refused in p for p in tab.problems))[1],
        "the refused fetch to be reported",
    )
    tab.problems.clear()  # this test's own failure, on purpose

    server = TestServer()
    try:
        tab.goto("/robots.txt")
        tab.driver.execute_script(
            "window.__flaky = fetch(arguments[0] + '/flaky').then(() => 'answered', () => 'failed')",
            server.url,
        )
        # Firefox resends the request itself; WebKit gives up, and the probe asks once more.
        seen = tab.driver.execute_script("return window.__flaky")
        assert seen == ("failed" if tab.engine.name == "webkit" else "answered"), seen
        tab.wait(lambda: server.flaky_asked == 2, "the address to be asked once more")
        # The page leaves while a fetch is in flight, for a document that takes a second to come.
        tab.driver.execute_script(
            "fetch(arguments[0] + '/slow').catch(() => {}); "
            "setTimeout(() => location.assign(arguments[0] + '/slow'), 50)",
            server.url,
        )
        tab.wait(lambda: tab.url.startswith(server.url), "the slow page", timeout=10)
        tab.wait(lambda: server.slow_answered == 1, "the slow page to arrive")
    finally:
        server.stop()
    tab.drain()
    assert not tab.problems, tab.problems


class TestServer:
    """A local HTTP server: /flaky closes its first connection without an answer and answers from then
    on; /slow answers after a second."""

    __test__ = False

    def __init__(self) -> None:
        self.flaky_asked = 0
        self.slow_answered = 0
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if self.path.startswith("/flaky"):
                    owner.flaky_asked += 1
                    if owner.flaky_asked == 1:
                        self.connection.shutdown(socket.SHUT_RDWR)
                        self.close_connection = True
                        return
                elif self.path.startswith("/slow"):
                    time.sleep(1.0)
                # An icon of its own: the browser asks no /favicon.ico, which could come after stop()
                # and be refused (Firefox asked for it once, a second after the page, in CI).
                body = b'<!doctype html><title>test server</title><link rel="icon" href="data:,">'
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Access-Control-Allow-Origin", "*")
                self.end_headers()
                try:
                    self.wfile.write(body)
                except OSError:  # the browser dropped the request it no longer needs
                    return
                if self.path.startswith("/slow") and "text/html" in (self.headers["Accept"] or ""):
                    owner.slow_answered += 1

            def log_message(self, *args) -> None:  # quiet: the test's output is pytest's
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
