"""Children's profiles, their parental settings and linked TVs."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from core.adapters.db.models.base import Base
from core.adapters.db.types import UTCDateTime


class ChildProfileRow(Base):
    """A first name or nickname and an age band: nothing else about a child. Six slots per account."""

    __tablename__ = "child_profiles"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_child_profiles"),
        UniqueConstraint("account_id", "slot", name="uq_child_profiles_account_slot"),
        CheckConstraint("slot BETWEEN 1 AND 6", name="ck_child_profiles_slot"),
        CheckConstraint("age_band IN ('3-5', '6-8', '9-10')", name="ck_child_profiles_age_band"),
    )
    id: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE", name="fk_child_profiles_account_id"),
        nullable=False,
    )
    slot: Mapped[int] = mapped_column(Integer, nullable=False)
    name: Mapped[str] = mapped_column(String(30), nullable=False)
    age_band: Mapped[str] = mapped_column(String(5), nullable=False)
    created_at = mapped_column(UTCDateTime(), nullable=False)


class ParentalSettingsRow(Base):
    """Saved settings of one app for one child; never-saved apps use the defaults."""

    __tablename__ = "parental_settings"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_parental_settings"),
        UniqueConstraint("child_id", "app", name="uq_parental_settings_child_app"),
        CheckConstraint("app IN ('tv', 'books', 'games')", name="ck_parental_settings_app"),
        CheckConstraint(
            "time_limit_minutes IS NULL OR time_limit_minutes BETWEEN 5 AND 240",
            name="ck_parental_settings_time_limit",
        ),
    )
    id: Mapped[int] = mapped_column(Integer)
    child_id: Mapped[int] = mapped_column(
        ForeignKey("child_profiles.id", ondelete="CASCADE", name="fk_parental_settings_child_id"),
        nullable=False,
    )
    app: Mapped[str] = mapped_column(String(10), nullable=False)
    age_filter: Mapped[str] = mapped_column(String(5), nullable=False)
    time_limit_minutes: Mapped[int | None] = mapped_column(Integer)
    content_type: Mapped[str] = mapped_column(String(20), nullable=False)
    language: Mapped[str] = mapped_column(String(2), nullable=False)
    sound: Mapped[bool] = mapped_column(Boolean, nullable=False)
    fullscreen: Mapped[bool] = mapped_column(Boolean, nullable=False)
    categories: Mapped[list | None] = mapped_column(JSON)
    updated_at = mapped_column(UTCDateTime(), nullable=False)


class TvLinkRow(Base):
    """A TV waiting to be linked by PIN. Only hashes: HMAC of the PIN (peppered), SHA-256 of the poll token.
    The PIN hash is cleared when claimed, so the unique constraint holds among live PINs only."""

    __tablename__ = "tv_links"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_tv_links"),
        UniqueConstraint("pin_hash", name="uq_tv_links_pin_hash"),
        UniqueConstraint("poll_hash", name="uq_tv_links_poll_hash"),
        Index("ix_tv_links_expires_at", "expires_at"),
    )
    id: Mapped[int] = mapped_column(Integer)
    pin_hash: Mapped[str | None] = mapped_column(String(64))
    poll_hash: Mapped[str] = mapped_column(String(64), nullable=False)
    created_at = mapped_column(UTCDateTime(), nullable=False)
    expires_at = mapped_column(UTCDateTime(), nullable=False)
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE", name="fk_tv_links_account_id")
    )
    claimed_at = mapped_column(UTCDateTime())
    collected_at = mapped_column(UTCDateTime())
