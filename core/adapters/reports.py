"""The daily funnel for operators as a plain-text table (the chart is in the operator console's
analytics screen, docs/operator-console.md)."""

from __future__ import annotations

from datetime import date

from core.domain.analytics import FUNNEL_STEPS, FunnelRow

COLUMNS = [step for step, _ in FUNNEL_STEPS]


def _rate(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def funnel_table(day: date, rows: list[FunnelRow], total: FunnelRow) -> str:
    header = (
        f"{'country':<8}{'utm source':<24}"
        + "".join(f"{c:>14}" for c in COLUMNS)
        + f"{'visit->paid':>13}"
    )
    lines = [
        f"Funnel for {day.isoformat()} (UTC, distinct transactions)",
        header,
        "-" * len(header),
    ]
    for row in [*rows, total]:
        if row is total:
            lines.append("-" * len(header))
        lines.append(
            f"{row.country_code:<8}{row.utm_source[:23]:<24}"
            + "".join(f"{getattr(row, c):>14}" for c in COLUMNS)
            + f"{_rate(row.paid, row.visits):>13}"
        )
    if not rows:
        lines.insert(3, "(no records received that day)")
    return "\n".join(lines)
