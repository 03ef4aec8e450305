"""Repositories of the operator console's staff (docs/operator-console.md): staff accounts, sessions and
sign-in throttle, the grant ledger and four-eyes requests, and the append-only audit log."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from core.adapters.db.mapping import rowcount, to_domain, to_row
from core.adapters.db.models.accounts import AccountRow
from core.adapters.db.models.console import (
    AuditLogRow,
    GrantLedgerRow,
    GrantRequestRow,
    StaffAccountRow,
    StaffLoginThrottleRow,
    StaffSessionRow,
)
from core.domain.grants import GRANT_PENDING, GrantRequest
from core.domain.login_throttle import LoginState
from core.domain.staff import AuditEntry, AuditFilter, StaffMember


class SqlStaff:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, member: StaffMember) -> StaffMember:
        row = to_row(member, StaffAccountRow())
        self.session.add(row)
        self.session.flush()
        member.id = row.id
        return member

    def by_email(self, email: str) -> StaffMember | None:
        row = self.session.scalar(select(StaffAccountRow).where(StaffAccountRow.email == email))
        return to_domain(row, StaffMember) if row else None

    def get(self, staff_id: int) -> StaffMember | None:
        row = self.session.get(StaffAccountRow, staff_id)
        return to_domain(row, StaffMember) if row else None

    def all(self) -> list[StaffMember]:
        return [
            to_domain(r, StaffMember)
            for r in self.session.scalars(select(StaffAccountRow).order_by(StaffAccountRow.id))
        ]

    def login_state(self, email_hash: str) -> LoginState:
        """The throttle of one submitted address (its SHA-256), whether or not it is a staff member's."""
        row = self.session.get(StaffLoginThrottleRow, email_hash, populate_existing=True)
        if row is None:
            return LoginState()
        return LoginState(
            failures=row.failures,
            blocked_until=row.blocked_until,
            last_attempt_at=row.last_attempt_at,
        )

    def count_login_attempt(self, email_hash: str, seen_failures: int, new: LoginState) -> bool:
        """Write the state of one more failure, only if nobody counted one since it was read: a
        conditional UPDATE, or for a first attempt an INSERT that a parallel one makes fail."""
        values = {
            "failures": new.failures,
            "blocked_until": new.blocked_until,
            "last_attempt_at": new.last_attempt_at,
        }
        exists = self.session.scalar(
            select(StaffLoginThrottleRow.email_hash).where(
                StaffLoginThrottleRow.email_hash == email_hash
            )
        )
        if exists is None:
            try:
                with self.session.begin_nested():
                    self.session.execute(
                        insert(StaffLoginThrottleRow).values(email_hash=email_hash, **values)
                    )
            except IntegrityError:
                return False
            return True
        result = self.session.execute(
            update(StaffLoginThrottleRow)
            .where(
                StaffLoginThrottleRow.email_hash == email_hash,
                StaffLoginThrottleRow.failures == seen_failures,
            )
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    def clear_login_failures(self, email_hash: str) -> None:
        self.session.execute(
            delete(StaffLoginThrottleRow)
            .where(StaffLoginThrottleRow.email_hash == email_hash)
            .execution_options(synchronize_session=False)
        )

    def logged_in(self, staff_id: int, totp_step: int) -> bool:
        """Clear the failures and spend the TOTP step; False if that step (or a later one) was spent already."""
        result = self.session.execute(
            update(StaffAccountRow)
            .where(
                StaffAccountRow.id == staff_id,
                or_(
                    StaffAccountRow.last_totp_step.is_(None),
                    StaffAccountRow.last_totp_step < totp_step,
                ),
            )
            .values(failed_logins=0, login_blocked_until=None, last_totp_step=totp_step)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1

    def add_session(
        self, staff_id: int, token_hash: str, now: datetime, expires_at: datetime
    ) -> None:
        self.session.add(
            StaffSessionRow(
                staff_id=staff_id,
                token_hash=token_hash,
                created_at=now,
                expires_at=expires_at,
                last_used_at=now,
            )
        )
        self.session.flush()

    def live_session(
        self, token_hash: str, now: datetime, idle_since: datetime
    ) -> tuple[StaffMember, datetime] | None:
        row = self.session.execute(
            select(StaffAccountRow, StaffSessionRow.last_used_at)
            .join(StaffSessionRow, StaffSessionRow.staff_id == StaffAccountRow.id)
            .where(
                StaffSessionRow.token_hash == token_hash,
                StaffSessionRow.revoked_at.is_(None),
                StaffSessionRow.expires_at > now,
                StaffSessionRow.last_used_at > idle_since,
                StaffAccountRow.disabled_at.is_(None),
            )
        ).first()
        return (to_domain(row[0], StaffMember), row[1]) if row else None

    def touch(self, token_hash: str, now: datetime) -> None:
        self.session.execute(
            update(StaffSessionRow)
            .where(StaffSessionRow.token_hash == token_hash)
            .values(last_used_at=now)
            .execution_options(synchronize_session=False)
        )

    def revoke(self, token_hash: str, now: datetime) -> None:
        self.session.execute(
            update(StaffSessionRow)
            .where(StaffSessionRow.token_hash == token_hash, StaffSessionRow.revoked_at.is_(None))
            .values(revoked_at=now)
            .execution_options(synchronize_session=False)
        )

    def set_fields(self, staff_id: int, **values) -> None:
        """Role, disabled_at, totp_secret, last_totp_step (the console's staff management)."""
        allowed = {"role", "disabled_at", "totp_secret", "last_totp_step"}
        if set(values) - allowed:
            raise ValueError(f"not a staff field to set: {sorted(set(values) - allowed)}")
        self.session.execute(
            update(StaffAccountRow)
            .where(StaffAccountRow.id == staff_id)
            .values(**values)
            .execution_options(synchronize_session=False)
        )

    def live_session_counts(self, now: datetime) -> dict[int, int]:
        rows = self.session.execute(
            select(StaffSessionRow.staff_id, func.count())
            .where(StaffSessionRow.revoked_at.is_(None), StaffSessionRow.expires_at > now)
            .group_by(StaffSessionRow.staff_id)
        )
        return {staff_id: count for staff_id, count in rows}

    def revoke_all(self, staff_id: int, now: datetime) -> None:
        self.session.execute(
            update(StaffSessionRow)
            .where(StaffSessionRow.staff_id == staff_id, StaffSessionRow.revoked_at.is_(None))
            .values(revoked_at=now)
            .execution_options(synchronize_session=False)
        )


class SqlGrants:
    """The grant ledger and the four-eyes requests (core/domain/grants.py)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def lock_parent(self, account_id: int) -> bool:
        """Hold the parent's account row until the transaction ends (PostgreSQL: SELECT … FOR UPDATE;
        SQLite: the write lock BEGIN IMMEDIATE took already), so grants to one parent are counted and
        written one after the other. False when there is no such account."""
        found = self.session.execute(
            select(AccountRow.id).where(AccountRow.id == account_id).with_for_update()
        ).first()
        return found is not None

    def granted_days(self, account_id: int, since: datetime) -> int:
        total = self.session.scalar(
            select(func.coalesce(func.sum(GrantLedgerRow.days), 0)).where(
                GrantLedgerRow.account_id == account_id, GrantLedgerRow.granted_at > since
            )
        )
        return int(total or 0)

    def record(
        self,
        *,
        account_id: int,
        staff_id: int | None,
        role: str,
        days: int,
        subscription_id: int | None,
        at: datetime,
        request_id: int | None = None,
    ) -> None:
        self.session.execute(
            insert(GrantLedgerRow).values(
                account_id=account_id,
                staff_id=staff_id,
                role=role,
                days=days,
                subscription_id=subscription_id,
                request_id=request_id,
                granted_at=at,
            )
        )

    def add_request(self, request: GrantRequest) -> GrantRequest:
        row = to_row(request, GrantRequestRow())
        self.session.add(row)
        self.session.flush()
        request.id = row.id
        return request

    def get_request(self, request_id: int) -> GrantRequest | None:
        row = self.session.get(GrantRequestRow, request_id, populate_existing=True)
        return to_domain(row, GrantRequest) if row else None

    def requests(self, status: str | None, limit: int = 100) -> list[GrantRequest]:
        query = select(GrantRequestRow)
        if status:
            query = query.where(GrantRequestRow.status == status)
        rows = self.session.scalars(query.order_by(GrantRequestRow.id.desc()).limit(limit))
        return [to_domain(r, GrantRequest) for r in rows]

    def decide(
        self,
        request_id: int,
        status: str,
        staff_id: int,
        staff_email: str,
        at: datetime,
        reason: str,
    ) -> bool:
        """Pending -> approved or rejected, once: a conditional UPDATE, so two deciders cannot both win."""
        result = self.session.execute(
            update(GrantRequestRow)
            .where(GrantRequestRow.id == request_id, GrantRequestRow.status == GRANT_PENDING)
            .values(
                status=status,
                decided_by=staff_id,
                decided_by_email=staff_email,
                decided_at=at,
                decision_reason=reason,
            )
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1


class SqlAudit:
    """Insert and read; there is deliberately no update or delete here."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def append(self, entry: AuditEntry) -> None:
        values = {k: v for k, v in vars(entry).items() if k != "id"}
        self.session.execute(insert(AuditLogRow).values(**values))

    def entries(self, where: AuditFilter) -> list[AuditEntry]:
        query = select(AuditLogRow)
        if where.staff_id is not None:
            query = query.where(AuditLogRow.staff_id == where.staff_id)
        if where.account_id is not None:
            query = query.where(AuditLogRow.account_id == where.account_id)
        if where.action:
            query = query.where(AuditLogRow.action == where.action)
        if where.before_id is not None:
            query = query.where(AuditLogRow.id < where.before_id)
        rows = self.session.scalars(query.order_by(AuditLogRow.id.desc()).limit(where.limit))
        return [to_domain(r, AuditEntry) for r in rows]
