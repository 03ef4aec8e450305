"""Sending e-mail: to .eml files in the embedded mode, through SMTP in production."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import formatdate
from pathlib import Path
from urllib.parse import unquote, urlparse

from core.domain.ports.messaging import DeliveryError, Email


def build_message(email: Email, sender: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = email.to
    msg["Subject"] = email.subject
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = email.message_id
    msg.set_content(email.text)
    msg.add_alternative(email.html, subtype="html")
    msg["Content-Language"] = email.language  # after set_content, which drops Content-* headers
    return msg


class FileMailer:
    def __init__(self, folder: str | Path, sender: str) -> None:
        self.folder = Path(folder)
        self.sender = sender

    def send(self, email: Email) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        name = email.message_id.strip("<>").replace("@", "_") + ".eml"
        path = self.folder / name
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(bytes(build_message(email, self.sender)))
        tmp.replace(path)  # the same message written twice stays one file


class SmtpMailer:
    """SMTP_URL: smtp://user:pass@host:port or smtps://… ; ?starttls=1 to upgrade."""

    def __init__(self, url: str, sender: str, timeout: float = 10.0) -> None:
        self.url = urlparse(url)
        self.sender = sender
        self.timeout = timeout

    def send(self, email: Email) -> None:
        """Raise DeliveryError on a refusal: permanent for a 5xx answer (a 550 unknown mailbox will not
        change by trying again), temporary for 4xx and network trouble. Its text names the SMTP code and
        reply but never the address (it is logged and kept in outbox.last_error)."""
        try:
            self._send(email)
        except smtplib.SMTPRecipientsRefused as refused:
            code, reply = next(iter(refused.recipients.values()), (0, b""))
            raise DeliveryError(
                _refusal("recipient refused", code, reply, email.to), permanent=500 <= code < 600
            ) from None
        except smtplib.SMTPResponseException as refused:  # sender refused, data refused, …
            raise DeliveryError(
                _refusal(type(refused).__name__, refused.smtp_code, refused.smtp_error, email.to),
                permanent=500 <= refused.smtp_code < 600,
            ) from None

    def _send(self, email: Email) -> None:
        u = self.url
        cls = smtplib.SMTP_SSL if u.scheme == "smtps" else smtplib.SMTP
        with cls(
            u.hostname or "127.0.0.1",
            u.port or (465 if u.scheme == "smtps" else 25),
            timeout=self.timeout,
        ) as smtp:
            if "starttls=1" in (u.query or ""):
                smtp.starttls()
            if u.username:
                smtp.login(unquote(u.username), unquote(u.password or ""))
            smtp.send_message(build_message(email, self.sender))


def _refusal(what: str, code: int, reply, address: str) -> str:
    """`SMTP 550 recipient refused: 5.1.1 <…> unknown` with the address (servers echo it) taken out."""
    text = reply.decode("utf-8", "replace") if isinstance(reply, bytes) else str(reply)
    if address:
        text = text.replace(address, "…")
    return f"SMTP {code} {what}: {text}"[:300]
