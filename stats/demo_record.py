"""The demo's part of "what to expect" (``manage.py load_demo`` finds it by name): the bundled FOIA sample
of the public record imported (in bulk; a re-run finds it unchanged in a few seconds), the figures
refreshed, and lines saying how the demo cases compare with their Regions."""

from __future__ import annotations

from pathlib import Path

from elections.models import Case
from public_record.importer import import_public_record
from stats.refresh import figures_refresh
from stats.selectors import case_outlook

SAMPLE = (
    Path(__file__).resolve().parent.parent
    / "public_record"
    / "samples"
    / "nlrb-foia-tallies-fy2017-2018.json"
)
CASES = ("10-RC-269250", "29-RC-288020", "10-RC-990001")  # Bessemer, JFK8, the live case


def load() -> list[str]:
    report = import_public_record(str(SAMPLE))
    refreshed = figures_refresh()
    lines = [
        f"Public record sample: {report.read:,} cases of the FOIA tallies FY 2017-2018 "
        f"({report.counts['cases']['imported']:,} new); {refreshed.observations:,} observations in the "
        f"figures ({refreshed.seconds:.1f} s)."
    ]
    for case in Case.objects.filter(number__in=CASES).order_by("number"):
        outlook = case_outlook(case)
        for past in outlook.history:
            figure = past.figure
            where = f"Region {figure.region}" if figure.region else "all Regions"
            against = (
                f"median {figure.median_days:g} (quartiles {figure.q1_days:g}-{figure.q3_days:g}, {figure.n} cases)"
                if figure.n
                else "fewer than 5 cases"
            )
            lines.append(f"  {case.number} {past.stage_label.lower()}: {past.days} days; {where}: {against}")
        if outlook.stage:
            lines.append(f"  {case.number} now: day {outlook.days_in_stage} since the {outlook.stage_label}")
    return lines
