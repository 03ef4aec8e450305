"""Registering and logging in."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from core.domain import errors
from core.domain.accounts import (
    Account,
    is_valid_email,
    normalise_country,
    normalise_email,
    pick_language,
)
from core.domain.coupons import Coupon, check_usable, normalise_code
from core.domain.errors import DomainError, RetryLater
from core.domain.ports.messaging import OutboxMessage
from core.domain.ports.unit_of_work import UnitOfWork
from core.services import consents, equal_time, sessions
from core.services.context import ServiceContext
from core.services.coupon_grants import grant_access_coupon


@dataclass
class Registration:
    email: str
    password: str  # the client's SHA-256 hash
    is_tc_accepted: bool
    display_name: str = ""
    coupon: str | None = None
    is_promo_accepted: bool = False
    env: str = "web"
    country_code: str | None = None
    language: str | None = None
    utm: dict[str, Any] = field(default_factory=dict)
    external_partner: str | None = None


@dataclass
class RegistrationResult:
    token: str
    user_coupon: Coupon | None  # the coupon given at registration, checked
    has_subscription: bool

    @property
    def free_campaign(self) -> bool:
        """The registration's coupon gave access at once (the apps' name for has_subscription)."""
        return self.has_subscription


def register(ctx: ServiceContext, cmd: Registration) -> RegistrationResult:
    email = normalise_email(cmd.email)
    if not is_valid_email(email):
        raise DomainError(errors.INVALID_EMAIL)
    now = ctx.clock.now()
    password_hash = ctx.hasher.hash(cmd.password)  # slow: keep it outside the transaction
    with ctx.uow() as uow:
        if uow.accounts.by_email(email) is not None:
            raise DomainError(errors.EMAIL_TAKEN)
        coupon = _usable_coupon(uow, cmd.coupon, now)
        account = uow.accounts.add(
            Account(
                email=email,
                password_hash=password_hash,
                name=cmd.display_name.strip(),
                language=pick_language(cmd.language),
                country_code=normalise_country(cmd.country_code, ctx.default_country),
                partner=cmd.external_partner,
                env=cmd.env or "web",
                utm=dict(cmd.utm or {}),
                promo_accepted_at=now if cmd.is_promo_accepted else None,
                promo_consent_version=ctx.terms.promo_consent_version
                if cmd.is_promo_accepted
                else None,
                terms_accepted_at=now,
                terms_version=ctx.terms.terms_version,
                created_at=now,
            )
        )
        assert account.id is not None  # add() gives the new account its id
        consents.record_registration(ctx, uow, account, now)
        has_subscription = bool(coupon and coupon.is_access)
        if coupon is not None and coupon.is_access:
            grant_access_coupon(uow, coupon, account.id, now)
        uow.outbox.add(
            OutboxMessage(kind="email", topic="welcome", payload={"account_id": account.id})
        )
        uow.outbox.add(
            OutboxMessage(kind="email", topic="confirm_email", payload={"account_id": account.id})
        )
        token = sessions.issue_session(ctx, uow, account.id)
        uow.commit()
    ctx.jobs.outbox_changed()
    return RegistrationResult(
        token=token,
        user_coupon=coupon,
        has_subscription=has_subscription,
    )


def _usable_coupon(uow: UnitOfWork, code: str | None, now: datetime) -> Coupon | None:
    code = normalise_code(code)
    return check_usable(uow.coupons.by_code(code), now) if code else None


def login(ctx: ServiceContext, email: str, password: str, country_code: str | None = None) -> str:
    """By e-mail, or for partner users by their phone number as username."""
    email = normalise_email(email)
    with ctx.uow() as uow:
        account = (
            uow.accounts.by_email(email)
            if "@" in email
            else uow.accounts.by_alias(email.replace(" ", ""))
        )
        if account is not None and account.id is not None:  # a stored account has an id
            _count_attempt(ctx, uow, account.id)
            uow.commit()
    if account is None or account.id is None:  # the spec's answer, after the same password check
        equal_time.verify_nobody(ctx.hasher, password)  # (docs/security.md#login-timing)
        raise DomainError(errors.EMAIL_NOT_FOUND)
    if not ctx.hasher.verify(account.password_hash, password):
        raise DomainError(errors.WRONG_PASSWORD)  # the attempt is counted already
    rehashed = ctx.hasher.hash(password) if ctx.hasher.needs_rehash(account.password_hash) else None
    with ctx.uow() as uow:
        uow.accounts.logged_in(
            account.id, normalise_country(country_code, account.country_code), rehashed
        )
        token = sessions.issue_session(ctx, uow, account.id)
        uow.commit()
    return token


def _count_attempt(ctx: ServiceContext, uow: UnitOfWork, account_id: int, tries: int = 5) -> None:
    """Count this login as a failure before its password is checked (a right one clears the count),
    or refuse it with Retry-After while the account's delay runs (core.domain.login_throttle).
    The write is conditional on the count read, so parallel guesses are counted one by one."""
    throttle = ctx.login_throttle
    for _ in range(tries):
        now = ctx.clock.now()
        state = uow.accounts.login_state(account_id)
        wait = throttle.wait(state, now)
        if wait:
            raise RetryLater(errors.RATE_LIMITED, retry_after=wait.total_seconds())
        if uow.accounts.count_login_attempt(
            account_id, state.failures, throttle.next_state(state, now)
        ):
            return
    raise RetryLater(
        errors.RATE_LIMITED, retry_after=1
    )  # a crowd of parallel attempts on one account
