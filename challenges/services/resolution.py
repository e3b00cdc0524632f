"""State changes of the challenged-ballot ledger. The API, the admin, the management command and the demo
all call these functions; each is one transaction that locks what it changes, checks the step, writes with
history (django-simple-history, bulk writes included) and queues its notices for after the commit.

The life of a challenge (29 CFR 102.69(a)(5)–(7), (c)(1); Form NLRB-5547)::

    pending ──resolve──▶ sustained            (ballot never opened)
            ──resolve──▶ overruled ─┐
            ──withdraw─▶ withdrawn ─┴─ after a tally: awaiting_count ──open-and-count──▶ counted_in = revision
            ──moot─────▶ moot                 (not determinative: never opened or decided)

A challenge released *before* any tally (overruled by agreement at the polls, or withdrawn) had its ballot
counted in the original tally; released *after* a tally, its ballot sits sealed among the tally's
challenged ballots and must be opened and counted into a revised tally.

Who may act: counsel log and withdraw challenges in their own party's name; Board staff log for any party
or for the Board agent, resolve, open and count, and mark moot. ``actor=None`` is the system itself
(the demo loader, a management command run without ``--as``) and may do anything.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from simple_history.utils import bulk_update_with_history

from challenges import copy_write, csv_import, history, notices
from challenges.models import Challenge
from challenges.selectors import ledger_state
from challenges.validation import (
    JOB_CLASSIFICATION_MAX,
    REASON_MAX,
    VOTER_IDENTIFIER_MAX,
    VOTER_NAME_MAX,
    FieldProblem,
    clean_ground,
    clean_text,
    duplicate_column,
    resolve_challenger,
)
from core import clock
from core.actors import Actor, acting_user, is_staff, require_staff, stamp
from core.errors import NotPermitted, RuleViolation, TransitionNotAllowed
from elections.law import levels
from elections.law import tally as tally_law
from elections.law.tally import MAX_COUNT
from elections.models import Case, Election, Tally
from elections.selectors import counsel_party_ids
from elections.services import tally_record, tally_votes_clean

BULK_BATCH = 2_000

OUTCOMES = (Challenge.Status.SUSTAINED, Challenge.Status.OVERRULED)


# --- who may do what ----------------------------------------------------------------------------------


def _may_log_for(actor: Actor, case: Case) -> set[int] | None:
    """The challengers the actor may log for: ``None`` means any (staff, the system); else party ids.

    Raises NotPermitted for anyone who is neither staff nor counsel in the case."""
    if actor is None or is_staff(actor):
        return None
    own = counsel_party_ids(actor, case.pk)
    if not own:
        raise NotPermitted("Only counsel for a party, or Board staff, may log challenged ballots.")
    return own


def _today_in(case: Case) -> date:
    """Today in the regional office's zone: a decision recorded at 8 p.m. Central is not 'tomorrow'."""
    return clock.today(case.office_zone)


def _rule(problem: FieldProblem) -> RuleViolation:
    return RuleViolation(problem.field, problem.message)


# --- logging ------------------------------------------------------------------------------------------


def _check_room_in_tally(election: Election, *, adding: int, actor: Actor) -> None:
    """Once a tally is recorded, the ledger holds no more challenges than the latest tally's challenged
    ballots (a challenge is a sealed ballot the tally counted): one more means the tally or the ledger is
    wrong, and the tally is corrected first, by a revision (409)."""
    state = ledger_state(election)
    tally = state.latest_tally
    if tally is None or state.ledger_count + adding <= tally.challenged:
        return
    # Only staff revise a tally: counsel are told whom to ask, not a step they cannot take.
    remedy = (
        "Correct the tally with a revision first."
        if actor is None or is_staff(actor)
        else "Ask the Region (Board staff) to correct the tally, or check the ledger for a ballot logged twice."
    )
    raise TransitionNotAllowed(
        f"Tally revision {tally.revision} of election {election.sequence} counted {tally.challenged} "
        f"challenged ballots and the ledger already holds {state.ledger_count}; {adding} more would make "
        f"{state.ledger_count + adding}. {remedy}",
        allowed=["tally"],
    )


