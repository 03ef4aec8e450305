"""How every /ops/v1 route is declared: its path and method, the permission it needs, what it reads and
answers, and the errors it documents (the 401/403 of a staff route included)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from marshmallow import fields, validate

from bff import csv_export
from bff.resources.ops.auth import staff_required
from bff.resources.ops.blueprint import blp
from bff.schemas import InputSchema, documents
from core.domain import errors

FORBIDDEN = errors.STAFF_FORBIDDEN
REASON = fields.String(
    load_default=None,
    allow_none=True,
    validate=validate.Length(max=500),
    metadata={"description": "Why: required for grants, refunds, erasure and discards."},
)


class OpsReasonSchema(InputSchema):
    reason = REASON


def ops_docs(*error_types: Any, auth: bool = True) -> Callable:
    return documents(
        blp, *error_types, *((FORBIDDEN,) if auth else ()), auth=auth, terms_gate=False
    )


def ops_route(
    path: str,
    method: str,
    permission: str | None,
    response: Any = None,
    *,
    args: Any = None,
    location: str = "json",
    error_types: tuple = (),
    description: str | None = None,
) -> Callable:
    """A staff route: `permission` checked first (None: any signed-in staff member), then the
    arguments read, the answer dumped with `response` and documented with `error_types`."""

    def declare(view: Callable) -> Callable:
        view = ops_docs(*error_types)(view)
        answer = {"description": description} if description else {}
        view = blp.response(200, response, **answer)(view)
        if args is not None:
            view = blp.arguments(args, location=location)(view)
        view = staff_required(permission)(view)
        return blp.route(path, methods=[method])(view)

    return declare


def table(rows: Sequence[Any], columns: tuple[str, ...], name: str, header: tuple[str, ...] = ()):
    """The console's one CSV writer: `columns` picked from each row (a dict's keys or a read model's
    attributes), in order, under `header` (the column names themselves by default)."""

    def value(row: Any, column: str) -> Any:
        return row[column] if isinstance(row, Mapping) else getattr(row, column)

    return csv_export.download(
        header or columns, ([value(row, c) for c in columns] for row in rows), name
    )
