"""The Alembic migrations: up, down to nothing, up again; and the tables they make match the models."""

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from core.adapters.db.models.base import Base
from core.adapters.db.unit_of_work import make_engine
from core.settings import ROOT


def _config(connection) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "core/adapters/db/migrations"))
    config.attributes["connection"] = connection
    return config


def test_upgrade_downgrade_upgrade_on_sqlite(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'migrations.db'}")
    try:
        for step in (
            lambda c: command.upgrade(c, "head"),
            lambda c: command.downgrade(c, "base"),
            lambda c: command.upgrade(c, "head"),
        ):
            with engine.begin() as connection:
                step(_config(connection))
        tables = set(inspect(engine).get_table_names())
        assert {"analytics_events", "outbox", "subscriptions"} <= tables
        columns = {c["name"] for c in inspect(engine).get_columns("outbox")}
        assert {"next_attempt_at", "dead_at"} <= columns
        assert {u["name"] for u in inspect(engine).get_unique_constraints("analytics_events")} == {
            "uq_analytics_events_once"
        }
    finally:
        engine.dispose()


def test_the_migrated_database_matches_the_models(database_url):
    """On the suite's database: SQLite by default, PostgreSQL in CI's second pass."""
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
    finally:
        engine.dispose()


def test_0004_tables_and_named_constraints(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'family.db'}")
    try:
        with engine.begin() as connection:
            command.upgrade(_config(connection), "head")
        inspector = inspect(engine)
        assert {
            "child_profiles",
            "parental_settings",
            "tv_links",
            "consent_records",
            "contact_messages",
            "newsletter_subscriptions",
        } <= set(inspector.get_table_names())
        assert {u["name"] for u in inspector.get_unique_constraints("child_profiles")} == {
            "uq_child_profiles_account_slot"
        }
        assert {u["name"] for u in inspector.get_unique_constraints("tv_links")} == {
            "uq_tv_links_pin_hash",
            "uq_tv_links_poll_hash",
        }
        assert {c["name"] for c in inspector.get_check_constraints("parental_settings")} == {
            "ck_parental_settings_app",
            "ck_parental_settings_time_limit",
        }
        assert {"terms_version", "promo_consent_version", "deleted_at"} <= {
            c["name"] for c in inspector.get_columns("accounts")
        }
    finally:
        engine.dispose()


def test_0004_backfills_versions_and_owners_and_its_downgrade_keeps_the_data(tmp_path):
    """Existing accounts accepted the terms in force; outbox rows learn their account; going back down
    to 0003 on SQLite must not re-create `accounts` (its cascading foreign keys would empty other tables)."""
    engine = make_engine(f"sqlite:///{tmp_path / 'backfill.db'}")
    try:
        with engine.begin() as connection:
            command.upgrade(_config(connection), "0003")
        with engine.begin() as c:
            c.exec_driver_sql(
                "INSERT INTO accounts (id, email, password_hash, name, language, country_code, is_email_confirmed, "
                "is_email_fake, env, utm, created_at, terms_accepted_at, promo_accepted_at) VALUES (1, 'a@x.io', "
                "'h', 'A', 'en', 'FR', 0, 0, 'web', '{}', '2026-01-01 00:00:00', '2026-01-01 00:00:00', "
                "'2026-01-02 00:00:00')"
            )
            c.exec_driver_sql(
                "INSERT INTO subscriptions (id, account_id, subscription_type, duration_code, store_id, "
                "payment_state_id, is_renewing, created_at) VALUES (7, 1, 'lumo_tv', 'P1M', 'swisscom', 'Active', 1, "
                "'2026-01-01 00:00:00')"
            )
            c.exec_driver_sql(
                "INSERT INTO outbox (kind, topic, payload, created_at, attempts) VALUES "
                "('email', 'welcome', '{\"account_id\": 1}', '2026-01-01 00:00:00', 0), "
                "('partner', 'subscribed', '{\"subscriptionId\": 7}', '2026-01-01 00:00:00', 0), "
                "('analytics', 'OPEN_APP', '{\"event_id\": 3}', '2026-01-01 00:00:00', 0)"
            )
        for step in (
            lambda c: command.upgrade(c, "head"),
            lambda c: command.downgrade(c, "0003"),
            lambda c: command.upgrade(c, "head"),
        ):
            with engine.begin() as connection:
                step(_config(connection))
        with engine.connect() as c:
            assert c.exec_driver_sql(
                "SELECT terms_version, promo_consent_version FROM accounts"
            ).one() == ("2026-11", "2026-11")
            assert c.exec_driver_sql(
                "SELECT kind, version FROM consent_records ORDER BY kind"
            ).all() == [("promotional", "2026-11"), ("terms", "2026-11")]
            assert c.exec_driver_sql("SELECT kind, account_id FROM outbox ORDER BY id").all() == [
                ("email", 1),
                ("partner", 1),
                ("analytics", None),
            ]
            assert c.exec_driver_sql("SELECT count(*) FROM subscriptions").scalar() == 1
    finally:
        engine.dispose()


def test_0014_seals_the_staff_totp_secrets_and_its_downgrade_opens_them(tmp_path):
    """A secret stored bare before 0014 is sealed with STAFF_TOTP_KEY (here the development key) and
    still checks a code; the downgrade gives the bare secret back."""
    import pyotp
    from sqlalchemy import text

    from core.adapters.totp import PyotpTotp, is_sealed

    engine = make_engine(f"sqlite:///{tmp_path / 'totp.db'}")
    bare = pyotp.random_base32()
    try:
        with engine.begin() as connection:
            command.upgrade(_config(connection), "0013")
            connection.execute(
                text(
                    "INSERT INTO staff_accounts (email, password_hash, totp_secret, role, created_at) "
                    "VALUES ('old@staff.lumo.example', 'x', :s, 'admin', '2026-11-01 00:00:00')"
                ),
                {"s": bare},
            )
        with engine.begin() as connection:
            command.upgrade(_config(connection), "0014")
        with engine.connect() as connection:
            sealed = connection.scalar(text("SELECT totp_secret FROM staff_accounts"))
        assert sealed != bare and is_sealed(sealed) and bare not in sealed
        totp = PyotpTotp()
        assert totp.reveal(sealed) == bare
        from datetime import UTC, datetime

        now = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
        assert totp.matching_step(sealed, pyotp.TOTP(bare).at(now), now) is not None
        with engine.begin() as connection:
            command.upgrade(_config(connection), "head")
            command.downgrade(_config(connection), "0013")
        with engine.connect() as connection:
            assert connection.scalar(text("SELECT totp_secret FROM staff_accounts")) == bare
    finally:
        engine.dispose()
