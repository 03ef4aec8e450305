"""Partner flows: the publisher's phone-plus-coupon sign-up."""

from __future__ import annotations

import re

from core.domain import errors
from core.domain.accounts import Account, client_password_hash
from core.domain.coupons import check_usable, normalise_code
from core.domain.errors import DomainError
from core.services.context import ServiceContext
from core.services.coupon_grants import grant_access_coupon

_PHONE = re.compile(r"^[0-9 ]{6,24}$")
PARTNER_EMAIL_DOMAIN = "partner.lumo.example"


def publisher_subscribe(ctx: ServiceContext, publisher: str, phone: str, coupon_code: str) -> str:
    """Create (or find) the phone's account, redeem the publisher's access coupon, answer the
    e-mail to log in with. The password is the client hash of the coupon code (the access code)."""
    prefix = publisher.upper()
    code = normalise_code(coupon_code)
    if not phone or not _PHONE.match(phone) or not code:
        raise DomainError(
            errors.PUBLISHER_BAD_PARAMETER, message_code=f"{prefix}_PARAMETER_REQUIRED"
        )
    digits = phone.replace(" ", "")
    now = ctx.clock.now()
    password_hash = ctx.hasher.hash(client_password_hash(code))
    with ctx.uow() as uow:
        try:
            coupon = check_usable(uow.coupons.by_code(code), now)
        except DomainError:
            raise DomainError(
                errors.PUBLISHER_INVALID_COUPON, message_code=f"{prefix}_INVALID_COUPON"
            ) from None
        if not coupon.is_access or (coupon.partner and coupon.partner != publisher):
            raise DomainError(
                errors.PUBLISHER_INVALID_COUPON, message_code=f"{prefix}_INVALID_COUPON"
            )
        account = uow.accounts.by_alias(digits)
        if account is None:
            account = uow.accounts.add(
                Account(
                    email=f"{digits}@{publisher}.{PARTNER_EMAIL_DOMAIN}",
                    password_hash=password_hash,
                    is_email_fake=True,
                    partner=publisher,
                    partner_alias=digits,
                    created_at=now,
                    terms_accepted_at=now,
                    terms_version=ctx.terms.terms_version,
                    env="publisher",
                )
            )
        else:
            account.password_hash = password_hash  # the newest access code is the password
            uow.accounts.save(account)
        assert account.id is not None  # stored (add() gives a new account its id)
        try:
            grant_access_coupon(uow, coupon, account.id, now, partner=publisher)
        except DomainError:
            raise DomainError(
                errors.PUBLISHER_INVALID_COUPON, message_code=f"{prefix}_INVALID_COUPON"
            ) from None
        uow.commit()
    ctx.jobs.outbox_changed()  # the publisher's callback
    return account.email
