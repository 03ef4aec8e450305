"""An attribute computed on first read and kept on the instance: `functools.cached_property` without its lock.

On Python 3.11 `functools.cached_property` computes under one lock per attribute shared by every instance of
the class (removed in 3.12: https://docs.python.org/3.12/library/functools.html#functools.cached_property).
A unit of work's repository is built on its session, and building the session may wait for the database
(SQLite's BEGIN IMMEDIATE waits for the write lock; PostgreSQL pings a pooled connection). Under that lock,
one thread waiting for the write lock kept every other thread from reaching the same repository — including
the thread that held the write lock, which then never finished: a deadlock until the waiter gave up (seen in
tests/tasks/test_dunning.py::test_two_runs_at_the_same_time_do_each_step_once on 3.11). A unit of work
belongs to one thread, so no lock is needed: this is the 3.12 behaviour on every version we run."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class lazy_attribute(Generic[T]):  # noqa: N801 — used as a decorator, like property
    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> lazy_attribute[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | lazy_attribute[T]:
        if instance is None:
            return self
        value = self.compute(instance)
        # kept on the instance: read from there from now on (this is a non-data descriptor)
        instance.__dict__[self.name] = value
        return value
