"""One database transaction per use case; rollback unless committed."""
from __future__ import annotations

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import sessionmaker

from core.adapters.db.family_repositories import (SqlChildren, SqlConsents, SqlContactMessages, SqlNewsletter,
                                                  SqlPersonalData, SqlTvLinks)
from core.adapters.db.repositories import (SqlAccounts, SqlAnalytics, SqlCoupons, SqlOutbox, SqlSubscriptions,
                                           SqlTokens, SqlWebhookLog)
from core.adapters.db.retention import SqlRetention


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record):
            # pysqlite's own transaction handling breaks SAVEPOINTs (a RELEASE would commit the
            # outer work); take control of BEGIN ourselves, as SQLAlchemy's docs recommend.
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin_immediate(connection):
            # Take the write lock up front: two deferred transactions that both later write
            # would otherwise fail with "database is locked" instead of waiting their turn.
            connection.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    # No pre-ping: it costs a round trip per checkout on the hot path. A connection the server
    # dropped fails its request with DatabaseUnavailable (503, Retry-After) and is discarded.
    return create_engine(url, pool_size=10, max_overflow=20, pool_recycle=1800)


def is_database_unavailable(exc: BaseException) -> bool:
    """The database could not be reached or dropped the connection (as opposed to a bug)."""
    from sqlalchemy.exc import DBAPIError, OperationalError, TimeoutError as PoolTimeout

    return isinstance(exc, (OperationalError, PoolTimeout)) or (
        isinstance(exc, DBAPIError) and exc.connection_invalidated)


class SqlUnitOfWork:
    def __init__(self, session_factory: sessionmaker, clock) -> None:
        self.session_factory = session_factory
        self.clock = clock

    def __enter__(self) -> "SqlUnitOfWork":
        self.session = self.session_factory()
        self.accounts = SqlAccounts(self.session)
        self.tokens = SqlTokens(self.session)
        self.subscriptions = SqlSubscriptions(self.session)
        self.coupons = SqlCoupons(self.session)
        self.outbox = SqlOutbox(self.session, self.clock)
        self.webhooks = SqlWebhookLog(self.session)
        self.analytics = SqlAnalytics(self.session)
        self.children = SqlChildren(self.session)
        self.tv_links = SqlTvLinks(self.session)
        self.consents = SqlConsents(self.session)
        self.contact_messages = SqlContactMessages(self.session)
        self.newsletter = SqlNewsletter(self.session)
        self.personal_data = SqlPersonalData(self.session)
        self.retention = SqlRetention(self.session)
        return self

    def __exit__(self, *exc: object) -> None:
        self.session.rollback()
        self.session.close()

    def commit(self) -> None:
        self.session.commit()

    def rollback(self) -> None:
        self.session.rollback()


class ReadOnlyUnitOfWork(SqlUnitOfWork):
    """Reads on an autocommit connection: no BEGIN and no ROLLBACK round trips around them. Each
    statement sees the latest committed data; nothing may be written (commit raises)."""

    def commit(self) -> None:
        raise RuntimeError("a read-only unit of work cannot commit")


def uow_factory(engine: Engine, clock):
    factory = sessionmaker(bind=engine, expire_on_commit=False)
    return lambda: SqlUnitOfWork(factory, clock)


def read_uow_factory(engine: Engine, clock):
    """For the hot read paths (authenticate a token, the account view). On PostgreSQL the session's
    connections from the same pool run in autocommit. SQLite has no round trips to save, and its
    BEGIN IMMEDIATE set-up stays as it is."""
    if engine.dialect.name == "sqlite":
        factory = sessionmaker(bind=engine, expire_on_commit=False)
    else:
        factory = sessionmaker(bind=engine.execution_options(isolation_level="AUTOCOMMIT"), expire_on_commit=False)
    return lambda: ReadOnlyUnitOfWork(factory, clock)
