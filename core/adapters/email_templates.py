"""E-mail texts come from locales/<lang>.json, namespace "Emails"; dates and amounts are written the way
the parent's language writes them, by Babel (CLDR data)."""

from __future__ import annotations

import html
import json
import re
from datetime import date, datetime
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

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

    def format_money(self, amount: Decimal, currency: str, language: str) -> str:
        """70.90 EUR -> "70,90 €" (de), "€70.90" (en)."""
        return format_currency(Decimal(amount), currency, locale=cldr_locale(language))

    def format_date(self, day: date, language: str) -> str:
        """2026-11-30 -> "30. November 2026" (de), "30 de novembro de 2026" (pt)."""
        return format_date(day, format="long", locale=cldr_locale(language))

    def format_datetime(self, moment: datetime, language: str) -> str:
        """A moment, to the minute, in UTC: "27. November 2026 um 04:10:00 UTC" (de)."""
        return format_datetime(moment, format="long", tzinfo=None, locale=cldr_locale(language))

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
        lines = [_fill(line, params, escape=False) for line in entry["body"]]
        subject = _fill(entry["subject"], params, escape=False)
        text = "\n\n".join(lines + ([params["link"]] if "link" in params else []))
        direction = "rtl" if language == "ar" else "ltr"
        paragraphs = "".join(f"<p>{_fill(line, params, escape=True)}</p>" for line in entry["body"])
        button = ""
        if "link" in params:
            label = html.escape(entry.get("action", params["link"]))
            button = f'<p><a href="{html.escape(params["link"], quote=True)}">{label}</a></p>'
        signature = html.escape(emails.get("signature", "Lumo"))
        body = (
            f'<!doctype html><html lang="{language}" dir="{direction}"><body style="font-family:sans-serif;'
            f'text-align:start">{paragraphs}{button}<p>{signature}</p></body></html>'
        )
        return subject, text + "\n\n" + emails.get("signature", "Lumo"), body
