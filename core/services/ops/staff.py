"""Staff accounts and their sessions: argon2id password + mandatory TOTP, 8 h absolute / 30 min idle
sessions stored as hashes, a throttle of their own, every failed sign-in audited."""

from __future__ import annotations

from datetime import timedelta

from core.domain import errors
from core.domain.accounts import is_valid_email, normalise_email
from core.domain.errors import DomainError, RetryLater
from core.domain.login_throttle import LoginThrottle
from core.domain.staff import (
    MIN_PASSWORD_LENGTH,
    NOTE_USE_EVERY,
    ROLES,
    AuditEntry,
    StaffMember,
    StaffPolicy,
    Totp,
    mask_email,
)
from core.domain.tokens import hash_token, new_token
from core.services.context import ServiceContext

_dummy_hash: dict = {}


def _burn_time(ctx: ServiceContext, password: str) -> None:
    """Check a password against a hash of nothing, so an unknown address costs the argon2 time of a known one."""
    stored = _dummy_hash.setdefault("hash", ctx.hasher.hash(new_token()))
    ctx.hasher.verify(stored, password)


def create(
    ctx: ServiceContext, totp: Totp, raw_email: str, password: str, role: str
) -> tuple[StaffMember, str]:
    """A new staff member; answers it and the TOTP provisioning URI (shown once, never stored elsewhere)."""
    email = normalise_email(raw_email)
    if not is_valid_email(email):
        raise DomainError(errors.INVALID_EMAIL)
    if role not in ROLES:
        raise DomainError(errors.PARAMETER_REQUIRED, field="role")
    if len(password or "") < MIN_PASSWORD_LENGTH:
        raise DomainError(errors.PARAMETER_REQUIRED, field="password")
    secret = totp.new_secret()
    now = ctx.clock.now()
    with ctx.uow() as uow:
        if uow.staff.by_email(email) is not None:
            raise DomainError(errors.EMAIL_TAKEN)
        member = uow.staff.add(
            StaffMember(
                email=email,
                password_hash=ctx.hasher.hash(password),
                totp_secret=secret,
                role=role,
                created_at=now,
            )
        )
        uow.audit.append(
            AuditEntry(
                action="staff.create",
                at=now,
                target=f"staff:{member.id}",
                after={"email": mask_email(email), "role": role},
            )
        )
        uow.commit()
    return member, totp.provisioning_uri(secret, email)


def login(
    ctx: ServiceContext,
    totp: Totp,
    raw_email: str,
    password: str,
    code: str,
    policy: StaffPolicy = StaffPolicy(),
) -> tuple[str, StaffMember]:
    """A staff session token for e-mail + password + current TOTP code. Any wrong part: 401
    staffLoginFailed (which part is not said) and an audit entry; too many: 429 with Retry-After."""
    email = normalise_email(raw_email)
    throttle = LoginThrottle(
        free_failures=policy.free_failures, max_delay_seconds=policy.max_delay_seconds
    )
    now = ctx.clock.now()
    with ctx.uow() as uow:
        member = uow.staff.by_email(email) if email else None
        if member is None or member.disabled_at is not None:
            _burn_time(ctx, password or "")
            uow.audit.append(
                AuditEntry(
                    action="staff.login_failed",
                    outcome="refused",
                    at=now,
                    staff_id=member.id if member else None,
                    target=mask_email(email),
                )
            )
            uow.commit()
            raise DomainError(errors.STAFF_LOGIN_FAILED)
        state = uow.staff.login_state(member.id)
        wait = throttle.wait(state, now)
        if wait:
            raise RetryLater(errors.RATE_LIMITED, retry_after=wait.total_seconds())
        if not uow.staff.count_login_attempt(
            member.id, state.failures, throttle.next_state(state, now)
        ):
            raise RetryLater(errors.RATE_LIMITED, retry_after=1)
        uow.commit()
    step = totp.matching_step(member.totp_secret, code, now)
    with ctx.uow() as uow:
        ok = (
            ctx.hasher.verify(member.password_hash, password or "")
            and step is not None
            and uow.staff.logged_in(member.id, step)
        )
        if not ok:
            uow.audit.append(
                AuditEntry(
                    action="staff.login_failed",
                    outcome="refused",
                    at=now,
                    staff_id=member.id,
                    staff_email=member.email,
                    target=f"staff:{member.id}",
                )
            )
            uow.commit()
            raise DomainError(errors.STAFF_LOGIN_FAILED)
        raw = new_token()
        uow.staff.add_session(
            member.id, hash_token(raw), now, now + timedelta(hours=policy.session_hours)
        )
        uow.audit.append(
            AuditEntry(
                action="staff.login",
                at=now,
                staff_id=member.id,
                staff_email=member.email,
                target=f"staff:{member.id}",
            )
        )
        uow.commit()
    return raw, member


def authenticate(
    ctx: ServiceContext, raw_token: str | None, policy: StaffPolicy = StaffPolicy()
) -> StaffMember:
    """The staff member behind a live staff token, or 401 loginNeeded. A parent's token is unknown here."""
    if not raw_token:
        raise DomainError(errors.LOGIN_NEEDED)
    now = ctx.clock.now()
    token_hash = hash_token(raw_token)
    with ctx.read() as uow:
        found = uow.staff.live_session(
            token_hash, now, now - timedelta(minutes=policy.idle_minutes)
        )
    if found is None:
        raise DomainError(errors.LOGIN_NEEDED)
    member, last_used = found
    if now - last_used >= NOTE_USE_EVERY:
        with ctx.uow() as uow:
            uow.staff.touch(token_hash, now)
            uow.commit()
    return member


def logout(ctx: ServiceContext, member: StaffMember, raw_token: str) -> None:
    now = ctx.clock.now()
    with ctx.uow() as uow:
        uow.staff.revoke(hash_token(raw_token), now)
        uow.audit.append(
            AuditEntry(
                action="staff.logout",
                at=now,
                staff_id=member.id,
                staff_email=member.email,
                target=f"staff:{member.id}",
            )
        )
        uow.commit()
