"""The browser stage: the real stack on free ports with a fresh database, and Debian's Chromium.

One session starts, in a temporary folder: a SQLite database (migrated, seeded), the API under
gunicorn, the web app built with `next build` (reused when nothing under webapp/src or locales/
changed since) and served by `next start`, e-mails written as .eml files. One headless Chromium
serves every test; each test gets fresh browser contexts. Everything started is stopped at the end.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.e2e.browser_reports import console_report, failed_request_report, unexpected
from tests.e2e.support import ROOT, Api, catalog, signed_in_hint_cookie

WEBAPP = ROOT / "webapp"
VENV_BIN = Path(sys.executable).parent
DIST_DIR = ".next-e2e"
# What a build depends on besides webapp/src and locales/.
BUILD_INPUTS = ["next.config.ts", "package.json", "package-lock.json", "tsconfig.json"]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# The web apps /apps/{tv,stories,games} send a parent to; the browser never really goes there.
WEB_APP_URLS = {
    "tv": "https://tv.lumo.example",
    "stories": "https://stories.lumo.example",
    "games": "https://games.lumo.example",
}
TIMEOUT_MS = 10_000
OUT_DIR = ROOT / "var" / "e2e"
SCREENSHOT_DIR = ROOT / "var" / "screenshots" / "e2e"

# Reports every Content-Security-Policy violation of a page to the test (see `contexts`).
CSP_LISTENER = """
document.addEventListener('securitypolicyviolation', (e) => {
  window.__lumoCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
});
"""


TIMINGS: dict[str, float] = {}
AXE_RESULTS: dict[str, dict] = {}


def pytest_configure(config):
    config.addinivalue_line("markers", "e2e: a browser test against the running stack")
    config.addinivalue_line(
        "markers",
        "browser_reports(*patterns): console errors or failed requests this test provokes "
        "(tests/e2e/browser_reports.py)",
    )


# --- processes ----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_is_free(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(
            socket.SOL_SOCKET, socket.SO_REUSEADDR, 1
        )  # as gunicorn binds: TIME_WAIT is no obstacle
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class Processes:
    """Processes this harness started, each in its own process group, stopped by their ids."""

    def __init__(self, log_dir: Path):
        self.log_dir = log_dir
        self.started: list[tuple[str, subprocess.Popen, Path]] = []

    def start(self, name: str, command: list[str], cwd: Path, env: dict) -> subprocess.Popen:
        log = self.log_dir / f"{name}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                command,
                cwd=cwd,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.started.append((name, process, log))
        return process

    def log_tail(self, name: str, lines: int = 40) -> str:
        for started_name, _, log in self.started:
            if started_name == name:
                return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
        return ""

    def stop_all(self) -> None:
        for _, process, _ in reversed(self.started):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        for _, process, _ in reversed(self.started):
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def run(command: list[str], cwd: Path, env: dict, what: str) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(
            f"{what} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )
    return done.stdout


def wait_http(
    url: str, process: subprocess.Popen, processes: Processes, name: str, seconds: float = 90
) -> None:
    deadline = time.monotonic() + seconds
    last = ""
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"{name} exited with {process.returncode}:\n{processes.log_tail(name)}"
            )
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            last = str(error)
        time.sleep(0.2)  # polling a server that is starting: there is no event to wait on
    raise RuntimeError(
        f"{name} did not answer {url} within {seconds} s ({last}):\n{processes.log_tail(name)}"
    )


# --- starting an API and a web server (the shared stack, and the stacks of tests/e2e/test_site_notices.py)

# What a stack sets itself: never inherited from the environment that runs the tests.
STACK_OWNED_ENV = (
    "DATABASE_URL",
    "REDIS_URL",
    "SMTP_URL",
    "ANALYTICS_COLLECTOR_URL",
    "PARTNER_CALLBACKS",
    "PAYMENT_GATEWAY",
    "MAINTENANCE_MODE",
    "NEXT_PUBLIC_SITE_URL",
    "HOLIDAY_PROMO_FROM",
    "HOLIDAY_PROMO_TO",
    "HOLIDAY_PROMO_COUPON",
)


def inherited_env() -> dict:
    return {k: v for k, v in os.environ.items() if k not in STACK_OWNED_ENV}


def api_env_for(database: Path, outbox: Path, **settings: str) -> dict:
    """A test API's environment: its own SQLite database and outbox, sandbox payments."""
    return {
        **inherited_env(),
        "LUMO_ENV": "test",
        "DATABASE_URL": f"sqlite:///{database}",
        "OUTBOX_DIR": str(outbox),
        "PAYMENT_GATEWAY": "sandbox",
        "FLASK_APP": "bff",
        **settings,
    }


