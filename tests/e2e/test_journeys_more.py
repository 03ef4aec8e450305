"""More journeys: change plan, the older 3-step /add-subscription flow, carrier and
store unsubscribes, and the e-mail overlay of partner accounts.

Accounts are made through the API. Subscriptions of partner stores (swisscom, switch, mondia,
virgo) are only ever made by the stores themselves, so the test writes them into the stack's
database, as the stores' notifications would; the journey under test starts after that.
"""

from __future__ import annotations

import re
import time
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select
from sqlalchemy.orm import Session

from core.adapters.db.models.accounts import AccountRow
from core.adapters.db.models.subscriptions import SubscriptionRow
from core.adapters.db.unit_of_work import make_engine
from core.domain.stores import SWITCH_OPERATORS
from tests.e2e.conftest import Parent
from tests.e2e.support import BROWSER_LOCALES, Catalog, catalog, paid_notice, text_of
from tests.e2e.test_journeys import (
    VALID_CARD,
    assert_language,
    at,
    expiry_in_future,
    heading,
    subscription_card,
    wait_for_mail,
)

pytestmark = pytest.mark.e2e


# --- the stack's database, for what only a partner store can make ------------------------------


@pytest.fixture(scope="module")
def database(stack):
    path = stack.outbox.parent / "e2e.db"  # conftest puts the database beside the outbox
    assert path.exists(), path
    engine = make_engine(f"sqlite:///{path}")
    yield engine
    engine.dispose()


def account_id(database, email_address: str) -> int:
    with Session(database) as session:
        return session.scalar(select(AccountRow.id).where(AccountRow.email == email_address))


def add_store_subscription(
    database, parent: Parent, store: str, platform: str | None = None
) -> int:
    """A renewing subscription of a partner store, 20 days into a month, as its notification leaves it."""
    now = datetime.now(UTC)
    with Session(database) as session:
        row = SubscriptionRow(
            account_id=account_id(database, parent.email),
            subscription_type="lumo_tv_books_games",
            duration_code="P1M",
            store_id=store,
            payment_state_id="Active",
            is_renewing=True,
            end_date=now + timedelta(days=20),
            platform_purchase_id=platform,
            created_at=now,
        )
        session.add(row)
        session.commit()
        return row.id


def make_partner_account(
    database, parent: Parent, partner: str, *, fake_email: bool, confirmed: bool
) -> str:
    """Turns a registered parent into a partner's: a made-up address (phone@partner…) or an unconfirmed one."""
    with Session(database) as session:
        row = session.scalar(select(AccountRow).where(AccountRow.email == parent.email))
        if fake_email:
            row.email = f"{uuid.uuid4().int % 10**10:010d}@{partner}.partner.lumo.example"
        row.is_email_fake, row.is_email_confirmed, row.partner = fake_email, confirmed, partner
        session.commit()
        return row.email


def set_next_billing(database, subscription_id: int, when: datetime) -> None:
    with Session(database) as session:
        session.get(SubscriptionRow, subscription_id).next_billing_date = when
        session.commit()


def only_subscription(stack, token: str) -> dict:
    status, body = stack.api.account(token)
    assert status == 200, (status, body)
    [subscription] = body["subscriptions"]
    return subscription


