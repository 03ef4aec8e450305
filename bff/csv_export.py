"""The one CSV writer of every export (the console's funnel, cohorts and campaign codes): a cell a spreadsheet
would read as a formula (first character `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'`, as
OWASP's CSV injection guidance says; a plain number (`-1.50`) stays a number (docs/security.md#csv-exports).
The web console's own downloads do the same (webapp/src/components/ops/csv.ts)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from datetime import date, datetime
from typing import Any

from flask import Response

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"^[+-]?[0-9]+(\.[0-9]+)?$")


def cell(value: Any) -> str:
    """The text of one cell, neutralised: None and False are empty, True is 1, dates ISO 8601."""
    if value is None or value is False:
        return ""
    if value is True:
        return "1"
    text = value.isoformat() if isinstance(value, (datetime, date)) else str(value)
    if text.startswith(FORMULA_STARTS) and not _NUMBER.match(text):
        return "'" + text
    return text


def table(columns: Iterable[str], rows: Iterable[Iterable[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([cell(c) for c in columns])
    for row in rows:
        writer.writerow([cell(v) for v in row])
    return out.getvalue()


def download(columns: Iterable[str], rows: Iterable[Iterable[Any]], name: str) -> Response:
    """A text/csv attachment named lumo-{name}.csv."""
    return Response(
        table(columns, rows),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="lumo-{name}.csv"'},
    )
