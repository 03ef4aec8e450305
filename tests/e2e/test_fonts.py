"""The web font swaps in without moving the page (docs/brand.md, "Fonts"). While Nunito loads, text is
set in lib/fonts/fallback.css's local faces, sized to Nunito's widths at each weight; next/font's own
fallback (one local Arial sized for the regular weight) left Android, ChromeOS and Linux in the system
font and made bold headings wrap differently everywhere. This machine is such a system (Debian's
Chromium, with Liberation Sans)."""

from __future__ import annotations

import time

import pytest

from tests.e2e.support import BROWSER_LOCALES, catalog

pytestmark = pytest.mark.e2e

FONT_DELAY_SECONDS = (
    0.6  # a phone on a slow network: the page is painted long before Nunito arrives
)
GOOD_CLS = 0.1  # Web Vitals' "good"; with next/font's fallback these loads measured 0.12-0.24

SHIFTS = """window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value);
}).observe({ type: 'layout-shift', buffered: true });"""


@pytest.mark.parametrize("weight", [400, 600, 700, 800])
def test_the_fallback_faces_find_a_local_font_here(new_context, weight):
    page = new_context().new_page()
    page.goto("/homePage")
    found = page.evaluate(
        "(font) => document.fonts.load(font).then((faces) => faces.length)",
        f"{weight} 16px 'Lumo Fallback'",
    )
    assert found == 1, "no local font for the face (apt-get install fonts-liberation)"


@pytest.mark.parametrize(
    ("locale", "width"),
    [("en", 360), ("en", 768), ("de", 360), ("de", 412), ("ru", 768), ("ru", 1280)],
)
def test_the_landing_page_does_not_move_when_the_web_font_arrives_late(new_context, locale, width):
    cat = catalog(locale)
    context = new_context(locale=BROWSER_LOCALES[locale], width=width, cookies_answered=False)
    page = (
        context.new_page()
    )  # a first visit: the font is not cached yet, and the cookie banner shows

    def late(route):
        time.sleep(FONT_DELAY_SECONDS)
        route.continue_()

    page.route("**/*.woff2", late)
    page.add_init_script(SHIFTS)
    page.goto(cat.path("/homePage"))
    page.wait_for_function(
        "() => [...document.fonts].some((f) => f.family.startsWith('nunito') && f.status === 'loaded')"
    )
    page.wait_for_timeout(300)  # the frame after the swap
    shifts = page.evaluate("window.__shifts")
    assert sum(shifts) < GOOD_CLS, shifts
