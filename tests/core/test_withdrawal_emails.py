"""The withdrawal acknowledgement and the EU receipt, rendered in de, fr and ar: every placeholder filled,
amounts, dates and the time received written the reader's way (docs/consumer-law-withdrawal.md)."""

import re
from datetime import date
from decimal import Decimal

import pytest

from core.adapters.email_templates import LocaleEmailTemplates
from core.services.email_delivery import withdrawal_lines
from core.settings import ROOT

TEMPLATES = LocaleEmailTemplates(ROOT / "locales")
LEFT_OVER = re.compile(r"\{\w+\}")


def render(topic, language, **params):
    params = {k: str(v) for k, v in params.items()}
    withdrawal_lines(TEMPLATES, params, language)
    return TEMPLATES.render(topic, language, params)


ACK = dict(
    plan="Lumo TV",
    name="Ana Parent",
    declared_email="parent@example.com",
    reference="LUMO-42",
    received="2026-11-27T04:10:00+00:00",
    refund_amount="4.51",
)
EXPECTED = {
    # language: (words of the subject, the amount, the day received as the language writes it)
    "de": ("Widerruf", "4,51\xa0€", "27.11.2026"),
    "fr": ("rétractation", "4,51\xa0€", "27 nov. 2026"),
    "ar": ("انسحابك", "\u200f4.51\xa0€", "27\u200f/11\u200f/2026"),
}


@pytest.mark.parametrize("language", ["de", "fr", "ar"])
def test_the_acknowledgement_says_what_when_and_the_refund(language):
    words, amount, day = EXPECTED[language]
    money = TEMPLATES.format_money(Decimal("4.51"), "EUR", language)
    subject, text, html = render("withdrawal", language, amount=money, **ACK)
    assert words in subject and "LUMO-42" in subject
    assert not LEFT_OVER.search(subject + text)
    assert "Ana Parent" in text and "parent@example.com" in text
    assert amount in text and money == amount
    assert day in text and "4:10:00" in text  # the time received, to the second (UTC)
    assert ('dir="rtl"' in html) == (language == "ar")


@pytest.mark.parametrize("language", ["de", "fr", "ar"])
def test_nothing_paid_says_there_is_nothing_to_refund(language):
    _, text, _ = render("withdrawal", language, **{**ACK, "refund_amount": "0.00"})
    expected = TEMPLATES.text("Emails.withdrawal_lines.noRefund", language)
    assert expected and expected in text


@pytest.mark.parametrize("language", ["de", "fr", "ar"])
@pytest.mark.parametrize("express", ["yes", "no"])
def test_the_receipt_repeats_the_express_request(language, express):
    _, text, _ = render(
        "receipt_withdrawal",
        language,
        plan="Lumo TV",
        price="4,99 €",
        charged="4,99 €",
        next_amount="4,99 €",
        discount_line="",
        date="3 Dec 2026",
        reference="LUMO-42",
        withdraw_until="2026-12-10",
        consent_at="2026-11-26T10:00:00+00:00",
        express_request=express,
    )
    key = "expressGiven" if express == "yes" else "expressNotGiven"
    line = TEMPLATES.text(f"Emails.withdrawal_lines.{key}", language)
    assert line is not None
    assert line.split("{")[0].strip() in text
    assert "LUMO-42" in text and not LEFT_OVER.search(text)
    assert TEMPLATES.format_date(date(2026, 12, 10), language) in text
