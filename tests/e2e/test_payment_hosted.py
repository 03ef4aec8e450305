"""The production payment form (webapp/src/components/payment/hosted.ts) in real Chromium, through the real API.

The web app is built a second time (webapp/.next-e2e-hosted) with braintree-web's modules swapped for the
stand-in of tests/e2e/braintree_standin (next.config.ts, LUMO_BRAINTREE_STANDIN=1): same API surface and error
codes, Braintree's test nonces, no network. The API's client token is answered with a Braintree-shaped one,
so the page takes the hosted provider; every nonce goes to the real API and its sandbox gateway (THREE_D_SECURE
is `optional` there, the test default). Google's pay.js is served from the stand-in; Apple's ApplePaySession is
what Safari would give. A check reads the shipped build (.next-e2e, the ordinary build) for the stand-in.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import (
    OUT_DIR,
    SCREENSHOT_DIR,
    TIMEOUT_MS,
    WEBAPP,
    Processes,
    WebBuild,
    free_port,
    newest_source_mtime,
    wait_http,
)
from tests.e2e.support import ROOT, catalog, mails_to, signed_in_hint_cookie

pytestmark = pytest.mark.e2e

STANDIN = ROOT / "tests" / "e2e" / "braintree_standin"
DIST_DIR = ".next-e2e-hosted"
MARKER = "lumo-braintree-standin"
# A client token as Braintree writes one (base64 JSON); the stand-in's client accepts it, the page takes the
# hosted provider for it (webapp/src/components/payment/provider.ts).
CLIENT_TOKEN = base64.b64encode(
    json.dumps(
        {"version": 2, "environment": "sandbox", "authorizationFingerprint": "standin-fingerprint"}
    ).encode()
).decode()
APPLE_UA = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.5 Safari/605.1.15"
)
LINUX_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36"
# What Safari gives a page where Apple Pay is set up (the merchant validation and the payment sheet answered).
APPLE_PAY_SESSION = """
window.ApplePaySession = class {
  constructor(version, request) { this.version = version; this.request = request; window.__applePayRequest = request; }
  static supportsVersion(v) { return v <= 14; }
  static canMakePayments() { return true; }
  begin() { setTimeout(() => this.onvalidatemerchant({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' })); }
  completeMerchantValidation() { setTimeout(() => this.onpaymentauthorized({ payment: { token: { paymentData: { standin: true } } } })); }
  completePayment(status) { window.__applePayStatus = status; }
  abort() {}
};
window.ApplePaySession.STATUS_SUCCESS = 0;
window.ApplePaySession.STATUS_FAILURE = 1;
"""


# --- the stand-in build and its server ---------------------------------------------------------


class StandInBuild(WebBuild):
    def reusable_port(self) -> int | None:
        if (
            os.environ.get("E2E_REBUILD")
            or not self.stamp.exists()
            or not (WEBAPP / self.dist_dir / "BUILD_ID").exists()
        ):
            return None
        newest = max([newest_source_mtime()] + [p.stat().st_mtime for p in STANDIN.iterdir()])
        if self.stamp.stat().st_mtime <= newest:
            return None
        return int(json.loads(self.stamp.read_text()).get("api_port", 0)) or None


@pytest.fixture(scope="module")
def hosted_url(stack, tmp_path_factory):
    import time

    from tests.e2e.conftest import TIMINGS

    started = time.monotonic()
    lock_path = (
        Path(tempfile.gettempdir())
        / f"lumo-e2e-hosted-{hashlib.sha1(str(WEBAPP).encode()).hexdigest()[:12]}.lock"
    )
    lock = lock_path.open("a")
    fcntl.flock(lock, fcntl.LOCK_EX)  # another run of this tree builds or serves it: wait for it
    build = StandInBuild(dist_dir=DIST_DIR, shared=True, lock=lock)
    api_port = int(stack.api_url.rsplit(":", 1)[1])
    env = {k: v for k, v in os.environ.items() if k not in ("NEXT_PUBLIC_SITE_URL",)}
    env.update(
        {
            "NEXT_DIST_DIR": DIST_DIR,
            "API_URL": stack.api_url,
            "NEXT_TELEMETRY_DISABLED": "1",
            "LUMO_BRAINTREE_STANDIN": "1",
        }
    )
    processes = Processes(tmp_path_factory.mktemp("e2e-hosted"))
    try:
        if build.reusable_port() != api_port:
            build.build(env, api_port)
            TIMINGS["next build (stand-in)"] = time.monotonic() - started
        else:
            TIMINGS["next build (stand-in, reused)"] = 0.0
        port = free_port()
        web = processes.start(
            "web-hosted",
            [
                str(WEBAPP / "node_modules" / ".bin" / "next"),
                "start",
                "--hostname",
                "localhost",
                "--port",
                str(port),
            ],
            WEBAPP,
            env,
        )
        wait_http(f"http://localhost:{port}/login", web, processes, "web-hosted")
        yield f"http://localhost:{port}"
    finally:
        processes.stop_all()
        build.release()


@pytest.fixture
def hosted(browser, hosted_url, request):
    """hosted(token, user_agent=…, locale=…, apple_pay=False) -> a page of the stand-in build, logged in."""
    contexts, errors = [], []

    def make(
        token: str,
        *,
        user_agent: str = LINUX_UA,
        locale: str = "en-GB",
        apple_pay: bool = False,
        width: int = 1280,
    ) -> Page:
        storage = [
            {"name": "kidj_ut", "value": token},
            {"name": "token", "value": token},
            {
                "name": "cookieConsent",
                "value": json.dumps(
                    {
                        "version": 1,
                        "date": "2026-01-01T00:00:00.000Z",
                        "necessary": True,
                        "analytics": False,
                        "marketing": False,
                    }
                ),
            },
        ]
        context = browser.new_context(
            base_url=hosted_url,
            locale=locale,
            user_agent=user_agent,
            viewport={"width": width, "height": 900},
            service_workers="block",
            storage_state={
                "cookies": [signed_in_hint_cookie(hosted_url)],
                "origins": [{"origin": hosted_url, "localStorage": storage}],
            },
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.route(
            re.compile(r".*/v4/braintree/generate-token(\?.*)?$"),
            lambda route: route.fulfill(
                status=200,
                content_type="application/json",
                body=json.dumps({"clientToken": CLIENT_TOKEN}),
            ),
        )
        context.route(
            "https://pay.google.com/gp/p/js/pay.js",
            lambda route: route.fulfill(
                status=200,
                content_type="text/javascript",
                body=(STANDIN / "google-pay-js.js").read_text(),
            ),
        )
        if apple_pay:
            context.add_init_script(APPLE_PAY_SESSION)
        context.on(
            "page", lambda page: page.on("pageerror", lambda error: errors.append(str(error)))
        )
        contexts.append(context)
        return context.new_page()

    yield make
    if getattr(request.node, "report_call", None) is not None and request.node.report_call.failed:
        shots = OUT_DIR / "failures"
        shots.mkdir(parents=True, exist_ok=True)
        for i, context in enumerate(contexts):
            for j, page in enumerate(context.pages):
                try:
                    page.screenshot(
                        path=str(shots / f"{request.node.name}-{i}-{j}.png"), full_page=True
                    )
                except Exception:  # the page may be gone; the assertion says what failed
                    pass
    for context in contexts:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors[:5]}"


# --- steps ---------------------------------------------------------------------------------------

CAT = catalog("en")


def open_subscribe(page: Page, cat=CAT) -> None:
    page.goto(cat.path("/subscribe"))
    expect(page.locator("html")).to_have_attribute(
        "data-braintree", MARKER
    )  # the stand-in's client answered
    expect(hosted_input(page, cat, "cardNumber")).to_be_editable()


HOSTED_KEYS = {"cardNumber": "number", "expiry": "expirationDate", "cvv": "cvv"}


def hosted_input(page: Page, cat, label: str):
    """A hosted field's input (in Braintree's iframe; the stand-in puts it in the container, labelled alike)."""
    return page.locator(f"input[data-braintree-name={HOSTED_KEYS[label]}]")


def fill_card(
    page: Page,
    number: str,
    *,
    expiry: str = "1230",
    cvv: str = "123",
    name: str = "Ada Parent",
    cat=CAT,
) -> None:
    hosted_input(page, cat, "cardNumber").fill(number)
    hosted_input(page, cat, "expiry").fill(expiry)
    hosted_input(page, cat, "cvv").fill(cvv)
    page.get_by_label(cat.t("PaymentForm.holderName"), exact=True).fill(name)


def pay(page: Page, cat=CAT) -> None:
    page.get_by_role("button", name=cat.t("PaymentPage.pay")).click()


def alert(page: Page, text: str):
    return page.get_by_role("alert").filter(has_text=text)


def paid_with(stack, parent, method: str) -> None:
    """The real API holds one subscription, paid with `method` (the browser went on to the profile)."""
    expect_page_settled = stack.api.account(parent.token)[1]["subscriptions"]
    assert [s["paymentMethod"] for s in expect_page_settled] == [method], expect_page_settled


def calls(page: Page, name: str) -> list[dict]:
    return [
        c["options"]
        for c in page.evaluate("window.__braintreeStandInCalls || []")
        if c["call"] == name
    ]


def next_tokenize(page: Page, scenario: str) -> None:
    page.evaluate(
        "s => { window.__braintreeStandIn = { ...(window.__braintreeStandIn || {}), tokenize: s }; }",
        scenario,
    )


# --- the shipped build holds no stand-in ---------------------------------------------------------


def test_the_shipped_build_has_braintree_web_and_no_stand_in(stack, hosted_url):
    shipped = WEBAPP / stack.dist_dir / "static"
    test_build = WEBAPP / DIST_DIR / "static"

    def grep(folder: Path, needle: str) -> list[str]:
        return [p.name for p in folder.rglob("*.js") if needle in p.read_text(errors="replace")]

    assert grep(test_build, MARKER), "the stand-in build should carry the stand-in"
    assert grep(shipped, MARKER) == [], "the shipped build must not carry the stand-in"
    # braintree-web itself is in the shipped build (its hosted-fields frame and 3-D Secure's Cardinal script)
    assert grep(shipped, "/html/hosted-fields-frame") and grep(shipped, "cardinalSongbirdUrl")
    config = (WEBAPP / "next.config.ts").read_text()
    assert "process.env.LUMO_BRAINTREE_STANDIN === '1'" in config


# --- cards ---------------------------------------------------------------------------------------


def test_card_success_with_3ds_amount_and_payer(hosted, make_parent, stack):
    parent = make_parent("hosted-card", subscribed=False)
    page = hosted(parent.token)
    open_subscribe(page)
    fill_card(page, "4111 1111 1111 1111")
    pay(page)
    expect(page).to_have_url(re.compile(r"/$"))
    paid_with(stack, parent, "card")
    [verify] = calls(page, "threeDSecure.verifyCard") or [None]
    # a new family's trial: the card verification amount, with the parent's e-mail and the holder's name
    assert verify == {
        "amount": "1.00",
        "bin": "411111",
        "email": parent.email,
        "billingAddress": {"givenName": "Ada", "surname": "Parent"},
    }
    assert calls(page, "hostedFields.tokenize") == [{"cardholderName": "Ada Parent"}]


def test_every_tokenization_error_of_spec_8(hosted, make_parent, stack):
    parent = make_parent("hosted-errors", subscribed=False)
    page = hosted(parent.token)
    open_subscribe(page)
    # empty fields
    page.get_by_label(CAT.t("PaymentForm.holderName"), exact=True).fill("Ada Parent")
    pay(page)
    expect(alert(page, CAT.t("PaymentForm.errors.fieldsEmpty"))).to_be_visible()
    expect(page.get_by_text(CAT.t("PaymentForm.fieldErrors.number"))).to_be_visible()
    # invalid fields: the field is named, linked to its container
    fill_card(page, "4111 1111 1111 1112")
    pay(page)
    expect(alert(page, CAT.t("PaymentForm.errors.fieldsInvalid"))).to_be_visible()
    number = hosted_input(page, CAT, "cardNumber").locator(
        "xpath=.."
    )  # the container our label names
    expect(number).to_have_attribute("aria-labelledby", re.compile("-number-label$"))
    described = number.get_attribute("aria-describedby")
    assert described and page.locator(f"#{described}").inner_text() == CAT.t(
        "PaymentForm.fieldErrors.number"
    )
    # brand not accepted (JCB)
    fill_card(page, "3530 1113 3330 0000")
    pay(page)
    expect(alert(page, CAT.t("Errors.cardBrandNotAccepted"))).to_be_visible()
    # CVV verification failed (Braintree's sandbox CVV 200)
    fill_card(page, "4111 1111 1111 1111", cvv="200")
    pay(page)
    expect(alert(page, CAT.t("Errors.cvvFailed"))).to_be_visible()
    for scenario, message in [
        ("network", "PaymentForm.errors.tokenizeNetwork"),
        ("duplicate", "Errors.duplicatePayment"),
        ("failed", "PaymentForm.errors.tokenizeFailed"),
    ]:
        fill_card(page, "4111 1111 1111 1111")
        next_tokenize(page, scenario)
        pay(page)
        expect(alert(page, CAT.t(message))).to_be_visible()
    assert stack.api.account(parent.token)[1]["subscriptions"] == []
    # and after all that, the same form pays
    fill_card(page, "4111 1111 1111 1111")
    pay(page)
    expect(page).to_have_url(re.compile(r"/$"))
    paid_with(stack, parent, "card")


def test_3ds_challenge_failed_cancelled_then_authenticated(hosted, make_parent, stack):
    parent = make_parent("hosted-3ds", subscribed=False)
    page = hosted(parent.token)
    open_subscribe(page)
    dialog = page.get_by_role("dialog", name=CAT.t("PaymentForm.challenge.title"))
    # the bank's challenge, failed: the server refuses the nonce (liability not shifted, authentication failed)
    fill_card(page, "4000 0000 0000 1091")
    pay(page)
    dialog.get_by_role("button", name="Fail").click()
    expect(alert(page, CAT.t("Errors.threeDSecureFailed"))).to_be_visible()
    expect(dialog).to_have_count(0)
    # closed by the parent: verifyCard is cancelled, nothing is sent
    pay(page)
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name=CAT.t("PaymentForm.challenge.cancel")).click()
    expect(alert(page, CAT.t("PaymentForm.errors.threeDSecureCancelled"))).to_be_visible()
    assert calls(page, "threeDSecure.cancelVerifyCard") == [{}]
    assert stack.api.account(parent.token)[1]["subscriptions"] == []
    # authenticated
    pay(page)
    dialog.get_by_role("button", name="Authenticate").click()
    expect(page).to_have_url(re.compile(r"/$"))
    paid_with(stack, parent, "card")


@pytest.mark.parametrize(
    "card", ["4000 0000 0000 1034", "4000 0000 0000 1067"], ids=["unavailable", "lookup-error"]
)
def test_3ds_unavailable_pays_where_optional(card, hosted, make_parent, stack):
    parent = make_parent("hosted-3ds-unavailable", subscribed=False)
    page = hosted(parent.token)
    open_subscribe(page)
    fill_card(page, card)
    pay(page)
    expect(page).to_have_url(re.compile(r"/$"))
    paid_with(stack, parent, "card")


# --- wallets -------------------------------------------------------------------------------------


PAYPAL_CHECKOUT_MARKER = (
    "Agree and continue"  # only the paypal-checkout stand-in holds it (bench/web_signed_in.py)
)


def scripts_holding(requests: list, needle: str) -> list[str]:
    """The scripts among `requests` whose code holds `needle`."""
    found = []
    for request in requests:
        if request.resource_type != "script":
            continue
        response = request.response()
        try:
            body = response.text() if response else ""
        except Exception:  # a body Chromium no longer holds: nothing to search
            body = ""
        if needle in body:
            found.append(request.url)
    return found


def paypal_loaded(page: Page) -> None:
    # A function, not an expression: Playwright evaluates an expression again on every poll, and the
    # page's CSP (no 'unsafe-eval') refuses those later evaluations (microsoft/playwright#36986).
    page.wait_for_function(
        "() => (window.__braintreeStandInCalls || [])"
        ".some((c) => c.call === 'paypalCheckout.loadPayPalSDK')"
    )


def test_paypal_checkout_cancelled_then_approved_in_the_vault_flow(hosted, make_parent, stack):
    parent = make_parent("hosted-paypal", subscribed=False)
    page = hosted(parent.token)
    requested: list = []
    page.on("requestfinished", lambda request: requested.append(request))
    open_subscribe(page)
    page.wait_for_load_state("networkidle")
    # A parent who has not chosen PayPal gets none of its code (docs/benchmarks.md#signed-in-pages).
    assert scripts_holding(requested, PAYPAL_CHECKOUT_MARKER) == []
    assert calls(page, "paypalCheckout.loadPayPalSDK") == []
    ours = page.get_by_role("button", name=CAT.t("PaymentForm.paypal"), exact=True)
    real = page.get_by_role("button", name="PayPal", exact=True)  # PayPal Checkout's own button
    expect(real).to_have_count(0)
    # Chosen: loaded, PayPal's button drawn in place of ours, with the hint, and focused.
    ours.click()
    expect(
        page.get_by_role("status").filter(has_text=CAT.t("PaymentForm.paypalContinue"))
    ).to_be_visible()
    expect(real).to_be_focused()
    expect(ours).to_have_count(0)
    assert scripts_holding(requested, PAYPAL_CHECKOUT_MARKER), (
        "the check above must see PayPal's code"
    )
    assert len(calls(page, "paypalCheckout.loadPayPalSDK")) == 1
    real.click()
    page.get_by_role("dialog", name="PayPal (stand-in)").get_by_role(
        "button", name="Cancel and return"
    ).click()
    expect(alert(page, CAT.t("PaymentForm.errors.walletClosed"))).to_be_visible()
    real.click()
    page.get_by_role("dialog", name="PayPal (stand-in)").get_by_role(
        "button", name="Agree and continue"
    ).click()
    expect(page).to_have_url(re.compile(r"/$"))
    paid_with(stack, parent, "paypal")
    assert calls(page, "paypalCheckout.createPayment")[-1]["flow"] == "vault"
    assert calls(page, "paypalCheckout.loadPayPalSDK")[0]["vault"] is True


def test_paypal_loads_when_the_parent_points_at_it_and_pays_by_keyboard(hosted, make_parent, stack):
    parent = make_parent("hosted-paypal-intent", subscribed=False)
    page = hosted(parent.token)
    open_subscribe(page)
    ours = page.get_by_role("button", name=CAT.t("PaymentForm.paypal"), exact=True)
    # Pointing at our button starts the load; PayPal's button is drawn only on the choice.
    ours.hover()
    paypal_loaded(page)
    expect(page.get_by_role("button", name="PayPal", exact=True)).to_have_count(0)
    ours.focus()
    page.keyboard.press("Enter")
    real = page.get_by_role("button", name="PayPal", exact=True)
    expect(real).to_be_focused()
    assert len(calls(page, "paypalCheckout.loadPayPalSDK")) == 1  # loaded once, hover and choice
    page.keyboard.press("Enter")
    page.get_by_role("dialog", name="PayPal (stand-in)").get_by_role(
        "button", name="Agree and continue"
    ).click()
    expect(page).to_have_url(re.compile(r"/$"))
    paid_with(stack, parent, "paypal")


def choose_paypal_and_agree(page: Page, cat=CAT) -> None:
    """Our PayPal button, then PayPal Checkout's (focused once drawn), then PayPal's window approved."""
    expect(page.get_by_role("button", name="PayPal", exact=True)).to_have_count(0)
    assert calls(page, "paypalCheckout.loadPayPalSDK") == []
    page.get_by_role("button", name=cat.t("PaymentForm.paypal"), exact=True).click()
    real = page.get_by_role("button", name="PayPal", exact=True)
    expect(real).to_be_focused()
    real.click()
    page.get_by_role("dialog", name="PayPal (stand-in)").get_by_role(
        "button", name="Agree and continue"
    ).click()


def test_paypal_chosen_in_the_three_step_add_subscription(hosted, make_parent, stack):
    parent = make_parent("hosted-paypal-add", subscribed=False)
    page = hosted(parent.token)
    page.goto(CAT.path("/add-subscription"))
    expect(page.locator("html")).to_have_attribute("data-braintree", MARKER)
    plans = page.get_by_role("group", name=CAT.t("AddSubscriptionPage.planLegend"))
    plans.get_by_role(
        "radio", name=re.compile("^" + re.escape(CAT.t("Plans.lumo_books_monthly")))
    ).check()
    page.get_by_role("button", name=CAT.t("AddSubscriptionPage.next")).click()
    choose_paypal_and_agree(page)
    expect(page).to_have_url(re.compile(r"/$"))
    paid_with(stack, parent, "paypal")


def test_paypal_chosen_on_the_payment_method_page_of_a_past_due_subscription(
    hosted, make_parent, stack
):
    from urllib.parse import urlsplit

    from tests.e2e.test_payment_update import past_due_parent, recovered, the_link

    parent = past_due_parent(stack, make_parent, "en", "hosted-fix-paypal")
    receipts_before = len(
        [
            m
            for m in mails_to(stack.outbox, parent.email)
            if str(m["Subject"])
            in {CAT.t("Emails.receipt.subject"), CAT.t("Emails.receipt_acknowledgement.subject")}
        ]
    )
    link = urlsplit(the_link(stack, parent, CAT))
    page = hosted(parent.token)
    page.goto(f"{link.path}?{link.query}")
    expect(page.get_by_text(CAT.t("PaymentMethodPage.pastDueTitle"))).to_be_visible()
    expect(hosted_input(page, CAT, "cardNumber")).to_be_editable()
    choose_paypal_and_agree(page)
    expect(
        page.get_by_role("heading", level=1, name=CAT.t("PaymentMethodPage.doneTitle"))
    ).to_be_visible()
    assert calls(page, "paypalCheckout.createPayment")[-1]["flow"] == "vault"
    recovered(page, CAT, stack, parent, receipts_before, "payment-update-hosted-paypal-done-en.png")
    [subscription] = stack.api.account(parent.token)[1]["subscriptions"]
    assert subscription["paymentMethod"] == "paypal"


def test_google_pay_approved_with_networks_and_auth_methods(hosted, make_parent, stack):
    parent = make_parent("hosted-gpay", subscribed=False)
    page = hosted(parent.token)
    open_subscribe(page)
    expect(page.get_by_role("button", name=CAT.t("PaymentForm.applePay"))).to_have_count(0)
    page.get_by_role("button", name=CAT.t("PaymentForm.googlePay")).click()
    expect(page).to_have_url(re.compile(r"/$"))
    paid_with(stack, parent, "google_pay")
    [sent] = page.evaluate("window.__googlePayRequests")
    card = sent["request"]["allowedPaymentMethods"][0]["parameters"]
    assert (card["allowedCardNetworks"], card["allowedAuthMethods"]) == (
        ["VISA", "MASTERCARD", "AMEX"],
        ["PAN_ONLY", "CRYPTOGRAM_3DS"],
    )
    assert sent["environment"] == "TEST" and calls(page, "threeDSecure.verifyCard") == []


def test_google_pay_pan_only_card_goes_through_3ds(hosted, make_parent, stack):
    parent = make_parent("hosted-gpay-pan", subscribed=False)
    page = hosted(parent.token)
    open_subscribe(page)
    page.evaluate("window.__googlePayAuthMethod = 'PAN_ONLY'")
    page.get_by_role("button", name=CAT.t("PaymentForm.googlePay")).click()
    expect(page).to_have_url(re.compile(r"/$"))
    paid_with(
        stack, parent, "card"
    )  # the 3-D Secure nonce of the PAN (the stand-in's frictionless card)
    assert [c["bin"] for c in calls(page, "threeDSecure.verifyCard")] == ["411111"]


def test_apple_pay_only_on_an_apple_user_agent(hosted, make_parent, stack):
    parent = make_parent("hosted-apple", subscribed=False)
    other = hosted(parent.token, user_agent=LINUX_UA, apple_pay=True)
    open_subscribe(other)
    expect(other.get_by_role("button", name=CAT.t("PaymentForm.googlePay"))).to_be_visible()
    expect(other.get_by_role("button", name=CAT.t("PaymentForm.applePay"))).to_have_count(0)
    page = hosted(parent.token, user_agent=APPLE_UA, apple_pay=True)
    open_subscribe(page)
    expect(page.get_by_role("button", name=CAT.t("PaymentForm.googlePay"))).to_have_count(
        0
    )  # docs/product.md#screens
    page.get_by_role("button", name=CAT.t("PaymentForm.applePay")).click()
    expect(page).to_have_url(re.compile(r"/$"))
    paid_with(stack, parent, "apple_pay")
    assert page.evaluate("window.__applePayStatus") == 0  # completePayment(STATUS_SUCCESS)
    assert calls(page, "applePay.performValidation")[0]["displayName"] == "Lumo"


# --- screenshots: the hosted form and the bank's challenge, en / ar / de -----------------------------


@pytest.mark.parametrize("locale", ["en", "ar", "de"])
def test_screenshots_of_the_hosted_form_and_challenge(locale, hosted, make_parent):
    cat = catalog(locale)
    parent = make_parent(f"hosted-shot-{locale}", subscribed=False)
    page = hosted(parent.token, locale={"en": "en-GB", "ar": "ar", "de": "de-DE"}[locale])
    open_subscribe(page, cat)
    ours = page.get_by_role("button", name=cat.t("PaymentForm.paypal"), exact=True)
    expect(ours).to_be_visible()  # ours, until the parent chooses PayPal
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / f"payment-hosted-{locale}.png"), full_page=True)
    ours.click()
    expect(page.get_by_role("button", name="PayPal", exact=True)).to_be_focused()
    expect(page.get_by_text(cat.t("PaymentForm.paypalContinue"))).to_be_visible()
    page.screenshot(
        path=str(SCREENSHOT_DIR / f"payment-hosted-paypal-{locale}.png"), full_page=True
    )
    fill_card(page, "4000 0000 0000 1091", cat=cat)
    pay(page, cat)
    dialog = page.get_by_role("dialog", name=cat.t("PaymentForm.challenge.title"))
    expect(dialog.get_by_role("button", name="Authenticate")).to_be_visible()
    page.screenshot(path=str(SCREENSHOT_DIR / f"payment-hosted-challenge-{locale}.png"))
    dialog.get_by_role("button", name=cat.t("PaymentForm.challenge.cancel")).click()
    expect(alert(page, cat.t("PaymentForm.errors.threeDSecureCancelled"))).to_be_visible()


# --- the sandbox provider plays the bank's challenge too (make run) ------------------------------------


@pytest.mark.parametrize("locale", ["en", "ar", "de"])
def test_sandbox_challenge_screenshots_and_authentication(locale, new_context, make_parent, stack):
    from tests.e2e.test_journeys import expiry_in_future

    cat = catalog(locale)
    parent = make_parent(f"sandbox-3ds-{locale}", subscribed=False)
    page = new_context(
        {"en": "en-GB", "ar": "ar", "de": "de-DE"}[locale], token=parent.token
    ).new_page()
    page.goto(cat.path("/subscribe"))
    card = page.get_by_label(cat.t("PaymentForm.cardNumber"), exact=True)
    expect(card).to_be_editable()
    card.fill("4000 0000 0000 1091")
    page.get_by_label(cat.t("PaymentForm.expiry"), exact=True).press_sequentially(
        expiry_in_future()
    )
    page.get_by_label(cat.t("PaymentForm.cvv"), exact=True).fill("123")
    page.get_by_label(cat.t("PaymentForm.holderName"), exact=True).fill("Ada Parent")
    pay(page, cat)
    dialog = page.get_by_role("dialog", name=cat.t("PaymentForm.challenge.title"))
    expect(dialog.get_by_text(cat.t("PaymentForm.challenge.sandboxNote"))).to_be_visible()
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / f"payment-sandbox-challenge-{locale}.png"))
    if locale != "en":
        dialog.get_by_role("button", name=cat.t("PaymentForm.challenge.cancel")).click()
        expect(alert(page, cat.t("PaymentForm.errors.threeDSecureCancelled"))).to_be_visible()
        return
    dialog.get_by_role("button", name=cat.t("PaymentForm.challenge.sandboxFail")).click()
    expect(alert(page, cat.t("Errors.threeDSecureFailed"))).to_be_visible()
    pay(page, cat)
    dialog.get_by_role("button", name=cat.t("PaymentForm.challenge.sandboxAuthenticate")).click()
    expect(page).to_have_url(re.compile(r"/$"))
    paid_with(stack, parent, "card")
