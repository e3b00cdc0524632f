"""The staff work queue: what needs action now, per region and per case (reads only).

Each section is one kind of work; each line names the case, says what is waiting and since or until when (in
the regional office's zone), and links to the page where staff act on it. The admin home renders it
(``staff.admin_site.StaffAdminSite.index``); nothing here writes. The staff app sits above every app it reads,
so the queue is composed here from what those apps export (their models and selectors): no app below it
registers a section.

Sections:

- deadlines falling due within the next N business days (``elections.law.calendar.add_business_days``, counted
  in each office's zone; 29 CFR 102.2);
- pending challenges that are determinative against the latest tally (102.69(c)(1): the Region must resolve
  them before the results can be certified);
- objections awaiting a ruling (pending or set for hearing);
- objections windows still open (the tally's, or a revised tally's under 102.69(e)): no certification until
  they close, unless the decision rules on every objection filed in them (``proceedings.law.windows``);
- hearings whose date has passed with no ``hearing_opened`` recorded (the ladder is stuck at "hearing
  scheduled" until someone records it);
- filings awaiting confirmation: a counsel-stated filing time of an objection or offer of proof that staff
  have not confirmed (``filing_confirmed``, ``offer_of_proof_confirmed``);
- ledgers that do not match their tally: the challenges logged do not account for the latest tally's
  challenged ballots (``challenges.selectors.LedgerState.matches_tally``);
- notices whose delivery keeps failing (``elections.selectors.notices_failing``);
- motions and extension requests awaiting a ruling (``filings.selectors.rulings_awaited``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils.http import urlencode

from challenges import selectors as ledger_selectors
from challenges.models import Challenge
from core import clock, delivery
from elections.law import calendar
from elections.law.local_time import day_text, local_time
from elections.law.rule_sets import DeadlineCode
from elections.models import Case, Election, Tally
from filings import selectors as filing_selectors
from objections.models import Objection
from proceedings import selectors as proceeding_selectors
from proceedings.due_words import due_words
from proceedings.law import ladder
from proceedings.law.deadlines import Status
from proceedings.models import Deadline, ProceedingEvent

DEFAULT_DAYS = 5
MAX_DAYS = 30
MAX_LINES = 200  # per section: a queue longer than this is read by filtering on a region


@dataclass(frozen=True)
class Line:
    region: int
    case_number: str
    case_name: str
    what: str
    when: str
    url: str
    action: str
    sort_key: tuple[Any, ...] = ()


@dataclass
class Section:
    key: str
    title: str
    explanation: str
    lines: list[Line] = field(default_factory=list)
    truncated: bool = False

    @property
    def count(self) -> int:
        return len(self.lines)


@dataclass
class Queue:
    days: int
    region: int | None
    sections: list[Section]
    regions: list[tuple[int, int]]  # (region, lines waiting), for the filter bar

    @property
    def total(self) -> int:
        return sum(s.count for s in self.sections)

    def by_case(self) -> list[tuple[str, str, list[tuple[str, Line]]]]:
        """Every line grouped by case: (case number, name, [(section title, line)])."""
        grouped: dict[str, list[tuple[str, Line]]] = defaultdict(list)
        names: dict[str, str] = {}
        for section in self.sections:
            for line in section.lines:
                grouped[line.case_number].append((section.title, line))
                names[line.case_number] = line.case_name
        return [(number, names[number], grouped[number]) for number in sorted(grouped)]


def _bounded_int(value: Any, default: int | None, low: int, high: int) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return number if low <= number <= high else default


def for_request(params: Mapping[str, Any]) -> Queue:
    """The queue for the admin home's query string (``?region=10&days=5``; bad values fall back)."""
    days = _bounded_int(params.get("days"), DEFAULT_DAYS, 1, MAX_DAYS) or DEFAULT_DAYS
    region = _bounded_int(params.get("region"), None, 1, 99)
    return work_queue(days=days, region=region)


def work_queue(*, days: int = DEFAULT_DAYS, region: int | None = None, now: datetime | None = None) -> Queue:
    now = now or clock.now()
    # A transferred case is worked by the receiving office (102.72(b)).
    in_region = Q(region=region, transferred_to__isnull=True) | Q(transferred_to=region)
    cases = Case.objects.all() if region is None else Case.objects.filter(in_region)
    ledgers = ledger_states(cases)
    sections = [
        deadlines_due(cases, days=days, now=now),
        determinative_challenges(ledgers),
        objections_awaiting_ruling(cases),
        objections_windows_open(cases, now=now),
        hearings_not_opened(cases, now=now),
        filings_awaiting_confirmation(cases),
        ledgers_not_matching(ledgers),
        notices_failing(cases, region=region),
        rulings_awaited(cases),
    ]
    counts: dict[int, int] = defaultdict(int)
    if region is None:
        for section in sections:
            for line in section.lines:
                if line.region:  # a notice of no case has none
                    counts[line.region] += 1
    return Queue(days=days, region=region, sections=sections, regions=sorted(counts.items()))


