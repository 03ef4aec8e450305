"""SQLite's BEGIN IMMEDIATE is tried again when SQLite refuses it at once (core/adapters/db/sqlite_begin.py):
a write lock released a moment later is waited for; one that stays held fails after the last attempt;
any other error is not retried."""

from __future__ import annotations

import sqlite3
import threading

import pytest
from sqlalchemy import text

from core.adapters.db import sqlite_begin
from core.adapters.db.unit_of_work import make_engine


def _connection(path, timeout=0.0):
    # timeout 0: no busy handler, so every refusal comes back at once (the case being retried)
    return sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)


@pytest.fixture
def database(tmp_path):
    path = str(tmp_path / "lock.db")
    with _connection(path) as c:
        c.execute("PRAGMA journal_mode=WAL")
        c.execute("CREATE TABLE t (x INTEGER)")
    return path


def test_a_lock_released_a_moment_later_is_waited_for(database):
    holder, waiter = _connection(database), _connection(database)
    holder.execute("BEGIN IMMEDIATE")
    threading.Timer(0.2, holder.execute, args=("ROLLBACK",)).start()
    sqlite_begin.begin_immediate(waiter, attempts=8, pause=0.02)
    waiter.execute("INSERT INTO t VALUES (1)")
    waiter.execute("COMMIT")
    assert waiter.execute("SELECT count(*) FROM t").fetchone() == (1,)


def test_a_lock_that_stays_held_fails_after_the_last_attempt(database, caplog):
    holder, waiter = _connection(database), _connection(database)
    holder.execute("BEGIN IMMEDIATE")
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        sqlite_begin.begin_immediate(waiter, attempts=3, pause=0.01)
    assert caplog.text.count("trying again") == 2
    holder.execute("ROLLBACK")


def test_other_errors_are_not_retried(database, monkeypatch):
    calls = []

    class Broken:
        def execute(self, statement):
            calls.append(statement)
            raise sqlite3.OperationalError("disk I/O error")

    with pytest.raises(sqlite3.OperationalError, match="disk"):
        sqlite_begin.begin_immediate(Broken(), attempts=5, pause=0.01)
    assert calls == ["BEGIN IMMEDIATE"]


def test_the_engine_begins_through_it(database, monkeypatch):
    seen = []
    real = sqlite_begin.begin_immediate
    monkeypatch.setattr(
        "core.adapters.db.unit_of_work.begin_immediate",
        lambda c, *a, **k: (seen.append(c), real(c, *a, **k)),
    )
    engine = make_engine(f"sqlite:///{database}")
    with engine.begin() as c:
        c.execute(text("INSERT INTO t VALUES (2)"))
    assert len(seen) == 1
    with engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM t")).scalar() == 1
    engine.dispose()