# --- 1. change plan: profile -> plan picker -> confirm -> the new plan ---------------------------------


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_change_plan_from_profile_to_yearly_tv_and_stories(locale, new_context, make_parent, stack):
    """A monthly TV subscriber (sandbox card, in the trial) picks TV + Stories yearly; outside the
    24 hours before the next charge the change applies at once (core.services.plan_changes)."""
    cat = catalog(locale)
    parent = make_parent(f"change-plan-{locale}")
    before = only_subscription(stack, parent.token)
    assert (before["subscriptionType"], before["durationCode"], before["canChangePlan"]) == (
        "lumo_tv",
        "P1M",
        True,
    )

    page = new_context(locale=BROWSER_LOCALES[locale], token=parent.token).new_page()
    page.goto(cat.path("/"))
    assert_language(page, cat)
    card = subscription_card(page)
    expect(card.get_by_role("heading", name=cat.t("Plans.lumo_tv_monthly"))).to_be_visible()
    card.get_by_role("link", name=cat.t("ProfilePage.changePlan")).click()

    at(page, cat, "/changeSubscriptionPlan")
    assert_language(page, cat)
    expect(heading(page, cat.t("ChangeSubscriptionPlanPage.title"))).to_be_visible()
    popup = page.get_by_role("dialog", name=cat.t("PlanPopup.title"))
    # It opens on the plan the parent has.
    expect(popup.get_by_role("radio", name=cat.t("PlanPopup.period", period="P1M"))).to_be_checked()
    expect(popup.get_by_role("checkbox", name=cat.t("Plans.lumo_tv"))).to_be_checked()
    expect(popup.get_by_role("checkbox", name=cat.t("Plans.lumo_books"))).not_to_be_checked()
    popup.get_by_role("radio", name=cat.t("PlanPopup.period", period="P1Y")).check()
    popup.get_by_role("checkbox", name=cat.t("Plans.lumo_books")).check()
    expect(popup.get_by_text(cat.t("Plans.lumo_tv_books"), exact=True)).to_be_visible()
    popup.get_by_role("button", name=cat.t("PlanPopup.confirm")).click()

    at(page, cat, "/changePlan")
    assert_language(page, cat)
    expect(heading(page, cat.t("ChangePlanPage.title"))).to_be_visible()
    expect(
        page.get_by_text(cat.t("ChangePlanPage.current", plan=cat.t("Plans.lumo_tv_monthly")))
    ).to_be_visible()
    expect(page.get_by_role("group", name=cat.t("PricingCard.title"))).to_contain_text(
        cat.t("Plans.lumo_tv_books")
    )
    page.get_by_role("button", name=cat.t("ChangePlanPage.confirm")).click()

    new_plan = cat.t("Plans.lumo_tv_books_yearly")
    done = page.get_by_role("status").filter(has_text=cat.t("ChangePlanPage.doneBilling"))
    expect(done).to_contain_text(cat.t("ChangePlanPage.done", plan=new_plan))
    after = only_subscription(stack, parent.token)
    assert after["id"] == parent.subscription_id
    assert (after["subscriptionType"], after["durationCode"], after["isRenewing"]) == (
        "lumo_tv_books",
        "P1Y",
        True,
    ), after
    assert after["paymentPlanId"].startswith("lumo_tv_yearly"), after
    assert float(after["paymentPlanPrice"]) > float(before["paymentPlanPrice"]), (before, after)

    page.get_by_role("link", name=cat.t("ChangePlanPage.backToProfile")).click()
    at(page, cat, "/")
    expect(subscription_card(page).get_by_role("heading", name=new_plan)).to_be_visible()


def test_change_plan_in_the_last_24_hours_waits_for_the_next_cycle(
    new_context, make_parent, stack, database, cat
):
    """Inside the 24 hours before the next charge, the coming charge stays on the old plan (docs/product.md#constants):
    the change is kept aside and the subscription the API answers is unchanged. Through the plan
    popup of /changePlan itself, whose confirm button sends the change."""
    parent = make_parent("change-plan-late")
    set_next_billing(database, parent.subscription_id, datetime.now(UTC) + timedelta(hours=6))
    page = new_context(token=parent.token).new_page()
    page.goto(cat.path(f"/changePlan?subscription={parent.subscription_id}"))
    expect(heading(page, cat.t("ChangePlanPage.title"))).to_be_visible()

    # The same plan is no change.
    page.get_by_role("button", name=cat.t("ChangePlanPage.confirm")).click()
    expect(
        page.get_by_role("status").filter(has_text=cat.t("ChangePlanPage.samePlan"))
    ).to_be_visible()

    page.get_by_role("button", name=cat.t("PricingCard.change")).click()
    popup = page.get_by_role("dialog", name=cat.t("PlanPopup.title"))
    popup.get_by_role("checkbox", name=cat.t("Plans.lumo_games")).check()
    with page.expect_response(lambda r: r.url.endswith("/change-plan")) as answer:
        popup.get_by_role("button", name=cat.t("PlanPopup.confirm")).click()
    assert answer.value.status == 200
    expect(popup).to_be_hidden()
    status = page.get_by_role("status").filter(has_text=cat.t("ChangePlanPage.doneBilling"))
    expect(status).to_be_visible()
    # The page says the change waits for the coming payment, not that the plan changed already.
    expect(status).not_to_contain_text(
        cat.t("ChangePlanPage.done", plan=cat.t("Plans.lumo_tv_games_monthly"))
    )
    expect(status).to_contain_text(
        cat.t("ChangePlanPage.doneDeferred", plan=cat.t("Plans.lumo_tv_games_monthly"), date="")[
            :20
        ]
    )

    after = only_subscription(stack, parent.token)
    assert (after["subscriptionType"], after["durationCode"]) == ("lumo_tv", "P1M"), (
        after
    )  # not yet
    page.get_by_role("link", name=cat.t("ChangePlanPage.backToProfile")).click()
    expect(
        subscription_card(page).get_by_role("heading", name=cat.t("Plans.lumo_tv_monthly"))
    ).to_be_visible()


