"""The declarative base every table derives from. Import tables from their modules; the package's
`__init__` imports them all, so `Base.metadata` is complete for Alembic and `create_all`."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass
