"""Ports for consents and personal data: the consent history, a parent's data read or erased, and
the retention purges."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from core.domain.consents import ConsentRecord
from core.domain.tokens import StoredToken


class ConsentLog(Protocol):
    def add(self, record: ConsentRecord) -> None: ...
    def for_account(self, account_id: int) -> list[ConsentRecord]: ...


class PersonalData(Protocol):
    """Reads and erasure across tables, for the parent's data rights."""

    def coupons_redeemed(self, account_id: int) -> list[tuple[str, datetime]]: ...
    def sessions(self, account_id: int, now: datetime) -> list[StoredToken]: ...
    def erase(self, account_id: int, email: str, keep_consent_proof: bool = False) -> None:
        """Delete child profiles and their settings, tokens, TV links, consent history, contact messages
        (the account's or from its address), newsletter rows of the address and the account's outbox rows.
        `keep_consent_proof`: the consent history stays (it names no one; the account is a stub after
        erasure) until the retention purge may delete it (core.services.retention)."""


class Retention(Protocol):
    """Deletes rows past their retention period; each returns how many went."""

    def purge_analytics(self, received_before: datetime) -> int: ...
    def purge_outbox(self, delivered_before: datetime) -> int: ...
    def purge_tokens(self, ended_before: datetime, idle_before: datetime) -> int: ...
    def purge_contact_messages(self, received_before: datetime) -> int: ...
    def purge_declarations(self, received_before: datetime, ended_before: datetime) -> int: ...
    def purge_withdrawals(self, received_before: datetime, ended_before: datetime) -> int: ...
    def kept_consent_proofs(
        self, limit: int
    ) -> list[tuple[int, str, datetime, datetime | None, datetime | None]]:
        """Erased accounts whose consent history was kept as proof: (account id, country, erased at,
        first web purchase, latest end of a web subscription)."""

    def purge_consents(self, account_ids: list[int]) -> int: ...
