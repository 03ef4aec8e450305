"""Ports for parents' accounts and their tokens (sessions, links, redirect keys)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from core.domain.accounts import Account, AccountSummary
from core.domain.login_throttle import LoginState
from core.domain.subscriptions import Subscription
from core.domain.tokens import Purpose, StoredToken


class AccountRepository(Protocol):
    def add(self, account: Account) -> Account: ...
    def get(self, account_id: int) -> Account | None: ...
    def by_email(self, email: str) -> Account | None: ...
    def by_alias(self, alias: str) -> Account | None: ...
    def save(self, account: Account) -> None: ...
    def login_state(self, account_id: int) -> LoginState: ...
    def count_login_attempt(self, account_id: int, seen_failures: int, new: LoginState) -> bool:
        """Write `new` only if the count is still `seen_failures` (the database settles parallel logins)."""

    def logged_in(
        self, account_id: int, country_code: str, password_hash: str | None = None
    ) -> None:
        """A successful login: clear the failed-login count, note the country (and a re-hashed password)."""


class TokenRepository(Protocol):
    def add(self, token: StoredToken) -> None: ...
    def live(self, token_hash: str, purpose: Purpose, now: datetime) -> StoredToken | None: ...
    def live_session(
        self, token_hash: str, now: datetime, idle_since: datetime | None = None
    ) -> tuple[AccountSummary, datetime] | None:
        """(the account's summary, last use) of a live session token used after `idle_since`, in one
        query."""

    def live_session_with_subscriptions(
        self, token_hash: str, now: datetime, idle_since: datetime | None = None
    ) -> tuple[AccountSummary, datetime, list[tuple[Subscription, str | None]]] | None:
        """As `live_session`, plus the account's subscriptions (by id), each with its coupon's duration
        code (None without a coupon), in the same single query."""

    def touch(self, token_hash: str, now: datetime, unless_since: datetime) -> None:
        """Note a use of the token now, unless one after `unless_since` is noted already."""

    def consume(self, token_hash: str, purpose: Purpose, now: datetime) -> StoredToken | None:
        """Atomically mark a live single-use token used; None if it was not live."""

    def revoke(self, token_hash: str, now: datetime) -> None: ...
    def revoke_all(
        self, account_id: int, purpose: Purpose, now: datetime, keep_hash: str | None = None
    ) -> None: ...