def _finish(section: Section, lines: Iterable[Line]) -> Section:
    ordered = sorted(lines, key=lambda line: line.sort_key)
    section.truncated = len(ordered) > MAX_LINES
    section.lines = ordered[:MAX_LINES]
    return section


def ladder_url(case: Case) -> str:
    return reverse("admin:proceedings_caseladder_change", args=[case.pk])


def record_event_url(case: Case, event: str = "") -> str:
    query: dict[str, str | int] = {"case": case.pk, **({"event": event} if event else {})}
    return reverse("admin:proceedings_proceedingevent_add") + "?" + urlencode(query)


def ledger_states(cases: Any) -> dict[int, ledger_selectors.LedgerState]:
    """The ledger of every election that has challenged ballots (a tally counted some, or a challenge was
    logged), read once for the two sections about ledgers."""
    with_ballots = set(
        Tally.objects.filter(election__case__in=cases, challenged__gt=0).values_list("election_id", flat=True)
    ) | set(Challenge.objects.filter(election__case__in=cases).values_list("election_id", flat=True))
    return ledger_selectors.ledger_states(with_ballots)


# --- sections ----------------------------------------------------------------------------------------------


def deadlines_due(cases: Any, *, days: int, now: datetime) -> Section:
    section = Section(
        "deadlines",
        f"Deadlines due in the next {days} business days",
        "Open deadlines, soonest first; counted in business days of each regional office (29 CFR 102.2).",
    )
    horizon = calendar.add_business_days(now.date(), days + 1)  # a superset: each zone is checked below
    candidates = (
        proceeding_selectors.with_effective_status(
            Deadline.objects.filter(case__in=cases, status=Status.OPEN, due_at__gte=now, due_on__lte=horizon),
            now=now,
        )
        .filter(Q(effective_status=Status.OPEN))
        .select_related("case", "party")
        .order_by("due_at", "id")
    )
    cutoffs: dict[str, date] = {}
    lines = []
    for deadline in candidates[: MAX_LINES * 2]:
        zone = deadline.zone
        if zone not in cutoffs:
            cutoffs[zone] = calendar.add_business_days(clock.today(zone), days)
        if deadline.due_on > cutoffs[zone]:
            continue
        party = f" — {deadline.party.name}" if deadline.party_id and deadline.party else ""
        unverified = "" if deadline.verified else " (rule unverified: check the date)"
        lines.append(
            Line(
                region=deadline.case.office_region,
                case_number=deadline.case.number,
                case_name=deadline.case.name,
                what=f"{deadline.label}{party}{unverified}",
                when=due_words(deadline),
                url=ladder_url(deadline.case),
                action="Open the case ladder",
                sort_key=(deadline.due_at, deadline.pk),
            )
        )
    return _finish(section, lines)


def determinative_challenges(states: Mapping[int, ledger_selectors.LedgerState]) -> Section:
    section = Section(
        "challenges",
        "Determinative challenges still pending",
        "The unresolved ballots could change the result of the latest tally: they must be resolved "
        "before the results are certified (29 CFR 102.69(c)(1)).",
    )
    elections = Election.objects.filter(
        pk__in=[pk for pk, s in states.items() if s.pending and s.determinative]
    ).select_related("case")
    lines = []
    for election in elections:
        state = states[election.pk]
        url = (
            reverse("admin:challenges_challenge_changelist")
            + "?"
            + urlencode({"election": str(election.pk), "status__exact": str(Challenge.Status.PENDING)})
        )
        lines.append(
            Line(
                region=election.case.office_region,
                case_number=election.case.number,
                case_name=election.case.name,
                what=f"Election {election.sequence}: {state.summary()}",
                when=f"{state.pending} pending",
                url=url,
                action="Resolve the challenges",
                sort_key=(election.case.number, election.sequence),
            )
        )
    return _finish(section, lines)


