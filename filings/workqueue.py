"""The work-queue section of filings: motions and extension requests awaiting a ruling (registered with
``proceedings.workqueue`` in ``FilingsConfig.ready``)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.http import urlencode

from elections.law.local_time import local_time
from filings import selectors
from proceedings.workqueue import MAX_LINES, Line, Section, finish


def rulings_awaited(cases: Any) -> Section:
    section = Section(
        "rulings",
        "Motions and extension requests awaiting a ruling",
        "Counsel asked for a ruling (an extension of time under 29 CFR 102.2(c), or a motion): record it; a "
        "granted extension moves the deadline and everything counted from it.",
    )
    lines = []
    for filing in selectors.rulings_awaited(cases)[: MAX_LINES + 1]:
        case = filing.case
        zone = case.office_zone
        when = f"filed {local_time(filing.filed_at, zone)}"
        if filing.answers is not None:
            when += f"; {filing.answers.label.lower()} due {local_time(filing.answers.due_at, zone)}"
        flag = f" — {filing.service_flag}" if filing.service_flag else ""
        lines.append(
            Line(
                region=case.region,
                case_number=case.number,
                case_name=case.name,
                what=f"{filing.get_kind_display()} of {filing.party.name}: {filing.title}{flag}",
                when=when,
                url=reverse("admin:filings_filing_changelist")
                + "?"
                + urlencode({"awaiting": "yes", "case": case.number}),
                action="Rule on it",
                sort_key=(filing.filed_at, filing.pk),
            )
        )
    return finish(section, lines)
