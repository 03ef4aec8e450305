"""The read engine's psycopg cursor builds its result's column descriptions only when something reads
them (core/adapters/db/lazy_cursor.py): the same columns as psycopg's own, None where psycopg says None,
and none built for a statement SQLAlchemy has run before."""

from __future__ import annotations

from datetime import UTC, datetime

import psycopg
from psycopg.pq import ExecStatus
from sqlalchemy import text

from core.adapters.db import lazy_cursor
from core.adapters.db.lazy_cursor import LazyDescription, LazyDescriptionCursor
from core.adapters.db.token_repositories import _LIVE_SESSION_WITH_SUBSCRIPTIONS
from tests.helpers import bearer, signed_up


def _as_tuples(description):
    return None if description is None else [tuple(column) for column in description]


class _Result:
    """A psycopg result as Column reads it (for the runs without PostgreSQL)."""

    def __init__(self, names, status=ExecStatus.TUPLES_OK):
        self.names, self.status, self.nfields = names, status, len(names)

    def fname(self, i):
        return self.names[i].encode()

    def ftype(self, i):
        return 25  # text

    def fmod(self, i):
        return -1

    def fsize(self, i):
        return -1


class _Cursor:
    _encoding = "utf-8"

    def __init__(self, result):
        self.pgresult = result
        self.adapters = psycopg.adapters


def test_the_columns_are_built_on_first_use_and_are_psycopgs():
    result = _Result(["id", "email"])
    cursor = _Cursor(result)
    lazy = LazyDescription(cursor, result)  # type: ignore[arg-type]
    assert len(lazy) == 2 and lazy._columns is None  # nothing built to answer "are there rows"
    cursor.pgresult = _Result(["other"])  # the cursor ran another statement meanwhile
    assert _as_tuples(lazy) == [tuple(psycopg.Column(_Cursor(result), i)) for i in range(2)]  # type: ignore[arg-type]
    assert lazy[1].name == "email" and lazy == list(lazy)


def test_on_the_read_engine_the_description_is_psycopgs(container):
    engine = container.read_engine or container.engine
    if engine.dialect.driver != "psycopg":  # SQLite: the engine is left as it is
        with engine.connect() as c:
            assert not isinstance(c.connection.dbapi_connection.cursor(), LazyDescriptionCursor)
        return
    with engine.connect() as c:
        raw = c.connection.dbapi_connection
        assert raw.cursor_factory is LazyDescriptionCursor
        for sql in (
            "SELECT 1 AS n, 'a'::text AS t, now() AS at, NULL::jsonb AS j, 2.5::numeric(4,1) AS d",
            "SELECT 1 WHERE false",  # no row: still a description
            "SELECT",  # no column, but rows were asked for: an empty description
            "SET statement_timeout = 0",  # no rows asked for: None
        ):
            lazy, plain = raw.cursor(), psycopg.Cursor(raw)
            lazy.execute(sql)
            plain.execute(sql)
            assert _as_tuples(lazy.description) == _as_tuples(plain.description), sql
            assert (lazy.description is None) == (plain.description is None), sql
        # SQLAlchemy's first run of a text statement reads the columns, by name
        assert c.execute(text("SELECT 7 AS seven")).mappings().one() == {"seven": 7}


def test_a_statement_run_before_builds_no_column(container, client, monkeypatch):
    engine = container.read_engine or container.engine
    if engine.dialect.driver != "psycopg":
        return
    made, built = [], []
    original_init, original_built = LazyDescription.__init__, LazyDescription._built

    def counting_init(self, cursor, result):
        made.append(result.nfields)
        original_init(self, cursor, result)

    def counting_built(self):
        built.append(len(self))
        return original_built(self)

    monkeypatch.setattr(lazy_cursor.LazyDescription, "__init__", counting_init)
    monkeypatch.setattr(lazy_cursor.LazyDescription, "_built", counting_built)
    token = signed_up(client)
    first = client.get("/v5/subscriptions", headers=bearer(token))
    made.clear()
    built.clear()
    again = client.get("/v5/subscriptions", headers=bearer(token))
    assert again.status_code == first.status_code == 200 and again.json == first.json
    # The start-up read is a prepared read (core/adapters/db/prepared_read.py): after its first run it
    # does not even ask for the description.
    assert made == [] and built == []
    # A statement SQLAlchemy runs again: a description made, none of its columns built.
    statement = _LIVE_SESSION_WITH_SUBSCRIPTIONS.statement
    parameters = {"token_hash": "none", "now": datetime.now(UTC), "idle_since": datetime.now(UTC)}
    with engine.connect() as connection:
        connection.execute(statement, parameters).all()  # its first run reads the column names
        made.clear()
        built.clear()
        connection.execute(statement, parameters).all()
    assert made == [len(statement.selected_columns)]  # the one statement
    assert built == []  # its columns were never described
