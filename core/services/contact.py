"""The contact form and the newsletter sign-up."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from core.domain import errors
from core.domain.accounts import is_valid_email, normalise_email, pick_language
from core.domain.contact import MAX_MESSAGE, MAX_NAME, SUBJECTS, ContactMessage, is_phone
from core.domain.errors import DomainError
from core.domain.newsletter import NewsletterSignup
from core.domain.ports.messaging import OutboxMessage
from core.services.context import ServiceContext

log = logging.getLogger(__name__)


@dataclass
class ContactForm:
    name: str
    email: str
    subject: str
    message: str
    phone: str | None = None
    language: str | None = None
    account_id: int | None = None


def send_contact(ctx: ServiceContext, form: ContactForm) -> None:
    """Store the message and queue its e-mail to support (which reads the message by id at send time,
    so erasing the message also erases what the e-mail would carry). A storage failure answers
    503 contactSendFailed: "There was a problem sending your email"."""
    message = _checked(ctx, form)
    try:
        with ctx.uow() as uow:
            stored = uow.contact_messages.add(message)
            uow.outbox.add(
                OutboxMessage(
                    kind="email",
                    topic="contact_message",
                    account_id=form.account_id,
                    payload={"contact_message_id": stored.id},
                )
            )
            uow.commit()
    except DomainError:
        raise
    except Exception as exc:
        log.warning("contact message not stored: %s", type(exc).__name__)
        raise DomainError(errors.CONTACT_SEND_FAILED) from exc
    ctx.jobs.outbox_changed()


def _checked(ctx: ServiceContext, form: ContactForm) -> ContactMessage:
    problems: dict[str, list[str]] = {}
    name, text = (form.name or "").strip(), (form.message or "").strip()
    email, phone = normalise_email(form.email), (form.phone or "").strip() or None
    if not name or len(name) > MAX_NAME:
        problems["name"] = [f"1 to {MAX_NAME} characters."]
    if not is_valid_email(email):
        problems["email"] = ["Enter valid value"]
    if phone is not None and not is_phone(phone):
        problems["phone"] = ["Digits, spaces and + ( ) - . / only."]
    if form.subject not in SUBJECTS:
        problems["subject"] = [f"Must be one of: {', '.join(SUBJECTS)}."]
    if not text or len(text) > MAX_MESSAGE:
        problems["message"] = [f"1 to {MAX_MESSAGE} characters."]
    if problems:
        raise DomainError(errors.PARAMETER_REQUIRED, errors=problems)
    return ContactMessage(
        name=name,
        email=email,
        phone=phone,
        subject=form.subject,
        message=text,
        language=pick_language(form.language),
        created_at=ctx.clock.now(),
        account_id=form.account_id,
    )


def join_newsletter(ctx: ServiceContext, raw_email: str, language: str | None) -> None:
    """Save the address with its consent date and wording; 400 newsletterAlreadySaved if it is there."""
    email = normalise_email(raw_email)
    if not is_valid_email(email):
        raise DomainError(errors.INVALID_EMAIL)
    with ctx.uow() as uow:
        if not uow.newsletter.add(
            NewsletterSignup(
                email=email,
                language=pick_language(language),
                consented_at=ctx.clock.now(),
                consent_version=ctx.terms.promo_consent_version,
            )
        ):
            raise DomainError(errors.NEWSLETTER_ALREADY_SAVED)
        uow.commit()
