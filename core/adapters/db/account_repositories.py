"""Parents' accounts, with the failed-login throttle kept on their rows."""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from core.adapters.db.mapping import rowcount, to_domain, to_row
from core.adapters.db.models.accounts import AccountRow
from core.domain import errors
from core.domain.accounts import Account
from core.domain.errors import DomainError
from core.domain.login_throttle import LoginState


class SqlAccounts:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, account: Account) -> Account:
        row = to_row(account, AccountRow())
        self.session.add(row)
        self._flush()
        account.id = row.id
        return account

    def _flush(self) -> None:
        """Flush; the unique index on the e-mail refusing a row (two registrations or changes of one
        address at the same moment, the loser past its by_email check) is `emailTaken`, not a 500."""
        try:
            self.session.flush()
        except IntegrityError as error:
            constraint = (
                getattr(getattr(error.orig, "diag", None), "constraint_name", None) or ""
            )  # PostgreSQL
            if "email" in constraint or "accounts.email" in str(
                error.orig
            ):  # SQLite names table.column
                raise DomainError(errors.EMAIL_TAKEN) from None
            raise

    def get(self, account_id: int | None) -> Account | None:
        row = self.session.get(AccountRow, account_id) if account_id is not None else None
        return to_domain(row, Account) if row else None

    def by_email(self, email: str) -> Account | None:
        row = self._keep(self.session.scalar(select(AccountRow).where(AccountRow.email == email)))
        return to_domain(row, Account) if row else None

    def by_alias(self, alias: str) -> Account | None:
        row = self._keep(
            self.session.scalar(select(AccountRow).where(AccountRow.partner_alias == alias))
        )
        return to_domain(row, Account) if row else None

    def _keep(self, row: AccountRow | None) -> AccountRow | None:
        """Hold the row for this unit of work (the session's identity map holds it weakly), so a login's
        throttle state (login_state) is read without a second query."""
        if row is not None:
            self._held = row
        return row

    def save(self, account: Account) -> None:
        to_row(account, self.session.get(AccountRow, account.id))
        self._flush()

    def login_state(self, account_id: int) -> LoginState:
        # Usually no query: the row is in the session since by_email/by_alias loaded it.
        row = self.session.get(AccountRow, account_id)
        assert row is not None  # the account logging in
        return LoginState(
            failures=row.failed_logins or 0,
            blocked_until=row.login_blocked_until,
            last_attempt_at=row.last_login_attempt_at,
        )

    def count_login_attempt(self, account_id: int, seen_failures: int, new: LoginState) -> bool:
        result = self.session.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id, AccountRow.failed_logins == seen_failures)
            .values(
                failed_logins=new.failures,
                login_blocked_until=new.blocked_until,
                last_login_attempt_at=new.last_attempt_at,
            )
            .execution_options(synchronize_session=False)
        )
        if rowcount(result) != 1:  # another login got there first: read its count afresh
            row = self.session.get(AccountRow, account_id)
            if row is not None:
                self.session.expire(row)
            return False
        return True

    def logged_in(
        self, account_id: int, country_code: str, password_hash: str | None = None
    ) -> None:
        values = {
            "failed_logins": 0,
            "login_blocked_until": None,
            "last_login_attempt_at": None,
            "country_code": country_code,
        }
        if password_hash is not None:
            values["password_hash"] = password_hash
        self.session.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id)
            .values(**values)
            .execution_options(synchronize_session=False)
        )
