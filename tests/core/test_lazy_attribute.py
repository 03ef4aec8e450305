"""A unit of work's repositories are built on first use without a lock shared between units of work
(core/adapters/db/lazy_attribute.py): one unit waiting for the database while it builds a repository never
holds up another unit — on Python 3.11 `functools.cached_property` did, and a dunning run deadlocked on it."""

from __future__ import annotations

import functools
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from core.adapters.db import unit_of_work
from core.adapters.db.lazy_attribute import lazy_attribute

WAIT = 10  # seconds: far more than either step needs, far less than a deadlock's (the busy timeout, 30 s)


class Unit:
    def __init__(self, name, gate=None):
        self.name, self.gate, self.builds = name, gate, 0

    @lazy_attribute
    def repository(self):
        """The unit's repository."""
        self.builds += 1
        if self.gate is not None:
            entered.set()
            assert self.gate.wait(WAIT)
        return f"repository of {self.name}"


entered = threading.Event()


def test_built_once_per_instance_and_kept_on_it():
    a, b = Unit("a"), Unit("b")
    assert (a.repository, a.repository, b.repository) == ("repository of a",) * 2 + (
        "repository of b",
    )
    assert (a.builds, b.builds) == (1, 1)
    assert a.__dict__["repository"] == "repository of a"
    assert Unit.repository.__doc__ == "The unit's repository."
    assert isinstance(Unit.__dict__["repository"], lazy_attribute)


def test_one_instance_still_building_does_not_hold_up_another():
    entered.clear()
    gate = threading.Event()
    with ThreadPoolExecutor(max_workers=1) as pool:
        slow = pool.submit(lambda: Unit("slow", gate).repository)
        assert entered.wait(WAIT)
        assert Unit("quick").repository == "repository of quick"  # while "slow" is still building
        assert not slow.done()
        gate.set()
        assert slow.result(WAIT) == "repository of slow"


def test_no_repository_of_a_unit_of_work_is_a_functools_cached_property():
    for unit in (unit_of_work.SqlUnitOfWork, unit_of_work.ReadOnlyUnitOfWork):
        locked = [
            name
            for klass in unit.__mro__
            for name, value in vars(klass).items()
            if isinstance(value, functools.cached_property)
        ]
        assert locked == [], locked
        assert isinstance(unit.dunning, lazy_attribute)


def test_a_writer_finishes_while_a_reader_waits_for_its_lock(container):
    """The dunning deadlock, reduced: a write unit holds the database's write lock (on SQLite a reader's
    BEGIN waits for it) while another thread's read unit builds its dunning repository; the writer then
    reaches the same repository and commits without waiting for the reader (with a shared lock it waited
    until the reader gave up, minutes later, and the reader failed)."""
    ctx = container.services
    holding = threading.Event()

    def reader():
        assert holding.wait(WAIT)
        with ctx.read() as uow:
            return uow.dunning.open_episodes(1)

    with ThreadPoolExecutor(max_workers=1) as pool:
        waiting = pool.submit(reader)
        with ctx.uow() as uow:
            uow.subscriptions.get(0)  # the transaction (on SQLite: the write lock) has begun
            holding.set()
            # the reader is building its repository now (on SQLite: waiting for the lock)
            time.sleep(0.5)
            started = time.monotonic()
            assert uow.dunning.open_episodes(1) == []
            uow.commit()
            assert time.monotonic() - started < WAIT
        assert waiting.result(WAIT) == []
