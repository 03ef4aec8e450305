"""The outbox: messages written in the caller's transaction, delivered later under a lease."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session

from core.adapters.db.mapping import rowcount, to_domain, to_row
from core.adapters.db.models.operations import OutboxRow
from core.domain.ports.messaging import OutboxMessage


class SqlOutbox:
    def __init__(self, session: Session, clock) -> None:
        self.session = session
        self.clock = clock

    def add(self, message: OutboxMessage) -> None:
        message.created_at = message.created_at or self.clock.now()
        message.account_id = message.account_id or message.payload.get("account_id")
        self.session.add(to_row(message, OutboxRow()))
        self.session.flush()

    def forget(self, message_id: int) -> None:
        self.session.execute(
            update(OutboxRow).where(OutboxRow.id == message_id).values(payload={}, account_id=None)
        )

    @staticmethod
    def _ready(now: datetime):
        return (
            OutboxRow.delivered_at.is_(None),
            OutboxRow.dead_at.is_(None),
            or_(OutboxRow.locked_until.is_(None), OutboxRow.locked_until < now),
            or_(OutboxRow.next_attempt_at.is_(None), OutboxRow.next_attempt_at <= now),
        )

    def pending_ids(self, kinds: tuple[str, ...], now: datetime, limit: int) -> list[int]:
        return list(
            self.session.scalars(
                select(OutboxRow.id)
                .where(OutboxRow.kind.in_(kinds), *self._ready(now))
                .order_by(OutboxRow.id)
                .limit(limit)
            )
        )

    def claim(self, message_id: int, now: datetime, lease_seconds: int) -> OutboxMessage | None:
        result = self.session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == message_id, *self._ready(now))
            .values(
                locked_until=now + timedelta(seconds=lease_seconds), attempts=OutboxRow.attempts + 1
            )
            .execution_options(synchronize_session=False)
        )
        if rowcount(result) != 1:
            return None
        return to_domain(
            self.session.get(OutboxRow, message_id, populate_existing=True), OutboxMessage
        )

    def mark_delivered(self, message_id: int, now: datetime) -> None:
        self.session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == message_id)
            .values(delivered_at=now, locked_until=None, last_error=None, next_attempt_at=None)
        )

    def mark_failed(self, message_id: int, error: str, retry_at: datetime | None = None) -> None:
        self.session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == message_id)
            .values(last_error=error, locked_until=None, next_attempt_at=retry_at)
        )

    def mark_dead(self, message_id: int, error: str, now: datetime) -> None:
        self.session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == message_id)
            .values(last_error=error, locked_until=None, next_attempt_at=None, dead_at=now)
        )

    def dead(self, kind: str | None, limit: int) -> list[OutboxMessage]:
        query = select(OutboxRow).where(
            OutboxRow.dead_at.is_not(None),
            OutboxRow.delivered_at.is_(None),
            OutboxRow.discarded_at.is_(None),
        )
        if kind:
            query = query.where(OutboxRow.kind == kind)
        rows = self.session.scalars(query.order_by(OutboxRow.id).limit(limit))
        return [to_domain(r, OutboxMessage) for r in rows]

    def requeue(self, message_id: int) -> bool:
        result = self.session.execute(
            update(OutboxRow)
            .where(
                OutboxRow.id == message_id,
                OutboxRow.dead_at.is_not(None),
                OutboxRow.delivered_at.is_(None),
                OutboxRow.discarded_at.is_(None),
            )
            .values(dead_at=None, attempts=0, next_attempt_at=None, locked_until=None)
            .execution_options(synchronize_session=False)
        )
        return rowcount(result) == 1
