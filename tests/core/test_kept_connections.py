"""The read engine's connection each thread keeps between its read units (core/adapters/db/kept_connections.py)."""

import gc
import threading

from core.adapters.db.kept_connections import KeptConnections


class _Connection:
    def __init__(self, number: int) -> None:
        self.number, self.closed, self.invalidated = number, False, False
        self.begun, self.rollbacks = False, 0

    def close(self) -> None:
        self.closed = True

    def in_transaction(self) -> bool:
        return self.begun

    def rollback(self) -> None:
        self.begun, self.rollbacks = False, self.rollbacks + 1


class _Engine:
    def __init__(self) -> None:
        self.made: list[_Connection] = []

    def connect(self) -> _Connection:
        self.made.append(_Connection(len(self.made)))
        return self.made[-1]


def _in_a_thread(run):
    result = []
    thread = threading.Thread(target=lambda: result.append(run()))
    thread.start()
    thread.join()
    gc.collect()
    return result[0]


def test_a_thread_keeps_its_connection_between_units_and_another_thread_has_its_own():
    engine = _Engine()
    kept = KeptConnections(engine, limit=5, recycle_seconds=1800)
    first = kept.take()
    kept.give_back(first)
    assert not first.closed and kept.take() is first  # the same, not given back to the pool
    assert first.rollbacks == 0  # nothing begun: nothing to end
    first.begun = True  # a statement through Connection.execute began SQLAlchemy's transaction
    kept.give_back(first)
    assert (first.begun, first.rollbacks, first.closed) == (False, 1, False)
    other = _in_a_thread(lambda: kept.take())
    assert other is not first
    assert other.closed  # the thread ended: its connection went back to the pool
    assert kept.kept_count == 1 and len(engine.made) == 2


def test_beyond_the_limit_a_thread_takes_and_gives_back_per_unit():
    engine = _Engine()
    kept = KeptConnections(engine, limit=0, recycle_seconds=1800)
    first = kept.take()
    kept.give_back(first)
    assert first.closed
    second = kept.take()
    assert second is not first and kept.kept_count == 0


def test_a_dropped_or_closed_or_old_connection_is_replaced_and_the_new_one_kept():
    engine = _Engine()
    kept = KeptConnections(engine, limit=1, recycle_seconds=1800)
    first = kept.take()
    renewed = kept.renew(first)  # the unit found it dropped
    assert first.closed and renewed is not first
    kept.give_back(renewed)
    assert not renewed.closed and kept.take() is renewed and kept.kept_count == 1

    renewed.invalidated = True  # invalidated by a failed statement of an earlier unit
    third = kept.take()
    assert renewed.closed and third is not renewed and kept.kept_count == 1

    kept.recycle_seconds = 0.0  # older than the pool's recycle time
    fourth = kept.take()
    assert third.closed and fourth is not third and kept.kept_count == 1


def test_renewing_a_connection_this_thread_does_not_keep_gives_it_back():
    engine = _Engine()
    kept = KeptConnections(engine, limit=1, recycle_seconds=1800)
    mine = kept.take()
    lent = _in_a_thread(lambda: kept.renew(engine.connect()))  # beyond the limit in that thread
    assert engine.made[1].closed and lent is engine.made[2] and not lent.closed
    assert kept.take() is mine


def test_release_all_gives_every_kept_connection_back_and_the_thread_takes_a_new_one():
    engine = _Engine()
    kept = KeptConnections(engine, limit=5, recycle_seconds=1800)
    first = kept.take()
    kept.release_all()
    assert first.closed and kept.kept_count == 0
    again = kept.take()
    assert again is not first and not again.closed and kept.kept_count == 1
