"""The read-only unit of work of the hot read paths (token check, account view, coupon check, plans)."""

import pytest
from sqlalchemy import text

from core.adapters.db.unit_of_work import ReadOnlyUnitOfWork


def test_a_read_unit_of_work_cannot_commit(container):
    with container.services.read() as uow:
        assert isinstance(uow, ReadOnlyUnitOfWork)
        with pytest.raises(RuntimeError):
            uow.commit()


def test_on_postgresql_reads_run_without_a_transaction_round_trip(container):
    if container.engine.dialect.name != "postgresql":
        pytest.skip("SQLite keeps its BEGIN IMMEDIATE set-up: no round trip to save")
    with container.services.read() as uow:
        uow.session.execute(text("SELECT 1"))
        assert uow.session.connection().connection.dbapi_connection.autocommit is True
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