def migrate_and_seed(api_env: dict) -> None:
    run([str(VENV_BIN / "alembic"), "upgrade", "head"], ROOT, api_env, "alembic upgrade head")
    run([str(VENV_BIN / "flask"), "--app", "bff", "seed"], ROOT, api_env, "flask seed")


def start_api(
    processes: Processes, name: str, port: int, env: dict, workers: int, *options: str
) -> subprocess.Popen:
    command = [str(VENV_BIN / "gunicorn"), "--bind", f"127.0.0.1:{port}", "--workers", str(workers)]
    return processes.start(name, [*command, *options, "bff:create_app()"], ROOT, env)


def start_web(processes: Processes, name: str, port: int, env: dict) -> subprocess.Popen:
    # Bound to "localhost": Next's proxy redirects /login to itself on the literal 127.0.0.1.
    command = [str(WEBAPP / "node_modules" / ".bin" / "next"), "start", "--hostname", "localhost"]
    return processes.start(name, [*command, "--port", str(port)], WEBAPP, env)


# --- the web app build --------------------------------------------------------------------------
#
# Runs share webapp/.next-e2e when they can: a run holds an exclusive lock on it from its build (or
# reuse) to its end, because `next start` reads the folder while it serves. A run that finds it
# locked (another run of this tree is going on) builds into a folder of its own and removes it after.
# Each build type-checks with a tsconfig of its own (next.config.ts reads NEXT_TSCONFIG_PATH), so
# `next build` neither rewrites tsconfig.json nor reads other builds' generated types.


def newest_source_mtime() -> float:
    newest = 0.0
    for folder in (WEBAPP / "src", ROOT / "locales"):
        for path in folder.rglob("*"):
            if path.is_file():
                newest = max(newest, path.stat().st_mtime)
    for name in BUILD_INPUTS:
        path = WEBAPP / name
        if path.exists():
            newest = max(newest, path.stat().st_mtime)
    return newest


@dataclass
class WebBuild:
    dist_dir: str  # relative to webapp/
    shared: bool
    lock: object | None = None

    @property
    def stamp(self) -> Path:
        return WEBAPP / self.dist_dir / "lumo-e2e-build.json"

    @property
    def tsconfig_dir(self) -> Path:
        return WEBAPP / f"{self.dist_dir}-tsconfig"  # matches .gitignore's .next*/

    def reusable_port(self) -> int | None:
        """The API port baked into a build newer than every source (its /api rewrite names it)."""
        if not self.shared or os.environ.get("E2E_REBUILD") or not self.stamp.exists():
            return None
        if (
            not (WEBAPP / self.dist_dir / "BUILD_ID").exists()
            or self.stamp.stat().st_mtime <= newest_source_mtime()
        ):
            return None
        try:
            port = int(json.loads(self.stamp.read_text())["api_port"])
        except (ValueError, KeyError):
            return None
        return port if port_is_free(port) else None

    def build(self, env: dict, api_port: int) -> None:
        self.tsconfig_dir.mkdir(exist_ok=True)
        tsconfig = self.tsconfig_dir / "tsconfig.json"
        tsconfig.write_text(
            json.dumps(
                {
                    "extends": "../tsconfig.json",
                    "include": [
                        "../next-env.d.ts",
                        "../src/**/*.ts",
                        "../src/**/*.tsx",
                        f"../{self.dist_dir}/types/**/*.ts",
                        f"../{self.dist_dir}/dev/types/**/*.ts",
                    ],
                    "exclude": ["../node_modules"],
                },
                indent=1,
            )
        )
        shared_tsconfig = WEBAPP / "tsconfig.json"
        before = shared_tsconfig.read_bytes()
        try:
            run(
                [str(WEBAPP / "node_modules" / ".bin" / "next"), "build"],
                WEBAPP,
                {
                    **env,
                    "NEXT_DIST_DIR": self.dist_dir,
                    "NEXT_TSCONFIG_PATH": str(tsconfig.relative_to(WEBAPP)),
                },
                "next build",
            )
        finally:
            if shared_tsconfig.read_bytes() != before:  # never leave a change in a file others edit
                shared_tsconfig.write_bytes(before)
        self.stamp.write_text(json.dumps({"api_port": api_port}))

    def release(self) -> None:
        if self.shared:
            if self.lock is not None:
                self.lock.close()  # closing the file releases the lock
        else:
            shutil.rmtree(WEBAPP / self.dist_dir, ignore_errors=True)
            shutil.rmtree(self.tsconfig_dir, ignore_errors=True)