# --- 2. the older 3-step flow: plan -> payment option -> card -> done --------------------------------


@pytest.mark.parametrize(
    "locale,product,period,call",
    [
        # one of the four products the older per-product calls sell
        ("en", "lumo_books", "P1M", "/v4/braintree/books/subscriptions"),
        # the three apps: not one of them, so the current call (docs/billing.md#one-price-truth)
        ("ar", "lumo_tv_books_games", "P1Y", "/v5/braintree/subscription"),
    ],
)
def test_add_subscription_three_steps_with_a_sandbox_card(
    locale, product, period, call, new_context, make_parent, stack
):
    cat = catalog(locale)
    parent = make_parent(f"add-sub-{locale}", subscribed=False)
    page = new_context(locale=BROWSER_LOCALES[locale], token=parent.token).new_page()
    page.goto(cat.path("/add-subscription"))
    assert_language(page, cat)
    expect(heading(page, cat.t("AddSubscriptionPage.title"))).to_be_visible()
    step = page.get_by_text(
        re.compile(
            re.escape(cat.t("AddSubscriptionPage.step", current="@", total=3)).replace("@", r"\d")
        )
    )
    expect(step).to_have_text(cat.t("AddSubscriptionPage.step", current=1, total=3))

    # Step 1: no plan yet, no moving on.
    page.get_by_role("button", name=cat.t("AddSubscriptionPage.next")).click()
    expect(page.get_by_role("alert").filter(has_text=cat.t("Errors.selectPlan"))).to_be_visible()
    plans = page.get_by_role("group", name=cat.t("AddSubscriptionPage.planLegend"))
    # A family without apps is offered every regular plan: 7 products over two periods.
    expect(plans.get_by_role("radio")).to_have_count(14)
    period_name = {"P1M": "monthly", "P1Y": "yearly"}[period]
    chosen = re.compile("^" + re.escape(cat.t(f"Plans.{product}_{period_name}")))  # then its price
    plans.get_by_role("radio", name=chosen).check()
    page.get_by_role("button", name=cat.t("AddSubscriptionPage.next")).click()

    # Step 2: the payment option; back keeps the plan.
    expect(step).to_have_text(cat.t("AddSubscriptionPage.step", current=2, total=3))
    expect(page.get_by_role("alert").filter(has_text=cat.t("Errors.selectPlan"))).to_have_count(0)
    page.get_by_role("button", name=cat.t("AddSubscriptionPage.back")).click()
    expect(step).to_have_text(cat.t("AddSubscriptionPage.step", current=1, total=3))
    expect(plans.get_by_role("radio", name=chosen)).to_be_checked()
    page.get_by_role("button", name=cat.t("AddSubscriptionPage.next")).click()
    expect(
        page.get_by_role("button", name=cat.t("AddSubscriptionPage.methodPaypal"))
    ).to_be_visible()
    page.get_by_role("button", name=cat.t("AddSubscriptionPage.methodCard")).click()

    # Step 3: the card.
    expect(step).to_have_text(cat.t("AddSubscriptionPage.step", current=3, total=3))
    card = page.get_by_label(cat.t("PaymentForm.cardNumber"), exact=True)
    expect(card).to_be_editable()
    card.fill(VALID_CARD)
    page.get_by_label(cat.t("PaymentForm.expiry"), exact=True).press_sequentially(
        expiry_in_future()
    )
    page.get_by_label(cat.t("PaymentForm.cvv"), exact=True).fill("123")
    page.get_by_label(cat.t("PaymentForm.holderName"), exact=True).fill("Ada Parent")
    with page.expect_response(lambda r: call in r.url and r.request.method == "POST") as answer:
        page.get_by_role("button", name=cat.t("AddSubscriptionPage.pay")).click()
    assert answer.value.status == 200

    at(page, cat, "/")
    assert_language(page, cat)
    expect(page.get_by_role("status").filter(has_text=paid_notice(cat, "trial"))).to_be_visible()
    expect(
        subscription_card(page).get_by_role("heading", name=cat.t(f"Plans.{product}_{period_name}"))
    ).to_be_visible()
    subscription = only_subscription(stack, parent.token)
    assert (
        subscription["subscriptionType"],
        subscription["durationCode"],
        subscription["storeId"],
        subscription["isRenewing"],
        subscription["paymentMethod"],
    ) == (product, period, "lumo", True, "card"), subscription


# --- 3. carrier and store unsubscribes in the web app -------------------------------------------------