def objections_awaiting_ruling(cases: Any) -> Section:
    section = Section(
        "objections",
        "Objections awaiting a ruling",
        "Pending objections and objections set for hearing, oldest filing first (29 CFR 102.69(c)).",
    )
    waiting = (
        Objection.objects.filter(
            election__case__in=cases,
            status__in=[Objection.Status.PENDING, Objection.Status.SET_FOR_HEARING],
        )
        .select_related("election__case", "filed_by")
        .prefetch_related("served_on", "election__case__parties")
        .order_by("filed_at", "id")
    )
    by_election: dict[int, list[Objection]] = defaultdict(list)
    for objection in waiting[: MAX_LINES * 20]:
        by_election[objection.election_id].append(objection)
    lines = []
    for objections in by_election.values():
        first = objections[0]
        election, case = first.election, first.election.case
        statuses = sorted({o.get_status_display().lower() for o in objections})
        url = reverse("admin:objections_objection_changelist") + "?" + urlencode({"case": case.number})
        # Service is flagged, not refused: staff see which objections reached no other party.
        unserved = [o for o in objections if o.service_flag]
        service = (
            f"; {len(unserved)} not served or without a certificate of service (29 CFR 102.69(a)(8))"
            if unserved
            else ""
        )
        lines.append(
            Line(
                region=case.office_region,
                case_number=case.number,
                case_name=case.name,
                what=f"Election {election.sequence}: {len(objections)} objection(s) {' or '.join(statuses)} "
                f"({', '.join(sorted({o.filed_by.name for o in objections}))}){service}",
                when=f"filed {local_time(first.filed_at, case.office_zone)}",
                url=url,
                action="Record the rulings",
                sort_key=(first.filed_at, first.pk),
            )
        )
    return _finish(section, lines)


def objections_windows_open(cases: Any, *, now: datetime) -> Section:
    section = Section(
        "windows",
        "Objections windows open: no certification yet",
        "A certifying decision waits until the window closes, or rules on every objection filed in it "
        "(29 CFR 102.69(a)(8), (e)).",
    )
    open_windows = (
        Deadline.objects.filter(
            case__in=cases,
            code=DeadlineCode.OBJECTIONS,
            trigger_tally__isnull=False,
            status__in=[Status.OPEN, Status.MET],  # an objection filed does not close it for the others
            due_at__gte=now,
        )
        .select_related("case", "election", "trigger_tally")
        .order_by("due_at", "id")
    )
    lines = []
    for deadline in open_windows[: MAX_LINES * 2]:
        case, tally = deadline.case, deadline.trigger_tally
        assert tally is not None
        which = "tally of ballots" if tally.revision == 0 else f"revised tally {tally.revision}"
        lines.append(
            Line(
                region=case.region,
                case_number=case.number,
                case_name=case.name,
                what=f"{deadline.on_election.capitalize()}: objections to the {which} ({deadline.citation})",
                when=f"closes {local_time(deadline.due_at, deadline.zone)}",
                url=ladder_url(case),
                action="Open the case ladder",
                sort_key=(deadline.due_at, deadline.pk),
            )
        )
    return _finish(section, lines)


def hearings_not_opened(cases: Any, *, now: datetime) -> Section:
    """A notice of hearing (or a consolidation order) set a hearing date that has passed, and no hearing has
    been recorded as opened since: either the hearing was held and not recorded, or it was postponed and the
    new date not entered."""
    section = Section(
        "hearings",
        "Hearings whose date has passed without “hearing opened”",
        "Record the hearing as opened, or the order that postponed it.",
    )
    setting = [ladder.Event.NOTICE_OF_HEARING.value, ladder.Event.CONSOLIDATED_WITH_ULP.value]
    events = (
        ProceedingEvent.objects.filter(
            case__in=cases,
            voided=False,
            event__in=[*setting, ladder.Event.HEARING_OPENED.value],
        )
        .select_related("case", "election")
        .order_by("election_id", "occurred_on", "id")
    )
    latest: dict[int | None, ProceedingEvent] = {}
    for event in events:
        latest[event.election_id] = event  # the last of notice/consolidation/opened per election
    lines = []
    for event in latest.values():
        if event.event not in setting or not event.details.get("hearing_on"):
            continue
        hearing_on = date.fromisoformat(str(event.details["hearing_on"]))
        zone = event.case.office_zone
        if hearing_on >= clock.today(zone):
            continue
        lines.append(
            Line(
                region=event.case.office_region,
                case_number=event.case.number,
                case_name=event.case.name,
                what=f"{event.on_election.capitalize()}: hearing set for {day_text(hearing_on)} by the "
                f"{event.event_label.lower()} of {day_text(event.occurred_on)}",
                when=f"{(clock.today(zone) - hearing_on).days} day(s) ago",
                url=record_event_url(event.case, ladder.Event.HEARING_OPENED.value),
                action="Record the hearing opened",
                sort_key=(hearing_on, event.pk),
            )
        )
    return _finish(section, lines)