def claim_build() -> WebBuild:
    lock_path = (
        Path(tempfile.gettempdir())
        / f"lumo-e2e-{hashlib.sha1(str(WEBAPP).encode()).hexdigest()[:12]}.lock"
    )
    lock = lock_path.open("a")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        for stale in WEBAPP.glob(f"{DIST_DIR}-run-*"):  # left by a run that was killed
            pid = stale.name.split("-run-")[-1].split("-")[0]
            if pid.isdigit() and not Path(f"/proc/{pid}").exists():
                shutil.rmtree(stale, ignore_errors=True)
        return WebBuild(dist_dir=f"{DIST_DIR}-run-{os.getpid()}", shared=False)
    return WebBuild(dist_dir=DIST_DIR, shared=True, lock=lock)


# --- the stack ----------------------------------------------------------------------------------


@dataclass
class Stack:
    api_url: str
    web_url: str
    outbox: Path
    api: Api
    dist_dir: str  # the web build the stack serves (relative to webapp/), for tests that start a second server
    api_env: dict = field(
        default_factory=dict
    )  # the API's environment, for `flask --app bff …` commands
    publisher_coupons: list[str] = field(default_factory=list)
    retailer_coupons: list[str] = field(default_factory=list)

    def take(self, pool: list[str]) -> str:
        return pool.pop()


def create_coupons(env: dict, partner: str, count: int) -> list[str]:
    out = run(
        [
            str(VENV_BIN / "flask"),
            "--app",
            "bff",
            "coupons",
            "create",
            "--type",
            "UNIQUE_ACCESS_COUPON",
            "--duration",
            "P1M",
            "--partner",
            partner,
            "--count",
            str(count),
            "--prefix",
            "E2E",
        ],
        ROOT,
        env,
        f"coupons create --partner {partner}",
    )
    return [line.split(",")[0] for line in out.splitlines()[1:] if line.strip()]


