"""The daily funnel for operators: a plain-text table, and a PNG chart drawn with matplotlib
(an optional dependency: `pip install '.[reports]'`; imported only when a chart is asked for)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

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


def write_funnel_png(
    day: date, rows: list[FunnelRow], total: FunnelRow, path: str | Path, top: int = 8
) -> None:
    """Left: the day's funnel; right: each step for the `top` (country, source) pairs by visits."""
    import matplotlib

    matplotlib.use("Agg")  # no display on servers
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5), gridspec_kw={"width_ratios": [1, 2]})
    values = [getattr(total, c) for c in COLUMNS]
    left.barh(COLUMNS[::-1], values[::-1], color="#4c78a8")
    for y, value in enumerate(values[::-1]):
        left.text(value, y, f" {value}", va="center")
    left.set_title(f"Funnel {day.isoformat()} (all)")
    shown = rows[:top]
    width = 0.8 / len(COLUMNS)
    for i, column in enumerate(COLUMNS):
        right.bar(
            [x + i * width for x in range(len(shown))],
            [getattr(r, column) for r in shown],
            width,
            label=column,
        )
    right.set_xticks([x + 0.4 - width / 2 for x in range(len(shown))])
    right.set_xticklabels([f"{r.country_code}\n{r.utm_source[:14]}" for r in shown], fontsize=8)
    right.set_title("By country and utm source")
    right.legend()
    left.xaxis.set_major_locator(MaxNLocator(integer=True))  # counts of people: no half visitors
    right.yaxis.set_major_locator(MaxNLocator(integer=True))
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=100)
    plt.close(fig)
