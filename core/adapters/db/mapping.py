"""Copying between domain dataclasses and rows whose columns share their names."""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.engine import CursorResult, Result

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


def to_domain(row: object, cls: type[T]) -> T:
    return cls(**{f.name: getattr(row, f.name) for f in fields(cls) if hasattr(row, f.name)})


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
