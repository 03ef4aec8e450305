"""family and trust: child profiles, parental settings, TV links, consents, contact, newsletter, erasure

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24 10:00:00.000000
"""

import sqlalchemy as sa
from alembic import op

import core.adapters.db.types

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

# The terms and promotional wording in force when versioning began: accounts that exist already
# accepted them (a later TERMS_VERSION then asks them again). A literal, not the setting: a
# migration must give the same result whenever it runs.
VERSION_IN_FORCE = "2026-11"


def upgrade() -> None:
    op.create_table(
        "newsletter_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("language", sa.String(length=2), nullable=False),
        sa.Column(
            "consented_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False
        ),
        sa.Column("consent_version", sa.String(length=20), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_newsletter_subscriptions"),
        sa.UniqueConstraint("email", name="uq_newsletter_subscriptions_email"),
    )
    op.create_table(
        "child_profiles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=30), nullable=False),
        sa.Column("age_band", sa.String(length=5), nullable=False),
        sa.Column("created_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("age_band IN ('3-5', '6-8', '9-10')", name="ck_child_profiles_age_band"),
        sa.CheckConstraint("slot BETWEEN 1 AND 6", name="ck_child_profiles_slot"),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name="fk_child_profiles_account_id", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_child_profiles"),
        sa.UniqueConstraint("account_id", "slot", name="uq_child_profiles_account_slot"),
    )
    op.create_table(
        "consent_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("version", sa.String(length=20), nullable=False),
        sa.Column("granted", sa.Boolean(), nullable=False),
        sa.Column("at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "kind IN ('terms', 'promotional', 'newsletter')", name="ck_consent_records_kind"
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_consent_records_account_id",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_consent_records"),
    )
    with op.batch_alter_table("consent_records", schema=None) as batch_op:
        batch_op.create_index("ix_consent_records_account_id", ["account_id"], unique=False)

    op.create_table(
        "contact_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("phone", sa.String(length=30), nullable=True),
        sa.Column("subject", sa.String(length=30), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("language", sa.String(length=2), nullable=False),
        sa.Column("created_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "subject IN ('subscription', 'hello', 'subscription_trouble', 'need_help', 'work_with_us', "
            "'suggestions')",
            name="ck_contact_messages_subject",
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_contact_messages_account_id",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_contact_messages"),
    )
    with op.batch_alter_table("contact_messages", schema=None) as batch_op:
        batch_op.create_index("ix_contact_messages_account_id", ["account_id"], unique=False)
        batch_op.create_index("ix_contact_messages_email", ["email"], unique=False)

    op.create_table(
        "tv_links",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("pin_hash", sa.String(length=64), nullable=True),
        sa.Column("poll_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("claimed_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=True),
        sa.Column("collected_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name="fk_tv_links_account_id", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_tv_links"),
        sa.UniqueConstraint("pin_hash", name="uq_tv_links_pin_hash"),
        sa.UniqueConstraint("poll_hash", name="uq_tv_links_poll_hash"),
    )
    with op.batch_alter_table("tv_links", schema=None) as batch_op:
        batch_op.create_index("ix_tv_links_expires_at", ["expires_at"], unique=False)

    op.create_table(
        "parental_settings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("child_id", sa.Integer(), nullable=False),
        sa.Column("app", sa.String(length=10), nullable=False),
        sa.Column("age_filter", sa.String(length=5), nullable=False),
        sa.Column("time_limit_minutes", sa.Integer(), nullable=True),
        sa.Column("content_type", sa.String(length=20), nullable=False),
        sa.Column("language", sa.String(length=2), nullable=False),
        sa.Column("sound", sa.Boolean(), nullable=False),
        sa.Column("fullscreen", sa.Boolean(), nullable=False),
        sa.Column("categories", sa.JSON(), nullable=True),
        sa.Column("updated_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("app IN ('tv', 'books', 'games')", name="ck_parental_settings_app"),
        sa.CheckConstraint(
            "time_limit_minutes IS NULL OR time_limit_minutes BETWEEN 5 AND 240",
            name="ck_parental_settings_time_limit",
        ),
        sa.ForeignKeyConstraint(
            ["child_id"],
            ["child_profiles.id"],
            name="fk_parental_settings_child_id",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_parental_settings"),
        sa.UniqueConstraint("child_id", "app", name="uq_parental_settings_child_app"),
    )
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("terms_version", sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column("promo_consent_version", sa.String(length=20), nullable=True))
        batch_op.add_column(
            sa.Column(
                "deleted_at", core.adapters.db.types.UTCDateTime(timezone=True), nullable=True
            )
        )

    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("account_id", sa.Integer(), nullable=True))
        batch_op.create_index("ix_outbox_account_id", ["account_id"], unique=False)

    _backfill()


def _backfill() -> None:
    accounts = sa.table(
        "accounts",
        sa.column("id", sa.Integer),
        sa.column("terms_version", sa.String),
        sa.column("terms_accepted_at", core.adapters.db.types.UTCDateTime()),
        sa.column("promo_accepted_at", core.adapters.db.types.UTCDateTime()),
        sa.column("promo_consent_version", sa.String),
    )
    consents = sa.table(
        "consent_records",
        sa.column("account_id", sa.Integer),
        sa.column("kind", sa.String),
        sa.column("version", sa.String),
        sa.column("granted", sa.Boolean),
        sa.column("at", core.adapters.db.types.UTCDateTime()),
    )
    outbox = sa.table(
        "outbox",
        sa.column("kind", sa.String),
        sa.column("account_id", sa.Integer),
        sa.column("payload", sa.JSON),
    )
    subscriptions = sa.table(
        "subscriptions", sa.column("id", sa.Integer), sa.column("account_id", sa.Integer)
    )
    op.execute(accounts.update().values(terms_version=VERSION_IN_FORCE))
    op.execute(
        accounts.update()
        .where(accounts.c.promo_accepted_at.is_not(None))
        .values(promo_consent_version=VERSION_IN_FORCE)
    )
    for kind, at in (
        ("terms", accounts.c.terms_accepted_at),
        ("promotional", accounts.c.promo_accepted_at),
    ):
        op.execute(
            consents.insert().from_select(
                ["account_id", "kind", "version", "granted", "at"],
                sa.select(
                    accounts.c.id, sa.literal(kind), sa.literal(VERSION_IN_FORCE), sa.true(), at
                ).where(at.is_not(None)),
            )
        )
    # Whose each outbox row is, so that erasing an account also erases its past e-mails and callbacks.
    op.execute(
        outbox.update()
        .where(outbox.c.payload["account_id"].as_integer().is_not(None))
        .values(account_id=outbox.c.payload["account_id"].as_integer())
    )
    owner = (
        sa.select(subscriptions.c.account_id)
        .where(subscriptions.c.id == outbox.c.payload["subscriptionId"].as_integer())
        .correlate(outbox)
        .scalar_subquery()
    )
    op.execute(
        outbox.update()
        .where(outbox.c.kind == "partner", outbox.c.account_id.is_(None))
        .values(account_id=owner)
    )


def downgrade() -> None:
    # recreate='never': SQLite (3.35+) drops the columns in place. Re-creating `accounts` would drop the
    # table, and its ON DELETE CASCADE foreign keys would take the subscriptions and tokens with it.
    with op.batch_alter_table("outbox", schema=None, recreate="never") as batch_op:
        batch_op.drop_index("ix_outbox_account_id")
        batch_op.drop_column("account_id")

    with op.batch_alter_table("accounts", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("deleted_at")
        batch_op.drop_column("promo_consent_version")
        batch_op.drop_column("terms_version")

    op.drop_table("parental_settings")
    with op.batch_alter_table("tv_links", schema=None) as batch_op:
        batch_op.drop_index("ix_tv_links_expires_at")

    op.drop_table("tv_links")
    with op.batch_alter_table("contact_messages", schema=None) as batch_op:
        batch_op.drop_index("ix_contact_messages_email")
        batch_op.drop_index("ix_contact_messages_account_id")

    op.drop_table("contact_messages")
    with op.batch_alter_table("consent_records", schema=None) as batch_op:
        batch_op.drop_index("ix_consent_records_account_id")

    op.drop_table("consent_records")
    op.drop_table("child_profiles")
    op.drop_table("newsletter_subscriptions")
