"""Helpers of the browser tests: the message catalogues, a small API client, the outbox,
the parental gate and axe-core. No test logic lives here."""

from __future__ import annotations

import email
import hashlib
import json
import re
import urllib.error
import urllib.request
from email import policy
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
# The browser language a parent of each site language has (new_context(locale=...)).
BROWSER_LOCALES = {"en": "en-GB", "ar": "ar-EG", "de": "de-DE", "ru": "ru-RU"}
LOCALES_DIR = ROOT / "locales"
AXE_JS = ROOT / "webapp" / "node_modules" / "axe-core" / "axe.min.js"
PASSWORD_SALT = "lumo-world:pw:v1"  # webapp/src/lib/password.ts


# --- message catalogues -------------------------------------------------------------------------


class Catalog:
    """The texts a parent sees, read from locales/<locale>.json, so selectors follow the copy.

    `t("LoginPage.submit")` gives the plain text; ICU arguments, `select` and `plural` are
    formatted; rich-text tags (`<link>…</link>`) are dropped and their content kept.
    """

    def __init__(self, locale: str):
        self.locale = locale
        self.messages = json.loads((LOCALES_DIR / f"{locale}.json").read_text(encoding="utf-8"))

    @property
    def prefix(self) -> str:
        """The path prefix of the locale (`as-needed`: none for the default, en)."""
        return "" if self.locale == "en" else f"/{self.locale}"

    def path(self, route: str) -> str:
        if route == "/":
            return self.prefix or "/"
        return f"{self.prefix}{route}"

    def raw(self, key: str) -> Any:
        node: Any = self.messages
        for part in key.split("."):
            node = node[part]
        return node

    def t(self, key: str, **args: Any) -> str:
        return format_icu(self.raw(key), args)

    def tag(self, key: str, tag: str, **args: Any) -> str:
        """The content of one rich-text tag, e.g. the link text of "New? <link>Sign up</link>"."""
        source = self.raw(key)
        match = re.search(rf"<{tag}>(.*?)</{tag}>", source, re.S)
        assert match, f"{self.locale}:{key} has no <{tag}>"
        return format_icu(match.group(1), args)


@cache
def catalog(locale: str) -> Catalog:
    return Catalog(locale)


def format_icu(message: str, args: dict[str, Any]) -> str:
    text, _ = _format(message, 0, args, None)
    return re.sub(r"</?[A-Za-z][\w-]*>", "", text)


def _format(s: str, i: int, args: dict, plural_value) -> tuple[str, int]:
    """Formats s from i to the matching close brace (or the end); returns (text, index after)."""
    out: list[str] = []
    while i < len(s):
        c = s[i]
        if c == "'":
            if s.startswith("''", i):
                out.append("'")
                i += 2
                continue
            if i + 1 < len(s) and s[i + 1] in "{}#":
                end = s.find("'", i + 1)
                out.append(s[i + 1 : end])
                i = end + 1
                continue
            out.append(c)
            i += 1
        elif c == "}":
            return "".join(out), i + 1
        elif c == "#" and plural_value is not None:
            out.append(str(plural_value))
            i += 1
        elif c == "{":
            text, i = _argument(s, i + 1, args, plural_value)
            out.append(text)
        else:
            out.append(c)
            i += 1
    return "".join(out), i


def _argument(s: str, i: int, args: dict, plural_value) -> tuple[str, int]:
    """After an opening brace: `{name}`, `{name, type[, style]}` or `{name, select|plural, k {…} …}`."""
    end = i
    while s[end] not in ",}":
        end += 1
    name = s[i:end].strip()
    value = args.get(name)
    if s[end] == "}":
        return (str(value) if name in args else "{" + name + "}"), end + 1
    kind_end = end + 1
    while s[kind_end] not in ",}":
        kind_end += 1
    kind = s[end + 1 : kind_end].strip()
    if kind not in ("select", "plural", "selectordinal"):
        close = s.index("}", end)
        return ("" if value is None else str(value)), close + 1
    i = kind_end + 1
    options: dict[str, str] = {}
    while True:
        while s[i].isspace():
            i += 1
        if s[i] == "}":
            i += 1
            break
        start = i
        while not s[i].isspace() and s[i] != "{":
            i += 1
        selector = s[start:i]
        if selector.startswith("offset:"):
            continue
        while s[i] != "{":
            i += 1
        text, i = _format(s, i + 1, args, value if kind != "select" else plural_value)
        options[selector] = text
    if kind == "select":
        return options.get(str(value), options.get("other", "")), i
    if f"={value}" in options:
        return options[f"={value}"], i
    if value == 1 and "one" in options:
        return options["one"], i
    return options.get("other", ""), i


# --- the API, called directly (arranging data, and checking what the browser did) -------------


