"""How much free time a staff member may give one parent on their own, and who approves more
(docs/operator-console.md#grant-limits-and-four-eyes). Pure rules: the ledger and the pending requests
are tables in core/adapters/db, the lock that makes the count safe under parallel calls is taken by
core/services/ops/grants.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from core.domain.staff import ADMIN, FINANCE, SUPPORT


@dataclass(frozen=True)
class GrantLimit:
    days: int  # free days one parent may get in total over the window, counting every grant to them
    window_days: int = 30  # rolling, back from now

    def window_start(self, now: datetime) -> datetime:
        return now - timedelta(days=self.window_days)

    def left(self, already: int) -> int:
        return max(0, self.days - already)


# The one table of limits per role. Support: one month per parent per 30 days, in total across the
# parent's subscriptions, new free ones included; finance and admin: a year. Above it a second member of
# a higher role (admin: another admin) approves the request.
GRANT_LIMITS: dict[str, GrantLimit] = {
    SUPPORT: GrantLimit(days=31),
    FINANCE: GrantLimit(days=366),
    ADMIN: GrantLimit(days=366),
}
_RANK = {SUPPORT: 0, FINANCE: 1, ADMIN: 2}

GRANT_PENDING, APPROVED, REJECTED = "pending", "approved", "rejected"


def limit_of(role: str) -> GrantLimit:
    return GRANT_LIMITS.get(role, GRANT_LIMITS[SUPPORT])


def may_approve(approver_role: str, approver_id: int | None, request: GrantRequest) -> bool:
    """Four eyes: never the member who asked; a higher role, or another admin for an admin's request."""
    if approver_id is None or approver_id == request.requested_by:
        return False
    mine, theirs = _RANK.get(approver_role, -1), _RANK.get(request.requested_role, 0)
    return mine > theirs or (mine == theirs == _RANK[ADMIN])


@dataclass
class GrantRequest:
    """Free time asked for above the asker's limit, waiting for a second member."""

    account_id: int
    duration_code: str
    days: int
    product: str
    reason: str
    requested_by: int
    requested_by_email: str
    requested_role: str
    created_at: datetime
    subscription_id: int | None = None
    status: str = GRANT_PENDING
    decided_by: int | None = None
    decided_by_email: str | None = None
    decided_at: datetime | None = None
    decision_reason: str | None = None
    id: int | None = None
