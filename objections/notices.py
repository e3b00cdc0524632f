"""The e-mails the objections owe counsel of record, written through the outbox (``core.outbox``).

Who hears of what: an objection filed or withdrawn goes to counsel for every *other* party; a filing time
settled by staff, an extension of the offer of proof and the rulings of a report go to all counsel (one
notice per report, not one per objection). Keys are stable (``objection:{id}:filed``), so a notice queued
twice is still sent once.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

from core.links import desk_url
from core.outbox import notify
from elections.law.local_time import local_time
from elections.models import Case
from elections.recipients import counsel_of_record
from objections.law import rulings as rules
from objections.models import Objection, Ruling


def label(objection: Objection) -> str:
    """How a notice or a refusal names an objection: "Amazon.com Services LLC objection 3"."""
    return f"{objection.filed_by.name} objection {objection.number}"


def _link(objection: Objection) -> str:
    return desk_url(objection.election.case.number, anchor=f"objection-{objection.pk}")


def objection_filed(objection: Objection, *, due_at: datetime | None, zone: str) -> None:
    election = objection.election
    case = election.case
    filed_by = objection.filed_by
    flag = (
        " It was recorded after the deadline (untimely)."
        if objection.timely is False
        else f" The stated filing time awaits staff confirmation: the tracker received it "
        f"{local_time(objection.received_at, zone)}, after the period closed."
        if not objection.filing_confirmed and objection.received_at is not None
        else ""
    )
    # What is due, whose, and when: the notice is read by the other side, who may object too.
    due = (
        f"Objections to election {election.sequence} (any party's) are due {local_time(due_at, zone)} "
        "(29 CFR 102.69(a)(8))."
        if due_at
        else "No objections deadline computed."
    )
    if objection.offer_of_proof_filed_at is None and objection.offer_of_proof_due_at is not None:
        due += (
            f" {filed_by.name}'s offer of proof in support is still owed, due "
            f"{local_time(objection.offer_of_proof_due_at, zone)}."
        )
    served = ", ".join(sorted(p.name for p in objection.served_on.all())) or "not served"
    method = f" ({objection.get_service_method_display()})" if objection.service_method else ""
    service = f"Served on: {served}{method}." + (
        f" {objection.service_flag}" if objection.service_flag else ""
    )
    category = objection.get_category_display()
    notify(
        recipients=counsel_of_record(case, exclude_party_ids=[filed_by.pk]),
        key=f"objection:{objection.pk}:filed",
        subject=f"{case.number}: {filed_by.name} filed objection {objection.number} ({category})",
        body=(
            f"{filed_by.name} filed objection {objection.number} to the conduct of election "
            f"{election.sequence} in {case.number} ({case.name}) on {local_time(objection.filed_at, zone)}."
            f"{flag}\n\nCategory: {category}\n\n{objection.statement}\n\n{service}\n\n{due}\n\n"
            f"{_link(objection)}"
        ),
        case=case,
    )


def filing_time_settled(objection: Objection, *, late: bool, zone: str) -> None:
    case = objection.election.case
    verdict = "recorded as late" if late else "confirmed as timely"
    received = local_time(objection.received_at, zone) if objection.received_at else "unknown"
    notify(
        recipients=counsel_of_record(case),
        key=f"objection:{objection.pk}:filing-confirmed",
        subject=f"{case.number}: filing time of {label(objection)} {verdict}",
        body=(
            f"Staff {verdict} {label(objection)}, stated as filed {local_time(objection.filed_at, zone)} "
            f"and received by the tracker {received}.\n\n{_link(objection)}"
        ),
        case=case,
    )


def rulings_recorded(
    case: Case,
    changes: Sequence[tuple[Objection, str, str]],
    created: Sequence[Ruling],
    *,
    level: str,
    decided_on: date,
    note: str,
) -> None:
    """One notice per report: ``changes`` is each objection with its disposition and its status before."""
    body_of = rules.LEVEL_LABELS[level]
    lines = []
    for objection, disposition, previous in changes:
        change = (
            f"status {objection.status}"
            if previous == objection.status
            else f"status {previous} → {objection.status}"
        )
        lines.append(
            f"- {label(objection)} ({objection.get_category_display()}): "
            f"{disposition.replace('_', ' ')}; {change}"
        )
    if len(created) == 1:
        objection = changes[0][0]
        key = f"objection:{objection.pk}:ruling:{created[0].pk}"
        subject = f"{case.number}: {body_of} ruled on {label(objection)}"
    else:
        # One notice per person per report: the key names the report by its first ruling.
        key = f"rulings:{level}:{decided_on.isoformat()}:{created[0].pk}"
        subject = f"{case.number}: {body_of} ruled on {len(created)} objections ({decided_on})"
    body = (
        f"{body_of[0].upper()}{body_of[1:]} ruled on {decided_on} in {case.number} ({case.name}):\n\n"
        + "\n".join(lines)
        + (f"\n\nNote: {note}" if note else "")
        + f"\n\n{desk_url(case.number, anchor='objections')}"
    )
    notify(recipients=counsel_of_record(case), key=key, subject=subject, body=body, case=case)


def objection_withdrawn(objection: Objection, *, withdrawn_at: datetime, zone: str) -> None:
    case = objection.election.case
    notify(
        recipients=counsel_of_record(case, exclude_party_ids=[objection.filed_by_id]),
        key=f"objection:{objection.pk}:withdrawn",
        subject=f"{case.number}: {label(objection)} withdrawn",
        body=(
            f"{objection.filed_by.name} withdrew objection {objection.number} "
            f"({objection.get_category_display()}) in {case.number} on {local_time(withdrawn_at, zone)}.\n\n"
            f"{_link(objection)}"
        ),
        case=case,
    )


def offer_of_proof_extended(
    objection: Objection, *, until: datetime, previous: datetime | None, reason: str, zone: str
) -> None:
    case = objection.election.case
    notify(
        recipients=counsel_of_record(case),
        key=f"objection:{objection.pk}:offer-extended:{until.isoformat()}",
        subject=f"{case.number}: offer of proof for {label(objection)} extended",
        body=(
            f"The offer of proof in support of {label(objection)} is now due {local_time(until, zone)} "
            f"(was {local_time(previous, zone) if previous else 'not computed'}). Reason: {reason}\n"
            "The objections themselves are not extended (29 CFR 102.69(a)(8)).\n\n"
            f"{_link(objection)}"
        ),
        case=case,
    )