def filings_awaiting_confirmation(cases: Any) -> Section:
    section = Section(
        "filings",
        "Filings awaiting confirmation",
        "Counsel stated a filing time the tracker did not see: confirm it, or record the filing as late.",
    )
    waiting = (
        Objection.objects.filter(election__case__in=cases)
        .exclude(status=Objection.Status.WITHDRAWN)
        .filter(Q(filing_confirmed=False) | Q(offer_of_proof_confirmed=False))
        .select_related("election__case", "filed_by")
        .order_by("received_at", "id")
    )
    lines = []
    for objection in waiting[:MAX_LINES]:
        case = objection.election.case
        what = "objection" if not objection.filing_confirmed else "offer of proof"
        stated = objection.filed_at if not objection.filing_confirmed else objection.offer_of_proof_filed_at
        received = (
            objection.received_at if not objection.filing_confirmed else objection.offer_of_proof_received_at
        )
        when = f"stated {local_time(stated, case.office_zone)}" if stated else ""
        if received:
            when += f"; received {local_time(received, case.office_zone)}"
        lines.append(
            Line(
                region=case.office_region,
                case_number=case.number,
                case_name=case.name,
                what=f"Election {objection.election.sequence}: {objection} — the {what}'s filing time",
                when=when.lstrip("; "),
                url=reverse("admin:objections_objection_changelist") + "?" + urlencode({"case": case.number}),
                action="Confirm or record as late",
                sort_key=(objection.received_at or objection.filed_at, objection.pk),
            )
        )
    return _finish(section, lines)


def ledgers_not_matching(states: Mapping[int, ledger_selectors.LedgerState]) -> Section:
    section = Section(
        "ledgers",
        "Ledgers that do not match their tally",
        "The challenges logged do not account for the latest tally's challenged ballots: log the missing "
        "ones or record a revised tally.",
    )
    off = [pk for pk, state in states.items() if state.matches_tally is False]
    lines = []
    for election in Election.objects.filter(pk__in=off[: MAX_LINES * 2]).select_related("case"):
        state = states[election.pk]
        tally = state.latest_tally
        assert tally is not None  # matches_tally is None without one
        lines.append(
            Line(
                region=election.case.office_region,
                case_number=election.case.number,
                case_name=election.case.name,
                what=f"Election {election.sequence}: {state.ledger_count} challenge(s) in the ledger, "
                f"{tally.challenged} challenged ballot(s) in tally revision {tally.revision}",
                when=f"tally of {local_time(tally.prepared_at, election.case.office_zone)}",
                url=reverse("admin:challenges_challenge_changelist")
                + "?"
                + urlencode({"election": str(election.pk)}),
                action="Open the ledger",
                sort_key=(election.case.number, election.sequence),
            )
        )
    return _finish(section, lines)


def notices_failing(cases: Any, *, region: int | None) -> Section:
    section = Section(
        "notices",
        "Notices whose delivery keeps failing",
        "The mail transport refused these e-mails several times (retries go on): check the address.",
    )
    failing = delivery.failing()
    if region is not None:
        failing = failing.filter(case__in=cases)
    lines = []
    for notice in failing[:MAX_LINES]:
        case = notice.case
        lines.append(
            Line(
                region=case.office_region if case else 0,
                case_number=case.number if case else "—",
                case_name=case.name if case else "",
                what=f"“{notice.subject}” to {notice.recipient.get_username()} "
                f"({notice.recipient.email or 'no address'}): {notice.failures} failed attempt(s)",
                when=f"since {local_time(notice.created_at, case.office_zone if case else None)}",
                url=reverse("admin:core_notification_change", args=[notice.pk]),
                action="Open the notice",
                sort_key=(notice.created_at, notice.pk),
            )
        )
    return _finish(section, lines)


def rulings_awaited(cases: Any) -> Section:
    section = Section(
        "rulings",
        "Motions and extension requests awaiting a ruling",
        "Counsel asked for a ruling (an extension of time under 29 CFR 102.2(c), or a motion): record it; a "
        "granted extension moves the deadline and everything counted from it.",
    )
    lines = []
    for filing in filing_selectors.rulings_awaited(cases)[: MAX_LINES + 1]:
        case = filing.case
        zone = case.office_zone
        when = f"filed {local_time(filing.filed_at, zone)}"
        if filing.answers is not None:
            when += f"; {filing.answers.label.lower()} due {local_time(filing.answers.due_at, zone)}"
        flag = f" — {filing.service_flag}" if filing.service_flag else ""  # 102.2(c): served on whom
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
    return _finish(section, lines)
