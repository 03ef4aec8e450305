"""What keeps the site running: the outbox of messages to deliver, rate-limit counters while Redis
is unreachable, and the runtime switches operators set."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column

from core.adapters.db.models.base import Base
from core.adapters.db.types import UTCDateTime


class OutboxRow(Base):
    __tablename__ = "outbox"
    __table_args__ = (
        Index("ix_outbox_pending", "kind", "delivered_at"),
        Index("ix_outbox_account_id", "account_id"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), nullable=False)
    topic: Mapped[str] = mapped_column(String(40), nullable=False)
    payload: Mapped[dict] = mapped_column(JSON, nullable=False, default=dict)
    created_at = mapped_column(UTCDateTime(), nullable=False)
    delivered_at = mapped_column(UTCDateTime())
    locked_until = mapped_column(UTCDateTime())
    attempts: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    last_error: Mapped[str | None] = mapped_column(Text)
    next_attempt_at = mapped_column(UTCDateTime())
    dead_at = mapped_column(UTCDateTime())
    account_id: Mapped[int | None] = mapped_column(
        Integer
    )  # no foreign key: erased with the account's data
    discarded_at = mapped_column(
        UTCDateTime()
    )  # a dead letter an operator gave up on (audit_log says why)


class RateLimitCounterRow(Base):
    """Hits per key and fixed window while Redis is unreachable (core/adapters/rate_limit.py)."""

    __tablename__ = "rate_limit_counters"
    __table_args__ = (
        PrimaryKeyConstraint("key", "window_no", name="pk_rate_limit_counters"),
        Index("ix_rate_limit_counters_expires", "expires"),
    )
    key: Mapped[str] = mapped_column(String(200))
    window_no: Mapped[int] = mapped_column(BigInteger)
    hits: Mapped[int] = mapped_column(Integer, nullable=False)
    expires: Mapped[int] = mapped_column(BigInteger, nullable=False)  # epoch seconds


class SiteSwitchRow(Base):
    """A runtime switch set by an operator (core/services/site_switches.py); absent: the environment's default."""

    __tablename__ = "site_switches"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[dict] = mapped_column(JSON, nullable=False)
    changed_at = mapped_column(UTCDateTime(), nullable=False)
    changed_by: Mapped[str] = mapped_column(String(100), nullable=False)
    reason: Mapped[str] = mapped_column(Text, nullable=False)


class SiteSwitchChangeRow(Base):
    """Every change of a switch: who, when, why (value null: back to the default)."""

    __tablename__ = "site_switch_changes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), nullable=False)
    value: Mapped[dict | None] = mapped_column(JSON)
    changed_at = mapped_column(UTCDateTime(), nullable=False)
    changed_by: Mapped[str] = mapped_column(String(100), nullable=False)
    reason: Mapped[str] = mapped_column(Text, nullable=False)
