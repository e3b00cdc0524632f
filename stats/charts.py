"""The pictures of "what to expect" as inline SVG, drawn on the server: no script, no outside file, and a
``viewBox`` so a phone scales them to its width. Each picture is drawn from the same rows its table beside it
shows (the table is what a screen reader reads: the SVG is ``aria-hidden``).

Plain Python: no Django (the docs generator draws the same pictures).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH = 360
LEFT = 44  # room for the row labels
RIGHT = 12
ROW = 16
INK = "#1f2937"
BOX = "#93c5fd"
MEDIAN = "#1d4ed8"
GRID = "#d1d5db"


@dataclass(frozen=True)
class Box:
    label: str
    q1: float
    median: float
    q3: float
    n: int


def _scale(top: float) -> float:
    """A round upper bound for the axis."""
    for step in (5, 10, 20, 30, 60, 90, 120, 180, 365, 730):
        if top <= step:
            return float(step)
    return float(int(top / 365 + 1) * 365)


def _x(value: float, top: float) -> float:
    return LEFT + (WIDTH - LEFT - RIGHT) * value / top


def _axis(top: float, y: float) -> list[str]:
    parts = []
    for i in range(5):
        value = top * i / 4
        x = _x(value, top)
        parts.append(
            f'<line x1="{x:.1f}" y1="14" x2="{x:.1f}" y2="{y:.1f}" stroke="{GRID}" stroke-width="0.5"/>'
        )
        parts.append(
            f'<text x="{x:.1f}" y="{y + 11:.1f}" font-size="9" text-anchor="middle" fill="{INK}">{value:g}</text>'
        )
    return parts


def boxes(title: str, rows: Sequence[Box], *, reference: float | None = None) -> str:
    """One box per row (first quartile to third, the median a bar), days on the horizontal axis;
    ``reference`` (the national median) a dashed line."""
    if not rows:
        return ""
    top = _scale(max(r.q3 for r in rows))
    height = 20 + ROW * len(rows) + 16
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="100%" '
        f'role="img" aria-hidden="true" class="stats-chart" style="max-width:{WIDTH * 2}px">',
        f'<text x="{LEFT}" y="10" font-size="10" fill="{INK}">{escape(title)} (days)</text>',
        *_axis(top, 20 + ROW * len(rows)),
    ]
    for i, row in enumerate(rows):
        y = 20 + ROW * i
        x1, xm, x3 = _x(row.q1, top), _x(row.median, top), _x(row.q3, top)
        parts += [
            f'<text x="{LEFT - 4}" y="{y + 11}" font-size="9" text-anchor="end" fill="{INK}">{escape(row.label)}</text>',
            f'<rect x="{x1:.1f}" y="{y + 3}" width="{max(x3 - x1, 1):.1f}" height="{ROW - 6}" fill="{BOX}"/>',
            f'<rect x="{xm - 1:.1f}" y="{y + 1}" width="2" height="{ROW - 2}" fill="{MEDIAN}"/>',
        ]
    if reference is not None:
        x = _x(reference, top)
        bottom = 20 + ROW * len(rows)
        parts.append(
            f'<line x1="{x:.1f}" y1="16" x2="{x:.1f}" y2="{bottom}" stroke="{INK}" stroke-dasharray="3 2" stroke-width="1"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


def trend(title: str, rows: Sequence[Box]) -> str:
    """Fiscal years down the page, as ``boxes`` draws them: the same picture, one row per year."""
    return boxes(title, rows)
