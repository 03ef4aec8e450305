"""One database transaction per use case; rollback unless committed."""

from __future__ import annotations

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

from core.adapters.db.family_repositories import (
    SqlChildren,
    SqlConsents,
    SqlContactMessages,
    SqlNewsletter,
    SqlPersonalData,
    SqlTvLinks,
)
from core.adapters.db.repositories import (
    ReadCoupons,
    ReadSubscriptions,
    ReadTokens,
    SqlAccounts,
    SqlAnalytics,
    SqlCoupons,
    SqlOutbox,
    SqlPaymentHistory,
    SqlSubscriptions,
    SqlTokens,
    SqlWebhookLog,
)
from core.adapters.db.ops_repositories import (
    SqlAudit,
    SqlCampaigns,
    SqlOpsReads,
    SqlRevenue,
    SqlStaff,
)
from core.adapters.db.retention import SqlRetention


def make_engine(url: str, read_only: bool = False, pre_ping: bool = True) -> Engine:
    """The engine of a database URL. `read_only` (PostgreSQL): connections in autocommit, for the
    read-only units of work: no BEGIN/ROLLBACK round trips and no reset when a connection goes back
    to its pool. SQLite has no round trips to save: the caller uses the ordinary engine.

    Every engine hides statement parameters from its error messages (`hide_parameters`): an unexpected
    database error must not carry a password hash, an e-mail or a name into a log line."""
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, hide_parameters=True
        )

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
    # Pre-ping: a pooled connection the server dropped (a restart, a failover, pg_terminate_backend) is
    # noticed at checkout and replaced, instead of failing a request with 503 long after the blip. It
    # costs one round trip per checkout (measured in bench/pre_ping.py; figures in the README).
    common = {"pool_recycle": 1800, "pool_pre_ping": pre_ping, "hide_parameters": True}
    if read_only:
        return create_engine(
            url,
            pool_size=5,
            max_overflow=10,
            isolation_level="AUTOCOMMIT",
            pool_reset_on_return=None,
            **common,
        )
    return create_engine(url, pool_size=10, max_overflow=20, **common)


def is_database_unavailable(exc: BaseException) -> bool:
    """The database could not be reached or dropped the connection (as opposed to a bug)."""
    from sqlalchemy.exc import DBAPIError, OperationalError, TimeoutError as PoolTimeout

    return isinstance(exc, (OperationalError, PoolTimeout)) or (
        isinstance(exc, DBAPIError) and exc.connection_invalidated
    )


def _repositories(session: Session, clock) -> dict:
    """Every repository of a unit of work, on its session."""
    return {
        "accounts": SqlAccounts(session),
        "tokens": SqlTokens(session),
        "subscriptions": SqlSubscriptions(session),
        "coupons": SqlCoupons(session),
        "outbox": SqlOutbox(session, clock),
        "webhooks": SqlWebhookLog(session),
        "analytics": SqlAnalytics(session),
        "children": SqlChildren(session),
        "tv_links": SqlTvLinks(session),
        "consents": SqlConsents(session),
        "contact_messages": SqlContactMessages(session),
        "newsletter": SqlNewsletter(session),
        "personal_data": SqlPersonalData(session),
        "retention": SqlRetention(session),
        "payments": SqlPaymentHistory(session),
        "staff": SqlStaff(session),
        "audit": SqlAudit(session),
        "ops": SqlOpsReads(session),
        "revenue": SqlRevenue(session),
        "campaigns": SqlCampaigns(session),
    }


class SqlUnitOfWork:
    def __init__(self, session_factory: sessionmaker, clock) -> None:
        self.session_factory = session_factory
        self.clock = clock

    def __enter__(self) -> "SqlUnitOfWork":
        self._open(self.session_factory())
        return self

    def _open(self, session: Session) -> None:
        self.session = session
        self.__dict__.update(_repositories(session, self.clock))

    def __exit__(self, *exc: object) -> None:
        self.session.rollback()
        self.session.close()

    def commit(self) -> None:
        self.session.commit()

    def rollback(self) -> None:
        self.session.rollback()


class ReadOnlyUnitOfWork(SqlUnitOfWork):
    """Reads on one connection of the read engine (PostgreSQL: autocommit, so no BEGIN and no ROLLBACK
    round trips; each statement sees the latest committed data). Nothing may be written (commit
    raises). The hot reads (the session token, the subscriptions) run as Core statements straight on
    the connection: no ORM session machinery or identity map (nothing loaded here is ever saved)."""

    def __init__(self, engine: Engine, clock) -> None:
        self.engine = engine
        self.clock = clock

    def __enter__(self) -> "ReadOnlyUnitOfWork":
        self.connection = self.engine.connect()
        self._session = None
        self.tokens = ReadTokens(self)
        self.subscriptions = ReadSubscriptions(self)
        self.coupons = ReadCoupons(self)
        return self

    @property
    def session(self) -> Session:
        """Built on first use: the hot reads never need one (about 50 µs saved per request)."""
        if self._session is None:
            self._session = Session(bind=self.connection, expire_on_commit=False)
        return self._session

    def __getattr__(self, name: str):
        """The other repositories, on the ORM session, also built when first asked for."""
        if name.startswith("_") or name in ("engine", "clock", "connection"):
            raise AttributeError(name)
        for key, repository in _repositories(self.session, self.clock).items():
            self.__dict__.setdefault(key, repository)  # the read repositories above stay
        if name not in self.__dict__:
            raise AttributeError(name)
        return self.__dict__[name]

    def __exit__(self, *exc: object) -> None:
        if self._session is not None:
            self._session.close()
        self.connection.close()

    def commit(self) -> None:
        raise RuntimeError("a read-only unit of work cannot commit")


def uow_factory(engine: Engine, clock):
    factory = sessionmaker(bind=engine, expire_on_commit=False)
    return lambda: SqlUnitOfWork(factory, clock)


def read_uow_factory(read_engine: Engine, clock):
    """For the hot read paths (authenticate a token, the account view, coupon and plan checks), on the
    engine of make_engine(url, read_only=True) (PostgreSQL) or the ordinary one (SQLite)."""
    return lambda: ReadOnlyUnitOfWork(read_engine, clock)
