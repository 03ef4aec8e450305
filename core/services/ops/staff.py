"""Staff accounts and their sessions: argon2id password + mandatory TOTP, 8 h absolute / 30 min idle
sessions stored as hashes, a throttle of their own, every failed sign-in audited."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from core.domain import errors
from core.domain.accounts import is_valid_email, normalise_email
from core.domain.errors import DomainError, RetryLater
from core.domain.login_throttle import LoginThrottle
from core.domain.ops_reads import StaffListed
from core.domain.ports.unit_of_work import UnitOfWork
from core.domain.staff import (
    MIN_PASSWORD_LENGTH,
    NOTE_USE_EVERY,
    ROLES,
    AuditEntry,
    StaffMember,
    StaffPolicy,
    Totp,
    mask_email_for_audit,
)
from core.domain.tokens import hash_token, new_token
from core.services.context import ServiceContext

_dummy_hash: dict[str, Any] = {}


DEFAULT_POLICY = StaffPolicy()  # the session lengths and throttle of the issue (immutable)


def _burn_time(ctx: ServiceContext, password: str) -> None:
    """Check a password against a hash of nothing, so an unknown address costs the argon2 time of a known one."""
    if "hash" not in _dummy_hash:  # made once per process (setdefault would hash on every call)
        _dummy_hash["hash"] = ctx.hasher.hash(new_token())
    ctx.hasher.verify(_dummy_hash["hash"], password)


def create(
    ctx: ServiceContext,
    totp: Totp,
    raw_email: str,
    password: str,
    role: str,
    by: StaffMember | None = None,
    reason: str | None = None,
) -> tuple[StaffMember, str]:
    """A new staff member; answers it and the TOTP provisioning URI (shown once, never stored elsewhere).
    `by`: the admin who made it in the console (None: the CLI)."""
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
                staff_id=by.id if by else None,
                staff_email=by.email if by else None,
                target=f"staff:{member.id}",
                after={"email": mask_email_for_audit(email), "role": role},
                reason=(reason or "").strip()[:500] or None,
            )
        )
        uow.commit()
    return member, totp.provisioning_uri(secret, email)


def staff_list(ctx: ServiceContext) -> list[StaffListed]:
    """Every staff member (no secret, no hash), with how many live sessions each has."""
    now = ctx.clock.now()
    with ctx.read() as uow:
        members = uow.staff.all()
        live = uow.staff.live_session_counts(now)
    return [
        StaffListed(
            id=m.id,
            email=m.email,
            role=m.role,
            created_at=m.created_at,
            disabled_at=m.disabled_at,
            sessions=live.get(m.id, 0),
        )
        for m in members
        if m.id is not None  # stored members all have one
    ]


def _other(uow: UnitOfWork, admin: StaffMember, staff_id: int) -> StaffMember:
    member = uow.staff.get(staff_id)
    if member is None:
        raise DomainError(errors.STAFF_NOT_FOUND)
    if member.id == admin.id:
        raise DomainError(
            errors.STAFF_SELF
        )  # another admin must do it: nobody locks themselves out
    return member


def _audit(
    ctx: ServiceContext,
    uow: UnitOfWork,
    admin: StaffMember,
    action: str,
    member: StaffMember,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    reason: str | None,
) -> None:
    uow.audit.append(
        AuditEntry(
            action=action,
            at=ctx.clock.now(),
            staff_id=admin.id,
            staff_email=admin.email,
            target=f"staff:{member.id}",
            before=before,
            after=after,
            reason=(reason or "").strip()[:500] or None,
        )
    )


def change_role(
    ctx: ServiceContext, admin: StaffMember, staff_id: int, role: str, reason: str | None
) -> None:
    """A new role; the member's sessions end (the next sign-in carries the new permissions)."""
    if role not in ROLES:
        raise DomainError(errors.PARAMETER_REQUIRED, field="role")
    now = ctx.clock.now()
    with ctx.uow() as uow:
        member = _other(uow, admin, staff_id)
        uow.staff.set_fields(staff_id, role=role)
        uow.staff.revoke_all(staff_id, now)
        _audit(ctx, uow, admin, "staff.role", member, {"role": member.role}, {"role": role}, reason)
        uow.commit()


