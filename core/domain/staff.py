"""Staff of the operator console: roles, what each may do, sessions and the audit trail's rules
(docs/operator-console.md). Pure rules: the tables are in core/adapters/db, the HTTP in bff/resources/ops."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

SUPPORT, FINANCE, ADMIN = "support", "finance", "admin"
ROLES = (SUPPORT, FINANCE, ADMIN)
_ALL = frozenset(ROLES)
_MONEY = frozenset((FINANCE, ADMIN))
_ADMIN = frozenset((ADMIN,))
SENIOR_ROLES = _MONEY  # may do alone what support needs a second member for

# Permission -> roles holding it. Support: read, resend e-mails, grant up to a month, cancel; finance:
# support + refunds and revenue; admin: everything. One table, used by every /ops endpoint and the web app.
PERMISSIONS: dict[str, frozenset[str]] = {
    "parents.read": _ALL,
    "parents.email": _ALL,  # resend confirmation, send a reset link
    "parents.change_email": _ALL,  # the old address is told
    "parents.grant": _ALL,  # support: at most MAX_SUPPORT_GRANT_DAYS; per parent: core/domain/grants.py
    "grants.approve": _MONEY,  # four eyes: decide another member's grant above their limit
    "parents.cancel": _ALL,
    "parents.sessions": _ALL,  # revoke one or all of a parent's sessions
    "parents.export": _ALL,
    "parents.erase": _ADMIN,
    "payments.refund": _MONEY,
    "audit.read": _ALL,
    "outbox.manage": _ADMIN,  # dead letters: retry, discard
    "webhooks.read": _MONEY,
    "webhooks.replay": _ADMIN,  # apply a logged gateway webhook again
    "revenue.read": _MONEY,
    "staff.manage": _ADMIN,  # list, create, change role, disable/enable, reset TOTP
    "site.manage": _ADMIN,  # runtime switches: maintenance, holiday promotion
    "campaigns.read": _MONEY,  # campaign reports and code lists
    "campaigns.manage": _ADMIN,  # create and import coupon batches
    "declarations.read": _ALL,  # public cancellations: the queue, its CSV export
    "declarations.handle": _ALL,  # mark one handled (a reason is required)
}

MAX_SUPPORT_GRANT_DAYS = 31
MAX_GRANT_DAYS = 366
SESSION_HOURS = 8  # absolute
SESSION_IDLE_MINUTES = 30  # unused this long, a staff session is dead
NOTE_USE_EVERY = timedelta(minutes=1)
MIN_PASSWORD_LENGTH = 12

# Actions whose audit entry must carry a reason (money and erasure).
REASON_REQUIRED = frozenset(
    (
        "parent.grant",
        "parent.grant_request",
        "parent.grant_approve",
        "parent.grant_reject",
        "parent.refund",
        "parent.void",
        "parent.erase",
        "outbox.discard",
        "webhook.replay",
        "site.switch",
        "declaration.handled",
    )
)


def may(role: str, permission: str) -> bool:
    return role in PERMISSIONS.get(permission, ())


def permissions_of(role: str) -> list[str]:
    return sorted(p for p, roles in PERMISSIONS.items() if role in roles)


def max_grant_days(role: str) -> int:
    return MAX_SUPPORT_GRANT_DAYS if role == SUPPORT else MAX_GRANT_DAYS


def mask_email_for_audit(email: str) -> str:
    """`a***@example.com`: enough to tell staff apart in the trail of failed logins, not the address."""
    local, _, domain = (email or "").partition("@")
    return f"{local[:1]}***@{domain}"[:254] if domain else "***"


@dataclass
class StaffMember:
    email: str
    password_hash: str
    totp_secret: str
    role: str
    created_at: datetime
    id: int | None = None
    disabled_at: datetime | None = None
    last_totp_step: int | None = None


@dataclass(frozen=True)
class AuditEntry:
    action: str
    outcome: str = "done"  # done, refused, failed
    staff_id: int | None = None
    staff_email: str | None = None
    account_id: int | None = None
    target: str | None = None
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    reason: str | None = None
    at: datetime | None = None
    id: int | None = None


@dataclass(frozen=True)
class AuditFilter:
    staff_id: int | None = None
    account_id: int | None = None
    action: str | None = None
    before_id: int | None = None
    limit: int = 50


class Totp(Protocol):
    """Time-based one-time passwords (RFC 6238)."""

    def new_secret(self) -> str: ...

    def provisioning_uri(self, secret: str, email: str) -> str: ...

    def matching_step(self, secret: str, code: str, at: datetime) -> int | None:
        """The time step the code belongs to (now or one step either side), or None."""


@dataclass
class StaffPolicy:
    session_hours: int = SESSION_HOURS
    idle_minutes: int = SESSION_IDLE_MINUTES
    free_failures: int = 5
    max_delay_seconds: int = 900
