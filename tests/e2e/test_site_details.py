"""Site-wide details that belong to no single page: the favicon, the cookie banner on a TV, the hub's margins."""

from __future__ import annotations

import urllib.request

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

TV_USER_AGENT = (
    "Mozilla/5.0 (Linux; Android 9; OMI Box) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0 Safari/537.36"
)


def test_favicon_is_served(stack):
    """Browsers and crawlers ask for /favicon.ico on their own: it must not be a 404 (nor a locale redirect)."""
    with urllib.request.urlopen(f"{stack.web_url}/favicon.ico", timeout=10) as response:
        assert response.status == 200
        assert response.headers["Content-Type"] in ("image/x-icon", "image/vnd.microsoft.icon")
        assert response.read(4) == b"\x00\x00\x01\x00"  # the ICO header
    with urllib.request.urlopen(f"{stack.web_url}/icon.svg", timeout=10) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("image/svg+xml")


def test_pages_link_both_icons(new_context, cat):
    page = new_context().new_page()
    page.goto(cat.path("/login"))
    hrefs = page.locator("link[rel~='icon']").evaluate_all(
        "links => links.map((link) => link.getAttribute('href'))"
    )
    assert any(href.startswith("/favicon.ico") for href in hrefs), hrefs
    assert any(href.startswith("/icon.svg") for href in hrefs), hrefs


def test_no_cookie_banner_on_a_tv(new_context, cat):
    """A TV has no footer, so no way back to a cookie choice: no banner, nothing but necessary cookies."""
    banner_name = cat.t("CookieConsent.title")
    desktop = new_context(cookies_answered=False).new_page()
    desktop.goto(cat.path("/login"))
    expect(
        desktop.get_by_role("region", name=banner_name)
    ).to_be_visible()  # the banner shows once hydrated

    tv = new_context(user_agent=TV_USER_AGENT, cookies_answered=False).new_page()
    tv.goto(cat.path("/login"))
    expect(tv.get_by_role("heading", level=1, name=cat.t("LoginPage.title"))).to_be_visible()
    tv.wait_for_load_state("networkidle")
    expect(tv.get_by_role("region", name=banner_name)).to_have_count(0)
    assert tv.evaluate("() => window.localStorage.getItem('cookieConsent')") is None


@pytest.mark.parametrize("width", [320, 375, 414])
def test_hub_text_lines_up_with_the_other_pages_on_a_phone(width, new_context, make_parent, cat):
    """The hub has no card on its white background: on a phone, where pages fill the width, its
    text starts where a card page's text does (not at the screen's edge)."""
    parent = make_parent("hub-margin")
    page = new_context(token=parent.token, width=width, height=812).new_page()
    starts = {}
    for route, title in (
        ("/products", "ProductsPage.title"),
        ("/change-password", "ChangePasswordPage.title"),
    ):
        page.goto(cat.path(route))
        heading = page.get_by_role("heading", level=1, name=cat.t(title), exact=True)
        expect(heading).to_be_visible()
        starts[route] = heading.bounding_box()["x"]
    assert abs(starts["/products"] - starts["/change-password"]) <= 1, starts
