"""How a SQLite transaction begins (the embedded default database): BEGIN IMMEDIATE, repeated a few
times when SQLite answers "database is locked" at once.

BEGIN IMMEDIATE takes the write lock up front, so two transactions that both write later wait their turn
(the connection's busy timeout) instead of failing half-way. SQLite may still answer SQLITE_BUSY
without waiting: its documentation says the busy handler is not invoked when SQLite judges that waiting
could deadlock, and in WAL mode a connection that meets the write-ahead log being reset or recovered by
another is refused too (https://www.sqlite.org/c3ref/busy_handler.html, https://www.sqlite.org/wal.html).
Nothing has been read or written yet at BEGIN, so trying again is always safe; the pauses grow from
50 ms and stop after about three seconds, then the error goes up as before (a 503 at the edge)."""

from __future__ import annotations

import logging
import sqlite3
import time
from typing import Any

log = logging.getLogger(__name__)

ATTEMPTS = 7
FIRST_PAUSE = 0.05  # seconds; doubled after each refusal (0.05 + 0.1 + … + 1.6 ≈ 3.2 s in all)


def begin_immediate(
    dbapi_connection: Any, attempts: int = ATTEMPTS, pause: float = FIRST_PAUSE
) -> None:
    """BEGIN IMMEDIATE on a pysqlite connection (in autocommit: isolation_level None)."""
    for attempt in range(1, attempts + 1):
        try:
            dbapi_connection.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == attempts:
                raise
            log.warning(
                "SQLite refused BEGIN IMMEDIATE at once (attempt %s): trying again", attempt
            )
            time.sleep(pause)
            pause *= 2
