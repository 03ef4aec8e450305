"""The Alembic migrations: up, down to nothing, up again; and the tables they make match the models."""
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from core.adapters.db.models import Base
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
        for step in (lambda c: command.upgrade(c, "head"), lambda c: command.downgrade(c, "base"),
                     lambda c: command.upgrade(c, "head")):
            with engine.begin() as connection:
                step(_config(connection))
        tables = set(inspect(engine).get_table_names())
        assert {"analytics_events", "outbox", "subscriptions"} <= tables
        columns = {c["name"] for c in inspect(engine).get_columns("outbox")}
        assert {"next_attempt_at", "dead_at"} <= columns
        assert {u["name"] for u in inspect(engine).get_unique_constraints("analytics_events")} == {
            "uq_analytics_events_once"}
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
