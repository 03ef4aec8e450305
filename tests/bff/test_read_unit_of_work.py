"""The read-only unit of work of the hot read paths (token check, account view, coupon check, plans)."""

import gc
import threading

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from core.adapters.db.unit_of_work import ReadOnlyUnitOfWork, ReadOnlyWrite
from tests.helpers import pay, signed_up


def test_a_read_unit_of_work_cannot_commit(container):
    with container.services.read() as uow:
        assert isinstance(uow, ReadOnlyUnitOfWork)
        with pytest.raises(RuntimeError):
            uow.commit()


def test_a_save_inside_a_read_is_refused_and_nothing_is_written(client, container):
    """On every database: the ORM session of a read unit refuses to flush, before any statement (on
    PostgreSQL its autocommit connection would otherwise commit the write at once)."""
    token = signed_up(client)
    assert pay(client, token).status_code == 200
    with container.services.uow() as uow:
        account_id = uow.session.execute(text("SELECT id FROM accounts")).scalar()
        (sub,) = uow.subscriptions.for_account(account_id)
    with container.services.read() as uow:
        found = uow.subscriptions.get(sub.id)
        found.end_date = None
        with pytest.raises(ReadOnlyWrite):
            uow.subscriptions.save(found)
    with container.services.read() as uow:
        account = uow.accounts.get(account_id)
        account.name = "Changed in a read"
        with pytest.raises(ReadOnlyWrite):
            uow.accounts.save(account)
    with container.services.uow() as uow:
        assert uow.subscriptions.get(sub.id).end_date == sub.end_date
        assert uow.accounts.get(account_id).name != "Changed in a read"


def test_a_statement_that_writes_inside_a_read_is_refused_or_rolled_back(client, container):
    """Past the ORM (a Core UPDATE): PostgreSQL refuses it (the read engine's transactions are
    read-only), SQLite rolls it back with the unit."""
    signed_up(client)
    with container.services.read() as uow:
        write = text("UPDATE accounts SET name = 'Changed in a read'")
        if container.engine.dialect.name == "postgresql":
            with pytest.raises(DBAPIError, match="read-only transaction"):
                uow.session.execute(write)
        else:
            uow.session.execute(write)
    with container.services.uow() as uow:
        names = uow.session.execute(text("SELECT name FROM accounts")).scalars().all()
        assert names and "Changed in a read" not in names


def test_loading_and_setting_an_unchanged_value_inside_a_read_is_no_write(client, container):
    signed_up(client)
    with container.services.read() as uow:
        account_id = uow.session.execute(text("SELECT id FROM accounts")).scalar()
        account = uow.accounts.get(account_id)
        uow.accounts.save(account)  # the same values: nothing to flush, nothing refused


def test_on_postgresql_reads_run_without_a_transaction_round_trip(container):
    if container.engine.dialect.name != "postgresql":
        pytest.skip("SQLite keeps its BEGIN IMMEDIATE set-up: no round trip to save")
    with container.services.read() as uow:
        uow.session.execute(text("SELECT 1"))
        assert uow.session.connection().connection.dbapi_connection.autocommit is True
        assert uow.session.execute(text("SHOW transaction_read_only")).scalar() == "on"
    # The pool's connections go back to transactions for ordinary units of work.
    with container.services.uow() as uow:
        uow.session.execute(text("SELECT 1"))
        assert uow.session.connection().connection.dbapi_connection.autocommit is False


def test_reads_see_what_another_unit_of_work_committed(container):
    with container.services.uow() as uow:
        uow.session.execute(text("CREATE TABLE IF NOT EXISTS read_uow_probe (n integer)"))
        uow.session.execute(text("INSERT INTO read_uow_probe VALUES (7)"))
        uow.commit()
    try:
        with container.services.read() as uow:
            assert uow.session.execute(text("SELECT n FROM read_uow_probe")).scalar() == 7
    finally:
        with container.services.uow() as uow:
            uow.session.execute(text("DROP TABLE read_uow_probe"))
            uow.commit()


def test_repositories_are_named_attributes_built_on_first_use(container):
    from core.adapters.db.account_repositories import SqlAccounts
    from core.adapters.db.subscription_repositories import ReadSubscriptions, SqlSubscriptions

    with container.services.uow() as uow:
        assert "accounts" not in vars(uow)  # nothing built before it is asked for
        assert isinstance(uow.accounts, SqlAccounts) and uow.accounts is uow.accounts
        assert isinstance(uow.subscriptions, SqlSubscriptions)
        assert "children" not in vars(uow)
    with container.services.read() as uow:
        assert isinstance(uow.subscriptions, ReadSubscriptions)  # the Core-statement read
        assert uow._session is None  # the hot reads need no ORM session
        assert isinstance(uow.accounts, SqlAccounts)
        assert uow._session is not None
    with pytest.raises(AttributeError):
        uow.no_such_repository  # noqa: B018


