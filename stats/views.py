"""``/expect/``: the pictures of "what to expect" for anyone signed in — per stage, the distribution by Region
and the trend by fiscal year, each SVG beside its table, with CSV links (the API's ``stats/stages/``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse_lazy
from django.utils.safestring import SafeString, mark_safe

from stats import charts
from stats.law.stages import READING, Stage
from stats.models import StageFigure
from stats.selectors import EACH, running_long, stage_figures


@dataclass
class StageSection:
    stage: Stage
    reading: str
    national: StageFigure | None = None
    regions: list[StageFigure] = field(default_factory=list)
    years: list[StageFigure] = field(default_factory=list)
    by_region: SafeString | str = ""
    by_year: SafeString | str = ""


def _box(row: StageFigure, label: str) -> charts.Box:
    return charts.Box(label, row.q1_days, row.median_days, row.q3_days, row.n)


def sections() -> list[StageSection]:
    """Every stage with its national figure, its Regions and its years: three queries in all."""
    found = {s: StageSection(s, READING[s]) for s in Stage}
    for row in stage_figures({}):
        found[Stage(row.stage)].national = row
    for row in stage_figures({"region": EACH}):
        found[Stage(row.stage)].regions.append(row)
    for row in stage_figures({"fiscal_year": EACH}):
        found[Stage(row.stage)].years.append(row)
    for section in found.values():
        reference = section.national.median_days if section.national else None
        # The SVG is built from numbers and escaped labels only (stats.charts).
        section.by_region = mark_safe(
            charts.boxes(
                f"{section.stage.label}, by Region",
                [_box(r, f"R{r.region}") for r in section.regions],
                reference=reference,
            )
        )
        section.by_year = mark_safe(
            charts.trend(
                f"{section.stage.label}, by fiscal year",
                [_box(r, f"FY{r.fiscal_year}") for r in section.years],
            )
        )
    return list(found.values())


@login_required(login_url=reverse_lazy("desk:sign-in"))  # the people's door is the desk's sign-in
def expect(request: HttpRequest) -> HttpResponse:
    return render(request, "stats/expect.html", {"sections": sections(), "staff": request.user.is_staff})


@staff_member_required
def running_long_page(request: HttpRequest) -> HttpResponse:
    """Staff: the open cases of a Region (``?region=10``; all without it) past the third quartile of their
    next stage."""
    text = request.GET.get("region", "")
    region = int(text) if text.isdigit() and 0 < int(text) < 100 else None
    return render(request, "stats/running_long.html", {"rows": running_long(region), "region": region})
