"""A Core SELECT of the hot read paths, run straight on the driver's cursor.

SQLAlchemy compiles the statement once per dialect (its SQL, its parameters' and result columns' type
processing, from the same `select()` the rest of the code reads); each run then binds, executes and
converts the rows itself, without SQLAlchemy's per-execution machinery — the execution context, the
compiled cache lookup, the cursor result and its row objects: about 150 of the 1,100 Python calls the
session check and account read cost per request (docs/benchmarks.md#python-calls-per-request).

A driver error comes back as SQLAlchemy's (`DBAPIError`, parameters hidden), its connection invalidated
when the driver says it was dropped, exactly as from `Connection.execute`: the read unit of work's retry
on a dropped connection and the edge's 503 for an unreachable database work the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.exc import DBAPIError

Processor = Callable[[Any], Any]


@dataclass
class _Compiled:
    sql: str
    order: tuple[str, ...] | None  # the parameters' names in order (positional styles: SQLite's ?)
    values: dict[str, Any]  # the values bound in the statement itself (its literals)
    binds: tuple[tuple[str, Processor], ...]  # the parameters whose type converts a value
    columns: tuple[Any, ...]  # the result columns, in order
    keys: tuple[str, ...]  # each result column's name, as Row._asdict() names it
    # The result columns whose type converts a value: known after the first run, since a type's
    # converter may depend on the type the driver reports (a PostgreSQL NUMERIC's, for one).
    results: tuple[tuple[int, Processor], ...] | None = None

    @classmethod
    def of(cls, statement: Select, dialect: Dialect) -> _Compiled:
        compiled = statement.compile(dialect=dialect)
        binds = []
        for name, bind in compiled.binds.items():
            process = bind.type.dialect_impl(dialect).bind_processor(dialect)
            if process is not None:
                binds.append((name, process))
        columns = tuple(statement.selected_columns)
        keys = tuple(str(column.key) for column in columns)
        assert None not in (c.key for c in columns) and len(set(keys)) == len(keys), (
            "each column of a prepared read needs a name of its own"
        )
        return cls(
            sql=compiled.string,
            order=tuple(compiled.positiontup) if compiled.positiontup else None,
            values=dict(compiled.params),
            binds=tuple(binds),
            columns=columns,
            keys=keys,
        )

    def result_processors(
        self, dialect: Dialect, description: Any
    ) -> tuple[tuple[int, Processor], ...]:
        if self.results is None:
            found = []
            for index, (column, described) in enumerate(
                zip(self.columns, description, strict=True)
            ):
                impl = column.type.dialect_impl(dialect)
                process = impl.result_processor(dialect, described[1])
                if process is not None:
                    found.append((index, process))
            self.results = tuple(found)
        return self.results


class PreparedRead:
    """One SELECT, compiled on first use for each database and driver it meets."""

    def __init__(self, statement: Select) -> None:
        self.statement = statement
        self._by_dialect: dict[tuple[str, str], _Compiled] = {}

    def _compiled(self, dialect: Dialect) -> _Compiled:
        key = (dialect.name, dialect.driver)
        compiled = self._by_dialect.get(key)
        if compiled is None:
            compiled = self._by_dialect[key] = _Compiled.of(self.statement, dialect)
        return compiled

    def rows(self, connection: Connection, parameters: dict[str, Any]) -> list[dict[str, Any]]:
        """Every row, as a dict by column name, of the statement run with these parameters."""
        dialect = connection.dialect
        compiled = self._compiled(dialect)
        values = {**compiled.values, **parameters}
        for name, process in compiled.binds:
            values[name] = process(values[name])
        arguments: Any = (
            values if compiled.order is None else tuple(values[n] for n in compiled.order)
        )
        pooled = connection.connection
        cursor = pooled.cursor()
        try:
            cursor.execute(compiled.sql, arguments)
            fetched = cursor.fetchall()
            results = compiled.results
            if results is None:  # the first run: the converters, from the driver's column types
                results = compiled.result_processors(dialect, cursor.description)
        except dialect.loaded_dbapi.Error as error:
            dropped = dialect.is_disconnect(error, pooled, cursor)
            if dropped:
                connection.invalidate(error)
            raise DBAPIError.instance(
                compiled.sql,
                None,
                error,
                dialect.loaded_dbapi.Error,
                hide_parameters=True,
                connection_invalidated=dropped,
                dialect=dialect,
            ) from error
        finally:
            try:
                cursor.close()
            except dialect.loaded_dbapi.Error:
                pass  # a dropped connection's cursor: the error above is the one that counts
        keys = compiled.keys
        answer = []
        for raw in fetched:
            row = list(raw)
            for index, process in results:
                row[index] = process(row[index])
            answer.append(dict(zip(keys, row, strict=True)))
        return answer
