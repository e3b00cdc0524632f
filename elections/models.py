"""Cases, parties, appearances, elections and tallies: the ground floor every other app builds on.

Figures that the law derives (region and type from the number, the rule set from the petition date,
a tally's result and whether its challenges are determinative) are computed by the plain-Python
modules in ``elections.law`` — never typed in by hand.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from django.conf import settings
from django.db import models
from django.db.models import F
from simple_history.models import HistoricalRecords

from elections.law import case_numbers, rule_sets
from elections.law import tally as tally_law
from elections.law.local_time import local_date
from elections.law.regions import office as office_of_region

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager


class RuleSet(models.TextChoices):
    R2014 = "2014", "2014 rules (79 FR 74308), petitions from 2015-04-14"
    R2019 = "2019", "2019 rules (84 FR 69524), petitions from 2020-05-31"
    R2023 = "2023", "2023 rules (88 FR 58076), petitions from 2023-12-26"
    PRE_2015 = "pre_2015", "Before the 2014 rules: deadlines are not computed"


_Q = TypeVar("_Q", bound=models.QuerySet[Any])


def rule_set_for(petition_filed_on: date) -> str:
    return rule_sets.rule_set_for_petition(petition_filed_on) or RuleSet.PRE_2015


def scoped_to_cases_of(queryset: _Q, user: Any, *, case_id: str) -> _Q:
    """``queryset`` limited to the rows of cases ``user`` may see: staff every case, anyone else the cases
    where they have an appearance. ``case_id`` is the path to the case's id (``"case_id"``,
    ``"election__case_id"``).

    The filter is one flat subquery on the appearances; nesting ``Case.objects.visible_to`` inside another
    ``__in`` makes PostgreSQL join every row before filtering (400 ms instead of 12 ms on 100,000 cases)."""
    if getattr(user, "is_staff", False) and getattr(user, "is_authenticated", False):
        return queryset
    if not getattr(user, "is_authenticated", False):
        return queryset.none()
    return queryset.filter(
        **{f"{case_id}__in": Appearance.objects.filter(user=user).values("party__case_id")}
    )


class CaseQuerySet(models.QuerySet["Case"]):
    def visible_to(self, user: Any) -> CaseQuerySet:
        """Staff see every case; anyone else only the cases where they have an appearance."""
        return scoped_to_cases_of(self, user, case_id="pk")


class Case(models.Model):
    class CaseType(models.TextChoices):
        RC = "RC", "RC — certification of representative"
        RM = "RM", "RM — employer petition"
        RD = "RD", "RD — decertification"
        UD = "UD", "UD — deauthorization"
        UC = "UC", "UC — unit clarification"
        AC = "AC", "AC — amendment of certification"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        CERTIFIED = "certified", "Certified"
        CLOSED = "closed", "Closed"

    number = models.CharField(max_length=14, unique=True, help_text="RR-TT-NNNNNN, e.g. 10-RC-269250")
    region = models.PositiveSmallIntegerField(editable=False, db_index=True)
    case_type = models.CharField(max_length=2, choices=CaseType.choices, editable=False, db_index=True)
    name = models.CharField(max_length=300, help_text="e.g. Amazon.com Services LLC")
    petition_filed_on = models.DateField()
    unit_description = models.TextField(blank=True)
    rule_set = models.CharField(max_length=8, choices=RuleSet.choices, editable=False, db_index=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    closed_on = models.DateField(null=True, blank=True, help_text="When the Region closed the case")
    closing_reason = models.CharField(
        max_length=120,
        blank=True,
        help_text="As the public record words it, e.g. Certific. of Representative",
    )
    transferred_to = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        editable=False,
        help_text="The Region the case was transferred to (29 CFR 102.72): its office's 11:59 p.m. governs "
        "every deadline computed from then on. Set and cleared by the case_transferred event only.",
    )
    transferred_on = models.DateField(
        null=True,
        blank=True,
        editable=False,
        help_text="The date of the transfer (the case_transferred event)",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Moved by the database on every write under the case, in that write's transaction (core/case_version.py):
    # what a conditional read compares. Not in the history: it is bookkeeping, not part of the record.
    version = models.PositiveBigIntegerField(default=0, editable=False)
    history = HistoricalRecords(excluded_fields=["version"])

    objects = CaseQuerySet.as_manager()

    if TYPE_CHECKING:
        parties: RelatedManager[Party]
        elections: RelatedManager[Election]
        related_cases: RelatedManager[RelatedCase]

    class Meta:
        ordering = ["-petition_filed_on", "number"]
        # The case list's order: a page of 100,000 cases reads 50 index entries instead of sorting them all.
        indexes = [models.Index(F("petition_filed_on").desc(), "number", name="case_list_order_idx")]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"

    def save(self, *args: object, **kwargs: object) -> None:
        self.derive()
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    def derive(self) -> None:
        """Region, type and rule set follow from the number and the petition date."""
        parsed = case_numbers.parse(self.number)
        self.number = str(parsed)
        self.region = parsed.region
        self.case_type = parsed.case_type
        if self.petition_filed_on:
            self.rule_set = rule_set_for(self.petition_filed_on)

    @property
    def office_region(self) -> int:
        """The Region whose office handles the case now: the receiving one after a transfer (102.72(b))."""
        return self.transferred_to or self.region

    def region_at(self, moment: datetime | date) -> int:
        """The Region whose office handled the case at ``moment`` (a day, or a moment read in the first
        office's zone): the receiving one from the day of a transfer on, the first one before it. A deadline
        counts from its trigger in the office of that day."""
        day = (
            moment
            if not isinstance(moment, datetime)
            else local_date(moment, office_of_region(self.region).zone)
        )
        if self.transferred_to and self.transferred_on and day >= self.transferred_on:
            return self.transferred_to
        return self.region

    @property
    def office_zone(self) -> str:
        """The zone of the case's office (the receiving one after a transfer): its region's, or a retired
        region's historical office's."""
        return office_of_region(self.office_region).zone

    @property
    def regional_office(self) -> str:
        return office_of_region(self.office_region).office


class RelatedCase(models.Model):
    """Another docket tied to this case: the CA refusal-to-bargain case, a court of appeals docket."""

    class Kind(models.TextChoices):
        UNFAIR_LABOR_PRACTICE = "unfair_labor_practice", "Unfair-labor-practice case"
        COURT_OF_APPEALS = "court_of_appeals", "Court of appeals docket"
        REPRESENTATION = "representation", "Related representation case"

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="related_cases")
    kind = models.CharField(max_length=24, choices=Kind.choices)
    number = models.CharField(max_length=40, help_text="29-CA-318069, or a court docket such as 23-1234")
    court = models.CharField(max_length=80, blank=True, help_text="e.g. 'D.C. Cir.' for a court docket")
    description = models.CharField(max_length=300, blank=True)
    history = HistoricalRecords()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["case", "kind", "number"], name="unique_related_case"),
        ]

    def __str__(self) -> str:
        return f"{self.number} ({self.get_kind_display()})"


class Party(models.Model):
    class Role(models.TextChoices):
        PETITIONER = "petitioner", "Petitioner"
        EMPLOYER = "employer", "Employer"
        UNION = "union", "Union"
        INTERVENOR = "intervenor", "Intervenor"
        INCUMBENT_UNION = "incumbent_union", "Incumbent union"
        # The public record's other roles ("Involved Party", "Charging Party", …): kept, never dropped.
        INVOLVED_PARTY = "involved_party", "Involved party"

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="parties")
    role = models.CharField(max_length=16, choices=Role.choices)
    name = models.CharField(max_length=300)
    history = HistoricalRecords()

    if TYPE_CHECKING:
        appearances: RelatedManager[Appearance]
        counsel: RelatedManager[Counsel]

    class Meta:
        ordering = ["case_id", "id"]
        verbose_name_plural = "parties"
        constraints = [models.UniqueConstraint(fields=["case", "name"], name="unique_party_name_per_case")]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_role_display()})"


class Counsel(models.Model):
    """Counsel of record for a party, as the case page names them: a name and a firm to serve, not a user.

    Only an ``Appearance`` lets a person see a case; counsel of record is who the parties and the Region
    serve (the public record's "Legal Representative" rows)."""

    class Source(models.TextChoices):
        PUBLIC_RECORD = "public_record", "The public record (nlrb.gov)"
        STAFF = "staff", "Entered by staff"

    party = models.ForeignKey(Party, on_delete=models.PROTECT, related_name="counsel")
    name = models.CharField(max_length=300)
    firm = models.CharField(max_length=300, blank=True)
    address = models.TextField(blank=True)
    phone = models.CharField(max_length=60, blank=True)
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.STAFF)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["party_id", "id"]
        verbose_name_plural = "counsel of record"

    def __str__(self) -> str:
        firm = f", {self.firm}" if self.firm else ""
        return f"{self.name}{firm} — counsel for {self.party.name}"


class AppearanceQuerySet(models.QuerySet["Appearance"]):
    def bulk_create(self, objs: Any, *args: Any, **kwargs: Any) -> Any:
        # bulk_create skips save(): the case each row's party belongs to is filled in here the same way.
        rows = list(objs)
        cases = dict(Party.objects.filter(pk__in={a.party_id for a in rows}).values_list("pk", "case_id"))
        for appearance in rows:
            appearance.case_id = cases.get(appearance.party_id)
        return super().bulk_create(rows, *args, **kwargs)


class CurrentAppearances(models.Manager["Appearance"].from_queryset(AppearanceQuerySet)):  # type: ignore[misc]
    """Appearances not ended: the only ones that give anyone access to a case or a notice. Being the
    default manager, it also serves ``party.appearances`` and every ``Appearance.objects`` query, so a
    scoping rule written later cannot forget the end date."""

    def get_queryset(self) -> models.QuerySet[Appearance]:
        return super().get_queryset().filter(ended_at__isnull=True)


class Appearance(models.Model):
    """A user's appearance for a party: what lets counsel and paralegals see a case. Ended (never deleted)
    when they withdraw or are replaced; an ended appearance gives no access from the next request on.

    One person appears for one party of a case: the database holds it (a person appearing for both sides
    would read both sides' work product), so two requests racing cannot both write one."""

    class Capacity(models.TextChoices):
        COUNSEL = "counsel", "Counsel"
        PARALEGAL = "paralegal", "Paralegal"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="appearances")
    party = models.ForeignKey(Party, on_delete=models.PROTECT, related_name="appearances")
    # The party's case, copied from it on every save (never entered): what the constraint below needs, as a
    # unique constraint cannot reach through the party.
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="+", editable=False)
    capacity = models.CharField(max_length=10, choices=Capacity.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True, help_text="When the appearance ended")
    takes_notices = models.BooleanField(
        default=True,
        help_text="A paralegal receives the e-mails counsel of the party receive, unless they opt out",
    )
    history = HistoricalRecords()

    objects = CurrentAppearances()
    all_objects = models.Manager.from_queryset(AppearanceQuerySet)()

    class Meta:
        ordering = ["party_id", "id"]
        base_manager_name = "all_objects"
        constraints = [
            models.UniqueConstraint(
                fields=["user", "case"],
                condition=models.Q(ended_at__isnull=True),
                name="one_current_appearance_per_case",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_capacity_display()} for {self.party.name}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.party_id is not None:
            self.case_id = Party.objects.values_list("case_id", flat=True).get(pk=self.party_id)
            update_fields = kwargs.get("update_fields")
            if update_fields is not None and "party" in update_fields:
                kwargs["update_fields"] = {*update_fields, "case"}
        super().save(*args, **kwargs)


# Where an election read with its tallies keeps them. Never a class attribute: the Prefetch would take a
# default there for tallies read already.
TALLIES_READ = "tallies_read"


class Election(models.Model):
    class Kind(models.TextChoices):
        INITIAL = "initial", "Initial"
        RERUN = "rerun", "Rerun"
        RUNOFF = "runoff", "Runoff"

    class Mode(models.TextChoices):
        MANUAL = "manual", "Manual"
        MAIL = "mail", "Mail"
        MIXED = "mixed", "Mixed manual and mail"

    class Agreement(models.TextChoices):
        """How the election came about: it decides whether the Board may review (29 CFR 102.69(c)(2))."""

        CONSENT = "consent", "Consent election (102.62(a)): the Regional Director's decision is final"
        FULL_CONSENT = (
            "full_consent",
            "Full consent election (102.62(c)): the Regional Director's decision is final",
        )
        STIPULATED = "stipulated", "Stipulated election (102.62(b)): Board review"
        DIRECTED = "directed", "Directed election (102.67): Board review"

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="elections")
    sequence = models.PositiveSmallIntegerField(help_text="1 for the first election of the case, then 2, 3…")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.INITIAL)
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.MANUAL)
    choices = models.JSONField(help_text="Union names on the ballot, in ballot order (one to three)")
    eligibility_date = models.DateField(null=True, blank=True)
    voting_opens_on = models.DateField(null=True, blank=True)
    voting_closes_on = models.DateField(null=True, blank=True)
    count_on = models.DateField(null=True, blank=True)
    approx_eligible_voters = models.PositiveIntegerField(null=True, blank=True)
    agreement = models.CharField(
        max_length=12,
        choices=Agreement.choices,
        null=True,
        blank=True,
        help_text="How the election came about (102.62, 102.67); empty when unknown",
    )
    voting_unit = models.CharField(
        max_length=8, default="A", help_text="The unit that votes (A, B, …): a case may vote in several units"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    if TYPE_CHECKING:
        tallies: RelatedManager[Tally]

    class Meta:
        ordering = ["case_id", "sequence"]
        constraints = [models.UniqueConstraint(fields=["case", "sequence"], name="unique_election_sequence")]

    def __str__(self) -> str:
        return f"{self.case.number} election {self.sequence} ({self.get_kind_display()})"

    def tallies_in_order(self) -> list[Tally]:
        """The tallies by revision: those the read that loaded the election brought (a
        ``Prefetch("tallies", to_attr=TALLIES_READ)``, ``keep_tallies``, or a plain prefetch of ``tallies``),
        else one query."""
        read: list[Tally] | None = self.__dict__.get(TALLIES_READ)
        if read is not None:
            return read
        return sorted(self.tallies.all(), key=lambda t: t.revision)

    def keep_tallies(self, tallies: list[Tally]) -> None:
        """Keeps the tallies, by revision, that a hand-written read brought, as the ``Prefetch`` would."""
        self.__dict__[TALLIES_READ] = tallies

    @cached_property
    def latest_tally(self) -> Tally | None:
        """The highest revision; uses the tallies the read brought when it brought them."""
        tallies = self.tallies_in_order()
        return tallies[-1] if tallies else None


class Tally(models.Model):
    """A tally of ballots (revision 0) or a revised tally after challenged ballots were opened."""

    election = models.ForeignKey(Election, on_delete=models.PROTECT, related_name="tallies")
    revision = models.PositiveSmallIntegerField()
    prepared_at = models.DateTimeField()
    void = models.PositiveIntegerField(default=0)
    votes_for = models.JSONField(help_text="{union name: votes}, one entry per union on the ballot")
    votes_against = models.PositiveIntegerField()
    challenged = models.PositiveIntegerField(default=0, help_text="Challenged ballots not yet opened")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["election_id", "revision"]
        verbose_name_plural = "tallies"
        constraints = [models.UniqueConstraint(fields=["election", "revision"], name="unique_tally_revision")]

    def __str__(self) -> str:
        return f"Tally rev. {self.revision} of {self.election}"

    def figures(self, *, challenged: int | None = None) -> tally_law.TallyFigures:
        """The tally as the law module reads it; ``challenged`` replaces the tally's own count of unopened
        ballots with what the ledger holds now (live determinativeness)."""
        return tally_law.TallyFigures(
            votes_for={name: int(votes) for name, votes in self.votes_for.items()},
            votes_against=self.votes_against,
            void=self.void,
            challenged=self.challenged if challenged is None else challenged,
            eligible=self.election.approx_eligible_voters,
            against_on_ballot=tally_law.against_on_ballot(
                kind=self.election.kind, unions=len(self.election.choices)
            ),
            # A UD case polls on deauthorization (the election's reads bring its case).
            deauthorization=self.election.case.case_type == Case.CaseType.UD,
        )

    @cached_property
    def assessment(self) -> tally_law.TallyAssessment:
        return tally_law.assess(self.figures())


class AudienceVersion(models.Model):
    """What a list across cases is tagged with (core/audience_version.py, ADR 0008): one row per audience —
    ``0`` for Board staff, who all see every case alike, else the user's id — whose ``version`` the database's
    triggers move whenever anything that audience may read changes. Written by triggers only."""

    audience = models.BigIntegerField(primary_key=True, help_text="0: Board staff; else the user's id")
    version = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"audience {self.audience} at {self.version}"


class CaseToRebuild(models.Model):
    """A case whose version moved and whose answers are not built yet (elections/bodies.py). Rows are written
    by a trigger on the case table (``core.case_version.CaseRebuildQueued``), so every writer queues its
    cases — services, imports, tasks — and drained by the request that wrote (its own rows: ``writer`` is its
    database connection's process) or by the periodic sweep. Duplicates are expected and harmless: no unique
    key, so two writers of one case never wait on each other here."""

    case_id = models.BigIntegerField(db_index=True)  # no foreign key: a queue row locks nothing
    writer = models.IntegerField(default=0, db_index=True)  # PostgreSQL's pg_backend_pid(); 0 on SQLite

    def __str__(self) -> str:
        return f"case {self.case_id} to rebuild"
