"""Screenshots of the pages restyled for docs/brand.md, and the font and image bytes each one loads.

    .venv/bin/python scripts/brand_screenshots.py --api http://127.0.0.1:5140 \
        --web http://localhost:5142 --label after

Needs a running API (migrated, seeded, sandbox payments) and web app. Registers two parents through
the API (one with a TV subscription for the profile and the hub, one without for the subscribe page),
then shoots landing, register, subscribe, profile and hub at 1280 and 375 px in en, ar and ru into
var/screenshots/brand/<label>/ (never tracked), and writes bytes.json beside them: per page, the bytes
of the fonts and images the browser fetched (the file sizes, as served).
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere
from tests.e2e.support import ROOT, Api, catalog  # noqa: E402

PAGES = [  # name, route, which parent (None: a visitor)
    ("landing", "/homePage", None),
    ("register", "/register", None),
    ("subscribe", "/subscribe", "new"),
    ("profile", "/", "subscribed"),
    ("hub", "/products", "subscribed"),
]
LOCALES = ["en", "ar", "ru"]
WIDTHS = {1280: 800, 375: 812}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
]
CONSENT = json.dumps(
    {
        "version": 1,
        "date": "2026-01-01T00:00:00.000Z",
        "necessary": True,
        "analytics": False,
        "marketing": False,
    }
)


# The bytes of the fonts and images the page fetched (each file's encoded size, as served).
MEASURE = """() => {
    const sum = (test) => performance.getEntriesByType('resource')
        .filter(test).reduce((total, e) => total + e.encodedBodySize, 0);
    return {
        font: sum((e) => /\\.woff2(\\?|$)/.test(e.name)),
        image: sum((e) => e.initiatorType === 'img' || /\\.(svg|png|webp|avif)(\\?|$)/.test(e.name)),
    };
}"""


def parents(api: Api) -> dict[str, str]:
    tokens = {}
    for kind in ("new", "subscribed"):
        token = api.register(f"brand-{kind}-{uuid.uuid4().hex[:8]}@lumo.example", "pw-brand-2026")
        if kind == "subscribed":
            api.subscribe(token)
        tokens[kind] = token
    return tokens


def settle(page) -> None:
    page.evaluate("""async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((done) => setTimeout(done, 120));
        }
        window.scrollTo(0, 0);
        await document.fonts.ready;
    }""")
    page.wait_for_function("() => !document.querySelector('.spinner, [aria-busy=\"true\"]')")
    page.wait_for_timeout(400)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--api", required=True)
    parser.add_argument("--web", required=True)
    parser.add_argument("--label", required=True)
    args = parser.parse_args()
    out = ROOT / "var" / "screenshots" / "brand" / args.label
    out.mkdir(parents=True, exist_ok=True)
    tokens = parents(Api(args.api))
    sizes: dict[str, dict[str, int]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for locale in LOCALES:
            cat = catalog(locale)
            for width, height in WIDTHS.items():
                for name, route, who in PAGES:
                    storage = [{"name": "cookieConsent", "value": CONSENT}]
                    cookies = []
                    if who:
                        storage.append({"name": "kidj_ut", "value": tokens[who]})
                        # The "signed in" hint the web app sets next to the token: without
                        # it the server sends a private page's visitor to the login first.
                        cookies.append({"name": "lumo_signed_in", "value": "1", "url": args.web})
                    context = browser.new_context(
                        base_url=args.web,
                        viewport={"width": width, "height": height},
                        locale=locale,
                        storage_state={
                            "cookies": cookies,
                            "origins": [{"origin": args.web, "localStorage": storage}],
                        },
                    )
                    page = context.new_page()
                    page.goto(cat.path(route))
                    settle(page)
                    shot = out / f"{name}-{locale}-{width}.png"
                    page.screenshot(path=str(shot), full_page=True)
                    sizes[f"{name}-{locale}-{width}"] = page.evaluate(MEASURE)
                    context.close()
        browser.close()
    (out / "bytes.json").write_text(json.dumps(sizes, indent=1))
    print(f"{len(sizes)} screenshots in {out}")


if __name__ == "__main__":
    main()
