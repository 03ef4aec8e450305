"""Every page, in en, ar and de: a screenshot at 375 px and 1280 px (var/screenshots/e2e/), and
axe-core in en and ar at both widths, which must find no serious or critical violation.

Account pages are shown to a parent with a monthly TV subscription (so subscribe, change plan and
the hub have something to offer). A few dialogs and error states count as pages of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import AXE_RESULTS, SCREENSHOT_DIR, Parent, unique_email
from tests.e2e.support import BLOCKING, Catalog, catalog, run_axe

pytestmark = pytest.mark.e2e

LOCALES = ["en", "ar", "de"]
AXE_LOCALES = {"en", "ar"}
WIDTHS = [1280, 375]


@dataclass(frozen=True)
class Shown:
    name: str
    route: str  # may hold {sub} and {child}: the member's subscription and child profile ids
    title: str  # catalogue key of the page's h1
    account: bool = False
    cookies_answered: bool = True  # False: a first visit, with the cookie banner
    ready: str | None = (
        None  # catalogue key of a label that shows once the page has loaded its data
    )
    then: Callable[[Page, Catalog], None] | None = (
        None  # puts the page in a state (opens a dialog…)
    )


def submit_empty_register(page: Page, cat: Catalog) -> None:
    page.get_by_role("button", name=cat.t("RegisterPage.submit")).click()
    expect(page.get_by_text(cat.t("RegisterPage.termsRequired"))).to_be_visible()


def open_plan_popup(page: Page, cat: Catalog) -> None:
    page.get_by_role("button", name=cat.t("PricingCard.change")).click()
    expect(page.get_by_role("dialog", name=cat.t("PlanPopup.title"))).to_be_visible()


def open_parental_gate(page: Page, cat: Catalog) -> None:
    page.get_by_role("link", name=cat.t("ProductsPage.appStore")).first.click()
    expect(page.get_by_role("dialog", name=cat.t("ParentalGate.title"))).to_be_visible()


def pass_age_gate(then_title: str) -> Callable[[Page, Catalog], None]:
    def step(page: Page, cat: Catalog) -> None:
        page.get_by_label(cat.t("AgeGate.birthYear"), exact=True).fill("1985")
        page.get_by_role("button", name=cat.t("AgeGate.submit")).click()
        expect(
            page.get_by_role("heading", level=1, name=cat.t(then_title), exact=True)
        ).to_be_visible()

    return step


def cookie_banner(page: Page, cat: Catalog) -> None:
    expect(page.get_by_role("region", name=cat.t("CookieConsent.title"))).to_be_visible()


def open_name_popup(page: Page, cat: Catalog) -> None:
    page.get_by_role("button", name=cat.t("ProfilePage.changeName")).click()
    expect(
        page.get_by_role("dialog", name=cat.t("ProfilePage.popup.title", field="name"))
    ).to_be_visible()


PAGES = [
    Shown("landing", "/homePage", "HomePage.hero.heading"),
    Shown(
        "landing-cookie-banner",
        "/homePage",
        "HomePage.hero.heading",
        cookies_answered=False,
        then=cookie_banner,
    ),
    Shown("register", "/register", "RegisterPage.title", ready="PricingCard.title"),
    Shown(
        "register-errors",
        "/register",
        "RegisterPage.title",
        ready="PricingCard.title",
        then=submit_empty_register,
    ),
    Shown(
        "register-plan-popup",
        "/register",
        "RegisterPage.title",
        ready="PricingCard.title",
        then=open_plan_popup,
    ),
    Shown("login", "/login", "LoginPage.title"),
    Shown("forgotten-password", "/forgotten-password", "ForgottenPasswordPage.title"),
    Shown("reset-password", "/reset-password?token=e2e-link", "ResetPasswordPage.title"),
    Shown("confirm-email", "/confirm-email?token=e2e-used-link", "ConfirmEmailPage.title"),
    Shown("promo", "/promo/LUMO-HALF", "PromoPage.title"),
    Shown("swisscom", "/swisscom", "SwisscomPage.title"),
    Shown("publisher-coupon", "/coupon", "CouponPage.title"),
    Shown("intermarche", "/intermarche", "RetailerPage.title"),
    Shown("acef", "/ACEF", "RetailerPage.title"),
    Shown("contact", "/contact", "ContactPage.title"),
    Shown("not-found", "/no-such-page", "NotFoundPage.title"),
    Shown("profile", "/", "ProfilePage.title", account=True, ready="ProfilePage.accountTitle"),
    Shown(
        "profile-edit-name",
        "/",
        "ProfilePage.title",
        account=True,
        ready="ProfilePage.accountTitle",
        then=open_name_popup,
    ),
    Shown("change-password", "/change-password", "ChangePasswordPage.title", account=True),
    Shown("unsubscribe", "/unsubscribe/{sub}", "UnsubscribePage.title", account=True),
    Shown(
        "subscribe",
        "/subscribe",
        "SubscribePage.title",
        account=True,
        ready="PaymentForm.cardNumber",
    ),
    Shown(
        "resubscribe",
        "/resubscribe",
        "ResubscribePage.title",
        account=True,
        ready="PaymentForm.cardNumber",
    ),
    Shown("change-plan", "/changePlan", "ChangePlanPage.title", account=True),
    Shown(
        "change-subscription-plan",
        "/changeSubscriptionPlan?subscription={sub}",
        "ChangeSubscriptionPlanPage.title",
        account=True,
    ),
    Shown("add-subscription", "/add-subscription", "AddSubscriptionPage.title", account=True),
    Shown(
        "products",
        "/products",
        "ProductsPage.title",
        account=True,
        ready="ProductsPage.backToProfile",
    ),
    Shown(
        "products-parental-gate",
        "/products",
        "ProductsPage.title",
        account=True,
        ready="ProductsPage.backToProfile",
        then=open_parental_gate,
    ),
    Shown(
        "link-tv", "/link", "AgeGate.title", account=True, then=pass_age_gate("LinkTvPage.title")
    ),
    Shown("children-age-gate", "/children", "AgeGate.title", account=True),
    Shown(
        "children",
        "/children",
        "AgeGate.title",
        account=True,
        then=pass_age_gate("ChildrenPage.title"),
    ),
    Shown(
        "child-settings",
        "/children/{child}",
        "AgeGate.title",
        account=True,
        then=pass_age_gate("ChildSettingsPage.title"),
    ),
    Shown("faq", "/faq", "FaqPage.title"),
    Shown("about", "/about", "AboutPage.title"),
    Shown("learning", "/learning", "LearningPage.title"),
    Shown("lumo-tv", "/lumo-tv", "ProductInfoPage.tv.title"),
    Shown("lumo-stories", "/lumo-stories", "ProductInfoPage.stories.title"),
    Shown("lumo-games", "/lumo-games", "ProductInfoPage.games.title"),
]


@dataclass
class Member(Parent):
    child_id: int = 0


@pytest.fixture(scope="module")
def member(stack) -> Member:
    email_address, password = unique_email("pages"), "pages-member-pw"
    token = stack.api.register(email_address, password)
    assert (
        stack.api.call("POST", "/v4/users/change-name", {"name": "Sam Parent"}, token=token)[0]
        == 200
    )
    status, child = stack.api.call(
        "POST", "/v5/children", {"name": "Mia", "ageBand": "6-8"}, token=token
    )
    assert status in (200, 201), (status, child)
    return Member(
        email_address, password, token, stack.api.subscribe(token, product="lumo_tv"), child["id"]
    )


@pytest.fixture(scope="module", autouse=True)
def screenshot_dir():
    SCREENSHOT_DIR.mkdir(
        parents=True, exist_ok=True
    )  # files are overwritten: a run beside this one may be writing too
    return SCREENSHOT_DIR


# Lazy images outside the page's width (a sideways reel) never load, and are not in the picture.
SETTLED = """() => document.fonts.status === 'loaded'
    && !document.querySelector('.spinner, [aria-busy="true"]')
    && [...document.images].every((image) => {
        const box = image.getBoundingClientRect();
        return image.complete || (image.loading === 'lazy' && (box.right <= 0 || box.left >= window.innerWidth));
    })"""


def settle(page: Page) -> None:
    """No spinner, nothing busy, fonts and images in: the page as a parent sees it after loading."""
    page.evaluate("""async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        }
        window.scrollTo(0, 0);
    }""")  # lazy images load once scrolled into view
    page.wait_for_function(SETTLED)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("shown", PAGES, ids=[p.name for p in PAGES])
def test_page(shown: Shown, locale: str, new_context, member):
    cat = catalog(locale)
    context = new_context(
        locale={"en": "en-GB", "ar": "ar-EG", "de": "de-DE"}[locale],
        token=member.token if shown.account else None,
        width=WIDTHS[0],
        cookies_answered=shown.cookies_answered,
    )
    page = context.new_page()
    response = page.goto(
        cat.path(shown.route.format(sub=member.subscription_id, child=member.child_id))
    )
    assert response is not None and response.status == (404 if shown.name == "not-found" else 200)
    expect(
        page.get_by_role("heading", level=1, name=cat.t(shown.title), exact=True)
    ).to_be_visible()
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if locale == "ar" else "ltr")
    if shown.ready:
        expect(page.get_by_text(cat.t(shown.ready), exact=True).first).to_be_visible()
    if shown.then:
        shown.then(page, cat)
    settle(page)

    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 812 if width < 768 else 800})
        page.wait_for_function(f"() => window.innerWidth === {width}")
        page.screenshot(
            path=str(SCREENSHOT_DIR / f"{shown.name}-{locale}-{width}.png"),
            full_page=True,
            animations="disabled",
        )
    if locale not in AXE_LOCALES:
        return
    blocking = []
    for width in reversed(
        WIDTHS
    ):  # the page is at the last width of the screenshots: no resize for the first
        if page.viewport_size["width"] != width:
            page.set_viewport_size({"width": width, "height": 812 if width < 768 else 800})
            page.wait_for_function(f"() => window.innerWidth === {width}")
        result = run_axe(page)
        AXE_RESULTS[f"{shown.name} [{locale}]" + ("" if width == WIDTHS[0] else f" {width}px")] = (
            result
        )
        blocking += [
            {**rule, "width": width} for rule in result["rules"] if rule["impact"] in BLOCKING
        ]
    assert not blocking, "axe: serious/critical violations:\n" + "\n".join(
        f"- {r['width']} px: {r['impact']} {r['id']}: {r['help']} ({r['nodes']}×: {', '.join(r['targets'])})"
        for r in blocking
    )
