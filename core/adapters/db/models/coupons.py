"""Coupons and their redemptions."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    ForeignKey,
    Integer,
    Numeric,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from core.adapters.db.models.base import Base
from core.adapters.db.types import UTCDateTime


class CouponRedemptionRow(Base):
    """One row per (coupon, account): the database refuses a second redemption."""

    __tablename__ = "coupon_redemptions"
    __table_args__ = (UniqueConstraint("coupon_id", "account_id", name="uq_coupon_redemption"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    coupon_id: Mapped[int] = mapped_column(
        ForeignKey("coupons.id", ondelete="CASCADE"), nullable=False
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False
    )
    redeemed_at = mapped_column(UTCDateTime(), nullable=False)


class CouponRow(Base):
    __tablename__ = "coupons"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(40), unique=True, nullable=False)
    coupon_type: Mapped[str] = mapped_column(String(30), nullable=False)
    duration_code: Mapped[str] = mapped_column(String(10), nullable=False)
    product: Mapped[str] = mapped_column(String(20), nullable=False, default="lumo")
    discount_price = mapped_column(Numeric(10, 2, asdecimal=True))
    is_bundle_discount: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    plan_type: Mapped[str | None] = mapped_column(String(10))
    partner: Mapped[str | None] = mapped_column(String(50))
    expires_at = mapped_column(UTCDateTime())
    redeemed_at = mapped_column(UTCDateTime())
    redeemed_by: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"))
