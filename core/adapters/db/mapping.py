"""Copying between domain dataclasses and rows whose columns share their names."""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.engine import CursorResult, Result

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


@cache
def field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names, looked up once per class (dataclasses.fields builds a tuple per call)."""
    return tuple(f.name for f in fields(cls))


def to_domain(row: object, cls: type[T]) -> T:
    """The dataclass holding the row's values of the fields it has. A dict (a prepared read's row) or a
    Core row read as one dict (`_asdict`: a single call where a getattr and a hasattr per field cost
    some 40 calls on the hot reads, docs/benchmarks.md#python-calls-per-request); an ORM row by its
    attributes."""
    names = field_names(cls)
    if isinstance(row, dict):  # a prepared read's row (core/adapters/db/prepared_read.py)
        values = row
    elif (as_dict := getattr(row, "_asdict", None)) is not None:
        values = as_dict()
    else:
        return cls(**{n: getattr(row, n) for n in names if hasattr(row, n)})
    return cls(**{n: values[n] for n in names if n in values})


def to_row(obj, row):
    for f in fields(obj):
        if hasattr(type(row), f.name) and not (f.name == "id" and obj.id is None):
            setattr(row, f.name, getattr(obj, f.name))
    return row


def rowcount(result: Result[Any]) -> int:
    """The rows an UPDATE or DELETE matched. Session.execute answers a CursorResult for these, but is
    typed to answer a Result (SQLAlchemy has no overload for DML statements)."""
    assert isinstance(result, CursorResult)
    return result.rowcount