@pytest.fixture(scope="session")
def stack(tmp_path_factory) -> Stack:
    started = time.monotonic()
    tmp = tmp_path_factory.mktemp("e2e-stack")
    outbox = tmp / "outbox"
    outbox.mkdir()
    processes = Processes(tmp)

    build = claim_build()
    reuse_port = build.reusable_port()
    api_port = reuse_port or free_port()
    web_port = free_port()
    api_url = f"http://127.0.0.1:{api_port}"
    # Bound to "localhost": Next's proxy redirects /login to itself on the literal 127.0.0.1.
    web_url = f"http://localhost:{web_port}"

    api_env = api_env_for(
        tmp / "e2e.db",
        outbox,
        PUBLIC_URL=web_url,
        SANDBOX_SETTLE_SECONDS="0",
        RATE_LIMIT_PER_MINUTE="10000",
        ANALYTICS_RATE_LIMIT_PER_MINUTE="10000",
        PYTHONUNBUFFERED="1",
    )
    web_env = {
        **inherited_env(),
        "NEXT_DIST_DIR": build.dist_dir,
        "API_URL": api_url,
        "NEXT_TELEMETRY_DISABLED": "1",
        "WEBAPP_TV_URL": WEB_APP_URLS["tv"],
        "WEBAPP_STORIES_URL": WEB_APP_URLS["stories"],
        "WEBAPP_GAMES_URL": WEB_APP_URLS["games"],
    }

    try:
        migrate_and_seed(api_env)
        publisher = create_coupons(api_env, "sevamedia", 3)
        retailer = create_coupons(api_env, "intermarche", 2)
        api_process = start_api(processes, "api", api_port, api_env, 2, "--access-logfile", "-")
        TIMINGS["prepare"] = time.monotonic() - started
        if reuse_port is None:
            build_started = time.monotonic()
            build.build(web_env, api_port)
            TIMINGS["next build" + ("" if build.shared else f" ({build.dist_dir})")] = (
                time.monotonic() - build_started
            )
        else:
            TIMINGS["next build (reused)"] = 0.0
        web_process = start_web(processes, "web", web_port, web_env)
        wait_http(f"{api_url}/healthz", api_process, processes, "api")
        wait_http(f"{web_url}/login", web_process, processes, "web")
    except (
        RuntimeError
    ) as error:  # a failed build or start: one short message, not a traceback per test
        processes.stop_all()
        build.release()
        pytest.fail(f"the e2e stack could not start: {error}", pytrace=False)
    except BaseException:
        processes.stop_all()
        build.release()
        raise
    TIMINGS["stack ready"] = time.monotonic() - started
    yield Stack(
        api_url=api_url,
        web_url=web_url,
        outbox=outbox,
        api=Api(api_url),
        dist_dir=build.dist_dir,
        api_env=api_env,
        publisher_coupons=publisher,
        retailer_coupons=retailer,
    )
    processes.stop_all()
    build.release()


