"""The read engine's connection each thread keeps between its read-only units of work (PostgreSQL).

Taking a connection from SQLAlchemy's pool and giving it back (the `Connection` object, the pool's queue
and lock, the checkout and checkin bookkeeping) cost about 60 Python calls per unit of work, more than
the hot read's own statement (docs/benchmarks.md#python-calls-per-request). A thread keeps the connection
it took instead, as the floor's bare endpoint keeps its one connection per worker process; a gunicorn
sync worker or a Celery prefork child is one thread, so one kept connection each.

Safe because the read engine's connections hold no state between statements (autocommit, read-only,
no reset on return: unit_of_work.make_engine), and bounded:
- at most `limit` threads keep one (the pool's size, so the pool's overflow stays for the others); a
  thread beyond it takes and gives back per unit of work, as before (limit 0: every thread does, as
  SQLite's read units and any unit built without one: unit_of_work._per_unit);
- a kept connection found closed or invalidated (the server dropped it: the unit's retry invalidates it)
  is replaced, and one older than `recycle_seconds` is given back and taken anew (the pool's own recycle
  happens at checkout, which a kept connection skips);
- a thread that ends gives its connection back (its thread-local holder is freed with it), and
  `release_all` (the container's close, before the engine is disposed) gives back every thread's.
"""

from __future__ import annotations

import threading
import time
import weakref

from sqlalchemy.engine import Connection, Engine


class _Kept:
    """One thread's kept connection; freed with the thread's locals, when it gives the connection back."""

    __slots__ = ("__weakref__", "connection", "owner", "since")

    def __init__(self, owner: KeptConnections, connection: Connection) -> None:
        self.owner = owner
        self.connection: Connection | None = connection
        self.since = time.monotonic()

    def __del__(self) -> None:
        self.owner._forget(self)


class KeptConnections:
    def __init__(self, engine: Engine, limit: int, recycle_seconds: float) -> None:
        self.engine = engine
        self.limit = limit
        self.recycle_seconds = recycle_seconds
        self._local = threading.local()
        self._lock = threading.RLock()  # re-entered if a holder is freed while it is held
        self._kept: weakref.WeakSet[_Kept] = weakref.WeakSet()

    @property
    def kept_count(self) -> int:
        return len(self._kept)

    def take(self) -> Connection:
        """This thread's kept connection if it is still good; else a new one from the pool (kept if
        fewer than `limit` threads keep one)."""
        kept: _Kept | None = getattr(self._local, "kept", None)
        if kept is not None:
            connection = kept.connection
            if (
                connection is not None  # None: given back by release_all
                and not connection.closed
                and not connection.invalidated
                and time.monotonic() - kept.since < self.recycle_seconds
            ):
                return connection
            self._forget_mine(kept)  # given back; a new one below
        connection = self.engine.connect()
        with self._lock:
            if len(self._kept) < self.limit:
                kept = _Kept(self, connection)
                self._kept.add(kept)
                self._local.kept = kept
        return connection

    def give_back(self, connection: Connection) -> None:
        """The end of a unit of work: the pool has the connection back unless this thread keeps it. A kept
        one leaves the transaction SQLAlchemy began with a statement through `execute` (in autocommit no
        transaction is open on the server, so no round trip), as closing it would have."""
        kept: _Kept | None = getattr(self._local, "kept", None)
        if kept is None or kept.connection is not connection:
            connection.close()
        elif connection.in_transaction():
            connection.rollback()

    def renew(self, connection: Connection) -> Connection:
        """A new connection in place of `connection`, found dropped: the old one goes back to the pool
        (invalidated, the pool replaces it) and the new one is kept if the old one was."""
        kept: _Kept | None = getattr(self._local, "kept", None)
        if kept is not None and kept.connection is connection:
            self._forget_mine(kept)
        else:
            connection.close()
        return self.take()

    def release_all(self) -> None:
        """Every thread's kept connection back to the pool (the container's close, before dispose)."""
        for kept in list(self._kept):
            self._forget(kept)

    def _forget_mine(self, kept: _Kept) -> None:
        self._forget(kept)
        self._local.kept = None

    def _forget(self, kept: _Kept) -> None:
        with self._lock:
            self._kept.discard(kept)
            connection, kept.connection = kept.connection, None
        if connection is not None:
            try:
                connection.close()
            except Exception:  # noqa: BLE001 - a connection of a pool being torn down: nothing to give back
                pass