def test_swisscom_in_app_unsubscribe_from_profile(new_context, make_parent, stack, database, cat):
    parent = make_parent("swisscom-cancel", subscribed=False)
    sub_id = add_store_subscription(database, parent, "swisscom")
    cancel_route = {"method": "in_app", "path": "/unsubscribe?type=swisscom"}
    assert only_subscription(stack, parent.token)["cancel"] == cancel_route

    page = new_context(token=parent.token).new_page()
    page.goto(cat.path("/"))
    card = subscription_card(page)
    expect(card).to_contain_text(cat.t("ProfilePage.paymentMethod", method="operator"))
    expect(card.get_by_role("link", name=cat.t("ProfilePage.changePlan"))).to_have_count(
        0
    )  # web plans only
    card.get_by_role("link", name=cat.t("ProfilePage.unsubscribe")).click()

    at(page, cat, "/unsubscribe?type=swisscom")
    expect(heading(page, cat.t("UnsubscribePage.title"))).to_be_visible()
    apps = " · ".join(cat.t(f"Plans.lumo_{app}") for app in ("tv", "books", "games"))
    keep = cat.t("UnsubscribePage.keepApps", apps=apps, date="@@").split("@@")[0]
    expect(page.get_by_text(keep)).to_be_visible()
    with page.expect_response(lambda r: "/v4/swisscom/unsubscribe" in r.url) as answer:
        page.get_by_role("button", name=cat.t("UnsubscribePage.confirm")).click()
    assert answer.value.status == 200
    done = cat.t("UnsubscribePage.doneUntil", date="@@").split("@@")[0]
    expect(page.get_by_role("status").filter(has_text=done).first).to_be_visible()

    subscription = only_subscription(stack, parent.token)
    assert (
        subscription["id"],
        subscription["isRenewing"],
        subscription["paymentStateId"],
        subscription["isExpired"],
    ) == (sub_id, False, "Cancelled", False), subscription
    page.get_by_role("link", name=cat.t("UnsubscribePage.backToProfile")).click()
    at(page, cat, "/")
    card = subscription_card(page)
    expect(card).to_contain_text(cat.t("ProfilePage.state", state="Cancelled"))
    expect(card.get_by_role("link", name=cat.t("ProfilePage.unsubscribe"))).to_have_count(0)


def test_switch_in_app_unsubscribe_ends_on_the_operator_site(
    new_context, make_parent, stack, database, cat
):
    """The switch store: confirm in the web app (PUT /v5/notification/unsubscription), then the
    operator's own site (ZONG here, from the purchase platform) finishes it."""
    parent = make_parent("switch-cancel", subscribed=False)
    sub_id = add_store_subscription(database, parent, "switch", platform="zong")
    context = new_context(token=parent.token)
    operator_url = SWITCH_OPERATORS["ZONG"]
    operator_page = "<!doctype html><html lang='en'><title>ZONG</title><h1>ZONG</h1></html>"
    context.route(
        f"{operator_url}**",
        lambda route: route.fulfill(status=200, content_type="text/html", body=operator_page),
    )
    page = context.new_page()
    page.goto(cat.path("/"))
    subscription_card(page).get_by_role("link", name=cat.t("ProfilePage.unsubscribe")).click()

    at(page, cat, f"/unsubscribe/{sub_id}?type=switch")
    expect(heading(page, cat.t("UnsubscribePage.title"))).to_be_visible()
    page.get_by_role("radio", name=cat.t("UnsubscribePage.reasons.otherOffer")).check()
    with page.expect_response(lambda r: "/v5/notification/unsubscription" in r.url) as answer:
        page.get_by_role("button", name=cat.t("UnsubscribePage.confirm")).click()
    assert answer.value.status == 200 and answer.value.request.method == "PUT"
    # The answer names the operator ({"sub_partner": "ZONG"}); its body cannot be read once the page has
    # left for the operator's site, so the destination is what proves it.
    expect(page).to_have_url(operator_url)
    subscription = only_subscription(stack, parent.token)
    assert (subscription["isRenewing"], subscription["paymentStateId"]) == (False, "Cancelled"), (
        subscription
    )


# --- 4. the e-mail overlay of partner accounts ------------------------------------------------------


