"""What the SQL repositories share: the insert a unique constraint guards, and the two ways a
repository reaches its unit of work. Single-use and lease decisions are one conditional UPDATE each, so
the database, not Python, settles races."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session


def _insert_once(session: Session, row) -> bool:
    """Insert a row guarded by a unique constraint; False if it already exists."""
    try:
        with session.begin_nested():
            session.add(row)
            session.flush()
        return True
    except IntegrityError:
        return False


class _OnSession:
    """A repository on its unit of work's ORM session (a read repository takes it from its unit instead)."""

    def __init__(self, session: Session) -> None:
        self._session = session

    @property
    def session(self) -> Session:
        return self._session


class _OnConnection:
    """Read repositories: the hot reads are Core statements on the unit of work's connection; the
    ORM session (for the rarer reads the class inherits) is asked of the unit only when one runs."""

    def __init__(self, uow) -> None:
        self.uow = uow

    @property
    def session(self) -> Session:
        return self.uow.session
