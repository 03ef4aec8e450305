"""The pages where parents pay and manage their account, signed in (docs/benchmarks.md#signed-in-pages):
`/subscribe` with the hosted payment form, `/` (the profile), `/products`, and the pages listed in
SIGNED_IN_ROUTES. The web app is built with braintree-web's modules swapped for the stand-in of the browser
tests (tests/e2e/braintree_standin) and the API answers a Braintree-shaped client token (bench/standin_api.py),
so the payment SDK loads the way production loads it, offline. Per page: first-load bytes, scripts and
requests after idle (as bench/web_pages.py measures the public pages), which payment modules were loaded
before the parent chose a method, Lighthouse mobile (median of BENCH_LIGHTHOUSE_RUNS, signed in: the token
is put in the browser's storage first and Lighthouse told not to clear it), and on a throttled phone profile
(Lighthouse's mobile: 4 x CPU slowdown, 150 ms round trips, 1.6 Mbit/s) the time until the card number
field accepts input, against the time until the first field of a plain signed-in form page does.

`python -m bench.web_signed_in` alone (scratch database BENCH_WEB_DB, default lumo_bench_signed_in);
`make bench PART=web_signed_in` inside the bench. Results: var/bench/web_signed_in.json.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

from bench.servers import ROOT, free_port, gunicorn
from bench.web_builds import WEBAPP, build, next_server, seeded_scratch
from bench.web_pages import (
    CHROME_FLAGS,
    CHROMIUM,
    COUNTED_TYPES,
    IDLE_SECONDS,
    LIGHTHOUSE,
    LIGHTHOUSE_RUNS,
    ensure_lighthouse,
    save,
)

DIST_DIR = ".next-bench-signed-in"
RESULTS = ROOT / "var" / "bench"
# The parent's pages: which account opens each (a new parent subscribes; a subscriber has a profile: a parent
# with no subscription is sent from the profile and the products to /subscribe).
SIGNED_IN_ROUTES = {"/subscribe": "new", "/": "subscriber", "/products": "subscriber"}
PLAIN_FORM_ROUTE = "/change-password"  # a signed-in page with a form and no payment SDK: the floor
CARD_INPUT = (
    "input[data-braintree-name=number]"  # the stand-in's hosted field (an iframe in production)
)
PLAIN_INPUT = "input[type=password]"
READY_RUNS = int(os.environ.get("BENCH_READY_RUNS", "5"))
KEEP_REPORTS = os.environ.get(
    "BENCH_LIGHTHOUSE_REPORTS", ""
)  # a folder: keep each Lighthouse report
# Lighthouse's mobile profile ("simulated" throttling), applied for real here: the page must become usable.
PHONE = {"latency_ms": 150, "down_kbps": 1638.4, "up_kbps": 750, "cpu_slowdown": 4}
# Strings that only the named module of the stand-in holds — not the web app's own code, which names the
# modules' error codes (tests/test_bench_run.py checks both).
PAYMENT_MODULES = {
    "hosted-fields": "All fields are empty. Cannot tokenize empty card fields.",
    "three-d-secure": "No verification payload available.",
    "paypal-checkout": "Agree and continue",
    "google-payment": "AndroidPayCard",
    "apple-pay": "ApplePayCard",
}


def _post(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", "X-Country-Code": "FR"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST", headers=headers
    )
    return json.loads(urllib.request.urlopen(request, timeout=30).read())


def _register(api: str, label: str) -> str:
    from core.domain.accounts import client_password_hash

    return _post(
        f"{api}/v5/accounts",
        {
            "email": f"bench-{label}-{os.getpid()}-{int(time.time())}@lumo.example",
            "password": client_password_hash("bench password"),
            "isTcAccepted": True,
        },
    )["token"]


def tokens(api: str) -> dict[str, str]:
    """A new parent's token (no subscription yet: /subscribe) and a subscriber's (the profile, the
    products): a parent without a subscription is sent from those pages to /subscribe."""
    subscriber = _register(api, "subscriber")
    _post(  # the sandbox gateway and Braintree's test nonce: a monthly TV plan, in its free trial
        f"{api}/v5/braintree/subscription",
        {
            "paymentNonce": "fake-valid-nonce",
            "plans": {"planId": "lumo_tv_monthly_eur"},
            "coupon": None,
            "billingName": "Bench Parent",
        },
        subscriber,
    )
    return {"new": _register(api, "new"), "subscriber": subscriber}


def _storage(token: str) -> list[dict]:
    """What a signed-in browser holds (webapp/src/lib/session/storage.ts), cookies answered."""
    consent = {"version": 1, "date": "2026-01-01T00:00:00.000Z", "necessary": True}
    return [
        {"name": "kidj_ut", "value": token},
        {"name": "token", "value": token},
        {"name": "cookieConsent", "value": json.dumps({**consent, "analytics": False})},
    ]


def _hint_cookie(base: str) -> dict:
    return {"name": "lumo_signed_in", "value": "1", "url": base}


@contextmanager
def web_app(api: str):
    env = {
        **os.environ,
        "NEXT_DIST_DIR": DIST_DIR,
        "API_URL": api,
        "NEXT_TELEMETRY_DISABLED": "1",
        "LUMO_BRAINTREE_STANDIN": "1",
    }
    build(env, DIST_DIR)
    with next_server(WEBAPP, env, "/login") as base:
        yield base


def page_loads(browser, base: str, routes: dict[str, str], tokens: dict[str, str]) -> dict:
    """Per page, signed in: what a first visit downloads and which payment modules came with it."""
    figures = {}
    for route, who in routes.items():
        context = browser.new_context(
            locale="en-GB",
            service_workers="block",
            storage_state={
                "cookies": [],
                "origins": [{"origin": base, "localStorage": _storage(tokens[who])}],
            },
        )
        context.add_cookies([_hint_cookie(base)])
        page = context.new_page()
        finished: list = []
        page.on("requestfinished", lambda request, into=finished: into.append(request))
        page.goto(base + route, wait_until="networkidle")
        _check_landed(page.url, route)
        page.wait_for_timeout(IDLE_SECONDS * 1000)
        page.wait_for_load_state("networkidle")
        scripts = [r for r in finished if r.resource_type == "script"]
        code = "".join(_body(r) for r in scripts)
        figures[route] = {
            "js_kb_gzip": round(sum(r.sizes()["responseBodySize"] for r in scripts) / 1024, 1),
            "scripts": len(scripts),
            "first_load_kb": round(
                sum(
                    r.sizes()["responseBodySize"]
                    for r in finished
                    if r.resource_type in ("document", "script", "stylesheet")
                )
                / 1024,
                1,
            ),
            "requests_after_idle": sum(1 for r in finished if r.resource_type in COUNTED_TYPES),
            "payment_modules": sorted(m for m, marker in PAYMENT_MODULES.items() if marker in code),
            "third_party_requests": sorted(
                {r.url.split("/")[2] for r in finished if not r.url.startswith(base)}
            ),
        }
        context.close()
    return figures


def _check_landed(url: str, route: str) -> None:
    """The page measured is the one asked for, not one the start-up logic sent the parent on to."""
    path = urlparse(url).path.rstrip("/")
    if path.removeprefix("/en") != route.rstrip("/"):
        raise RuntimeError(f"asked for {route}, measured {path or '/'}: the parent was sent on")


def _body(request) -> str:
    response = request.response()
    try:
        return response.text() if response else ""
    except Exception:  # a body Chromium no longer holds (a redirect): nothing to search
        return ""


def _ready_ms(browser, base: str, route: str, token: str, selector: str) -> float:
    """From navigation to `selector` accepting input, on the throttled phone profile (a new context each
    time: nothing cached, as a parent's first visit)."""
    context = browser.new_context(
        locale="en-GB",
        viewport={"width": 412, "height": 823},
        is_mobile=True,
        has_touch=True,
        service_workers="block",
        storage_state={
            "cookies": [],
            "origins": [{"origin": base, "localStorage": _storage(token)}],
        },
    )
    context.add_cookies([_hint_cookie(base)])
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": PHONE["latency_ms"],
            "downloadThroughput": PHONE["down_kbps"] * 1024 / 8,
            "uploadThroughput": PHONE["up_kbps"] * 1024 / 8,
        },
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE["cpu_slowdown"]})
    start = time.perf_counter()
    page.goto(base + route, wait_until="commit", timeout=120_000)
    page.locator(selector).first.wait_for(state="visible", timeout=120_000)
    page.wait_for_function(
        "s => { const e = document.querySelector(s); return e && !e.disabled && !e.readOnly; }",
        arg=selector,
        timeout=120_000,
    )
    elapsed = (time.perf_counter() - start) * 1000
    context.close()
    return elapsed


