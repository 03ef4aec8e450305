"""Ports for children's profiles and settings, and TV linking (with its QR code)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from core.domain.children import ChildProfile
from core.domain.parental_settings import AppSettings
from core.domain.tv_links import TvLink


class ChildRepository(Protocol):
    def for_account(self, account_id: int) -> list[ChildProfile]: ...
    def get(self, account_id: int, child_id: int) -> ChildProfile | None:
        """The profile only if it belongs to that account."""

    def add(self, child: ChildProfile, limit: int) -> ChildProfile | None:
        """Insert into a free slot (1..limit); None when every slot is taken (the database decides)."""

    def save(self, child: ChildProfile) -> None: ...
    def delete(self, child_id: int) -> None:
        """The profile and its settings."""

    def settings(self, child_ids: list[int]) -> dict[tuple[int, str], AppSettings]:
        """Saved settings by (child id, app); never-saved ones are absent."""

    def save_settings(self, child_id: int, app: str, settings: AppSettings) -> None: ...


class TvLinkRepository(Protocol):
    def add(self, link: TvLink, now: datetime) -> bool:
        """Insert; False if a live link holds the same PIN (the database decides). Expired links with
        that PIN, and any link expired for a day, are removed first."""

    def by_poll_hash(self, poll_hash: str) -> TvLink | None: ...
    def claim(self, pin_hash: str, account_id: int, now: datetime, collect_by: datetime) -> bool:
        """Atomically give a live, unclaimed PIN to an account and free the PIN; False otherwise."""

    def collect(self, link_id: int, now: datetime) -> bool:
        """Atomically mark a claimed link's token handed over; False if it already was."""


class QrEncoder(Protocol):
    def svg(self, text: str) -> str:
        """A QR code of `text` as a standalone SVG document."""
