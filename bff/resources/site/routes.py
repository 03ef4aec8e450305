"""Site switches (maintenance, holiday promotion), the contact form, the newsletter and the age gate."""

from flask import request
from marshmallow import Schema, fields, validate

from bff.auth import check_rate, optional_account_id, private_key, rate_limited
from bff.blueprint import Blueprint
from bff.context import services
from bff.schemas import InputSchema, StatusSchema, documents
from core.domain import errors
from core.domain.contact import MAX_MESSAGE, SUBJECTS
from core.services import contact, family_gate

blp = Blueprint("site", __name__, description="Site switches, contact form, newsletter, age gate")


class HolidayPromoSchema(Schema):
    active = fields.Boolean(
        required=True, metadata={"description": "Today (UTC) is within from..to, both included."}
    )
    starts = fields.Date(allow_none=True, data_key="from", metadata={"description": "ISO date."})
    ends = fields.Date(allow_none=True, data_key="to", metadata={"description": "ISO date."})
    coupon_code = fields.String(
        allow_none=True,
        data_key="couponCode",
        metadata={"description": "The 1-month-free coupon; null when inactive."},
    )


class SiteSchema(Schema):
    maintenance = fields.Boolean(
        required=True, metadata={"description": "true: show the maintenance page."}
    )
    holiday_promo = fields.Nested(HolidayPromoSchema, required=True, data_key="holidayPromo")


class ContactSchema(InputSchema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=100))
    email = fields.String(required=True, validate=validate.Length(min=1, max=320))
    phone = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=30))
    subject = fields.String(required=True, validate=validate.OneOf(SUBJECTS))
    message = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_MESSAGE),
        metadata={"multiline": True},
    )
    language = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=16),
        metadata={"description": "The parent's language (else Accept-Language)."},
    )


class NewsletterSchema(InputSchema):
    email = fields.String(required=True, validate=validate.Length(max=320))
    language = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=16))


class AgeGateSchema(InputSchema):
    birthYear = fields.Integer(
        required=True, metadata={"description": "The adult's year of birth. Not stored."}
    )


class AgeGateAnswerSchema(Schema):
    allowed = fields.Boolean(
        required=True, metadata={"description": "false: a child's year; keep the page closed."}
    )


@blp.route("/v4/site", methods=["GET"])
@blp.response(200, SiteSchema)
@documents(blp)
def site():
    """Maintenance switch and holiday promotion, from configuration. Answers during maintenance too."""
    return family_gate.site_status(services())


@blp.route("/v4/contact", methods=["POST"])
@rate_limited("contact", limit_of="contact_rate_limit_per_hour", window_seconds=3600)
@blp.arguments(ContactSchema)
@blp.response(200, StatusSchema)
@documents(blp, errors.CONTACT_SEND_FAILED, errors.RATE_LIMITED)
def contact_message(data):
    """Store a contact message and e-mail it to support (bearer optional: ties it to the account).
    503 contactSendFailed ("There was a problem sending your email") if it could not be stored."""
    contact.send_contact(
        services(),
        contact.ContactForm(
            name=data["name"],
            email=data["email"],
            phone=data["phone"],
            subject=data["subject"],
            message=data["message"],
            language=data["language"] or request.accept_languages.best,
            account_id=optional_account_id(),
        ),
    )
    return {"status": True}


@blp.route("/v4/newsletter", methods=["POST"])
@rate_limited("newsletter")
@blp.arguments(NewsletterSchema)
@blp.response(200, StatusSchema)
@documents(blp, errors.INVALID_EMAIL, errors.NEWSLETTER_ALREADY_SAVED, errors.RATE_LIMITED)
def newsletter(data):
    """Save an address for the newsletter, with the consent date and wording version."""
    check_rate(f"newsletter:email:{private_key(data['email'])}")
    contact.join_newsletter(
        services(), data["email"], data["language"] or request.accept_languages.best
    )
    return {"status": True}


@blp.route("/v5/age-gate", methods=["POST"])
@blp.arguments(AgeGateSchema)
@blp.response(200, AgeGateAnswerSchema)
@documents(blp, errors.BIRTH_YEAR_INVALID)
def age_gate(data):
    """Adult or not, from a birth year (18 this year or older). Nothing is stored or logged. A year in the
    future or more than 120 years ago: 400 birthYearInvalid."""
    return {"allowed": family_gate.age_gate(services(), data["birthYear"])}
