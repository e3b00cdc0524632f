"""The desk's forms: typed fields for people (labels, not codes; times in the regional office's zone). They
check only the shape of the input; the services decide what the law allows and say why when they refuse."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django import forms

from challenges.models import BOARD_AGENT, Challenge
from challenges.validation import JOB_CLASSIFICATION_MAX, REASON_MAX, VOTER_IDENTIFIER_MAX, VOTER_NAME_MAX
from core.api.inputs import UNKNOWN
from desk.once import FIELD as ONCE_FIELD
from elections.law.service import METHOD_LABELS
from elections.models import Election, Party
from notes.models import BODY_MAX, Visibility
from objections.models import CONDUCT, OBJECTS_TO_CHOICES, Objection

Choices = Sequence[tuple[Any, str]]

# What a desk page posts besides a form's fields: the CSRF token.
# What every desk form carries besides its fields: Django's CSRF token, and the one-time token that makes a
# repeated post answer with the first result (desk/once.py).
NOT_FIELDS = frozenset({"csrfmiddlewaretoken", ONCE_FIELD})


class KnownFields(forms.Form):
    """A form that refuses what it does not define, as the API does (core/api/inputs.py): a key posted that
    is none of its fields is a form error naming it and the fields there are, never dropped in silence."""

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean()
        if self.is_bound:
            known = sorted(self.fields)
            for key in self.data:
                if key not in NOT_FIELDS and key not in self.fields:
                    self.add_error(None, f"{key}: {UNKNOWN.format(fields=', '.join(known))}")
        return cleaned


def election_choices(elections: Sequence[Election]) -> Choices:
    """Newest first: the election a lawyer at the count is logging for is the latest one."""
    return [(e.pk, f"Election {e.sequence} ({e.get_kind_display().lower()})") for e in reversed(elections)]


def challenger_choices(parties: Sequence[Party], *, board_agent: bool) -> Choices:
    choices: list[tuple[Any, str]] = [(p.pk, p.name) for p in parties]
    if board_agent:
        choices.append((BOARD_AGENT, "The Board agent"))
    return choices


def _choices(form: forms.Form, name: str, choices: Choices) -> None:
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    field.choices = choices


class BallotFields(forms.Form):
    """One challenged ballot: who voted it and on what ground."""

    voter_name = forms.CharField(label="Voter's name", max_length=VOTER_NAME_MAX)
    voter_identifier = forms.CharField(
        label="Voter list number or employee ID", max_length=VOTER_IDENTIFIER_MAX, required=False
    )
    job_classification = forms.CharField(
        label="Job classification", max_length=JOB_CLASSIFICATION_MAX, required=False
    )
    ground = forms.ChoiceField(
        label="Ground",
        choices=Challenge.Ground.choices,
        error_messages={"required": "Choose the ground of this challenge."},
    )
    reason = forms.CharField(
        label="Why (optional)",
        max_length=REASON_MAX,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class BatchHeader(forms.Form):
    """What every ballot of a batch at the count shares: the election and who challenged."""

    election = forms.TypedChoiceField(label="Election", coerce=int)
    challenged_by = forms.ChoiceField(label="Challenged by")

    def __init__(self, *args: Any, elections: Choices, challengers: Choices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choices(self, "election", elections)
        _choices(self, "challenged_by", challengers)


class ChallengeForm(KnownFields, BatchHeader, BallotFields):
    """Log one challenged ballot: the batch's header and one ballot."""

    field_order = ["election", "challenged_by"]


