"""E-mail texts come from locales/<lang>.json, namespace "Emails"; dates and amounts are written the way
the parent's language writes them, by Babel (CLDR data)."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, date, datetime
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.dates import format_date, format_datetime
from babel.numbers import format_currency

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Our language codes -> CLDR locales: Portuguese is European Portuguese, as on the site.
CLDR_LOCALES = {"pt": "pt_PT"}


def cldr_locale(language: str) -> str:
    return CLDR_LOCALES.get(language, language)


@lru_cache(maxsize=16)
def _catalogue(folder: str, language: str) -> dict:
    return json.loads((Path(folder) / f"{language}.json").read_text(encoding="utf-8"))


def _fill(template: str, params: dict[str, str], escape: bool) -> str:
    def value(match: re.Match) -> str:
        text = params.get(match.group(1), match.group(0))
        return html.escape(text) if escape else text

    return _PLACEHOLDER.sub(value, template)


class LocaleEmailTemplates:
    def __init__(self, folder: str | Path) -> None:
        self.folder = str(folder)

    def text(self, key: str, language: str) -> str | None:
        for lang in (language, "en"):
            node: object = _catalogue(self.folder, lang)
            for part in key.split("."):
                node = node.get(part) if isinstance(node, dict) else None
            if isinstance(node, str) and node:
                return node
        return None

    def count_text(self, key: str, count: int, language: str) -> str:
        """key = {"one": "# month", "other": "# months"} -> "3 months" (CLDR plural rules, by Babel)."""
        for lang in (language, "en"):
            node: object = _catalogue(self.folder, lang)
            for part in key.split("."):
                node = node.get(part) if isinstance(node, dict) else None
            if isinstance(node, dict) and node:
                category = Locale.parse(cldr_locale(lang)).plural_form(count)
                form = node.get(category) or node.get("other") or ""
                return str(form).replace("#", str(count))
        return str(count)

    def format_money(self, amount: Decimal, currency: str, language: str) -> str:
        """70.90 EUR -> "70,90 €" (de), "€70.90" (en)."""
        return format_currency(Decimal(amount), currency, locale=cldr_locale(language))

    def format_date(self, day: date, language: str) -> str:
        """2026-11-30 -> "30. November 2026" (de), "30 de novembro de 2026" (pt)."""
        return format_date(day, format="long", locale=cldr_locale(language))

    def format_month(self, day: date, language: str) -> str:
        """2026-12-01 -> "Dezember 2026" (de), "December 2026" (en): a card's expiry."""
        return format_date(day, format="LLLL y", locale=cldr_locale(language))

    def format_datetime(self, moment: datetime, language: str) -> str:
        """A moment in UTC, to the second, as the language writes it (the time a declaration was received)."""
        written = format_datetime(moment, format="medium", tzinfo=UTC, locale=cldr_locale(language))
        return f"{written} UTC"

    def render(self, topic: str, language: str, params: dict[str, str]) -> tuple[str, str, str]:
        catalogue = _catalogue(self.folder, language)
        emails = catalogue.get("Emails", {})
        entry = emails.get(topic) or _catalogue(self.folder, "en")["Emails"][topic]
        if (
            "greeting" not in params
        ):  # by name when the parent gave one, else neutral (never the address)
            name = (params.get("name") or "").strip()
            greeting = (
                self.text("Emails.greeting" if name else "Emails.greetingNeutral", language) or ""
            )
            params = {**params, "greeting": greeting.replace("{name}", name)}
        # A line whose placeholders all came out empty is left out (an optional part of an e-mail).
        body_lines = [line for line in entry["body"] if _fill(line, params, escape=False).strip()]
        lines = [_fill(line, params, escape=False) for line in body_lines]
        subject = _fill(entry["subject"], params, escape=False)
        boxed = _fill(entry.get("box", ""), params, escape=False)
        if boxed:  # a date the law wants set apart (docs/consumer-law-renewal.md#reminder-e-mails)
            rule = "=" * min(len(boxed), 60)
            lines.append(f"{rule}\n{boxed}\n{rule}")
        text = "\n\n".join(lines + ([params["link"]] if "link" in params else []))
        direction = "rtl" if language == "ar" else "ltr"
        paragraphs = "".join(
            "<p>" + _fill(line, params, escape=True).replace("\n", "<br>") + "</p>"
            for line in body_lines
        )
        if boxed:
            paragraphs += (
                '<p style="border:2px solid #1f2937;padding:12px;font-weight:bold" '
                f'data-box="deadline">{html.escape(boxed)}</p>'
            )
        button = ""
        if "link" in params:
            label = html.escape(entry.get("action", params["link"]))
            button = f'<p><a href="{html.escape(params["link"], quote=True)}">{label}</a></p>'
        signature = html.escape(emails.get("signature", "Lumo"))
        footer_text, footer_html = "", ""
        # Every e-mail's footer links to the public cancellation page (docs/consumer-law.md#cancellation-page).
        if params.get("cancel_contract_url"):
            url = params["cancel_contract_url"]
            label = self.text("CancelContract.link", language) or url
            footer_text = f"\n\n--\n{label}: {url}"
            footer_html = (
                f'<hr><p style="font-size:small"><a href="{html.escape(url, quote=True)}">'
                f"{html.escape(label)}</a></p>"
            )
        body = (
            f'<!doctype html><html lang="{language}" dir="{direction}"><body style="font-family:sans-serif;'
            f'text-align:start">{paragraphs}{button}<p>{signature}</p>{footer_html}</body></html>'
        )
        return subject, text + "\n\n" + emails.get("signature", "Lumo") + footer_text, body
