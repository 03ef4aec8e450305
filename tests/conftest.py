"""Shared fixtures. Each test run starts from a clean database: SQLite in a temp
folder by default; with a PostgreSQL DATABASE_URL, a database of the run's own created beside it on the
same server (dropped at the end), or, without the right to create one, that database, emptied and
migrated anew."""

from __future__ import annotations

import os
import time
import uuid
from datetime import UTC, datetime

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import text

from core.adapters.db.models.base import Base
from core.adapters.db.unit_of_work import make_engine
from core.adapters.rate_limit import MemoryRateLimiter, RedisRateLimiter
from core.bootstrap import bootstrap
from core.domain.clock import FixedClock
from core.settings import ROOT, from_environment
from tests.helpers import RecordingMailer

RUN_DATABASE_PREFIX = "_run_"
LEFTOVER_AFTER_SECONDS = 6 * 3600


def _run_database(url: str):
    """PostgreSQL: a database of this test run's own beside the one DATABASE_URL names (which stays
    untouched), so two runs on one server (CI and a developer, two terminals) never truncate each
    other's tables. Answers (its URL, a function that drops it), or None without CREATEDB rights."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    base = make_url(url)
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    now = int(time.time())
    name = f"{base.database}{RUN_DATABASE_PREFIX}{now}_{uuid.uuid4().hex[:8]}"
    try:
        with admin.connect() as c:
            # Leftovers of runs killed before they could drop theirs: only those started more than
            # LEFTOVER_AFTER ago (a run in progress may have no connection open at this very moment).
            for (old,) in c.execute(
                text("SELECT datname FROM pg_database WHERE datname LIKE :p"),
                {"p": f"{base.database}{RUN_DATABASE_PREFIX}%"},
            ).all():
                started = old[len(base.database) + len(RUN_DATABASE_PREFIX) :].split("_")[0]
                if started.isdigit() and now - int(started) > LEFTOVER_AFTER_SECONDS:
                    try:
                        c.execute(text(f'DROP DATABASE IF EXISTS "{old}"'))
                    except Exception:
                        pass
            c.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception:
        admin.dispose()
        return None

    def drop() -> None:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return base.set(database=name).render_as_string(hide_password=False), drop


@pytest.fixture(scope="session")
def database_url(tmp_path_factory):
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.db'}"
    run_database = _run_database(url) if url.startswith("postgresql") else None
    if run_database is not None:
        url, drop = run_database
        previous, os.environ["DATABASE_URL"] = (
            os.environ["DATABASE_URL"],
            url,
        )  # tests that open their own engine
        yield from _migrated(url)
        os.environ["DATABASE_URL"] = previous
        drop()
    else:
        yield from _migrated(url)


def _migrated(url: str):
    engine = make_engine(url)
    with engine.begin() as connection:
        Base.metadata.drop_all(connection)
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "core/adapters/db/migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    engine.dispose()
    yield url


@pytest.fixture
def clean_db(database_url):
    engine = make_engine(database_url)
    tables = [t.name for t in reversed(Base.metadata.sorted_tables)]
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE"))
        else:
            for table in tables:
                connection.execute(text(f"DELETE FROM {table}"))
    engine.dispose()
    return database_url


@pytest.fixture
def settings(clean_db, tmp_path):
    env = {k: v for k, v in os.environ.items()}
    env.update(
        {
            "DATABASE_URL": clean_db,
            "OUTBOX_DIR": str(tmp_path / "outbox"),
            "LUMO_ENV": "test",
            "PUBLIC_URL": "http://lumo.test",
        }
    )
    return from_environment(env)


@pytest.fixture
def clock():
    return FixedClock(datetime.now(UTC).replace(microsecond=0))


@pytest.fixture
def mailbox():
    return RecordingMailer()


@pytest.fixture
def container(settings, clock, mailbox):
    c = bootstrap(
        settings,
        clock=clock,
        mailer=mailbox,
        deliver_inline=True,  # in-process right after each commit, as the embedded mode does
        rate_limiter=_rate_limiter(settings),
    )
    yield c
    c.close()


def _rate_limiter(settings):
    """Redis when REDIS_URL is set (the CI run on real services), memory otherwise;
    a fresh key prefix per test keeps tests from sharing counters."""
    if not settings.redis_url:
        return MemoryRateLimiter()
    import redis

    return RedisRateLimiter(
        redis.Redis.from_url(settings.redis_url), prefix=f"lumo:test:{uuid.uuid4().hex}"
    )


@pytest.fixture
def app(container):
    from bff import create_app

    return create_app(container=container)


@pytest.fixture
def client(app):
    return app.test_client()