def card_fields_ready(browser, base: str, tokens: dict[str, str], runs: int = READY_RUNS) -> dict:
    """Median time until the card number field takes input on /subscribe, and until the plain form's
    first field does; runs interleaved, so both see the same machine."""
    card, plain = [], []
    for _ in range(runs):
        card.append(_ready_ms(browser, base, "/subscribe", tokens["new"], CARD_INPUT))
        plain.append(_ready_ms(browser, base, PLAIN_FORM_ROUTE, tokens["subscriber"], PLAIN_INPUT))
    card_ms, plain_ms = statistics.median(card), statistics.median(plain)
    return {
        "card_fields_ms": round(card_ms),
        "plain_form_ms": round(plain_ms),
        "ratio": round(card_ms / plain_ms, 2),
        "runs": runs,
        "profile": PHONE,
    }


def lighthouse_signed_in(base: str, routes: dict[str, str], tokens: dict[str, str], runs: int):
    """Lighthouse mobile on a Chromium whose storage holds the session: Lighthouse connects to it over
    its debugging port and is told not to clear storage (--disable-storage-reset)."""
    from playwright.sync_api import sync_playwright

    results = {}
    for route, who in routes.items():
        samples = []
        for _ in range(runs):
            port = free_port()
            profile = tempfile.mkdtemp(prefix="lumo-bench-lh-")
            try:
                with sync_playwright() as p:
                    context = p.chromium.launch_persistent_context(
                        profile,
                        executable_path=CHROMIUM,
                        headless=True,
                        args=[*CHROME_FLAGS.split()[1:], f"--remote-debugging-port={port}"],
                    )
                    page = context.pages[0] if context.pages else context.new_page()
                    page.goto(base + "/robots.txt")  # the origin, to write its storage
                    page.evaluate(
                        "items => items.forEach(i => localStorage.setItem(i.name, i.value))",
                        _storage(tokens[who]),
                    )
                    context.add_cookies([_hint_cookie(base)])
                    samples.append(_lighthouse_once(base + route, port))
                    context.close()
            finally:
                shutil.rmtree(profile, ignore_errors=True)
        results[route] = {k: round(statistics.median(s[k] for s in samples), 3) for k in samples[0]}
    return results


