"""E-mail adapters: locale templates, .eml files, and real SMTP on loopback."""

import email
import json
import socket
import time

import pytest

from core.adapters.email_templates import LocaleEmailTemplates
from core.adapters.mailers import FileMailer, SmtpMailer
from core.domain.accounts import LANGUAGES
from core.domain.ports.messaging import Email
from core.settings import ROOT

TOPICS = [
    "welcome",
    "confirm_email",
    "reset_password",
    "partner_reset_password",
    "email_changed",
    "confirm_email_change",
    "receipt",
    "cancellation",
    "payment_failed",
    "trial_ending",
    "refund",
    "renewal_notice",
    "renewal_yearly_reminder",
    "renewal_continues_monthly",
    "receipt_acknowledgement",
    "cancellation_early_end",
]
PARAMS = {
    "name": "Mia <b>",
    "email": "mia@example.com",
    "link": "http://lumo.test/reset-password?token=abc",
    "plan": "lumo_tv_monthly_eur",
    "price": "4.99 EUR",
    "amount": "4.99 EUR",
    "charged": "0.00 EUR",  # a receipt's charge today and next charge (docs/billing.md#one-price-truth)
    "next_amount": "4.99 EUR",
    "discount_line": "",  # the composer always sets it: empty without a running discount
    "date": "2026-12-01",
    "deadline": "2026-11-30",
    "document": "R-2026-000001",
    "document_link": "http://lumo.test/billing/R-2026-000001",
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("topic", TOPICS)
def test_every_email_renders_in_every_language(language, topic):
    subject, text, html = LocaleEmailTemplates(ROOT / "locales").render(topic, language, PARAMS)
    assert subject and "{" not in subject + text + html
    assert (
        "Mia <b>" in text
        and "Mia &lt;b&gt;" in html
        and "<b>" not in html.replace("Mia &lt;b&gt;", "")
    )
    assert f'lang="{language}"' in html
    assert ('dir="rtl"' in html) == (language == "ar")


def test_email_texts_are_translated_not_copied():
    catalogues = {
        lang: json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))["Emails"]
        for lang in LANGUAGES
    }
    for lang in LANGUAGES:
        assert set(catalogues[lang]) == set(catalogues["en"]), lang
        if lang != "en":
            assert (
                catalogues[lang]["welcome"]["subject"] != catalogues["en"]["welcome"]["subject"]
            ), lang


def _texts(entry) -> list[str]:
    return [
        entry["subject"],
        *entry["body"],
        *([entry["action"]] if "action" in entry else []),
        *([entry["box"]] if "box" in entry else []),
    ]


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_no_english_left_and_the_same_placeholders(language):
    """Every text of every e-mail (subject, lines, button, signature) is translated and keeps
    exactly the placeholders of the English one."""
    import re

    def load(lang):
        return json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))["Emails"]

    en, other = load("en"), load(language)
    assert other["signature"] != en["signature"]
    assert other["greeting"] != en["greeting"] and re.findall(r"\{(\w+)\}", other["greeting"]) == [
        "name"
    ]
    assert other["greetingNeutral"] != en["greetingNeutral"] and "{" not in other["greetingNeutral"]
    for topic in TOPICS:
        assert set(other[topic]) == set(en[topic]) and len(other[topic]["body"]) == len(
            en[topic]["body"]
        ), topic
        for english, translated in zip(_texts(en[topic]), _texts(other[topic]), strict=True):
            if english in ("{greeting}", "{discount_line}"):  # filled by the composer
                assert translated == english, (topic, translated)
                continue
            assert translated.strip() and translated != english, (topic, translated)
            assert sorted(re.findall(r"\{(\w+)\}", translated)) == sorted(
                re.findall(r"\{(\w+)\}", english)
            ), (topic, translated)
        subject, text, html = LocaleEmailTemplates(ROOT / "locales").render(topic, language, PARAMS)
        english_subject, english_text, _ = LocaleEmailTemplates(ROOT / "locales").render(
            topic, "en", PARAMS
        )
        english_lines = set(english_text.split("\n\n")) - {PARAMS["link"]}
        assert subject != english_subject and not english_lines & set(text.split("\n\n")), topic


def sample(to="mia@example.com"):
    return Email(
        to=to,
        subject="Grüße",
        text="Hallo",
        html="<p>Hallo</p>",
        message_id="<outbox-7@lumo>",
        language="de",
    )


def test_file_mailer_writes_one_eml_per_message(tmp_path):
    mailer = FileMailer(tmp_path / "outbox", "Lumo <hello@lumo.example>")
    mailer.send(sample())
    mailer.send(sample())  # a re-drive of the same message does not duplicate it
    files = list((tmp_path / "outbox").glob("*.eml"))
    assert len(files) == 1
    parsed = email.message_from_bytes(files[0].read_bytes())
    assert parsed["To"] == "mia@example.com" and parsed["Content-Language"] == "de"
    assert {p.get_content_type() for p in parsed.walk()} >= {"text/plain", "text/html"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_smtp_mailer_talks_to_a_real_smtp_server():
    from aiosmtpd.controller import Controller

    received = []

    class Handler:
        async def handle_DATA(self, server, session, envelope):
            received.append(envelope)
            return "250 OK"

    port = free_port()
    controller = Controller(Handler(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        SmtpMailer(f"smtp://127.0.0.1:{port}", "Lumo <hello@lumo.example>").send(sample())
        for _ in range(50):
            if received:
                break
            time.sleep(0.02)
    finally:
        controller.stop()
    assert received[0].rcpt_tos == ["mia@example.com"]
    assert b"Subject: =?utf-8?q?Gr=C3=BC=C3=9Fe?=" in received[0].content


def test_smtp_mailer_raises_when_the_server_is_down():
    with pytest.raises(OSError):
        SmtpMailer(f"smtp://127.0.0.1:{free_port()}", "x@lumo.example", timeout=1).send(sample())


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_receipt_of_no_charge_leaves_out_the_document_sentence(language):
    templates = LocaleEmailTemplates(ROOT / "locales")
    _, text, _ = templates.render("receipt", language, PARAMS)
    assert "http://lumo.test/billing/R-2026-000001" in text
    none = {**PARAMS, "document": "", "document_link": ""}
    _, text, html = templates.render("receipt", language, none)
    assert "/billing/" not in text and "{" not in text + html
    assert (
        len(text.split("\n\n"))
        == len(templates.render("receipt", language, PARAMS)[1].split("\n\n")) - 1
    )
