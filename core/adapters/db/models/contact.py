"""What visitors send from the public site: contact messages and newsletter sign-ups."""

from __future__ import annotations

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from core.adapters.db.models.base import Base
from core.adapters.db.types import UTCDateTime


class ContactMessageRow(Base):
    __tablename__ = "contact_messages"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_contact_messages"),
        CheckConstraint(
            "subject IN ('subscription', 'hello', 'subscription_trouble', 'need_help', 'work_with_us', "
            "'suggestions')",
            name="ck_contact_messages_subject",
        ),
        Index("ix_contact_messages_account_id", "account_id"),
        Index("ix_contact_messages_email", "email"),
    )
    id: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE", name="fk_contact_messages_account_id")
    )
    name: Mapped[str] = mapped_column(String(100), nullable=False)
    email: Mapped[str] = mapped_column(String(254), nullable=False)
    phone: Mapped[str | None] = mapped_column(String(30))
    subject: Mapped[str] = mapped_column(String(30), nullable=False)
    message: Mapped[str] = mapped_column(Text, nullable=False)
    language: Mapped[str] = mapped_column(String(2), nullable=False)
    created_at = mapped_column(UTCDateTime(), nullable=False)


class NewsletterSubscriptionRow(Base):
    __tablename__ = "newsletter_subscriptions"
    __table_args__ = (
        PrimaryKeyConstraint("id", name="pk_newsletter_subscriptions"),
        UniqueConstraint("email", name="uq_newsletter_subscriptions_email"),
    )
    id: Mapped[int] = mapped_column(Integer)
    email: Mapped[str] = mapped_column(String(254), nullable=False)
    language: Mapped[str] = mapped_column(String(2), nullable=False)
    consented_at = mapped_column(UTCDateTime(), nullable=False)
    consent_version: Mapped[str] = mapped_column(String(20), nullable=False)