def _lighthouse_once(url: str, port: int) -> dict:
    out = Path(tempfile.mkstemp(suffix=".json")[1])
    try:
        for _attempt in range(
            3
        ):  # NO_NAVSTART now and then (bench/web_pages.py): repeated, not counted
            done = subprocess.run(
                [
                    str(LIGHTHOUSE),
                    url,
                    "--quiet",
                    "--only-categories=performance",
                    "--output=json",
                    f"--output-path={out}",
                    f"--port={port}",
                    "--disable-storage-reset",
                ],
                capture_output=True,
                text=True,
            )
            if done.returncode == 0:
                break
        else:
            raise RuntimeError(f"lighthouse {url} failed 3 times:\n{done.stderr[-2000:]}")
        report = json.loads(out.read_text())
        if (
            KEEP_REPORTS
        ):  # every report kept, to read where the time goes (bootup-time, long-tasks…)
            Path(KEEP_REPORTS).mkdir(parents=True, exist_ok=True)
            name = urlparse(url).path.strip("/").replace("/", "-") or "profile"
            shutil.copy(out, Path(KEEP_REPORTS) / f"{name}-{time.strftime('%H%M%S')}.json")
    finally:
        out.unlink(missing_ok=True)
    audits = report["audits"]
    final = report.get("finalDisplayedUrl") or report.get("finalUrl") or url
    _check_landed(final, urlparse(url).path)
    return {
        "score": round(100 * report["categories"]["performance"]["score"]),
        "tbt_ms": audits["total-blocking-time"]["numericValue"],
        "lcp_ms": audits["largest-contentful-paint"]["numericValue"],
    }


def measure(base: str, api: str, lighthouse_runs: int | None = None) -> dict:
    from playwright.sync_api import sync_playwright

    runs = LIGHTHOUSE_RUNS if lighthouse_runs is None else lighthouse_runs
    who = tokens(api)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_FLAGS.split()[1:])
        try:
            pages = page_loads(browser, base, SIGNED_IN_ROUTES, who)
            ready = card_fields_ready(browser, base, who)
        finally:
            browser.close()
    lh = lighthouse_signed_in(base, SIGNED_IN_ROUTES, who, runs) if runs else {}
    return {
        "pages": {route: {**f, "lighthouse": lh.get(route)} for route, f in pages.items()},
        "card_fields": ready,
        "lighthouse_runs": runs,
    }


def run(env: dict) -> dict:
    ensure_lighthouse()
    try:
        with (
            gunicorn("bench.standin_api:create_app()", env, "/healthz") as api,
            web_app(api) as base,
        ):
            results = measure(base, api)
    finally:
        cleanup()
    return save("web_signed_in.json", results)


def table(result: dict) -> str:
    lines = [
        f"\n{'signed-in page':16} {'first-load KB':>13} {'scripts':>7} {'requests':>8} "
        f"{'Lighthouse':>10} {'TBT ms':>7}  payment modules before a choice"
    ]
    for route, f in result["pages"].items():
        lh = f.get("lighthouse") or {}
        lines.append(
            f"{route:16} {f['first_load_kb']:13.1f} {f['scripts']:7d} {f['requests_after_idle']:8d} "
            f"{lh.get('score', '—'):>10} {lh.get('tbt_ms', 0):7.0f}  "
            f"{', '.join(f['payment_modules']) or 'none'}"
        )
    c = result["card_fields"]
    lines.append(
        f"card number field ready (phone profile, median of {c['runs']}): {c['card_fields_ms']} ms; "
        f"plain form {PLAIN_FORM_ROUTE}: {c['plain_form_ms']} ms; ratio {c['ratio']} (goal ≤ 1.5)"
    )
    return "\n".join(lines)


def cleanup() -> None:
    shutil.rmtree(WEBAPP / DIST_DIR, ignore_errors=True)
    shutil.rmtree(WEBAPP / f"{DIST_DIR}-tsconfig", ignore_errors=True)


def main() -> None:
    """Alone: a scratch database of its own, seeded with the demo data."""
    with seeded_scratch("lumo_bench_signed_in", "signed-in") as env:
        results = run(env)
    print(table(results))
    print(f"\nresults: {RESULTS / 'web_signed_in.json'}")


if __name__ == "__main__":
    main()
