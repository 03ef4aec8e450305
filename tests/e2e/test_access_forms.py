"""Errors announced on every form (WCAG 3.3.1, 4.1.3; docs/accessibility.md), the forms wired after the first round, in Debian's Chromium: a failed
submit moves the focus to the first invalid field, whose message is linked to it (aria-describedby),
or, when the API refused and no field is at fault, to the error message (role="alert").

- the children page's "add a profile" form (behind the age gate): no name -> the name field;
- the payment page's coupon field: nothing typed, then a code the API refuses -> the field;
- the operator console's staff login: nothing typed -> the e-mail field; a wrong TOTP code -> the
  refusal.

Screenshots of each error state, in en and ar, go to var/screenshots/a11y/ (as test_access.py's).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.support import catalog
from tests.e2e.test_access import assert_announced
from tests.e2e.test_ops_console import STAFF_PASSWORD, create_staff

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_the_children_add_form_announces_a_missing_name(new_context, make_parent, locale):
    cat = catalog(locale)
    parent = make_parent(f"a11y-children-{locale}")
    page = new_context(locale=locale, token=parent.token).new_page()
    page.goto(cat.path("/children"))
    page.get_by_label(cat.t("AgeGate.birthYear"), exact=True).fill("1985")
    page.get_by_role("button", name=cat.t("AgeGate.submit")).click()
    add = page.get_by_role("button", name=cat.t("ChildrenPage.add"))
    expect(add).to_be_visible()
    add.click()
    result = assert_announced(page, "form:has([name=ageBand])", "children-add", locale)
    assert result["kind"] == "field" and result["name"] == "name", result
    assert cat.t("Errors.valueRequired") in result["said"], result


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_the_coupon_field_announces_an_empty_and_an_unknown_code(new_context, make_parent, locale):
    cat = catalog(locale)
    parent = make_parent(f"a11y-coupon-{locale}")
    page = new_context(locale=locale, token=parent.token).new_page()
    page.goto(cat.path("/subscribe"))
    field = page.get_by_label(cat.t("CouponField.label"), exact=True)
    expect(field).to_be_editable()
    coupon = "form:has([name=coupon])"
    apply = page.locator(coupon).get_by_role("button", name=cat.t("CouponField.apply"))

    apply.click()
    empty = assert_announced(page, coupon, "coupon-empty", locale)
    assert empty["kind"] == "field" and empty["name"] == "coupon", empty
    assert empty["said"] == cat.t("Errors.fillField"), empty

    field.fill("NO-SUCH-CODE-17")
    apply.click()
    # The API's answer replaces "fill out this field" (the message goes while the code is checked).
    page.wait_for_function(
        "(before) => { const m = document.getElementById('coupon-error');"
        " return !!m && m.textContent.trim() !== before; }",
        arg=cat.t("Errors.fillField"),
    )
    unknown = assert_announced(page, coupon, "coupon-unknown", locale)
    assert unknown["kind"] == "field" and unknown["name"] == "coupon", unknown
    assert unknown["said"] not in ("", cat.t("Errors.fillField")), unknown


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_the_staff_login_announces_an_empty_form_and_a_refused_code(new_context, stack, locale):
    cat = catalog(locale)
    email_address, _secret = create_staff(stack, "support")
    page = new_context(locale=locale).new_page()
    page.goto(cat.path("/ops"))
    login = "form:has([name=code])"
    submit = page.get_by_role("button", name=cat.t("Ops.login.submit"))

    submit.click()
    empty = assert_announced(page, login, "ops-login-empty", locale)
    assert empty["kind"] == "field" and empty["name"] == "email", empty
    assert empty["said"] == cat.t("Errors.fillField"), empty

    # Everything filled in, but a code that is not the authenticator's: the API refuses, no field
    # is at fault, the refusal takes the focus.
    page.get_by_label(cat.t("Ops.login.email"), exact=True).fill(email_address)
    page.get_by_label(cat.t("Ops.login.password"), exact=True).fill(STAFF_PASSWORD)
    page.get_by_label(cat.t("Ops.login.code"), exact=True).fill("000000")
    submit.click()
    refused = assert_announced(page, login, "ops-login-refused", locale)
    assert refused["kind"] == "alert", refused
    assert refused["said"] == cat.t("Errors.staffLoginFailed"), refused
    expect(page.get_by_role("heading", level=1, name=cat.t("Ops.login.heading"))).to_be_visible()
