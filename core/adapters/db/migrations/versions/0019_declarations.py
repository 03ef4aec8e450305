"""public declarations to end a contract, made without logging in, and the console's queue of them
(docs/consumer-law.md#cancellation-page, docs/operator-console.md#public-declarations)

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-27 04:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "declarations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("termination", sa.String(length=20), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("reference", sa.String(length=40), nullable=True),
        sa.Column("end_wanted", sa.Date(), nullable=True),
        sa.Column("language", sa.String(length=2), nullable=False),
        sa.Column("wording_version", sa.String(length=20), nullable=False),
        sa.Column("country", sa.String(length=2), nullable=False),
        sa.Column("received_at", UTCDateTime(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("receipt_hash", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("ends_on", UTCDateTime(), nullable=True),
        sa.Column("outcome", sa.JSON(), nullable=False),
        sa.Column("handled_at", UTCDateTime(), nullable=True),
        sa.Column("handled_by", sa.String(length=254), nullable=True),
        sa.Column("handled_reason", sa.Text(), nullable=True),
        sa.CheckConstraint("kind IN ('cancellation')", name="ck_declarations_kind"),
        sa.CheckConstraint(
            "termination IN ('ordinary', 'extraordinary')", name="ck_declarations_termination"
        ),
        sa.CheckConstraint(
            "status IN ('matched', 'unmatched', 'done')", name="ck_declarations_status"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_declarations"),
        sa.UniqueConstraint("receipt_hash", name="uq_declarations_receipt_hash"),
    )
    op.create_index("ix_declarations_status", "declarations", ["status", "id"])
    op.create_index("ix_declarations_account_id", "declarations", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_declarations_account_id", table_name="declarations")
    op.drop_index("ix_declarations_status", table_name="declarations")
    op.drop_table("declarations")