def client_password(password: str) -> str:
    """What the web app sends as password: SHA-256 of the password and the shared salt."""
    return hashlib.sha256((password + PASSWORD_SALT).encode()).hexdigest()


class Api:
    def __init__(self, base_url: str):
        self.base_url = base_url.rstrip("/")

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        headers: dict | None = None,
    ) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=15) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, json.loads(raw) if raw else None
            except ValueError:
                return error.code, raw.decode(errors="replace")

    def register(self, email_address: str, password: str, coupon: str | None = None) -> str:
        status, body = self.call(
            "POST",
            "/v5/accounts",
            {
                "email": email_address,
                "password": client_password(password),
                "displayName": "",
                "coupon": coupon,
                "isPromoAccepted": False,
                "isTcAccepted": True,
                "env": "web",
                "countryCode": "FR",
            },
        )
        assert status == 200, (status, body)
        return body["token"]

    def login(self, email_address: str, password: str) -> tuple[int, Any]:
        return self.call(
            "POST",
            "/v4/accounts/login",
            {"email": email_address, "password": client_password(password), "countryCode": "FR"},
        )

    def subscribe(
        self,
        token: str,
        product: str = "lumo_tv",
        period: str = "monthly",
        nonce: str = "fake-valid-nonce",
        key: str | None = None,
    ) -> int:
        status, body = self.call(
            "POST",
            "/v5/braintree/subscription",
            {
                "paymentNonce": nonce,
                "plans": {"planId": f"{product}_{period}_eur", "product": product, "addOns": []},
                "coupon": None,
                "deviceData": None,
                "billingName": "E2E Parent",
            },
            token=token,
            headers={"Idempotency-Key": key} if key else None,
        )
        assert status == 200, (status, body)
        return body["data"]["subscriptionId"]

    def account(self, token: str) -> tuple[int, Any]:
        return self.call("GET", "/v5/subscriptions", token=token)

    def verify_key(self, key: str) -> tuple[int, Any]:
        return self.call(
            "GET", f"/v4/users/redirect/verify-key?redirectKey={urllib.request.quote(key)}"
        )


# --- e-mails ------------------------------------------------------------------------------------


def mails_to(outbox: Path, address: str) -> list[email.message.EmailMessage]:
    found = []
    for path in sorted(outbox.glob("*.eml"), key=lambda p: p.stat().st_mtime):
        message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        if address.lower() in str(message["To"]).lower():
            found.append(message)
    return found


def text_of(message: email.message.EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain", "html"))
    return part.get_content() if part is not None else ""


# --- the parental gate --------------------------------------------------------------------------


def gate_answer(locale: str, words: str) -> str:
    """The gate writes three digits as words in the page's language; read them back in order."""
    cat = catalog(locale)
    names = {d: cat.t("ParentalGate.digit", digit=f"d{d}") for d in range(10)}
    hits: list[tuple[int, int, int]] = []  # (position, -length, digit)
    for digit, name in names.items():
        for match in re.finditer(re.escape(name), words, re.I):
            hits.append((match.start(), -len(name), digit))
    digits, taken_until = [], -1
    for position, negative_length, digit in sorted(hits):
        if position >= taken_until:
            digits.append(str(digit))
            taken_until = position - negative_length
    assert len(digits) == 3, f"cannot read the gate's digits from {words!r}: {digits}"
    return "".join(digits)


# --- axe-core -----------------------------------------------------------------------------------

AXE_TAGS = ["wcag2a", "wcag2aa", "best-practice"]
BLOCKING = ("serious", "critical")


def run_axe(page) -> dict:
    """Injects axe-core and returns {violations: n, by impact, rules: [...]} for the page as shown."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Evaluated by the DevTools protocol, which no Content-Security-Policy governs: a <script> tag would
        # be an inline script the public pages' hash policy rightly blocks.
        page.evaluate(AXE_JS.read_text() + "\n;undefined")
    result = page.evaluate(
        """async (tags) => {
            const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
            return r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length,
                                           targets: v.nodes.slice(0, 5).map(n => n.target.join(' ')) }));
        }""",
        AXE_TAGS,
    )
    impacts = {
        impact: sum(1 for v in result if v["impact"] == impact)
        for impact in ("minor", "moderate", "serious", "critical")
    }
    return {"violations": len(result), **impacts, "rules": result}


def paid_notice(cat: Catalog, kind: str) -> str:
    """The profile's thank-you after a payment, up to its date (a trial is not "active")."""
    return cat.t("ProfilePage.paidNotice", kind=kind, date="@@").split("@@")[0]


def signed_in_hint_cookie(web_url: str) -> dict:
    """The "signed in" hint cookie the web app sets next to a stored token."""
    return {
        "name": "lumo_signed_in",
        "value": "1",
        "domain": urlparse(web_url).hostname,
        "path": "/",
        "expires": -1,
        "httpOnly": False,
        "secure": False,
        "sameSite": "Lax",
    }
