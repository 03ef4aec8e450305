"""The public marketing and sign-up pages are prerendered and cacheable, with a CSP that needs no
per-request nonce; private pages render per request, keep their nonce and are never stored by a cache;
anonymous visitors of private pages are sent to the login before the page renders."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.support import BROWSER_LOCALES, catalog

pytestmark = pytest.mark.e2e

# The public pages of docs/product.md#screens a visitor arrives on from a search or an ad.
PUBLIC_PAGES = [
    "/homePage",
    "/login",
    "/register",
    "/forgotten-password",
    "/contact",
    "/faq",
    "/about",
    "/learning",
    "/lumo-tv",
    "/lumo-stories",
    "/lumo-games",
    "/de/homePage",
    "/ar/register",
    "/fr/login",
]
# Private pages (lib/startup/routes.ts), asked with the "signed in" hint so that they render.
PRIVATE_PAGES = ["/", "/products", "/subscribe", "/children", "/link", "/de/subscribe"]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def fetch(url: str, headers: dict | None = None):
    opener = urllib.request.build_opener(NoRedirect)
    request = urllib.request.Request(url, headers={"Accept-Language": "en", **(headers or {})})
    try:
        with opener.open(request, timeout=20) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, ""


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_public_pages_are_cacheable_with_a_hash_policy(stack, path):
    status, headers, html = fetch(stack.web_url + path)
    assert status == 200
    cache = headers["Cache-Control"] or ""
    assert "no-store" not in cache and "private" not in cache, cache
    assert (
        cache.startswith("public") and "s-maxage=" in cache and "stale-while-revalidate=" in cache
    )
    policy = headers["Content-Security-Policy"]
    assert (
        "nonce-" not in policy
        and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    )
    # Every inline script of the page is allowed by its hash (the browser tests check it runs).
    script_src = re.search(r"script-src ([^;]*)", policy).group(1)
    assert "sha256-" in script_src
    assert "nonce=" not in html


@pytest.mark.parametrize("path", PRIVATE_PAGES)
def test_private_pages_are_never_public(stack, path):
    status, headers, _ = fetch(stack.web_url + path, {"Cookie": "lumo_signed_in=1"})
    assert status == 200
    cache = headers["Cache-Control"] or ""
    assert "public" not in cache and "no-store" in cache, cache
    assert "'nonce-" in headers["Content-Security-Policy"]


@pytest.mark.parametrize("path", ["/subscribe", "/products", "/", "/children"])
def test_anonymous_visitors_of_private_pages_are_sent_to_login_by_the_server(stack, path):
    status, headers, html = fetch(stack.web_url + path)
    assert status in (302, 307), status
    assert headers["Location"].endswith("/login"), headers["Location"]
    assert "public" not in (headers["Cache-Control"] or "")


@pytest.mark.parametrize("country", ["FR", "CH"])
def test_the_static_landing_page_shows_the_visitors_prices_from_the_api(
    stack, new_context, cat, country
):
    """The landing prices on the prerendered /homePage: asked by the browser through /api, which passes the
    edge's country header on, so each visitor sees the API's amounts for their country."""
    expected = json.loads(
        urllib.request.urlopen(
            f"{stack.api_url}/v5/plans/register?countryCode={country}", timeout=10
        ).read()
    )
    context = new_context()
    context.set_extra_http_headers({"X-Country-Code": country})
    page = context.new_page()
    page.goto(cat.path("/homePage"))
    section = page.locator("section.prices")
    section.wait_for(state="visible")
    shown = section.inner_text()
    amount = re.sub(r"\D", "", expected["monthlyPrice"])
    assert amount in re.sub(r"\D", "", shown), (shown, expected)
    assert expected["currency"] in shown or expected["currencySymbol"] in shown, shown


@pytest.mark.parametrize("image", ["hero", "app-tv", "app-stories", "app-games"])
def test_the_landing_illustrations_are_cached(stack, image):
    """public/landing's SVGs (next.config.ts's headers): kept by browsers and CDNs instead of Next's
    max-age=0, which had every visit ask for them again."""
    status, headers, body = fetch(f"{stack.web_url}/landing/{image}.svg")
    assert status == 200 and headers["Content-Type"].startswith("image/svg+xml")
    cache = headers["Cache-Control"] or ""
    assert cache.startswith("public") and "max-age=3600" in cache and "s-maxage=" in cache, cache
    assert body.startswith("<svg")


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_the_hero_illustration_loads_as_an_image(new_context, locale):
    cat = catalog(locale)
    page = new_context(locale=BROWSER_LOCALES[locale]).new_page()
    page.goto(cat.path("/homePage"))
    art = page.get_by_role("img", name=cat.t("HomePage.art.hero"))
    expect(art).to_be_visible()
    art.evaluate("image => image.decode()")  # rejects, failing the test, if the image cannot load
    assert art.evaluate("image => image.naturalWidth") == 480
