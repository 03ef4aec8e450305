"""Analytics events as received and the funnel rolled up from them per day."""

from __future__ import annotations

from sqlalchemy import (
    CheckConstraint,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from core.adapters.db.models.base import Base
from core.adapters.db.types import UTCDateTime


class AnalyticsEventRow(Base):
    """docs/product.md#entities analytics records as received. No e-mail, no name, no click id."""

    __tablename__ = "analytics_events"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_analytics_events"),
        UniqueConstraint(
            "transaction_uuid", "event", "occurred_at", name="uq_analytics_events_once"
        ),
        CheckConstraint("origin IN ('Organic', 'Ads')", name="ck_analytics_events_origin"),
        Index("ix_analytics_events_received_at", "received_at"),
        Index("ix_analytics_events_occurred_at", "occurred_at", "event"),
    )
    id: Mapped[int] = mapped_column(Integer)
    env: Mapped[str] = mapped_column(String(20), nullable=False)
    app: Mapped[str] = mapped_column(String(40), nullable=False)
    country_code: Mapped[str] = mapped_column(String(2), nullable=False)
    occurred_at = mapped_column(UTCDateTime(), nullable=False)
    received_at = mapped_column(UTCDateTime(), nullable=False)
    origin: Mapped[str] = mapped_column(String(10), nullable=False)
    platform: Mapped[str] = mapped_column(String(40), nullable=False)
    device_type: Mapped[str] = mapped_column(String(40), nullable=False)
    transaction_uuid: Mapped[str] = mapped_column(String(36), nullable=False)
    event: Mapped[str] = mapped_column(String(30), nullable=False)
    utm_source: Mapped[str | None] = mapped_column(String(200))
    utm_medium: Mapped[str | None] = mapped_column(String(200))
    utm_campaign: Mapped[str | None] = mapped_column(String(200))
    utm_content: Mapped[str | None] = mapped_column(String(200))
    utm_term: Mapped[str | None] = mapped_column(String(200))


class FunnelDailyRow(Base):
    """The analytics funnel rolled up per finished UTC day (docs/operator-console.md, "Revenue"): one row per
    day, origin, utm campaign and step; written by the beat job, read by the revenue screen."""

    __tablename__ = "funnel_daily"
    __table_args__ = (
        PrimaryKeyConstraint("day", "origin", "campaign", "step", name="pk_funnel_daily"),
    )
    day: Mapped[str] = mapped_column(String(10))  # YYYY-MM-DD (UTC)
    origin: Mapped[str] = mapped_column(String(10))
    campaign: Mapped[str] = mapped_column(String(200))
    step: Mapped[str] = mapped_column(String(30))  # an analytics event, or "registered"
    count: Mapped[int] = mapped_column(Integer, nullable=False)


class FunnelRolledDayRow(Base):
    """The days `funnel_daily` holds (a day without rows there may simply have had no visitors)."""

    __tablename__ = "funnel_rolled_days"
    __table_args__ = (PrimaryKeyConstraint("day", name="pk_funnel_rolled_days"),)
    day: Mapped[str] = mapped_column(String(10))
    rolled_at = mapped_column(UTCDateTime(), nullable=False)