@transaction.atomic
def challenge_log(
    *,
    election: Election,
    voter_name: str,
    challenged_by: int | str,
    ground: str,
    voter_identifier: str = "",
    job_classification: str = "",
    reason: str = "",
    actor: Actor,
) -> Challenge:
    """Log one challenged ballot. ``challenged_by``: a party id of the case, or ``board_agent``."""
    # The election row serializes writes to its ledger: the duplicate check below cannot race.
    election = Election.objects.select_for_update(of=("self",)).select_related("case").get(pk=election.pk)
    case = election.case
    allowed = _may_log_for(actor, case)
    try:
        name = clean_text("voter_name", voter_name, max_length=VOTER_NAME_MAX, required=True)
        identifier = clean_text("voter_identifier", voter_identifier, max_length=VOTER_IDENTIFIER_MAX)
        job = clean_text("job_classification", job_classification, max_length=JOB_CLASSIFICATION_MAX)
        code = clean_ground(ground)
        why = clean_text("reason", reason, max_length=REASON_MAX)
        challenger = resolve_challenger(
            challenged_by,
            dict(case.parties.values_list("pk", "name")),
            case_number=case.number,
        )
    except FieldProblem as problem:
        raise _rule(problem) from None
    if allowed is not None and challenger.party_id not in allowed:
        raise NotPermitted(
            f"Counsel log challenges only in their own party's name, not in the name of {challenger.name}."
        )
    _check_room_in_tally(election, adding=1, actor=actor)
    key = Challenge.key_for(voter_name=name, voter_identifier=identifier)
    existing = Challenge.objects.live().filter(election=election, voter_key=key).first()
    if existing is not None:
        raise RuleViolation(
            duplicate_column(identifier),
            f"{identifier or name!r} already has a live challenge in this election "
            f"(challenge {existing.pk}, {existing.status}); one voter, one challenge.",
        )
    challenge = Challenge(
        election=election,
        voter_name=name,
        voter_identifier=identifier,
        job_classification=job,
        challenged_by_id=challenger.party_id,
        ground=code,
        reason=why,
        logged_by=acting_user(actor),
    )
    stamp(challenge, actor)
    try:
        with transaction.atomic():
            challenge.save()
    except IntegrityError:  # pragma: no cover - the election lock makes this a bypass of the service
        raise RuleViolation(
            duplicate_column(identifier), f"{identifier or name!r} already has a live challenge."
        ) from None
    notices.challenge_logged(challenge)
    return challenge


CORRECTABLE = ("voter_name", "voter_identifier", "job_classification", "ground", "reason")


@transaction.atomic
def challenge_correct(*, challenge_id: int, actor: Actor, **changes: Any) -> Challenge:
    """Staff correct a challenge's particulars (the voter, the ground, the reason) under the rules of
    ``challenge_log``: the same lengths, grounds and one live challenge per voter. Who challenged and the
    disposition are not corrected here (withdraw and log anew; resolve)."""
    require_staff(actor, "correct a challenge")
    unknown = sorted(set(changes) - set(CORRECTABLE))
    if unknown:
        raise RuleViolation(
            unknown[0], f"{unknown[0]} is not corrected here; allowed: {', '.join(CORRECTABLE)}."
        )
    locked = _locked([challenge_id])
    if not locked:
        raise Challenge.DoesNotExist(f"No challenge {challenge_id}.")
    challenge = locked[0]
    Election.objects.select_for_update(of=("self",)).filter(pk=challenge.election_id).first()
    try:
        if "voter_name" in changes:
            changes["voter_name"] = clean_text(
                "voter_name", changes["voter_name"], max_length=VOTER_NAME_MAX, required=True
            )
        if "voter_identifier" in changes:
            changes["voter_identifier"] = clean_text(
                "voter_identifier", changes["voter_identifier"], max_length=VOTER_IDENTIFIER_MAX
            )
        if "job_classification" in changes:
            changes["job_classification"] = clean_text(
                "job_classification", changes["job_classification"], max_length=JOB_CLASSIFICATION_MAX
            )
        if "ground" in changes:
            changes["ground"] = clean_ground(changes["ground"])
        if "reason" in changes:
            changes["reason"] = clean_text("reason", changes["reason"], max_length=REASON_MAX)
    except FieldProblem as problem:
        raise _rule(problem) from None
    for name, value in changes.items():
        setattr(challenge, name, value)
    key = Challenge.key_for(voter_name=challenge.voter_name, voter_identifier=challenge.voter_identifier)
    clash = (
        Challenge.objects.live()
        .filter(election_id=challenge.election_id, voter_key=key)
        .exclude(pk=challenge.pk)
        .first()
    )
    if clash is not None and challenge.status != Challenge.Status.WITHDRAWN:
        raise RuleViolation(
            duplicate_column(challenge.voter_identifier),
            f"This voter already has a live challenge in this election ({clash.pk}); one voter, one challenge.",
        )
    stamp(challenge, actor)
    challenge.save()
    return challenge


