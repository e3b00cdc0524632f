"""The e-mails the filings owe counsel of record, written through the outbox (``core.outbox``).

A paper filed goes to counsel for every *other* party; a ruling on a motion or an extension request goes
to all counsel. Each links to the paper on the desk's docket (a browser page, which a signed-out click
reaches after sign-in; the raw API answered a browser with JSON or a 401). Keys are stable
(``filing:{id}:filed``), so a notice queued twice is still sent once.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.http import urlencode

from core.links import site_url
from core.outbox import notify
from elections.law import calendar, levels
from elections.law.local_time import local_time
from elections.recipients import counsel_of_record
from filings.models import Filing
from proceedings.models import Deadline

MAX_SUBJECT = 300


def _link(filing: Filing) -> str:
    """The docket page the paper is on (``find``), at its entry."""
    path = reverse("desk:docket", kwargs={"number": filing.case.number})
    return site_url(f"{path}?{urlencode({'find': f'filing-{filing.pk}'})}#filing-{filing.pk}")


def _opened(filing: Filing, zone: str) -> str:
    """What the paper set running, said to the other side: what is due, whose, and when (the deadlines its
    ladder event opened — an answering brief after exceptions — and, for an extension request, the
    opposition 102.2(c) asks for "as soon as possible")."""
    lines = []
    opened = Deadline.objects.none()
    if filing.event is not None:
        opened = Deadline.objects.filter(trigger_event=filing.event)
    if filing.answers is not None:
        opened = opened | Deadline.objects.filter(responds_to=filing.answers)
    if filing.event is not None or filing.answers is not None:
        for deadline in opened.exclude(status="superseded").select_related("party").order_by("due_at", "id"):
            whose = deadline.party.name if deadline.party is not None else "any party"
            lines.append(
                f"\nNow due ({whose}): {deadline.label}, {local_time(deadline.due_at, zone)} ({deadline.citation})."
            )
    if filing.kind == "extension_request":
        lines.append(
            "\nAn opposition to the request, if any, should be filed as soon as possible (29 CFR 102.2(c))."
        )
    return "".join(lines)


def filing_filed(filing: Filing) -> None:
    case, party = filing.case, filing.party
    zone = case.office_zone
    due = ""
    if filing.answers is not None:
        due = f"\nIt answers: {filing.answers.label}, due {local_time(filing.answers.due_at, zone)}."
    flag = (
        " It was recorded after the deadline (untimely)."
        if filing.timely is False
        else " The stated filing time awaits staff confirmation (received after the period closed)."
        if not filing.filing_confirmed
        else ""
    )
    due += _opened(filing, zone)
    served = ", ".join(p.name for p in filing.served_on.all()) or "not served"
    service_flag = f"\n{filing.service_flag}" if filing.service_flag else ""
    kind = filing.get_kind_display().lower()
    notify(
        recipients=counsel_of_record(case, exclude_party_ids=[party.pk]),
        key=f"filing:{filing.pk}:filed",
        subject=f"{case.number}: {party.name} filed {kind} — {filing.title}"[:MAX_SUBJECT],
        body=(
            f"{party.name} filed {kind} in {case.number} ({case.name}) on "
            f"{local_time(filing.filed_at, zone)}: {filing.title}.{flag}{due}\n"
            f"Served on: {served}"
            + (f" ({filing.get_service_method_display()})" if filing.service_method else "")
            + "."
            + service_flag
            + (
                f"\nE-filing confirmation number: {filing.confirmation_number}"
                if filing.confirmation_number
                else ""
            )
            + f"\n\n{_link(filing)}"
        ),
        case=case,
    )


def filing_time_settled(filing: Filing, *, late: bool, zone: str) -> None:
    """Staff confirmed a stated filing time that waited for them, or recorded the paper as late."""
    case = filing.case
    verdict = "recorded as late" if late else "confirmed as timely"
    kind = filing.get_kind_display().lower()
    notify(
        recipients=counsel_of_record(case),
        key=f"filing:{filing.pk}:filing-confirmed",
        subject=f"{case.number}: filing time of {filing.party.name}'s {kind} {verdict}"[:MAX_SUBJECT],
        body=(
            f"Staff {verdict} the {kind} of {filing.party.name} ({filing.title}), stated as filed "
            f"{local_time(filing.filed_at, zone)} and received by the tracker "
            f"{local_time(filing.received_at or filing.filed_at, zone)}.\n\n{_link(filing)}"
        ),
        case=case,
    )


def filing_ruled(filing: Filing, *, order: Deadline | None, zone: str) -> None:
    """The ruling just recorded on ``filing``; ``order``: the deadline an extension granted moved."""
    case = filing.case
    ruling = filing.ruling.replace("_", " ")
    moved = f"\nThe {order.label.lower()} is now due {local_time(order.due_at, zone)}." if order else ""
    if order is None and filing.until is not None and filing.answers is not None:
        # An extension granted to the requesting party alone: its own date moves, the others' stand.
        until = local_time(calendar.due_at_cutoff(filing.until, zone), zone)
        moved = (
            f"\nFor {filing.party.name} alone, the {filing.answers.label.lower()} is now due {until}; the "
            "other parties' dates stand."
        )
    decided_on = filing.decided_on.isoformat() if filing.decided_on else ""
    notify(
        recipients=counsel_of_record(case),
        key=f"filing:{filing.pk}:ruled",
        subject=f"{case.number}: {filing.get_kind_display()} of {filing.party.name} {ruling}"[:MAX_SUBJECT],
        body=(
            f"The {levels.TITLES[levels.Level(filing.ruled_by_level)]} ruled on {decided_on}: "
            f"{filing.get_kind_display().lower()} of {filing.party.name} ({filing.title}) "
            f"{ruling}.{moved}\n\n{_link(filing)}"
        ),
        case=case,
    )
