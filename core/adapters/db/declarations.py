"""The public declarations (core/domain/contract_cancellations.py) and the console's queue of them."""

from __future__ import annotations

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session

from core.adapters.db.mapping import rowcount, to_domain, to_row
from core.adapters.db.models.consumer_law import DeclarationRow
from core.domain.contract_cancellations import DONE, Declaration


class SqlDeclarations:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, declaration: Declaration) -> Declaration:
        row = to_row(declaration, DeclarationRow())
        self.session.add(row)
        self.session.flush()
        declaration.id = row.id
        return declaration

    def get(self, declaration_id: int) -> Declaration | None:
        row = self.session.get(DeclarationRow, declaration_id)
        return to_domain(row, Declaration) if row else None

    def by_receipt(self, receipt_hash: str) -> Declaration | None:
        row = self.session.scalar(
            select(DeclarationRow).where(DeclarationRow.receipt_hash == receipt_hash)
        )
        return to_domain(row, Declaration) if row else None

    def save(self, declaration: Declaration) -> None:
        row = self.session.get(DeclarationRow, declaration.id)
        assert row is not None
        to_row(declaration, row)
        self.session.flush()

    def mark_done(self, declaration_id: int, declaration: Declaration) -> bool:
        """Close it with who, when and why, unless it is closed already (the database settles two clicks)."""
        result = self.session.execute(
            update(DeclarationRow)
            .where(DeclarationRow.id == declaration_id, DeclarationRow.status != DONE)
            .values(
                status=DONE,
                handled_at=declaration.handled_at,
                handled_by=declaration.handled_by,
                handled_reason=declaration.handled_reason,
            )
        )
        return rowcount(result) == 1

    def queue(
        self, status: str | None, kind: str | None, before_id: int | None, limit: int
    ) -> list[Declaration]:
        query = select(DeclarationRow).order_by(DeclarationRow.id.desc()).limit(limit)
        if status:
            query = query.where(DeclarationRow.status == status)
        if kind:
            query = query.where(DeclarationRow.kind == kind)
        if before_id:
            query = query.where(DeclarationRow.id < before_id)
        return [to_domain(r, Declaration) for r in self.session.scalars(query)]

    def for_account(self, account_id: int, email: str) -> list[Declaration]:
        rows = self.session.scalars(
            select(DeclarationRow)
            .where(or_(DeclarationRow.account_id == account_id, DeclarationRow.email == email))
            .order_by(DeclarationRow.id)
        )
        return [to_domain(r, Declaration) for r in rows]
