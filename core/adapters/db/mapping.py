"""Copying between domain dataclasses and rows whose columns share their names."""

from __future__ import annotations

from dataclasses import fields
from typing import TypeVar

T = TypeVar("T")


def to_domain(row, cls: type[T]) -> T:
    return cls(**{f.name: getattr(row, f.name) for f in fields(cls) if hasattr(row, f.name)})


def to_row(obj, row):
    for f in fields(obj):
        if hasattr(type(row), f.name) and not (f.name == "id" and obj.id is None):
            setattr(row, f.name, getattr(obj, f.name))
    return row