class _Connection:
    def __init__(self, failure=None):
        self.failure, self.closed, self.statements = failure, False, []

    def execute(self, statement, parameters=None):
        self.statements.append(statement)
        if self.failure is not None:
            failure, self.failure = self.failure, None
            raise failure
        return "rows"

    def close(self):
        self.closed = True


class _Engine:
    def __init__(self, *connections):
        self.connections = list(connections)

    def connect(self):
        return self.connections.pop(0)


def _dropped():
    return DBAPIError(
        "SELECT", {}, Exception("server closed the connection"), connection_invalidated=True
    )


def test_a_read_on_a_dropped_connection_runs_once_more_on_a_new_one():
    dropped, fresh = _Connection(_dropped()), _Connection()
    with ReadOnlyUnitOfWork(_Engine(dropped, fresh), clock=None) as uow:
        assert uow.execute("SELECT 1") == "rows"
        assert uow.connection is fresh
    assert dropped.closed and fresh.closed
    assert fresh.statements == ["SELECT 1"]


def test_a_read_is_not_repeated_after_one_succeeded_nor_for_other_errors():
    later = _Connection()
    with ReadOnlyUnitOfWork(_Engine(later, _Connection()), clock=None) as uow:
        uow.execute("SELECT 1")
        later.failure = _dropped()  # the connection dies between two reads: the caller sees it
        with pytest.raises(DBAPIError):
            uow.execute("SELECT 2")
    broken = _Connection(
        DBAPIError("SELECT", {}, Exception("syntax"), connection_invalidated=False)
    )
    with ReadOnlyUnitOfWork(_Engine(broken, _Connection()), clock=None) as uow:
        with pytest.raises(DBAPIError):
            uow.execute("SELECT oops")
        assert uow.connection is broken


def test_the_orm_reads_check_the_connection_before_their_first_statement():
    dropped, fresh = _Connection(_dropped()), _Connection()
    with ReadOnlyUnitOfWork(_Engine(dropped, fresh), clock=None) as uow:
        session = uow.session
        assert uow.connection is fresh and session.bind is fresh
        assert [str(s) for s in fresh.statements] == ["SELECT 1"]


def _terminate_read_connections(container):
    """Every connection to the test's database is killed by the server, as in a failover: the one the
    thread keeps for its reads (core/adapters/db/kept_connections.py) and the pooled ones."""
    killer = create_engine(container.settings.database_url, poolclass=NullPool)
    with killer.connect() as c:
        c.exec_driver_sql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    killer.dispose()


def _backend(container):
    with container.services.read() as uow:
        return uow.execute(text("SELECT pg_backend_pid()")).scalar()


def test_on_postgresql_a_thread_keeps_its_read_connection_and_the_container_gives_it_back(
    container,
):
    if container.engine.dialect.name != "postgresql":
        assert container.kept_reads is None  # SQLite: the read unit's transaction ends with it
        return
    first = _backend(container)
    assert _backend(container) == first  # the same server process: no checkout, no checkin
    with container.services.read() as uow:
        kept = uow.connection
        uow.execute(text("SELECT 1"))  # SQLAlchemy begins its transaction on the connection
        assert kept.in_transaction()
        uow.accounts.by_email("nobody@lumo.example")  # the ORM session, on the kept connection
    assert not kept.in_transaction() and not kept.closed  # left as a closed one would have been
    other = []
    thread = threading.Thread(target=lambda: other.append(_backend(container)))
    thread.start()
    thread.join()
    assert other[0] != first  # a thread of its own, a connection of its own
    gc.collect()
    assert container.kept_reads.kept_count == 1  # the ended thread's went back to the pool
    container.kept_reads.release_all()
    assert container.kept_reads.kept_count == 0
    _backend(container)
    assert container.kept_reads.kept_count == 1


def test_on_postgresql_the_hot_reads_survive_a_dropped_connection_without_a_ping(client, container):
    if container.engine.dialect.name != "postgresql":
        pytest.skip("needs a PostgreSQL server to drop the connection")
    assert container.read_engine.pool._pre_ping is False
    assert container.engine.pool._pre_ping is True  # writes keep the ping: they are not repeated
    auth = {"Authorization": f"Bearer {signed_up(client)}"}
    for ask in (
        lambda: client.get("/v5/subscriptions", headers=auth),
        lambda: client.get("/v5/coupon/validate/LUMO-NOPE"),
        lambda: client.get("/v4/users/subscriptions", headers=auth),  # token, then the ORM reads
    ):
        expected = ask().status_code
        assert expected != 503
        _terminate_read_connections(container)
        assert ask().status_code == expected  # the same answer, not 503
