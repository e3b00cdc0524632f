"""An event's details as people read them (issue 24): each key by the label of the staff form's field, a
choice by its label, a party by its name, a flag as yes or no — for the e-mail of the event and its admin
page, never the stored codes."""

from __future__ import annotations

from typing import Any

from proceedings.admin_forms import CHOICE_LABELS, DETAIL_LABELS, choice_label
from proceedings.models import ProceedingEvent


def _value(event: ProceedingEvent, key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key == "party" and isinstance(value, int):
        party = event.case.parties.filter(pk=value).first()
        return party.name if party is not None else str(value)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, str) and value in CHOICE_LABELS:
        return choice_label(value)
    return str(value)


def detail_lines(event: ProceedingEvent) -> list[str]:
    """``Outcome: Certify the representative``, one line per detail of the event."""
    lines = []
    for key, value in (event.details or {}).items():
        if key == "objection_rulings" and isinstance(value, list):
            lines.append(f"Rulings on objections: {len(value)}")
            continue
        label = DETAIL_LABELS.get(key, key.replace("_", " ").capitalize())
        lines.append(f"{label}: {_value(event, key, value)}")
    return lines