class BallotRow(BallotFields):
    """A row of the batch: left blank, it is skipped."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choices(self, "ground", [("", "—"), *Challenge.Ground.choices])
        self.fields["reason"].widget = forms.TextInput()


BallotRows = forms.formset_factory(BallotRow, extra=5, max_num=200, absolute_max=200)

_ROW_KEY = re.compile(r"^form-(\d{1,3})-(\w+)$")
_MANAGEMENT = frozenset(
    {"form-TOTAL_FORMS", "form-INITIAL_FORMS", "form-MIN_NUM_FORMS", "form-MAX_NUM_FORMS"}
)


def refuse_unknown_batch_keys(header: BatchHeader, data: Any) -> None:
    """The batch form's own KnownFields: a key that is none of the header's fields, the formset's management
    fields, a row's field (``form-N-voter_name``) or the two buttons ("more rows", "log") is an error on the
    header naming it, as the single forms and the API do."""
    row_fields = set(BallotRow.base_fields)
    allowed = set(header.fields) | NOT_FIELDS | _MANAGEMENT | {"more", "log"}  # the two buttons
    known = ", ".join(sorted({*header.fields, *(f"form-N-{f}" for f in row_fields)}))
    for key in data:
        row = _ROW_KEY.match(key)
        if key in allowed or (row is not None and row[2] in row_fields):
            continue
        header.add_error(None, f"{key}: {UNKNOWN.format(fields=known)}")


DATETIME_LOCAL = "%Y-%m-%dT%H:%M"


class ObjectionForm(KnownFields):
    """File objections to the conduct of the election (29 CFR 102.69(a))."""

    election = forms.TypedChoiceField(label="Election", coerce=int)
    filed_by = forms.TypedChoiceField(label="Filed by", coerce=int)
    objects_to = forms.TypedChoiceField(
        label="Objections to",
        choices=OBJECTS_TO_CHOICES,
        initial=CONDUCT,
        required=False,  # as in the API: objections are to the conduct of the election unless they say so
        empty_value=CONDUCT,
        help_text="Conduct affecting the results of the election (102.69(a)), or a revised tally itself, "
        "within its own period after the revised tally is served (102.69(e)).",
    )
    category = forms.ChoiceField(label="Category of conduct", choices=Objection.Category.choices)
    statement = forms.CharField(label="Statement of the objection", widget=forms.Textarea(attrs={"rows": 6}))
    filed_at = forms.DateTimeField(
        input_formats=[DATETIME_LOCAL, "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_LOCAL),
    )
    offer_of_proof = forms.BooleanField(
        label="The offer of proof is filed with the objections (102.69(a)(8))", required=False
    )
    served_on = forms.TypedMultipleChoiceField(
        label="Served on",
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="The objections (not the offer of proof) are served on each of the other parties "
        "(29 CFR 102.69(a)(8)). Objections served on no one are filed, and marked \u201cnot served\u201d.",
    )
    service_method = forms.ChoiceField(
        label="Served by", choices=[("", "—"), *METHOD_LABELS.items()], required=False
    )
    certificate_of_service = forms.BooleanField(
        label="A certificate of service is filed with the objections (102.69(a)(8))", required=False
    )
    confirmation_number = forms.CharField(label="E-filing confirmation number", max_length=60, required=False)

    def __init__(
        self,
        *args: Any,
        elections: Choices,
        filers: Choices,
        zone: str,
        zone_label: str,
        served: Choices = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.zone = zone
        _choices(self, "election", elections)
        _choices(self, "filed_by", filers)
        _choices(self, "served_on", served)
        self.fields["filed_at"].label = f"Filed at ({zone_label})"
        self.fields[
            "filed_at"
        ].help_text = f"The time you filed with the Agency, on the regional office's clock ({zone_label})."

    def clean_filed_at(self) -> datetime:
        """The time typed is read in the regional office's zone, whatever the browser's or the server's."""
        value: datetime = self.cleaned_data["filed_at"]
        return value.replace(tzinfo=None).replace(tzinfo=ZoneInfo(self.zone))


class NoteForm(KnownFields):
    body = forms.CharField(label="Note", max_length=BODY_MAX, widget=forms.Textarea(attrs={"rows": 4}))
    visibility = forms.ChoiceField(label="Who may read it")

    def __init__(self, *args: Any, staff: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        shown = (Visibility.STAFF, Visibility.CASE) if staff else (Visibility.SIDE, Visibility.CASE)
        _choices(self, "visibility", [(v.value, v.label) for v in shown])
