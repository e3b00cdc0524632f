"""What the proceedings' services share: the case lock, the election an event or deadline is on, the
ladder's replay, the certification a test of certification tests, a transfer's effect, the next election an
order calls for. Private to ``proceedings.services``.
"""

from __future__ import annotations

from core.actors import Actor
from core.errors import RuleViolation, TransitionNotAllowed
from elections import services as election_services
from elections.models import Case, Election, Party
from proceedings import selectors
from proceedings.law import dispositions, ladder
from proceedings.models import ProceedingEvent
from proceedings.services import deadline_records

MAX_REASON = 2000


def _locked_case(case: Case) -> Case:
    return Case.objects.select_for_update().get(pk=case.pk)


def _election_of(case: Case, elections: list[Election], election: Election | int | None) -> Election:
    if election is None:
        chosen = selectors.current_and_proceeding(elections).proceeding
        if chosen is None:
            raise TransitionNotAllowed(
                f"{case.number} has no tallied election: its proceeding starts with the tally of ballots.",
                allowed=[],
            )
        return chosen
    pk = election.pk if isinstance(election, Election) else election
    found = next((e for e in elections if e.pk == pk), None)
    if found is None:
        raise RuleViolation("election", f"Election {pk} is not an election of {case.number}.")
    return found


election_of = _election_of  # for the services above (filings): the same choice and the same refusals


def _replay(
    case: Case,
    election: Election | None,
    *,
    events: list[ProceedingEvent] | None = None,
    facts: list[ladder.Fact] | None = None,
) -> ladder.Replay:
    """The replay of ``election``'s proceeding, or of the case's before it had any election."""
    if election is not None:
        return selectors.replay(election, events=events, facts=facts)
    if facts is None and events is None:
        events = selectors.live_events_before_election(case)
    return selectors.replay_before_election(events or (), facts=facts)


def _certification_of(case: Case) -> ProceedingEvent | None:
    """The case's first live certification of representative: what a test of certification tests."""
    return (
        ProceedingEvent.objects.filter(
            case=case, voided=False, event=ladder.Event.CERTIFICATION_ISSUED, details__kind="representative"
        )
        .order_by("occurred_on", "id")
        .first()
    )


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _next_election(
    election: Election, kind: str, actor: Actor, *, mode: str | None = None
) -> tuple[Election, bool]:
    """The election the order calls for: an existing later election is reused (the demo loads the 2022 rerun
    before its order), else created with the same ballot — for a runoff, the two choices the tally's arithmetic
    names (102.70(c)) when it names them. It carries the election agreement (a rerun or runoff after a consent
    election is still one: the Regional Director's rulings stay final, 102.62(a); 102.69(c)(2)) and the voting
    unit, and the mode unless the order names another (``mode``)."""
    later = (
        Election.objects.filter(case_id=election.case_id, sequence__gt=election.sequence)
        .order_by("sequence")
        .first()
    )
    if later is not None:
        return later, False
    disclaimed = set(
        Party.objects.filter(
            pk__in=ProceedingEvent.objects.filter(
                case_id=election.case_id,
                voided=False,
                event=ladder.Event.DISCLAIMER_FILED,
                details__effect=dispositions.OFF_THE_BALLOT,
            ).values_list("party_id", flat=True)
        ).values_list("name", flat=True)
    )
    choices = [c for c in election.choices if c not in disclaimed] or list(election.choices)
    tally = election.latest_tally
    if kind == "runoff" and tally is not None and tally.assessment.runoff_choices:
        # In the order of the original ballot (a tally's votes may come back from the database reordered).
        unions = [c for c in choices if c in tally.assessment.runoff_choices]
        choices = unions or choices
    created = election_services.election_create(
        case=election.case,
        choices=choices,
        kind=kind,
        mode=mode or election.mode,
        agreement=election.agreement,
        voting_unit=election.voting_unit,
        actor=actor,
    )
    return created, True


def _transfer(case: Case, latest: ProceedingEvent | None, actor: Actor) -> None:
    """The case's office from the latest live transfer (102.72(b)): its Region and the day it took over."""
    region = latest.details.get("region") if latest is not None else None
    if latest is None or region in (None, case.region):
        election_services.case_update(case=case, transferred_to=None, transferred_on=None, actor=actor)
    else:
        election_services.case_update(
            case=case, transferred_to=region, transferred_on=latest.occurred_on, actor=actor
        )
    deadline_records.rezone_for_transfer(case, actor)
