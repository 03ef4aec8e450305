"""Web pages: first-load JavaScript per route (gzip, as the browser receives it) and
Lighthouse in mobile emulation (median of 3 runs) against a production build."""

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

from bench.servers import ROOT, free_port, gunicorn

ROUTES = ("/homePage", "/register", "/login", "/subscribe")
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)
LIGHTHOUSE = ROOT / "bench" / "web" / "node_modules" / ".bin" / "lighthouse"
WEBAPP = ROOT / "webapp"


DIST_DIR = ".next-bench"
TSCONFIG_DIR = WEBAPP / f"{DIST_DIR}-tsconfig"  # ignored by git (.next*/)


def build(env: dict) -> None:
    """A production build in a folder of its own, type-checked with a tsconfig of its own (as the
    browser tests do), so neither other builds' generated types nor a rewritten tsconfig.json get in."""
    TSCONFIG_DIR.mkdir(exist_ok=True)
    tsconfig = TSCONFIG_DIR / "tsconfig.json"
    tsconfig.write_text(
        json.dumps(
            {
                "extends": "../tsconfig.json",
                "include": [
                    "../next-env.d.ts",
                    "../src/**/*.ts",
                    "../src/**/*.tsx",
                    f"../{DIST_DIR}/types/**/*.ts",
                    f"../{DIST_DIR}/dev/types/**/*.ts",
                ],
                "exclude": ["../node_modules"],
            },
            indent=1,
        )
    )
    shared = WEBAPP / "tsconfig.json"
    before = shared.read_bytes()
    try:
        done = subprocess.run(
            [str(WEBAPP / "node_modules" / ".bin" / "next"), "build"],
            cwd=WEBAPP,
            env={**env, "NEXT_TSCONFIG_PATH": str(tsconfig.relative_to(WEBAPP))},
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise RuntimeError(f"next build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    finally:
        if shared.read_bytes() != before:
            shared.write_bytes(before)


@contextmanager
def web_app(api: str):
    env = {**os.environ, "NEXT_DIST_DIR": DIST_DIR, "API_URL": api, "NEXT_TELEMETRY_DISABLED": "1"}
    build(env)
    port = free_port()
    process = subprocess.Popen(
        ["npx", "next", "start", "--hostname", "localhost", "--port", str(port)],
        cwd=WEBAPP,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://localhost:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/login", timeout=2)
                break
            except Exception:
                time.sleep(0.2)
        yield base
    finally:
        os.killpg(process.pid, 15)
        process.wait(timeout=10)


def first_load_js(base: str) -> dict:
    from playwright.sync_api import sync_playwright

    sizes = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_FLAGS.split()[1:])
        for route in ROUTES:
            page = browser.new_context().new_page()
            scripts = []
            page.on(
                "requestfinished",
                lambda r: scripts.append(r) if r.resource_type == "script" else None,
            )
            page.goto(base + route, wait_until="networkidle")
            sizes[route] = round(sum(r.sizes()["responseBodySize"] for r in scripts) / 1024, 1)
            page.context.close()
        browser.close()
    return sizes


def lighthouse(base: str, runs: int = 3) -> dict:
    results = {}
    for route in ROUTES:
        samples = []
        for _ in range(runs):
            out = Path(tempfile.mkstemp(suffix=".json")[1])
            # Now and then Chromium's trace misses the navigation's start and Lighthouse gives up
            # ("NO_NAVSTART ... Please run Lighthouse again"): such a run is repeated, not counted.
            for attempt in range(3):
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


def run(env: dict) -> dict:
    if not LIGHTHOUSE.exists():
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT / "bench" / "web", check=True
        )
    try:
        with gunicorn("bff:create_app()", env, "/healthz") as api, web_app(api) as base:
            return {
                "first_load_js_kb_gzip": first_load_js(base),
                "lighthouse_mobile_median_of_3": lighthouse(base),
            }
    finally:
        cleanup()


def cleanup() -> None:
    shutil.rmtree(WEBAPP / DIST_DIR, ignore_errors=True)
    shutil.rmtree(TSCONFIG_DIR, ignore_errors=True)