@dataclass(frozen=True)
class ImportedChallenge:
    """A challenge an import wrote: its id and the row it came from. The import's answer and its notice
    read no more than this; a model instance per row cost some 0.1 s of a 0.6 s 10,000-row import."""

    pk: int
    election_id: int
    row: csv_import.CsvRow

    @property
    def challenged_by_id(self) -> int | None:
        return self.row.challenger.party_id

    @property
    def challenger_code(self) -> int | str:
        return self.row.challenger.code

    @property
    def challenger_name(self) -> str:
        return self.row.challenger.name

    @property
    def ground(self) -> str:
        return self.row.ground


@dataclass
class ImportResult:
    election: Election
    challenges: list[ImportedChallenge] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.challenges)

    def by_challenger(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for challenge in self.challenges:
            counts[str(challenge.challenger_code)] += 1
        return dict(counts)

    def by_ground(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for challenge in self.challenges:
            counts[challenge.ground] += 1
        return dict(counts)


class ImportRejected(RuleViolation):
    """The file was refused; ``errors`` name the line and column of each problem (400 on ``file``)."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("file", "; ".join(errors[:3]))
        self.errors = errors


@transaction.atomic
def challenges_import(
    *,
    election: Election,
    data: bytes,
    actor: Actor,
    progress: csv_import.Progress | None = None,
    synthetic: bool = False,
    notify_parties: bool = True,
) -> ImportResult:
    """Import a CSV file of challenged ballots: every row, or none (``ImportRejected`` lists each error).

    Two queries validate the whole file (the parties of the case, the voters already challenged); the
    rows are written in the same transaction by one COPY on PostgreSQL, one executemany on SQLite
    (``copy_write``), and their history rows by one INSERT … SELECT. One notice per counsel summarises the import."""
    election = Election.objects.select_for_update(of=("self",)).select_related("case").get(pk=election.pk)
    case = election.case
    allowed = _may_log_for(actor, case)
    existing = dict(Challenge.objects.live().filter(election=election).values_list("voter_key", "pk"))
    try:
        rows = csv_import.parse(
            data,
            parties={p.pk: p.name for p in case.parties.all()},
            case_number=case.number,
            existing=existing,
            own_party_ids=allowed,
            progress=progress,
        )
    except csv_import.CsvRejected as exc:
        raise ImportRejected(exc.errors) from None
    except csv_import.CsvForbidden as exc:
        raise NotPermitted(str(exc)) from None
    _check_room_in_tally(election, adding=len(rows), actor=actor)
    ids = _bulk_log(election, rows, actor=actor, synthetic=synthetic, progress=progress)
    created = [
        ImportedChallenge(pk=pk, election_id=election.pk, row=row) for pk, row in zip(ids, rows, strict=True)
    ]
    if notify_parties:
        notices.batch_imported(case, election.sequence, created)
    return ImportResult(election=election, challenges=created)


def _bulk_log(
    election: Election,
    rows: list[csv_import.CsvRow],
    *,
    actor: Actor,
    synthetic: bool,
    progress: csv_import.Progress | None,
) -> list[int]:
    """Write the rows and their history rows; the ids, in the order of the rows."""
    user = acting_user(actor)
    now = clock.now()
    if copy_write.available():
        # One COPY (PostgreSQL) or executemany (SQLite), the columns every row shares prepared once
        # (challenges/copy_write.py).
        template = Challenge(election=election, synthetic=synthetic, logged_by=user)
        ids = copy_write.write(template, rows, progress=progress)
    else:
        ids = _bulk_create(election, rows, user=user, synthetic=synthetic, progress=progress)
    if ids:
        history.record_created(
            election_id=election.pk,
            first_id=min(ids),
            last_id=max(ids),
            user=user,
            when=now,
            reason="imported",
        )
    return ids


def _bulk_create(
    election: Election,
    rows: list[csv_import.CsvRow],
    *,
    user: Any,
    synthetic: bool,
    progress: csv_import.Progress | None,
) -> list[int]:
    objects = [
        Challenge(
            election=election,
            voter_name=row.voter_name,
            voter_identifier=row.voter_identifier,
            voter_key=row.voter_key,  # bulk_create skips save(), which derives it
            job_classification=row.job_classification,
            challenged_by_id=row.challenger.party_id,
            ground=row.ground,
            reason=row.reason,
            synthetic=synthetic,
            logged_by=user,
        )
        for row in rows
    ]
    ids: list[int] = []
    for start in range(0, len(objects), BULK_BATCH):
        ids.extend(c.pk for c in Challenge.objects.bulk_create(objects[start : start + BULK_BATCH]))
        if progress is not None:
            progress("writing", len(ids), len(objects))
    return ids


# --- resolving ----------------------------------------------------------------------------------------


def _check_resolution(outcome: str, method: str, level: str) -> str:
    """The level that decides (``levels.challenge_level``: the Board agent's for an agreement, else the
    Regional Director's when none is given)."""
    if outcome not in OUTCOMES:
        raise RuleViolation("outcome", f"{outcome!r} is not one of sustained, overruled.")
    if method not in Challenge.Method.values:
        raise RuleViolation("method", f"{method!r} is not one of {', '.join(Challenge.Method.values)}.")
    if level and level not in levels.CHALLENGE_LEVELS:
        raise RuleViolation("level", f"{level!r} is not one of {', '.join(levels.CHALLENGE_LEVELS)}.")
    return levels.challenge_level(level, method=method)


def _check_decided_on(decided_on: date, election: Election) -> None:
    """Not in the future (in the regional office's zone), and not before the voting began: a challenge
    is made at the polls or at the count, and may be settled by agreement before the tally."""
    if not isinstance(decided_on, date) or isinstance(decided_on, datetime):
        raise RuleViolation("decided_on", "Give the date of the decision as YYYY-MM-DD.")
    today = _today_in(election.case)
    if decided_on > today:
        raise RuleViolation("decided_on", f"{decided_on} is in the future (today is {today}).")
    began = election.voting_opens_on or election.count_on
    if began is not None and decided_on < began:
        raise RuleViolation(
            "decided_on",
            f"{decided_on} is before election {election.sequence} began ({began}); "
            "a challenge cannot be decided before it was made.",
        )


def _not_pending(challenge: Challenge, doing: str) -> TransitionNotAllowed:
    allowed = ["open-and-count"] if challenge.awaiting_count else []
    return TransitionNotAllowed(
        f"Challenge {challenge.pk} ({challenge.voter_name}) is already {challenge.status}; "
        f"only a pending challenge can be {doing}.",
        allowed=allowed,
    )


def _latest_revisions(election_ids: Iterable[int]) -> dict[int, int]:
    """The latest tally revision of each election that has a tally."""
    return dict(
        Tally.objects.filter(election_id__in=set(election_ids))
        .order_by()
        .values("election_id")
        .annotate(latest=Max("revision"))
        .values_list("election_id", "latest")
    )


def _locked(challenge_ids: Collection[int]) -> list[Challenge]:
    """Lock the challenges (not the elections, cases and parties joined to them), in id order."""
    return list(
        Challenge.objects.select_for_update(of=("self",))
        .select_related("election__case", "challenged_by")
        .filter(pk__in=list(challenge_ids))
        .order_by("pk")
    )


MAX_BASIS = 5000


def _clean_basis(basis: str) -> str:
    if not isinstance(basis, str):
        raise RuleViolation("basis", "Give the basis of the decision as text.")
    basis = basis.strip()
    if len(basis) > MAX_BASIS:
        raise RuleViolation(
            "basis", f"The basis is limited to {MAX_BASIS} characters; this one has {len(basis)}."
        )
    return basis


RECOMMENDED: dict[str, str] = {
    Challenge.Status.SUSTAINED: Challenge.Recommendation.SUSTAIN,
    Challenge.Status.OVERRULED: Challenge.Recommendation.OVERRULE,
}


def _apply_resolution(
    challenge: Challenge,
    *,
    outcome: str,
    method: str,
    decided_on: date,
    level: str,
    tallied_revision: int | None,
    basis: str = "",
) -> None:
    if levels.is_recommendation(level):
        # A hearing officer's report or an ALJ's decision recommends: the challenge stays pending and its
        # ballot stays sealed until a deciding body acts (29 CFR 102.69(c)(1)(iii)).
        challenge.recommendation = RECOMMENDED[outcome]
        challenge.recommended_on = decided_on
        challenge.recommendation_level = level
        return
    challenge.status = outcome
    challenge.resolution_basis = basis
    challenge.resolution_method = method
    challenge.resolved_on = decided_on
    challenge.resolved_level = level
    challenge.settled_after_revision = tallied_revision
    # Overruled after a tally: the sealed ballot is opened into the next revised tally.
    challenge.awaiting_count = outcome == Challenge.Status.OVERRULED and tallied_revision is not None


@transaction.atomic
def challenge_resolve(
    *,
    challenge_id: int,
    outcome: str,
    method: str,
    decided_on: date,
    level: str = "",
    basis: str = "",
    actor: Actor,
) -> Challenge:
    """Sustain or overrule one pending challenge (29 CFR 102.69(c)(1)), with the basis of the decision. Two
    staff at once: the second waits for the first's lock, then finds the challenge no longer pending (409)."""
    require_staff(actor, "resolve challenged ballots")
    level = _check_resolution(outcome, method, level)
    basis = _clean_basis(basis)
    locked = _locked([challenge_id])
    if not locked:
        raise Challenge.DoesNotExist(f"No challenge {challenge_id}.")
    challenge = locked[0]
    if challenge.status != Challenge.Status.PENDING:
        raise _not_pending(challenge, "resolved")
    _check_decided_on(decided_on, challenge.election)
    _apply_resolution(
        challenge,
        outcome=outcome,
        method=method,
        decided_on=decided_on,
        level=level,
        tallied_revision=_latest_revisions([challenge.election_id]).get(challenge.election_id),
        basis=basis,
    )
    stamp(challenge, actor)
    challenge.save()
    if challenge.status == Challenge.Status.PENDING:
        notices.challenge_recommended(challenge)
    else:
        notices.challenge_resolved(challenge)
    return challenge


@dataclass
class BatchResult:
    resolved: list[Challenge] = field(default_factory=list)
    skipped: list[Challenge] = field(default_factory=list)


@transaction.atomic
def challenges_resolve(
    *,
    challenge_ids: Collection[int],
    outcome: str,
    method: str,
    decided_on: date,
    level: str = "",
    basis: str = "",
    actor: Actor,
) -> BatchResult:
    """Resolve a batch (the admin's action): pending ones are resolved, the others skipped and reported.
    One notice per counsel and case summarises the batch."""
    require_staff(actor, "resolve challenged ballots")
    level = _check_resolution(outcome, method, level)
    basis = _clean_basis(basis)
    result = BatchResult()
    locked = _locked(challenge_ids)
    for challenge in locked:
        (result.resolved if challenge.status == Challenge.Status.PENDING else result.skipped).append(
            challenge
        )
    elections = {c.election_id: c.election for c in result.resolved}
    for election in elections.values():
        _check_decided_on(decided_on, election)
    tallied = _latest_revisions(elections)
    now = clock.now()
    for challenge in result.resolved:
        _apply_resolution(
            challenge,
            outcome=outcome,
            method=method,
            decided_on=decided_on,
            level=level,
            tallied_revision=tallied.get(challenge.election_id),
            basis=basis,
        )
        challenge.updated_at = now
    if result.resolved:
        bulk_update_with_history(
            result.resolved,
            Challenge,
            [
                "status",
                "resolution_method",
                "resolved_on",
                "resolved_level",
                "resolution_basis",
                "awaiting_count",
                "settled_after_revision",
                "recommendation",
                "recommended_on",
                "recommendation_level",
                "updated_at",
            ],
            default_user=acting_user(actor),
            default_change_reason=(
                f"recommended {RECOMMENDED[outcome]} in a batch"
                if levels.is_recommendation(level)
                else f"{outcome} in a batch"
            ),
        )
    if levels.is_recommendation(level):
        return result
    by_case: dict[int, list[Challenge]] = defaultdict(list)
    for challenge in result.resolved:
        by_case[challenge.election.case_id].append(challenge)
    for batch in by_case.values():
        notices.batch_resolved(batch[0].election.case, batch, outcome=outcome)
    return result


def challenge_authorize_withdraw(*, challenge: Challenge, actor: Actor) -> None:
    """Board staff, or counsel for the challenging party; anyone else who sees the challenge: NotPermitted.
    (The API asks before it reads the body, so that a caller who may not act never learns about its rules.)"""
    if is_staff(actor):
        return
    own = counsel_party_ids(actor, challenge.election.case_id)
    if challenge.challenged_by_id is None or challenge.challenged_by_id not in own:
        raise NotPermitted(
            f"Only counsel for {challenge.challenger_name}, or Board staff, may withdraw this challenge."
        )


@transaction.atomic
def challenge_withdraw(*, challenge_id: int, actor: Actor, withdrawn_on: date | None = None) -> Challenge:
    """The challenging party (through its counsel) or Board staff withdraw a pending challenge."""
    locked = _locked([challenge_id])
    if not locked:
        raise Challenge.DoesNotExist(f"No challenge {challenge_id}.")
    challenge = locked[0]
    case = challenge.election.case
    if actor is not None:
        challenge_authorize_withdraw(challenge=challenge, actor=actor)
    if challenge.status != Challenge.Status.PENDING:
        raise _not_pending(challenge, "withdrawn")
    today = _today_in(case)
    withdrawn_on = withdrawn_on or today
    if withdrawn_on > today:
        raise RuleViolation("withdrawn_on", f"{withdrawn_on} is in the future (today is {today}).")
    began = challenge.election.voting_opens_on or challenge.election.count_on
    if began is not None and withdrawn_on < began:
        raise RuleViolation(
            "withdrawn_on",
            f"{withdrawn_on} is before election {challenge.election.sequence} began ({began}); a challenge "
            "cannot be withdrawn before it was made.",
        )
    challenge.status = Challenge.Status.WITHDRAWN
    challenge.resolved_on = withdrawn_on
    revision = _latest_revisions([challenge.election_id]).get(challenge.election_id)
    challenge.settled_after_revision = revision
    challenge.awaiting_count = revision is not None
    stamp(challenge, actor)
    challenge.save()
    notices.challenge_withdrawn(challenge)
    return challenge


# --- moot, and open-and-count -------------------------------------------------------------------------


@dataclass
class MootResult:
    tally: Tally
    challenges: list[Challenge]


@transaction.atomic
def challenges_mark_moot(
    *, election: Election, actor: Actor, on: date | None = None, notify_parties: bool = True
) -> MootResult:
    """Mark every pending challenge moot once the ballots still unknown cannot change the latest tally's
    result (Form NLRB-5547: non-determinative challenges are never opened or decided).

    The ballots still unknown are the pending ones and the released ones not yet opened: while those
    could still swing the result, nothing is moot (409)."""
    require_staff(actor, "mark challenges moot")
    election = Election.objects.select_for_update(of=("self",)).select_related("case").get(pk=election.pk)
    state = ledger_state(election)
    tally = state.latest_tally
    if tally is None:
        raise TransitionNotAllowed(
            f"Election {election.sequence} of {election.case.number} has no tally yet: challenges are "
            "moot only when they cannot change a tally's result.",
            allowed=["tally"],
        )
    if state.pending == 0:
        raise TransitionNotAllowed(f"Election {election.sequence} has no pending challenges to mark moot.")
    if state.determinative:
        awaiting = (
            f" with {state.awaiting_count} released ballots not yet opened," if state.awaiting_count else ""
        )
        assessment = tally_law.assess(tally.figures(challenged=state.unresolved))
        raise TransitionNotAllowed(
            f"The {state.pending} pending challenges{awaiting} are still determinative against tally "
            f"revision {tally.revision}: {assessment.explanation}",
            allowed=["resolve", "open-and-count"] if state.awaiting_count else ["resolve"],
        )
    on = on or _today_in(election.case)
    pending = list(
        Challenge.objects.select_for_update(of=("self",))
        .filter(election=election, status=Challenge.Status.PENDING)
        .select_related("challenged_by")
        .order_by("pk")
    )
    now = clock.now()
    for challenge in pending:
        challenge.status = Challenge.Status.MOOT
        challenge.resolved_on = on
        challenge.settled_after_revision = tally.revision
        challenge.updated_at = now
    bulk_update_with_history(
        pending,
        Challenge,
        ["status", "resolved_on", "settled_after_revision", "updated_at"],
        default_user=acting_user(actor),
        default_change_reason=f"not determinative against tally revision {tally.revision}",
    )
    if notify_parties:
        notices.batch_moot(election.case, pending, tally)
    return MootResult(tally=tally, challenges=pending)


def _count(field_name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise RuleViolation(field_name, f"must be a whole number from 0 to {MAX_COUNT:,}.")
    return value


@transaction.atomic
def challenges_open_and_count(
    *,
    election: Election,
    votes_for: Mapping[str, Any],
    votes_against: int,
    void: int = 0,
    prepared_at: datetime | None = None,
    actor: Actor,
) -> Tally:
    """Open the ballots released since the last tally and record the next revised tally.

    ``votes_for`` / ``votes_against`` / ``void`` are what the opened ballots held; they must account for
    every one of them. The revised tally adds them to the latest tally's figures; its ``challenged`` is
    what is still pending, so its result and determinativeness are recomputed by the tally law."""
    require_staff(actor, "open and count challenged ballots")
    election = Election.objects.select_for_update(of=("self",)).select_related("case").get(pk=election.pk)
    latest = election.tallies.order_by("-revision").first()
    if latest is None:
        raise TransitionNotAllowed(
            f"Election {election.sequence} has no tally to revise; record the tally of ballots first.",
            allowed=["tally"],
        )
    opened = list(
        Challenge.objects.select_for_update(of=("self",))
        .filter(election=election, awaiting_count=True)
        .select_related("challenged_by")
        .order_by("pk")
    )
    if not opened:
        raise TransitionNotAllowed(
            f"No released ballots wait to be opened in election {election.sequence} since tally revision "
            f"{latest.revision}; overrule a challenge first.",
            allowed=["resolve"],
        )
    found_for = tally_votes_clean(election=election, votes_for=dict(votes_for))
    found_against = _count("votes_against", votes_against)
    found_void = _count("void", void)
    for votes in found_for.values():
        _count("votes_for", votes)
    found = sum(found_for.values()) + found_against + found_void
    if found != len(opened):
        for_text = ", ".join(f"{votes} for {name}" for name, votes in found_for.items())
        raise RuleViolation(
            "votes_for",
            f"{len(opened)} ballots were opened, but {for_text}, {found_against} against and {found_void} "
            f"void make {found}; the votes found must account for every opened ballot.",
        )
    state = ledger_state(election)
    if state.ledger_count > latest.challenged:
        raise TransitionNotAllowed(
            f"The ledger holds {state.ledger_count} challenges against the {latest.challenged} challenged "
            f"ballots of tally revision {latest.revision}; correct the ledger or the tally first.",
            allowed=["tally"],
        )
    # The revised tally's unopened ballots: the previous figure less every challenge settled since it
    # (the opened ballots, and those sustained, withdrawn or moot), whatever the ledger has not logged.
    remaining = latest.challenged - state.settled_since_latest
    tally = tally_record(
        election=election,
        prepared_at=prepared_at or clock.now(),
        votes_for={name: int(latest.votes_for.get(name, 0)) + votes for name, votes in found_for.items()},
        votes_against=latest.votes_against + found_against,
        void=latest.void + found_void,
        challenged=remaining,
        actor=actor,
    )
    now = clock.now()
    for challenge in opened:
        challenge.counted_in = tally
        challenge.awaiting_count = False
        challenge.updated_at = now
    bulk_update_with_history(
        opened,
        Challenge,
        ["counted_in", "awaiting_count", "updated_at"],
        default_user=acting_user(actor),
        default_change_reason=f"opened and counted in tally revision {tally.revision}",
    )
    notices.revised_tally(election.case, tally, opened)
    return tally