def set_disabled(
    ctx: ServiceContext, admin: StaffMember, staff_id: int, disabled: bool, reason: str | None
) -> None:
    """Disable (sign-in refused, sessions ended at once) or enable a staff member again."""
    now = ctx.clock.now()
    with ctx.uow() as uow:
        member = _other(uow, admin, staff_id)
        was = member.disabled_at is not None
        uow.staff.set_fields(staff_id, disabled_at=now if disabled else None)
        if disabled:
            uow.staff.revoke_all(staff_id, now)
        _audit(
            ctx,
            uow,
            admin,
            "staff.disable" if disabled else "staff.enable",
            member,
            {"disabled": was},
            {"disabled": disabled},
            reason,
        )
        uow.commit()


def reset_totp(
    ctx: ServiceContext, totp: Totp, admin: StaffMember, staff_id: int, reason: str | None
) -> str:
    """A new TOTP secret (the old authenticator stops working, sessions end); answers the provisioning URI,
    shown this once."""
    secret = totp.new_secret()
    now = ctx.clock.now()
    with ctx.uow() as uow:
        member = _other(uow, admin, staff_id)
        uow.staff.set_fields(staff_id, totp_secret=secret, last_totp_step=None)
        uow.staff.revoke_all(staff_id, now)
        _audit(ctx, uow, admin, "staff.reset_totp", member, None, None, reason)
        uow.commit()
    return totp.provisioning_uri(secret, member.email)


def login(
    ctx: ServiceContext,
    totp: Totp,
    raw_email: str,
    password: str,
    code: str,
    policy: StaffPolicy = DEFAULT_POLICY,
) -> tuple[str, StaffMember]:
    """A staff session token for e-mail + password + current TOTP code. Any wrong part: 401
    staffLoginFailed (which part is not said) and an audit entry; too many: 429 with Retry-After.

    The throttle counts failures per *submitted* address (its SHA-256), before anything is looked up,
    and every attempt checks one argon2 hash (a hash of nothing when the address is unknown or
    disabled): unknown, disabled and active staff addresses get the same answers at the same time, so
    the lockout does not tell which addresses are staff (docs/operator-console.md#staff-accounts-and-sessions)."""
    email = normalise_email(raw_email)
    key = hash_token(email)
    throttle = LoginThrottle(
        free_failures=policy.free_failures, max_delay_seconds=policy.max_delay_seconds
    )
    now = ctx.clock.now()
    with ctx.uow() as uow:
        state = uow.staff.login_state(key)
        wait = throttle.wait(state, now)
        if wait:
            raise RetryLater(errors.RATE_LIMITED, retry_after=wait.total_seconds())
        if not uow.staff.count_login_attempt(key, state.failures, throttle.next_state(state, now)):
            raise RetryLater(errors.RATE_LIMITED, retry_after=1)
        uow.commit()
    with ctx.read() as uow:
        member = uow.staff.by_email(email) if email else None
    usable = member is not None and member.disabled_at is None
    if member is not None and usable:
        password_ok = ctx.hasher.verify(member.password_hash, password or "")
        step = totp.matching_step(member.totp_secret, code, now)
    else:
        _burn_time(ctx, password or "")
        password_ok, step = False, None
    with ctx.uow() as uow:
        ok = (
            member is not None
            and member.id is not None
            and usable
            and password_ok
            and step is not None
            and uow.staff.logged_in(member.id, step)
        )
        if not ok or member is None or member.id is None:
            uow.audit.append(
                AuditEntry(
                    action="staff.login_failed",
                    outcome="refused",
                    at=now,
                    staff_id=member.id if member else None,
                    staff_email=member.email if usable and member else None,
                    target=f"staff:{member.id}"
                    if usable and member
                    else mask_email_for_audit(email),
                )
            )
            uow.commit()
            raise DomainError(errors.STAFF_LOGIN_FAILED)
        uow.staff.clear_login_failures(key)
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
    ctx: ServiceContext, raw_token: str | None, policy: StaffPolicy = DEFAULT_POLICY
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