# --- the browser --------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser(stack):
    from playwright.sync_api import expect, sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (make test-e2e does it)")
    expect.set_options(timeout=TIMEOUT_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


TV_PAGE = "<!doctype html><html lang='en'><head><title>Lumo TV</title></head><body><main><h1>Lumo TV</h1></main></body></html>"


@pytest.fixture
def new_context(browser, stack, request):
    """new_context(locale=…, token=…, user_agent=…, width=…, cookies_answered=…) -> a fresh browser context.

    A token is put in local storage as the web app keeps it (a logged-in parent); so is a cookie
    choice, unless cookies_answered=False (a first visit, with the cookie banner). Requests
    to the web apps are answered by a stub page. Uncaught errors in pages fail the test.
    """
    contexts = []
    page_errors: list[str] = []
    reports: list[str] = []  # console errors and failed requests (tests/e2e/browser_reports.py)
    csp_violations: list[str] = []

    def make(
        locale: str = "en-GB",
        *,
        token: str | None = None,
        user_agent: str | None = None,
        width: int = 1280,
        height: int = 800,
        cookies_answered: bool = True,
    ):
        options = {
            "base_url": stack.web_url,
            "locale": locale,
            "viewport": {"width": width, "height": height},
            "service_workers": "block",
        }
        if user_agent:
            options["user_agent"] = user_agent
        storage = []
        cookies = []
        if token:
            storage += [{"name": "kidj_ut", "value": token}, {"name": "token", "value": token}]
            # The "signed in" hint the web app keeps next to the token (lib/session/signed-in-hint.ts).
            cookies.append(signed_in_hint_cookie(stack.web_url))
        if cookies_answered:  # the cookie banner was answered "necessary only" on an earlier visit
            storage.append(
                {
                    "name": "cookieConsent",
                    "value": json.dumps(
                        {
                            "version": 1,
                            "date": "2026-01-01T00:00:00.000Z",
                            "necessary": True,
                            "analytics": False,
                            "marketing": False,
                        }
                    ),
                }
            )
        if storage:
            options["storage_state"] = {
                "cookies": cookies,
                "origins": [{"origin": stack.web_url, "localStorage": storage}],
            }
        context = browser.new_context(**options)
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(2 * TIMEOUT_MS)
        for url in WEB_APP_URLS.values():
            context.route(
                f"{url}/**",
                lambda route: route.fulfill(status=200, content_type="text/html", body=TV_PAGE),
            )
        # Any Content-Security-Policy violation on any page fails the test.
        context.expose_binding(
            "__lumoCspViolation",
            lambda source, text: csp_violations.append(f"{source['page'].url}: {text}"),
        )
        context.add_init_script(CSP_LISTENER)
        context.on(
            "page",
            lambda page: (
                page.on("pageerror", lambda error: page_errors.append(f"{page.url}: {error}")),
                page.on(
                    "requestfailed",
                    lambda req: _report(reports, page, failed_request_report(req.url, req.failure)),
                ),
                page.on(
                    "console",
                    lambda message: _report(
                        reports, page, console_report(message.type, message.text)
                    ),
                ),
            ),
        )
        contexts.append(context)
        return context

    yield make
    failed = getattr(request.node, "report_call", None)
    call_failed = failed is not None and failed.failed  # its own report says more than these
    if call_failed:
        if page_errors or reports:
            print("browser errors:\n" + "\n".join(page_errors + reports[-20:]))
        shots = OUT_DIR / "failures"
        shots.mkdir(parents=True, exist_ok=True)
        for c_index, context in enumerate(contexts):
            for p_index, page in enumerate(context.pages):
                name = f"{request.node.name}-{c_index}-{p_index}.png".replace("/", "_")
                try:
                    page.screenshot(path=str(shots / name), full_page=True)
                except Exception:  # the page may be gone; the report has the assertion anyway
                    pass
    for context in contexts:
        context.close()
    if page_errors and not call_failed:
        pytest.fail("uncaught errors in the page:\n" + "\n".join(page_errors[:10]))
    if csp_violations and not call_failed:
        pytest.fail("Content-Security-Policy violations:\n" + "\n".join(csp_violations[:10]))
    marker = request.node.get_closest_marker("browser_reports")
    left = unexpected(reports, marker.args if marker else ())
    if left and not call_failed:
        pytest.fail("console errors or failed requests in the page:\n" + "\n".join(left[:10]))


def _report(reports: list[str], page, report: str | None) -> None:
    if report is not None:
        reports.append(f"{page.url}: {report}")


# --- accounts -----------------------------------------------------------------------------------


@dataclass
class Parent:
    email: str
    password: str
    token: str
    subscription_id: int | None = None


def unique_email(tag: str) -> str:
    return f"e2e-{tag}-{uuid.uuid4().hex[:10]}@lumo.example"


@pytest.fixture
def make_parent(stack):
    """make_parent(subscribed=True, product='lumo_tv') -> a registered parent, via the API."""

    def make(tag: str = "parent", *, subscribed: bool = True, product: str = "lumo_tv") -> Parent:
        email_address, password = unique_email(tag), f"pw-{uuid.uuid4().hex[:12]}"
        token = stack.api.register(email_address, password)
        subscription = stack.api.subscribe(token, product=product) if subscribed else None
        return Parent(email_address, password, token, subscription)

    return make


@pytest.fixture
def cat():
    """The English catalogue (most journeys run in English; the Arabic ones ask for theirs)."""
    return catalog("en")


# --- reports ------------------------------------------------------------------------------------


def pytest_sessionfinish(session, exitstatus):
    if AXE_RESULTS:
        OUT_DIR.mkdir(parents=True, exist_ok=True)
        summary = {
            name: {k: v for k, v in result.items()} for name, result in sorted(AXE_RESULTS.items())
        }
        (OUT_DIR / "axe.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False))


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.write_sep("-", "e2e stack")
        for name, seconds in TIMINGS.items():
            terminalreporter.write_line(f"{name:<22} {seconds:6.1f} s")
    if AXE_RESULTS:
        terminalreporter.write_sep(
            "-", "axe-core (wcag2a, wcag2aa, best-practice): violations per page"
        )
        terminalreporter.write_line(
            f"{'page':<34} {'total':>5} {'minor':>6} {'moderate':>9} {'serious':>8} {'critical':>9}"
        )
        for name, result in sorted(AXE_RESULTS.items()):
            terminalreporter.write_line(
                f"{name:<34} {result['violations']:>5} {result['minor']:>6} {result['moderate']:>9} "
                f"{result['serious']:>8} {result['critical']:>9}"
                + ("  " + ", ".join(r["id"] for r in result["rules"]) if result["rules"] else "")
            )
        terminalreporter.write_line(
            f"written to {OUT_DIR / 'axe.json'}; screenshots in {SCREENSHOT_DIR}"
        )
