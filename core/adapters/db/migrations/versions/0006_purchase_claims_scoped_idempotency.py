"""money: one renewing web subscription per app and one trial per account (claim tables), idempotency
keys scoped per account with the request's fingerprint

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 16:00:00.000000
"""

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

APPS = ("tv", "books", "games")
RENEWING_EXCLUDED = ("Failed", "Cancelled", "Expired")


def upgrade() -> None:
    with op.batch_alter_table("subscriptions", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("request_fingerprint", sa.String(length=64), nullable=True))
    op.create_table(
        "subscription_claims",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("app", sa.String(length=10), nullable=False),
        sa.Column("subscription_id", sa.Integer(), nullable=False),
        sa.CheckConstraint("app IN ('tv', 'books', 'games')", name="ck_subscription_claims_app"),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_subscription_claims_account_id",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["subscriptions.id"],
            name="fk_subscription_claims_subscription_id",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", "app", name="pk_subscription_claims"),
    )
    op.create_index(
        "ix_subscription_claims_subscription_id", "subscription_claims", ["subscription_id"]
    )
    op.create_table(
        "trial_claims",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name="fk_trial_claims_account_id", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["subscriptions.id"],
            name="fk_trial_claims_subscription_id",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", name="pk_trial_claims"),
    )
    _backfill()


def _backfill() -> None:
    """Existing data: the newest renewing web subscription of an app holds its claim; the first web
    purchase of an account holds its trial; stored keys become account-scoped hashes."""
    bind = op.get_bind()
    rows = bind.execute(
        sa.text(
            "SELECT id, account_id, subscription_type, pending_subscription_type, payment_state_id, is_renewing, "
            "store_id, payment_method, idempotency_key FROM subscriptions ORDER BY id DESC"
        )
    ).fetchall()
    claimed, trials = set(), {}
    for r in rows:
        if r.idempotency_key:
            scoped = hashlib.sha256(f"{r.account_id}\x00{r.idempotency_key}".encode()).hexdigest()
            bind.execute(
                sa.text("UPDATE subscriptions SET idempotency_key = :k WHERE id = :id"),
                {"k": scoped, "id": r.id},
            )
        if r.store_id != "lumo":
            continue
        if r.payment_state_id not in ("Failed", "Free_Campaign") and r.payment_method != "coupon":
            trials[r.account_id] = (
                r.id
            )  # rows come newest first: the last one kept is the first purchase
        if not r.is_renewing or r.payment_state_id in RENEWING_EXCLUDED:
            continue
        for kind in (r.subscription_type, r.pending_subscription_type):
            for app in (kind or "").split("_")[1:]:
                if app in APPS and (r.account_id, app) not in claimed:
                    claimed.add((r.account_id, app))
                    bind.execute(
                        sa.text(
                            "INSERT INTO subscription_claims (account_id, app, subscription_id) "
                            "VALUES (:a, :app, :s)"
                        ),
                        {"a": r.account_id, "app": app, "s": r.id},
                    )
    for account_id, sub_id in trials.items():
        bind.execute(
            sa.text("INSERT INTO trial_claims (account_id, subscription_id) VALUES (:a, :s)"),
            {"a": account_id, "s": sub_id},
        )


def downgrade() -> None:
    op.drop_table("trial_claims")
    op.drop_index("ix_subscription_claims_subscription_id", table_name="subscription_claims")
    op.drop_table("subscription_claims")
    with op.batch_alter_table("subscriptions", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("request_fingerprint")