def fill_overlay(page: Page, cat: Catalog, address: str):
    dialog = page.get_by_role("dialog", name=cat.t("EmailOverlay.title"))
    dialog.get_by_label(cat.t("EmailOverlay.email"), exact=True).fill(address)
    dialog.get_by_role("button", name=cat.t("EmailOverlay.save")).click()
    return dialog


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_mondia_parent_with_a_made_up_email_gives_a_real_one(
    locale, new_context, make_parent, stack, database
):
    """A mondia parent has a phone-number address: the profile asks for a real one, saves it, and
    (mondia parents have no password of their own) a password e-mail goes to it."""
    cat = catalog(locale)
    parent = make_parent(f"mondia-{locale}", subscribed=False)
    add_store_subscription(database, parent, "mondia")
    fake = make_partner_account(database, parent, "mondia", fake_email=True, confirmed=False)
    assert stack.api.account(parent.token)[1]["isEmailFake"] is True

    page = new_context(locale=BROWSER_LOCALES[locale], token=parent.token).new_page()
    page.goto(cat.path("/"))
    assert_language(page, cat)
    dialog = page.get_by_role("dialog", name=cat.t("EmailOverlay.title"))
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(cat.t("EmailOverlay.intro", partner="mondia"))
    expect(
        dialog.get_by_role("button", name=cat.t("EmailOverlay.close"))
    ).to_be_focused()  # focus moved in

    fill_overlay(page, cat, "not-an-address")
    expect(dialog.get_by_role("alert")).to_contain_text(cat.t("Errors.invalidEmail"))
    assert stack.api.account(parent.token)[1]["email"] == fake

    # The e-mail language follows the site language the parent uses (noted when the page starts).
    deadline = time.monotonic() + 10
    while (
        stack.api.account(parent.token)[1]["emailLanguage"] != locale
        and time.monotonic() < deadline
    ):
        time.sleep(0.2)
    assert stack.api.account(parent.token)[1]["emailLanguage"] == locale
    real = f"e2e-mondia-{locale}-{uuid.uuid4().hex[:8]}@lumo.example"
    fill_overlay(page, cat, real)
    expect(dialog.get_by_role("status")).to_contain_text(cat.t("EmailOverlay.savedWithPassword"))
    dialog.get_by_role("button", name=cat.t("EmailOverlay.done")).click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_text(real, exact=True)).to_be_visible()

    account = stack.api.account(parent.token)[1]
    assert (account["email"], account["isEmailFake"]) == (real, False), account
    wait_for_mail(
        stack.outbox, real, cat.t("Emails.partner_reset_password.subject")
    )  # in the site's language
    page.reload()  # a real address now: never asked again
    expect(heading(page, cat.t("ProfilePage.title"))).to_be_visible()
    expect(page.get_by_text(real, exact=True)).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_virgo_parent_confirms_a_real_email_then_is_not_asked_again(
    new_context, make_parent, stack, database, cat
):
    """A virgo parent with an unconfirmed address is asked on every visit until the address is
    confirmed; closing the overlay hides it for the browser session only."""
    parent = make_parent("virgo", subscribed=False)
    add_store_subscription(database, parent, "virgo")
    make_partner_account(database, parent, "virgo", fake_email=False, confirmed=False)

    page = new_context(token=parent.token).new_page()
    page.goto(cat.path("/products"))  # the hub asks too
    dialog = page.get_by_role("dialog", name=cat.t("EmailOverlay.title"))
    expect(dialog).to_contain_text(cat.t("EmailOverlay.intro", partner="virgo"))
    dialog.get_by_role("button", name=cat.t("EmailOverlay.close")).click()
    expect(dialog).to_be_hidden()
    page.goto(cat.path("/"))  # the same browser session: closed is closed
    expect(page.get_by_text(parent.email, exact=True)).to_be_visible()  # the account is loaded
    expect(page.get_by_role("dialog")).to_have_count(0)

    page = new_context(token=parent.token).new_page()  # a new visit: asked again
    page.goto(cat.path("/"))
    real = f"e2e-virgo-{uuid.uuid4().hex[:8]}@lumo.example"
    dialog = fill_overlay(page, cat, real)
    expect(dialog.get_by_role("status")).to_contain_text(cat.t("EmailOverlay.saved"))
    dialog.get_by_role("button", name=cat.t("EmailOverlay.done")).click()
    assert stack.api.account(parent.token)[1]["email"] == real

    mail = wait_for_mail(stack.outbox, real, cat.t("Emails.confirm_email.subject"))
    links = re.findall(r"https?://[^\s\"'<>]+/confirm-email\?token=[^\s\"'<>]+", text_of(mail))
    assert links, text_of(mail)
    page.goto(links[0])
    expect(page.get_by_text(cat.t("ConfirmEmailPage.success"))).to_be_visible()
    account = stack.api.account(parent.token)[1]
    assert account["emailIsConfirmed"] is True, account

    page = new_context(token=parent.token).new_page()  # confirmed: no more questions
    page.goto(cat.path("/"))
    expect(page.get_by_text(real, exact=True)).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
