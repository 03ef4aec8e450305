"""The runtime switches' table (site_switches) and its history (site_switch_changes)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

from core.adapters.db.models.operations import SiteSwitchChangeRow, SiteSwitchRow


def _load(c: Connection) -> dict[str, dict]:
    table = SiteSwitchRow.__table__
    return {name: value for name, value in c.execute(select(table.c.name, table.c.value))}


def _save(
    c: Connection, name: str, value: dict | None, changed_by: str, reason: str, at: datetime
) -> None:
    if c.dialect.name == "postgresql":
        c.exec_driver_sql(
            "LOCK TABLE site_switches IN SHARE ROW EXCLUSIVE MODE"
        )  # one writer at a time
    c.execute(delete(SiteSwitchRow).where(SiteSwitchRow.name == name))
    if value is not None:
        c.execute(
            insert(SiteSwitchRow).values(
                name=name, value=value, changed_at=at, changed_by=changed_by, reason=reason
            )
        )
    c.execute(
        insert(SiteSwitchChangeRow).values(
            name=name, value=value, changed_at=at, changed_by=changed_by, reason=reason
        )
    )


def _history(c: Connection, limit: int) -> list[dict]:
    t = SiteSwitchChangeRow.__table__
    rows = c.execute(
        select(t.c.name, t.c.value, t.c.changed_at, t.c.changed_by, t.c.reason)
        .order_by(t.c.id.desc())
        .limit(limit)
    )
    return [dict(row._mapping) for row in rows]


class SqlSiteSwitchRows:
    """The same table inside a unit of work: the operator console writes a switch and its audit entry in
    one transaction."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def load(self) -> dict[str, dict]:
        return _load(self.session.connection())

    def save(
        self, name: str, value: dict | None, changed_by: str, reason: str, at: datetime
    ) -> None:
        _save(self.session.connection(), name, value, changed_by, reason, at)

    def history(self, limit: int) -> list[dict]:
        return _history(self.session.connection(), limit)


class SqlSiteSwitches:
    """Each call its own connection (the per-process cache and the CLI)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def load(self) -> dict[str, dict]:
        with self.engine.connect() as c:
            return _load(c)

    def save(
        self, name: str, value: dict | None, changed_by: str, reason: str, at: datetime
    ) -> None:
        with self.engine.begin() as c:
            _save(c, name, value, changed_by, reason, at)

    def history(self, limit: int) -> list[dict]:
        with self.engine.connect() as c:
            return _history(c, limit)
