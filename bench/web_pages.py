"""Web pages: every public page of the web app against the floor — the smallest Next App
Router page with the same next, react and next-intl (bench/web/floor), built and served the same way in
the same run. Per page: first-load JS (gzip, as the browser receives it), HTML (gzip), first-load bytes
(HTML + JS + CSS), document/script/data requests until the page is idle (scrolled to its end, so that
links coming into view would prefetch), time to first byte on loopback, and Lighthouse in mobile
emulation (median of 5) for the pages parents arrive on. The machine may be loaded: compare ratios.

`BENCH_PARTS=web python bench/run.py` runs it inside `make bench`; `python -m bench.web_pages` alone
(its own scratch database, BENCH_WEB_DB, default lumo_bench_web). Results: var/bench/web.json.
Building and serving the two apps: bench/web_builds.py.
"""

from __future__ import annotations

import gzip
import json
import os
import statistics
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from bench.servers import ROOT, gunicorn
from bench.web_builds import FLOOR_ROUTE, cleanup, floor_app, seeded_scratch, web_app

# docs/product.md#screens "Public routes": the marketing and sign-up pages, and the retailer landings.
ROUTES = (
    "/homePage",
    "/register",
    "/login",
    "/forgotten-password",
    "/contact",
    "/faq",
    "/about",
    "/learning",
    "/lumo-tv",
    "/lumo-stories",
    "/lumo-games",
    "/intermarche",
    "/ACEF",
)
LIGHTHOUSE_ROUTES = ("/homePage", "/register", "/login")
LIGHTHOUSE_RUNS = int(os.environ.get("BENCH_LIGHTHOUSE_RUNS", "5"))


CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)
LIGHTHOUSE = ROOT / "bench" / "web" / "node_modules" / ".bin" / "lighthouse"


RESULTS = ROOT / "var" / "bench"
# Requests counted after idle: what costs the browser a round trip and main-thread work.
COUNTED_TYPES = {"document", "script", "fetch", "xhr"}
IDLE_SECONDS = 3.0


def page_loads(base: str, routes: tuple[str, ...]) -> dict:
    """Per route: what a first visit downloads, and the requests it makes until idle."""
    from playwright.sync_api import sync_playwright

    figures = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_FLAGS.split()[1:])
        for route in routes:
            context = browser.new_context(locale="en-GB")
            page = context.new_page()
            finished: list = []
            page.on("requestfinished", lambda request, into=finished: into.append(request))
            response = page.goto(base + route, wait_until="networkidle")
            html = response.body() if response else b""
            page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
            page.wait_for_timeout(IDLE_SECONDS * 1000)  # links scrolled into view may prefetch
            page.wait_for_load_state("networkidle")
            first_load = [r for r in finished if r.resource_type in ("script", "stylesheet")]
            js = sum(_transfer(r) for r in first_load if r.resource_type == "script")
            css = sum(_transfer(r) for r in first_load if r.resource_type == "stylesheet")
            html_gz = len(gzip.compress(html, 6))
            figures[route] = {
                "js_kb_gzip": round(js / 1024, 1),
                "scripts": sum(1 for r in first_load if r.resource_type == "script"),
                "html_kb_gzip": round(html_gz / 1024, 1),
                "first_load_kb": round((html_gz + js + css) / 1024, 1),
                "requests_after_idle": sum(1 for r in finished if r.resource_type in COUNTED_TYPES),
            }
            context.close()
        browser.close()
    return figures


def _transfer(request) -> int:
    """The bytes of a response as received (its encoded body, gzip when the server compressed it)."""
    sizes = request.sizes()
    return sizes["responseBodySize"]


TTFB_SAMPLES = int(os.environ.get("BENCH_TTFB_SAMPLES", "101"))
TTFB_WARM_UP = 10


def first_byte_ms(url: str) -> float:
    """Time to the first byte of one answer, on a new connection (as a first visit), on loopback."""
    request = urllib.request.Request(url, headers={"Accept-Language": "en"})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=10) as response:
        response.read(1)
        elapsed = time.perf_counter() - start
        response.read()
    return elapsed * 1000


def ttfb_against_floor(
    base: str, floor: str, routes: tuple[str, ...], samples: int = TTFB_SAMPLES
) -> tuple[dict[str, float], float]:
    """Median TTFB of every page and of the floor, their requests interleaved (floor, page, floor, next
    page, ...) so that both see the same machine: a few milliseconds on loopback, where a sequential
    median of 15 moved by 2 x from run to run."""
    times: dict[str, list[float]] = {route: [] for route in (*routes, FLOOR_ROUTE)}
    for index in range(TTFB_WARM_UP + samples):
        for route in routes:
            for into, url in ((FLOOR_ROUTE, floor + FLOOR_ROUTE), (route, base + route)):
                elapsed = first_byte_ms(url)
                if index >= TTFB_WARM_UP:
                    times[into].append(elapsed)
    medians = {route: round(statistics.median(values), 2) for route, values in times.items()}
    return {route: medians[route] for route in routes}, medians[FLOOR_ROUTE]


def lighthouse(base: str, routes: tuple[str, ...], runs: int = LIGHTHOUSE_RUNS) -> dict:
    results = {}
    for route in routes:
        samples = []
        for _ in range(runs):
            out = Path(tempfile.mkstemp(suffix=".json")[1])
            # Now and then Chromium's trace misses the navigation's start and Lighthouse gives up
            # ("NO_NAVSTART ... Please run Lighthouse again"): such a run is repeated, not counted.
            for _attempt in range(3):
                done = subprocess.run(
                    [
                        str(LIGHTHOUSE),
                        base + route,
                        "--quiet",
                        "--only-categories=performance",
                        "--output=json",
                        f"--output-path={out}",
                        f"--chrome-flags={CHROME_FLAGS}",
                    ],
                    env={**os.environ, "CHROME_PATH": CHROMIUM},
                    capture_output=True,
                    text=True,
                )
                if done.returncode == 0:
                    break
            else:
                raise RuntimeError(
                    f"lighthouse {route} failed 3 times:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
                )
            report = json.loads(out.read_text())
            out.unlink()
            audits = report["audits"]
            samples.append(
                {
                    "score": round(100 * report["categories"]["performance"]["score"]),
                    "lcp_ms": audits["largest-contentful-paint"]["numericValue"],
                    "tbt_ms": audits["total-blocking-time"]["numericValue"],
                    "cls": audits["cumulative-layout-shift"]["numericValue"],
                }
            )
        results[route] = {k: round(statistics.median(s[k] for s in samples), 3) for k in samples[0]}
    return results


def measure(base: str, floor: str, lighthouse_runs: int | None = None) -> dict:
    """`lighthouse_runs` 0 (BENCH_LIGHTHOUSE_RUNS=0): the bytes, requests and TTFB only — deterministic
    but for TTFB, and a minute instead of the Lighthouse runs' quarter of an hour."""
    runs = LIGHTHOUSE_RUNS if lighthouse_runs is None else lighthouse_runs
    lumo_pages = page_loads(base, ROUTES)
    floor_page = page_loads(floor, (FLOOR_ROUTE,))[FLOOR_ROUTE]
    page_ttfb, floor_page["ttfb_ms"] = ttfb_against_floor(base, floor, ROUTES)
    for route, ms in page_ttfb.items():
        lumo_pages[route]["ttfb_ms"] = ms
    lumo_lh = lighthouse(base, LIGHTHOUSE_ROUTES, runs) if runs else {}
    floor_lh = lighthouse(floor, (FLOOR_ROUTE,), runs)[FLOOR_ROUTE] if runs else None
    return {
        "floor": {**floor_page, "lighthouse": floor_lh},
        "pages": {
            route: {**figures, "lighthouse": lumo_lh.get(route)}
            for route, figures in lumo_pages.items()
        },
        "lighthouse_runs": runs,
    }


def ensure_lighthouse() -> None:
    """Lighthouse, pinned in bench/web/package-lock.json, installed on first use."""
    if LIGHTHOUSE_RUNS and not LIGHTHOUSE.exists():
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT / "bench" / "web", check=True
        )


def save(name: str, results: dict) -> dict:
    """var/bench/<name>.json (git-ignored)."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / name).write_text(json.dumps(results, indent=2) + "\n")
    return results


def run(env: dict) -> dict:
    ensure_lighthouse()
    try:
        with (
            gunicorn("bff:create_app()", env, "/healthz") as api,
            web_app(api) as base,
            floor_app() as floor,
        ):
            results = measure(base, floor)
    finally:
        cleanup()
    return save("web.json", results)


ROWS = (
    ("first-load JS, KB gzip", "js_kb_gzip"),
    ("scripts", "scripts"),
    ("HTML, KB gzip", "html_kb_gzip"),
    ("first-load bytes, KB", "first_load_kb"),
    ("requests after idle", "requests_after_idle"),
    ("TTFB ms", "ttfb_ms"),
    ("Lighthouse score", "lighthouse.score"),
    ("TBT ms", "lighthouse.tbt_ms"),
    ("LCP ms", "lighthouse.lcp_ms"),
    # Layout shift, e.g. when the web font arrives (docs/brand.md, "Fonts").
    ("CLS", "lighthouse.cls"),
)
DECIMALS = {"lighthouse.cls": 3, "ttfb_ms": 2}


def _value(figures: dict, key: str):
    for part in key.split("."):
        figures = figures.get(part) if isinstance(figures, dict) else None
    return figures


def table(web: dict) -> str:
    """Lumo | floor | ratio, for every public page."""
    lines = [f"\n{'page':20} {'figure':24} {'Lumo':>9} {'floor':>9} {'ratio':>7}"]
    floor = web["floor"]
    for route, figures in web["pages"].items():
        for label, key in ROWS:
            mine, base = _value(figures, key), _value(floor, key)
            if mine is None:
                continue
            ratio = f"{mine / base:7.2f}" if base else f"{'—':>7}"
            places = DECIMALS.get(key, 1)
            lines.append(f"{route:20} {label:24} {mine:9.{places}f} {base:9.{places}f} {ratio}")
    return "\n".join(lines)


def main() -> None:
    """Alone: a scratch database of its own (never the one `make bench` or another run uses). With
    BENCH_WEB_URL and BENCH_FLOOR_URL, measures servers already running instead (nothing is built)."""
    if os.environ.get("BENCH_WEB_URL") and os.environ.get("BENCH_FLOOR_URL"):
        print(
            table(
                save(
                    "web.json", measure(os.environ["BENCH_WEB_URL"], os.environ["BENCH_FLOOR_URL"])
                )
            )
        )
        return
    with seeded_scratch("lumo_bench_web", "web") as env:
        results = run(env)
    print(table(results))
    print(f"\nresults: {RESULTS / 'web.json'}")


if __name__ == "__main__":
    main()
