"""Growing delays after failed logins, per account (OWASP ASVS 2.2.1: at most 100 failed attempts
per account per hour).

The first `free_failures - 1` wrong passwords in a row cost nothing; the next one and each after it
close the account to password checks for 2, 4, 8, … seconds, at most `max_delay_seconds` (with the
defaults: five tries, then 2 s, 4 s, … up to 5 minutes between tries). While closed, a login is
refused with 429 and Retry-After *without* the password being checked, so a refused attempt teaches
an attacker nothing and does not count. Once the delay has passed, the right password logs in
(and clears the count), so an attacker can slow the real parent down by at most one delay, never
lock them out. A quiet hour without attempts clears the count too.

An attempt is counted *before* its password is checked (see `next_state`), in one conditional
UPDATE, so parallel guesses cannot slip through together; a right password then clears the count.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

FORGET_AFTER = timedelta(hours=1)


@dataclass(frozen=True)
class LoginState:
    failures: int = 0  # attempts counted since the last success or quiet hour
    blocked_until: datetime | None = None
    last_attempt_at: datetime | None = None


@dataclass(frozen=True)
class LoginThrottle:
    free_failures: int = 5
    max_delay_seconds: int = 300

    def delay_after(self, failures: int) -> timedelta:
        """How long the account stays closed after its `failures`-th failure in a row."""
        extra = failures - self.free_failures + 1
        if extra <= 0:
            return timedelta(0)
        return timedelta(seconds=min(2 ** min(extra, 30), self.max_delay_seconds))

    def wait(self, state: LoginState, now: datetime) -> timedelta:
        """Zero when a password may be checked now; otherwise how long until it may."""
        if state.blocked_until is None or state.blocked_until <= now:
            return timedelta(0)
        return state.blocked_until - now

    def counted_failures(self, state: LoginState, now: datetime) -> int:
        if state.last_attempt_at is None or now - state.last_attempt_at >= FORGET_AFTER:
            return 0
        return state.failures

    def next_state(self, state: LoginState, now: datetime) -> LoginState:
        """The state to write before checking a password: this attempt counted as a failure."""
        failures = self.counted_failures(state, now) + 1
        return LoginState(
            failures=failures, blocked_until=now + self.delay_after(failures), last_attempt_at=now
        )
