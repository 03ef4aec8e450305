"""One database transaction per use case; rollback unless committed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from core.adapters.db.account_repositories import SqlAccounts
from core.adapters.db.analytics_repositories import SqlAnalytics
from core.adapters.db.billing_repositories import SqlBillingDocuments
from core.adapters.db.console_reads import SqlOpsReads
from core.adapters.db.coupon_repositories import ReadCoupons, SqlCoupons
from core.adapters.db.declarations import SqlDeclarations
from core.adapters.db.dunning_repositories import SqlDunning
from core.adapters.db.family_repositories import (
    SqlChildren,
    SqlConsents,
    SqlContactMessages,
    SqlNewsletter,
    SqlPersonalData,
    SqlTvLinks,
)
from core.adapters.db.kept_connections import KeptConnections
from core.adapters.db.lazy_attribute import lazy_attribute
from core.adapters.db.outbox_repositories import SqlOutbox
from core.adapters.db.payment_repositories import (
    SqlPaymentHistory,
    SqlPaymentMethodUpdates,
    SqlWebhookLog,
)
from core.adapters.db.prepared_read import PreparedRead
from core.adapters.db.reminder_repositories import SqlReminders
from core.adapters.db.retention import SqlRetention
from core.adapters.db.revenue_reads import SqlCampaigns, SqlRevenue
from core.adapters.db.site_switches import SqlSiteSwitchRows
from core.adapters.db.sqlite_begin import begin_immediate
from core.adapters.db.staff_repositories import SqlAudit, SqlGrants, SqlStaff
from core.adapters.db.subscription_repositories import ReadSubscriptions, SqlSubscriptions
from core.adapters.db.token_repositories import ReadTokens, SqlTokens
from core.adapters.db.withdrawal_repositories import SqlWithdrawals
from core.domain.clock import Clock
from core.domain.ports.accounts import TokenRepository
from core.domain.ports.subscriptions import CouponRepository, SubscriptionRepository

_PING = text("SELECT 1")
# A pooled connection older than this is closed and opened anew (a kept one too: KeptConnections).
POOL_RECYCLE_SECONDS = 1800
T = TypeVar("T")


def make_engine(url: str, read_only: bool = False, pre_ping: bool = True) -> Engine:
    """The engine of a database URL. `read_only` (PostgreSQL): connections in autocommit, for the
    read-only units of work: no BEGIN/ROLLBACK round trips and no reset when a connection goes back
    to its pool. Their sessions start with `default_transaction_read_only` on (a connection option, so
    no statement of its own): each autocommitted statement is a read-only transaction, and the server
    refuses a write instead of committing it. SQLite has no round trips to save: the caller uses the
    ordinary engine (where the read unit's transaction is rolled back at its end).

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
            # The write lock up front, and again when SQLite refuses without waiting (sqlite_begin).
            begin_immediate(connection.connection.driver_connection)

        return engine
    # Pre-ping: a pooled connection the server dropped (a restart, a failover, pg_terminate_backend) is
    # noticed at checkout and replaced, instead of failing a request with 503 long after the blip. It
    # costs one round trip per checkout (measured in bench/pre_ping.py; figures in docs/benchmarks.md). The
    # read engine goes without (bootstrap): its read-only units of work repeat a read that met a dropped
    # connection instead (ReadOnlyUnitOfWork.execute).
    common = {
        "pool_recycle": POOL_RECYCLE_SECONDS,
        "pool_pre_ping": pre_ping,
        "hide_parameters": True,
    }
    if read_only:
        engine = create_engine(
            url,
            pool_size=5,
            max_overflow=10,
            isolation_level="AUTOCOMMIT",
            pool_reset_on_return=None,
            connect_args={"options": "-c default_transaction_read_only=on"},
            **common,
        )
        if engine.dialect.driver == "psycopg":
            from core.adapters.db.lazy_cursor import LazyDescriptionCursor

            @event.listens_for(engine, "connect")
            def _lazy_description(dbapi_connection, _record):
                # the hot reads' result columns are described only if something reads them
                dbapi_connection.cursor_factory = LazyDescriptionCursor

        return engine
    return create_engine(url, pool_size=10, max_overflow=20, **common)


def is_database_unavailable(exc: BaseException) -> bool:
    """The database could not be reached or dropped the connection (as opposed to a bug)."""
    from sqlalchemy.exc import DBAPIError, OperationalError
    from sqlalchemy.exc import TimeoutError as PoolTimeout

    return isinstance(exc, (OperationalError, PoolTimeout)) or (
        isinstance(exc, DBAPIError) and exc.connection_invalidated
    )


class _Repositories:
    """Every repository of a unit of work, each a named attribute built on its session when first used
    (a use case pays only for what it touches)."""

    clock: Clock

    @property
    def session(self) -> Session:
        raise NotImplementedError

    @lazy_attribute
    def accounts(self) -> SqlAccounts:
        return SqlAccounts(self.session)

    @lazy_attribute
    def payment_method_updates(self) -> SqlPaymentMethodUpdates:
        return SqlPaymentMethodUpdates(self.session)

    @lazy_attribute
    def tokens(self) -> TokenRepository:
        return SqlTokens(self.session)

    @lazy_attribute
    def subscriptions(self) -> SubscriptionRepository:
        return SqlSubscriptions(self.session)

    @lazy_attribute
    def coupons(self) -> CouponRepository:
        return SqlCoupons(self.session)

    @lazy_attribute
    def outbox(self) -> SqlOutbox:
        return SqlOutbox(self.session, self.clock)

    @lazy_attribute
    def webhooks(self) -> SqlWebhookLog:
        return SqlWebhookLog(self.session)

    @lazy_attribute
    def analytics(self) -> SqlAnalytics:
        return SqlAnalytics(self.session)

    @lazy_attribute
    def children(self) -> SqlChildren:
        return SqlChildren(self.session)

    @lazy_attribute
    def tv_links(self) -> SqlTvLinks:
        return SqlTvLinks(self.session)

    @lazy_attribute
    def consents(self) -> SqlConsents:
        return SqlConsents(self.session)

    @lazy_attribute
    def contact_messages(self) -> SqlContactMessages:
        return SqlContactMessages(self.session)

    @lazy_attribute
    def declarations(self) -> SqlDeclarations:
        return SqlDeclarations(self.session)

    @lazy_attribute
    def newsletter(self) -> SqlNewsletter:
        return SqlNewsletter(self.session)

    @lazy_attribute
    def personal_data(self) -> SqlPersonalData:
        return SqlPersonalData(self.session)

    @lazy_attribute
    def retention(self) -> SqlRetention:
        return SqlRetention(self.session)

    @lazy_attribute
    def payments(self) -> SqlPaymentHistory:
        return SqlPaymentHistory(self.session)

    @lazy_attribute
    def billing_documents(self) -> SqlBillingDocuments:
        return SqlBillingDocuments(self.session)

    @lazy_attribute
    def staff(self) -> SqlStaff:
        return SqlStaff(self.session)

    @lazy_attribute
    def grants(self) -> SqlGrants:
        return SqlGrants(self.session)

    @lazy_attribute
    def withdrawals(self) -> SqlWithdrawals:
        return SqlWithdrawals(self.session)

    @lazy_attribute
    def audit(self) -> SqlAudit:
        return SqlAudit(self.session)

    @lazy_attribute
    def ops(self) -> SqlOpsReads:
        return SqlOpsReads(self.session)

    @lazy_attribute
    def revenue(self) -> SqlRevenue:
        return SqlRevenue(self.session)

    @lazy_attribute
    def campaigns(self) -> SqlCampaigns:
        return SqlCampaigns(self.session)

    @lazy_attribute
    def site_switches(self) -> SqlSiteSwitchRows:
        return SqlSiteSwitchRows(self.session)

    @lazy_attribute
    def reminders(self) -> SqlReminders:
        return SqlReminders(self.session)

    @lazy_attribute
    def dunning(self) -> SqlDunning:
        return SqlDunning(self.session)


class SqlUnitOfWork(_Repositories):
    def __init__(self, session_factory: sessionmaker[Session], clock: Clock) -> None:
        self.session_factory = session_factory
        self.clock = clock

    def __enter__(self) -> SqlUnitOfWork:
        self._session = self.session_factory()
        return self

    @property
    def session(self) -> Session:
        return self._session

    def __exit__(self, *exc: object) -> None:
        self._session.rollback()
        self._session.close()

    def commit(self) -> None:
        self._session.commit()

    def rollback(self) -> None:
        self._session.rollback()


def _refuse_flush(session: Session, _context: Any, _instances: Any) -> None:
    """A flush with something to write (an attribute set to the value it had is no change)."""
    if session.new or session.deleted or any(session.is_modified(o) for o in session.dirty):
        raise ReadOnlyWrite("a read-only unit of work cannot write")


class ReadOnlyWrite(RuntimeError):
    """A save() (or any other write) inside ctx.read(): a bug in the use case, never committed."""


class ReadOnlyUnitOfWork(_Repositories):
    """Reads on one connection of the read engine (PostgreSQL: autocommit, so no BEGIN and no ROLLBACK
    round trips; each statement sees the latest committed data). Nothing may be written, on any
    database: commit raises, the ORM session refuses to flush (a save() raises before any statement),
    on PostgreSQL the server refuses any other write (the read engine's connections are read-only:
    make_engine), and on SQLite the unit's transaction is rolled back at its end. The hot reads (the session token, the subscriptions) run as Core statements straight on
    the connection: no ORM session machinery or identity map (nothing loaded here is ever saved).

    The read engine does not ping a connection at checkout (bootstrap: `pre_ping=False`): under load the
    ping cost as much as the read itself (py-spy, docs/benchmarks.md). A pooled connection the server
    dropped (a restart, a failover, pg_terminate_backend) fails its first statement instead, and that
    statement (a read in autocommit: nothing to undo, safe to repeat) runs once more on a new connection
    (`execute`). The rarer reads through the ORM session check the connection first (`session`)."""

    def __init__(self, engine: Engine, clock: Clock, kept: KeptConnections | None = None) -> None:
        self.engine = engine
        self.clock = clock
        # Where the unit's connection comes from and goes back to: kept by each thread between units
        # (PostgreSQL's read engine), or taken from the pool and given back per unit (limit 0).
        self.kept = kept if kept is not None else _per_unit(engine)

    def __enter__(self) -> ReadOnlyUnitOfWork:
        self.connection: Connection = self.kept.take()
        self._session: Session | None = None
        self._proven = False  # a statement has succeeded on this connection
        return self

    def execute(self, statement: Any, parameters: dict[str, Any] | None = None) -> Any:
        """A read on the unit's connection; on a connection found dropped, once more on a new one."""
        return self._once_more_if_dropped(lambda: self.connection.execute(statement, parameters))

    def rows(self, read: PreparedRead, parameters: dict[str, Any]) -> list[dict[str, Any]]:
        """A hot read's rows, run on the driver's cursor (core/adapters/db/prepared_read.py); on a
        connection found dropped, once more on a new one."""
        return self._once_more_if_dropped(lambda: read.rows(self.connection, parameters))

    def _once_more_if_dropped(self, run: Callable[[], T]) -> T:
        try:
            result = run()
        except DBAPIError as error:
            if self._proven or self._session is not None or not error.connection_invalidated:
                raise
            # invalidated: the pool replaces it (and every older one)
            self.connection = self.kept.renew(self.connection)
            result = run()
        self._proven = True
        return result

    @lazy_attribute
    def tokens(self) -> TokenRepository:
        return ReadTokens(self)

    @lazy_attribute
    def subscriptions(self) -> SubscriptionRepository:
        return ReadSubscriptions(self)

    @lazy_attribute
    def coupons(self) -> CouponRepository:
        return ReadCoupons(self)

    @property
    def session(self) -> Session:
        """Built on first use: the hot reads never need one (about 50 µs saved per request)."""
        if self._session is None:
            if not self._proven:  # the session's statements are not repeated: check the connection
                self.execute(_PING)
            self._session = Session(bind=self.connection, expire_on_commit=False)
            event.listen(self._session, "before_flush", _refuse_flush)
        return self._session

    def __exit__(self, *exc: object) -> None:
        if self._session is not None:
            self._session.close()
        self.kept.give_back(self.connection)

    def commit(self) -> None:
        raise ReadOnlyWrite("a read-only unit of work cannot commit")

    def rollback(self) -> None:
        if self._session is not None:
            self._session.rollback()


def uow_factory(engine: Engine, clock):
    factory = sessionmaker(bind=engine, expire_on_commit=False)
    return lambda: SqlUnitOfWork(factory, clock)


def read_uow_factory(read_engine: Engine, clock, kept: KeptConnections | None = None):
    """For the hot read paths (authenticate a token, the account view, coupon and plan checks), on the
    engine of make_engine(url, read_only=True) (PostgreSQL; `kept`: each thread keeps its connection
    between units, core/adapters/db/kept_connections.py) or the ordinary one (SQLite, whose read unit's
    transaction is rolled back at its end: a connection per unit)."""
    connections = kept if kept is not None else _per_unit(read_engine)
    return lambda: ReadOnlyUnitOfWork(read_engine, clock, connections)


def _per_unit(engine: Engine) -> KeptConnections:
    """No thread keeps one: each unit takes a connection from the pool and gives it back."""
    return KeptConnections(engine, limit=0, recycle_seconds=POOL_RECYCLE_SECONDS)
