"""A psycopg cursor whose `description` builds its column objects only when something reads them.

psycopg builds one `Column` per result column each time `description` is read, and SQLAlchemy reads it
after every statement, only to see whether the statement returned rows: for a statement it has run
before (its compiled form cached), it answers from the result metadata it cached the first time and
never looks at the columns. `/v5/subscriptions` reads 54 columns in its one statement; building them was
the largest single cost of the request in the API worker (py-spy, docs/benchmarks.md), about a third of
the client CPU of the statement. The read engine's connections use this cursor (unit_of_work.make_engine).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg
from psycopg.pq import ExecStatus

_ROWS = (ExecStatus.TUPLES_OK, ExecStatus.SINGLE_TUPLE, ExecStatus.TUPLES_CHUNK)


class _ResultColumns:
    """What psycopg's Column reads from a cursor, fixed to one result (the cursor may run another
    statement before the columns are built)."""

    __slots__ = ("pgresult", "_encoding", "adapters")

    def __init__(self, cursor: psycopg.Cursor[Any], result: Any) -> None:
        self.pgresult = result
        self._encoding = cursor._encoding
        self.adapters = cursor.adapters


class LazyDescription(Sequence):
    """psycopg's description list (one `psycopg.Column` per result column), built on first use."""

    __slots__ = ("_cursor", "_result", "_columns")

    def __init__(self, cursor: psycopg.Cursor[Any], result: Any) -> None:
        self._cursor: psycopg.Cursor[Any] | None = cursor
        self._result = result
        self._columns: list[psycopg.Column] | None = None

    def _built(self) -> list[psycopg.Column]:
        if self._columns is None:
            assert self._cursor is not None
            source = _ResultColumns(self._cursor, self._result)
            self._columns = [psycopg.Column(source, i) for i in range(self._result.nfields)]  # type: ignore[arg-type]
            self._cursor = None
        return self._columns

    def __len__(self) -> int:
        return self._result.nfields

    def __getitem__(self, index):
        return self._built()[index]

    def __iter__(self):
        return iter(self._built())

    def __eq__(self, other: object) -> bool:
        return list(self) == other

    def __repr__(self) -> str:
        return repr(self._built())


class LazyDescriptionCursor(psycopg.Cursor):
    @property
    def description(self) -> LazyDescription | None:  # type: ignore[override]
        """As psycopg's: None when the statement returned no rows (not even an empty set)."""
        result = self.pgresult
        if result and (result.nfields or result.status in _ROWS):
            return LazyDescription(self, result)
        return None
