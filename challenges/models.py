"""The challenged-ballot ledger: one row per challenged voter."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from challenges.law import statuses
from challenges.law.statuses import Status
from elections.law import levels
from elections.law.levels import Level
from elections.models import Election, Party, Tally, scoped_to_cases_of

BOARD_AGENT = Level.BOARD_AGENT.value
"""How the API and CSV files name the Board agent as challenger (``challenged_by`` is then empty)."""

STATUS_CHOICES = [(status.value, statuses.LABELS[status]) for status in Status]

# The levels that decide or recommend on a challenge (``elections.law.levels``), in the order of the stored
# choices and of the API's ``ChallengeLevelEnum``.
LEVEL_CHOICES = [
    (level.value, levels.TITLES[level])
    for level in (
        Level.BOARD_AGENT,
        Level.REGIONAL_DIRECTOR,
        Level.HEARING_OFFICER,
        Level.ADMINISTRATIVE_LAW_JUDGE,
        Level.BOARD,
        Level.COURT_OF_APPEALS,
    )
]


class ChallengeQuerySet(models.QuerySet["Challenge"]):
    def visible_to(self, user: Any) -> ChallengeQuerySet:
        """Challenges of the cases the user may see (staff: all)."""
        return scoped_to_cases_of(self, user, case_id="election__case_id")

    def live(self) -> ChallengeQuerySet:
        """Every challenge but a withdrawn one: what the one-challenge-per-voter rule counts."""
        return self.exclude(status=Challenge.Status.WITHDRAWN)


class Challenge(models.Model):
    class Ground(models.TextChoices):
        NOT_ON_LIST = "not_on_list", "Not on the voter list"
        SUPERVISOR = "supervisor", "Supervisor (§2(11))"
        MANAGER = "manager", "Manager"
        CONFIDENTIAL = "confidential", "Confidential employee"
        GUARD = "guard", "Guard (§9(b)(3))"
        OUTSIDE_UNIT = "outside_unit", "Outside the unit"
        NOT_EMPLOYED_ON_ELIGIBILITY_DATE = (
            "not_employed_on_eligibility_date",
            "Not employed on the eligibility date",
        )
        NO_LONGER_EMPLOYED = "no_longer_employed", "No longer employed"
        LAID_OFF_NO_RECALL = "laid_off_no_recall", "Laid off without expectancy of recall"
        REPLACED_STRIKER = "replaced_striker", "Replaced striker beyond 12 months (§9(c)(3))"
        OTHER = "other", "Other"

    Status = Status  # the law's statuses, where callers look for them

    class Method(models.TextChoices):
        AGREEMENT = "agreement", "Agreement of the parties"
        INVESTIGATION = "investigation", "Regional investigation"
        HEARING = "hearing", "Hearing"

    class Recommendation(models.TextChoices):
        SUSTAIN = "sustain", "Sustain the challenge"
        OVERRULE = "overrule", "Overrule the challenge"

    election = models.ForeignKey(Election, on_delete=models.PROTECT, related_name="challenges")
    voter_name = models.CharField(max_length=200)
    voter_identifier = models.CharField(max_length=100, blank=True, help_text="Employee ID or list number")
    # Identifier when given, else the name, folded: one live challenge per voter per election.
    # Case-folding can triple a name's length ('ﬃ' → 'ffi'); the key must hold the longest a name can give.
    voter_key = models.CharField(max_length=600, editable=False)
    job_classification = models.CharField(max_length=200, blank=True)
    challenged_by = models.ForeignKey(
        Party,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="challenges",
        help_text="The challenging party; empty when the Board agent challenged",
    )
    ground = models.CharField(max_length=40, choices=Ground.choices, db_index=True)
    reason = models.TextField(blank=True)
    status = models.CharField(max_length=10, choices=STATUS_CHOICES, default=Status.PENDING, db_index=True)
    resolution_method = models.CharField(max_length=14, choices=Method.choices, blank=True)
    resolved_on = models.DateField(null=True, blank=True)
    resolved_level = models.CharField(max_length=24, choices=LEVEL_CHOICES, blank=True)
    resolution_basis = models.TextField(
        blank=True, help_text="Why it was decided so: the finding, the agreement, or the order's reasoning"
    )
    # A hearing officer's or ALJ's recommendation decides nothing (elections.law.levels): the challenge
    # stays pending until the Regional Director, the Board or a court disposes of it.
    recommendation = models.CharField(max_length=8, choices=Recommendation.choices, blank=True)
    recommended_on = models.DateField(null=True, blank=True)
    recommendation_level = models.CharField(max_length=24, choices=LEVEL_CHOICES, blank=True)
    # The revision of the election's latest tally when the challenge was settled (sustained, overruled,
    # withdrawn, moot); null while pending or when settled before any tally. The challenges settled since
    # the latest tally are still among its ``challenged`` ballots; the next revision no longer counts them.
    settled_after_revision = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    counted_in = models.ForeignKey(
        Tally,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="opened_challenges",
        help_text="The revised tally into which this overruled ballot was opened and counted",
    )
    # Set when the challenge is released (overruled, or withdrawn) after a tally that held the ballot
    # sealed among its challenged ballots; cleared when open-and-count puts it in a revised tally.
    awaiting_count = models.BooleanField(
        default=False,
        help_text="The ballot was released from its challenge and waits to be opened and counted",
    )
    synthetic = models.BooleanField(default=False, help_text="Demo data: the voter is invented")
    logged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    logged_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    objects = ChallengeQuerySet.as_manager()

    class Meta:
        ordering = ["election_id", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["election", "voter_key"],
                condition=~models.Q(status="withdrawn"),
                name="one_live_challenge_per_voter",
            ),
            # A decision (sustained or overruled) always says how and when it was made.
            models.CheckConstraint(
                condition=~models.Q(status__in=["sustained", "overruled"])
                | (~models.Q(resolution_method="") & models.Q(resolved_on__isnull=False)),
                name="challenge_decision_has_method_and_date",
            ),
            # A pending challenge carries no trace of a resolution.
            models.CheckConstraint(
                condition=~models.Q(status="pending")
                | (
                    models.Q(resolution_method="")
                    & models.Q(resolved_on__isnull=True)
                    & models.Q(counted_in__isnull=True)
                    & models.Q(awaiting_count=False)
                ),
                name="challenge_pending_is_unresolved",
            ),
            # Only a released ballot (overruled or withdrawn) is ever opened and counted.
            models.CheckConstraint(
                condition=models.Q(counted_in__isnull=True) | models.Q(status__in=["overruled", "withdrawn"]),
                name="challenge_counted_only_when_released",
            ),
            models.CheckConstraint(
                condition=models.Q(awaiting_count=False)
                | (models.Q(status__in=["overruled", "withdrawn"]) & models.Q(counted_in__isnull=True)),
                name="challenge_awaiting_count_only_when_released",
            ),
        ]
        indexes = [
            models.Index(fields=["election", "status"], name="challenge_election_status_idx"),
            models.Index(
                fields=["election"],
                condition=models.Q(awaiting_count=True),
                name="challenge_awaiting_count_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.voter_name} ({self.get_status_display()})"

    def save(self, *args: object, **kwargs: object) -> None:
        self.voter_key = self.key_for(voter_name=self.voter_name, voter_identifier=self.voter_identifier)
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    @property
    def challenger_code(self) -> int | str:
        """The API's ``challenged_by``: the party id, or ``board_agent``."""
        return self.challenged_by_id if self.challenged_by_id is not None else BOARD_AGENT

    @property
    def challenger_name(self) -> str:
        return self.challenged_by.name if self.challenged_by is not None else "Board agent"

    @staticmethod
    def key_for(*, voter_name: str, voter_identifier: str) -> str:
        return (voter_identifier.strip() or " ".join(voter_name.split())).casefold()


class ElectionLedger(Election):
    """An election seen from its ledger (a proxy: no table of its own), for the staff workplace: how
    many challenges are pending or waiting to be opened, and whether they can still change the result."""

    class Meta:
        proxy = True
        verbose_name = "election ledger"
        verbose_name_plural = "election ledgers"
