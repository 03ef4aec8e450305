"""VAT split and location evidence on each charge; receipts and credit notes numbered per series without
gaps (docs/billing.md#vat, docs/billing.md#receipts-and-credit-notes)

Revision ID: 0026
Revises: 0025
Create Date: 2026-11-27 07:50:00.000000
"""

import sqlalchemy as sa
from alembic import op

from core.adapters.db.types import UTCDateTime

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("payments") as batch_op:
        batch_op.add_column(sa.Column("vat_rate", sa.Numeric(5, 2, asdecimal=True), nullable=True))
        batch_op.add_column(
            sa.Column("net_amount", sa.Numeric(10, 2, asdecimal=True), nullable=True)
        )
        batch_op.add_column(
            sa.Column("vat_amount", sa.Numeric(10, 2, asdecimal=True), nullable=True)
        )
        batch_op.add_column(sa.Column("billing_country", sa.String(length=2), nullable=True))
        batch_op.add_column(sa.Column("card_country", sa.String(length=3), nullable=True))
        batch_op.add_column(
            sa.Column("evidence_conflict", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.create_check_constraint(
            "ck_payments_vat_split",
            "vat_rate IS NULL OR (net_amount + vat_amount = amount AND vat_amount >= 0)",
        )
    op.create_table(
        "billing_series",
        sa.Column("series", sa.String(length=16), nullable=False),
        sa.Column("last_number", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("series", name="pk_billing_series"),
        sa.CheckConstraint("last_number >= 0", name="ck_billing_series_last_number"),
    )
    op.create_table(
        "billing_documents",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("series", sa.String(length=16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("issued_at", UTCDateTime(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("payment_id", sa.Integer(), nullable=False),
        sa.Column("payment_event_id", sa.Integer(), nullable=True),
        sa.Column("corrects_id", sa.Integer(), nullable=True),
        sa.Column("transaction_id", sa.String(length=64), nullable=False),
        sa.Column("seller_name", sa.Text(), nullable=False),
        sa.Column("seller_address", sa.Text(), nullable=False),
        sa.Column("seller_vat_number", sa.String(length=64), nullable=False),
        sa.Column("customer_name", sa.Text(), nullable=False),
        sa.Column("customer_email", sa.String(length=254), nullable=False),
        sa.Column("customer_country", sa.String(length=2), nullable=False),
        sa.Column("product", sa.String(length=64), nullable=False),
        sa.Column("duration_code", sa.String(length=8), nullable=False),
        sa.Column("service_start", sa.Date(), nullable=True),
        sa.Column("service_end", sa.Date(), nullable=True),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("net", sa.Numeric(10, 2, asdecimal=True), nullable=False),
        sa.Column("vat_rate", sa.Numeric(5, 2, asdecimal=True), nullable=False),
        sa.Column("vat_amount", sa.Numeric(10, 2, asdecimal=True), nullable=False),
        sa.Column("gross", sa.Numeric(10, 2, asdecimal=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_billing_documents"),
        sa.UniqueConstraint("series", "number", name="uq_billing_documents_series_number"),
        sa.UniqueConstraint("payment_event_id", name="uq_billing_documents_payment_event"),
        sa.CheckConstraint("kind IN ('receipt', 'credit_note')", name="ck_billing_documents_kind"),
        sa.CheckConstraint("number > 0", name="ck_billing_documents_number"),
        sa.CheckConstraint(
            "net + vat_amount = gross AND gross >= 0 AND vat_amount >= 0",
            name="ck_billing_documents_split",
        ),
        sa.CheckConstraint(
            "(kind = 'receipt') = (payment_event_id IS NULL)",
            name="ck_billing_documents_credit_note_event",
        ),
        sa.ForeignKeyConstraint(
            ["series"], ["billing_series.series"], name="fk_billing_documents_series"
        ),
        sa.ForeignKeyConstraint(
            ["payment_id"], ["payments.id"], name="fk_billing_documents_payment_id"
        ),
        sa.ForeignKeyConstraint(
            ["payment_event_id"],
            ["payment_events.id"],
            name="fk_billing_documents_payment_event_id",
        ),
        sa.ForeignKeyConstraint(
            ["corrects_id"], ["billing_documents.id"], name="fk_billing_documents_corrects_id"
        ),
    )
    op.create_index(
        "uq_billing_documents_one_receipt",
        "billing_documents",
        ["payment_id"],
        unique=True,
        sqlite_where=sa.text("kind = 'receipt'"),
        postgresql_where=sa.text("kind = 'receipt'"),
    )
    op.create_index("ix_billing_documents_account_id", "billing_documents", ["account_id"])
    op.create_index("ix_billing_documents_issued_at", "billing_documents", ["issued_at"])


def downgrade() -> None:
    op.drop_index("ix_billing_documents_issued_at", table_name="billing_documents")
    op.drop_index("ix_billing_documents_account_id", table_name="billing_documents")
    op.drop_index("uq_billing_documents_one_receipt", table_name="billing_documents")
    op.drop_table("billing_documents")
    op.drop_table("billing_series")
    with op.batch_alter_table("payments") as batch_op:
        batch_op.drop_constraint("ck_payments_vat_split", type_="check")
        batch_op.drop_column("evidence_conflict")
        batch_op.drop_column("card_country")
        batch_op.drop_column("billing_country")
        batch_op.drop_column("vat_amount")
        batch_op.drop_column("net_amount")
        batch_op.drop_column("vat_rate")
