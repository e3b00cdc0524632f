"""Notes on a case, a challenged ballot or an objection, each with who may read it.

``side`` is a party's work product: only the people currently appearing for that party read it — not the
other side, not Board staff, not the admin. ``staff`` is for Board staff only. ``case`` is for everyone on
the case. Visibility is fixed when the note is written (a reader set that changed later would change who
may read the earlier text). Notes are never deleted; every edit keeps the text before it in the history.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from challenges.models import Challenge
from elections.models import Case, Party
from objections.models import Objection

BODY_MAX = 20_000


class Visibility(models.TextChoices):
    SIDE = "side", "Side (the author's party only)"
    STAFF = "staff", "Board staff only"
    CASE = "case", "Everyone on the case"


class Note(models.Model):
    # The case of every note, whatever its subject: what scopes it to the people of the case.
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="+")
    challenge = models.ForeignKey(
        Challenge, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    objection = models.ForeignKey(
        Objection, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    body = models.TextField(max_length=BODY_MAX)
    visibility = models.CharField(max_length=5, choices=Visibility.choices, db_index=True)
    party = models.ForeignKey(
        Party,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The author's party: whose work product a side note is",
    )
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    revision = models.PositiveIntegerField(default=0, help_text="0 as written, then 1, 2… per edit")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["case", "visibility", "created_at"], name="note_case_visibility_idx")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(challenge__isnull=True) | models.Q(objection__isnull=True),
                name="note_has_one_subject",
            ),
            models.CheckConstraint(
                condition=~models.Q(visibility="side") | models.Q(party__isnull=False),
                name="side_note_names_its_party",
            ),
        ]

    def __str__(self) -> str:
        # Never the body: this string appears in places (admin messages, logs) that are not scoped.
        return f"Note {self.pk} ({self.visibility})"

    @property
    def subject_type(self) -> str:
        if self.challenge_id is not None:
            return "challenge"
        if self.objection_id is not None:
            return "objection"
        return "case"
