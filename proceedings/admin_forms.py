"""Typed forms for the appeal ladder: each event code gets its own fields, nobody types JSON.

``event_form_class(event, case, election)`` builds the form of one event from the contract of its details
(``proceedings.law.details.KEYS``): a hearing date is a date, an outcome is a choice list of the values that
event allows, a ULP case number is checked as one, a filing party is a party of the case, and a decision that
rules on objections offers one disposition per objection of the election (of that level's dispositions).

The form only checks and shapes the input (``details()``); the view calls ``services.event_record`` after
``is_valid()`` — never from ``clean()`` — so a refusal of the service is shown on the form as a sentence
(``sentence()``), not a code.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.contrib.admin.widgets import AdminDateWidget

from core import clock
from core.errors import RuleViolation, TransitionNotAllowed
from elections.law import case_numbers, regions
from elections.models import Case, Election
from objections.law import rulings as ruling_rules
from objections.models import Objection
from proceedings.law import ca_case as toc
from proceedings.law import courts, dispositions, ladder
from proceedings.law.details import KEYS, MAX_SHORT, MAX_TEXT, RULING_LEVELS

E = ladder.Event

# The values each choice detail allows, per event (the same tuples the details validator checks against).
_CHOICES: dict[tuple[E, str], tuple[str, ...]] = {
    (E.REGIONAL_DIRECTOR_DECISION, "outcome"): ladder.ORDERS,
    (E.ALJ_DECISION, "outcome"): ladder.ORDERS,
    (E.BOARD_DECISION, "outcome"): ladder.BOARD_OUTCOMES,
    (E.BOARD_DECISION, "order"): ladder.ORDERS,
    (E.COURT_DECISION, "outcome"): courts.DECISION_OUTCOMES,
    (E.CERTIFICATION_ISSUED, "kind"): ladder.CERTIFICATION_KINDS,
    # The ends of a dispute and the test of certification (product.md v1.3).
    (E.PETITION_DISMISSED, "by"): dispositions.DISMISSED_BY,
    (E.PETITION_WITHDRAWN, "approved_by"): dispositions.WITHDRAWAL_APPROVED_BY,
    (E.BARGAINING_ORDER, "basis"): dispositions.BARGAINING_ORDER_BASES,
    (E.BARGAINING_ORDER, "by"): dispositions.BARGAINING_ORDER_BY,
    (E.ELECTION_BLOCKED, "action"): dispositions.BLOCK_ACTIONS,
    (E.BLOCK_LIFTED, "action"): dispositions.BLOCK_ACTIONS,
    (E.BOARD_ORDER, "outcome"): toc.BOARD_ORDER_OUTCOMES,
    (E.COURT_PETITION_FILED, "court"): courts.CIRCUITS,
    (E.COURT_PETITION_FILED, "kind"): courts.FILING_KINDS,
    (E.COURT_CASES_CONSOLIDATED, "court"): courts.CIRCUITS,
    (E.COURT_DECISION, "court"): courts.CIRCUITS,
    (E.REHEARING_DECISION, "outcome"): courts.REHEARING_OUTCOMES,
    (E.CERTIORARI_DECISION, "outcome"): courts.CERTIORARI_OUTCOMES,
    (E.SUPREME_COURT_DECISION, "outcome"): courts.SUPREME_COURT_OUTCOMES,
}

CHOICE_LABELS = {
    ladder.CERTIFY_REPRESENTATIVE: "Certify the representative",
    ladder.CERTIFY_RESULTS: "Certify the results (no representative)",
    ladder.RERUN_ELECTION: "Order a rerun election",
    ladder.RUNOFF_ELECTION: "Order a runoff election",
    "review_denied": "Review denied",
    "review_granted": "Review granted",
    "affirmed": "Affirmed",
    "reversed": "Reversed",
    "remanded": "Remanded",
    "enforced": "Order enforced",
    "denied": "Enforcement denied",
    "dismissed": "Petition dismissed",
    "vacated": "Order vacated",
    "enforced_in_part": "Order enforced in part",
    "transferred": "Transferred to another court",
    "administrative_law_judge": "An administrative law judge (recommended)",
    "board": "The Board",
    "regional_director": "The Regional Director",
    "representative": "Certification of representative",
    "results": "Certification of results",
}

DETAIL_LABELS = {
    "hearing_on": "Hearing date",
    "presiding": "Presiding officer",
    "note": "Note",
    "outcome": "Outcome",
    "order": "Order left standing",
    "kind": "Kind of certification",
    "ulp_case": "Unfair-labor-practice case number",
    "court": "Court",
    "docket": "Docket number",
    "party": "Filing party",
    "respond_by": "Respond by",
    "lead_docket": "Lead docket",
    "dockets": "Dockets",
    "region": "Receiving Region",
    "approved_by": "Approved by",
    "with_prejudice": "With prejudice",
    "administrative": "By administrative action (102.71(a))",
}

DETAIL_HELP = {
    "hearing_on": "The date the hearing is set for.",
    "order": "Only when the Board orders something itself (e.g. reversed with a rerun).",
    "ulp_case": "E.g. 29-CA-318069.",
    "court": "E.g. D.C. Cir.",
    "docket": "E.g. 23-1234.",
    "dockets": "The court's docket numbers, separated by commas (28 U.S.C. 2112(a)).",
    "region": "The Region the General Counsel transferred the case to (29 CFR 102.72).",
    "respond_by": "The date the notice to show cause sets.",
    "note": "Free text kept with the event (e.g. where the date comes from).",
}

_ULP_TYPES = {
    E.CONSOLIDATED_WITH_ULP: ("CA", "CB"),
    E.REFUSAL_TO_BARGAIN: ("CA",),
    E.BOARD_ORDER: ("CA",),
    E.ELECTION_BLOCKED: ("CA", "CB"),
    E.BLOCK_LIFTED: ("CA", "CB"),
}
_DATES = ("hearing_on", "respond_by")
_FLAGS = ("administrative", "with_prejudice")


def choice_label(value: str) -> str:
    return CHOICE_LABELS.get(value, value.replace("_", " ").capitalize())


def event_groups(allowed: Sequence[str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """The event picker: what the ladder allows next first, the rest after (recording one of those is
    refused with a sentence that says why)."""
    first = [(e.value, ladder.EVENT_LABELS[e]) for e in E if e.value in allowed]
    rest = [(e.value, ladder.EVENT_LABELS[e]) for e in E if e.value not in allowed]
    return [
        (label, options)
        for label, options in (("Allowed next", first), ("Not allowed at this stage", rest))
        if options
    ]


class UlpCaseField(forms.CharField):
    def __init__(self, *, types: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(max_length=20, **kwargs)
        self.types = types

    def clean(self, value: Any) -> Any:
        text = super().clean(value)
        if not text:
            return text
        try:
            parsed = case_numbers.parse(text, representation_only=False)
        except case_numbers.InvalidCaseNumber as exc:
            raise forms.ValidationError(f"This is not an NLRB case number: {exc}.") from None
        if parsed.case_type not in self.types:
            raise forms.ValidationError(
                f"An unfair-labor-practice case here is of type {' or '.join(self.types)}; "
                f"{parsed} is a {parsed.case_type} case."
            )
        return str(parsed)


class EventForm(forms.Form):
    """The fields common to every event; ``event_form_class`` adds the event's own."""

    event_code: E
    case: Case
    objections: list[Objection]

    election = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, label="Election")
    occurred_on = forms.DateField(widget=AdminDateWidget, label="Date of the event", initial=clock.today)

    def __init__(self, *args: Any, elections: Sequence[tuple[int, str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "The election whose proceeding is live"), *elections]
        self.fields["election"].choices = choices  # type: ignore[attr-defined]

    def details(self) -> dict[str, object]:
        """The event's ``details`` as the service takes them (only what was filled in)."""
        data = self.cleaned_data
        details: dict[str, object] = {}
        for key in KEYS[self.event_code]:
            if key == "objection_rulings":
                continue
            value = data.get(key)
            if value in (None, "") or (key in _FLAGS and value is False):
                continue
            if key in _DATES:
                value = value.isoformat()
            elif key == "dockets":
                value = [d.strip() for d in str(value).split(",") if d.strip()]
            elif key == "party":
                value = value.pk
            details[key] = value
        rulings = [
            {"objection": o.pk, "disposition": data[f"ruling_{o.pk}"]}
            for o in self.objections
            if data.get(f"ruling_{o.pk}")
        ]
        if rulings:
            details["objection_rulings"] = rulings
        return details

    def field_for(self, message: str) -> str | None:
        """The field a service message is about (it starts with the detail's key), if it is on this form."""
        match = re.match(r"(?:details: )?(\w+)", message)
        key = match.group(1) if match else ""
        if key == "objection_rulings":
            return None
        return key if key in self.fields else None


def _detail_field(event: E, key: str, case: Case) -> forms.Field:
    label = DETAIL_LABELS.get(key, key.replace("_", " ").capitalize())
    required = KEYS[event][key].required
    help_text = DETAIL_HELP.get(key, "")
    if (event, key) in _CHOICES:
        values = _CHOICES[(event, key)]
        return forms.ChoiceField(
            choices=[("", "—"), *((v, choice_label(v)) for v in values)],
            required=required,
            label=label,
            help_text=help_text,
        )
    if key in _DATES:
        return forms.DateField(widget=AdminDateWidget, required=required, label=label, help_text=help_text)
    if key in _FLAGS:
        return forms.BooleanField(required=False, label=label, help_text=help_text)
    if key == "region":
        return forms.TypedChoiceField(
            coerce=int,
            choices=[("", "—"), *((n, f"{n} — {r.office}") for n, r in sorted(regions.REGIONS.items()))],
            required=required,
            label=label,
            help_text=help_text,
        )
    if key == "ulp_case":
        return UlpCaseField(
            types=_ULP_TYPES.get(event, ("CA",)), required=required, label=label, help_text=help_text
        )
    if key == "party":
        return forms.ModelChoiceField(
            queryset=case.parties.order_by("name"), required=required, label=label, empty_label="—"
        )
    if key in ("note", "reason"):
        return forms.CharField(
            widget=forms.Textarea(attrs={"rows": 3, "cols": 80}),
            required=required,
            max_length=MAX_TEXT,
            label=label,
            help_text=help_text,
        )
    limit = 40 if key == "docket" else MAX_SHORT
    return forms.CharField(required=required, max_length=limit, label=label, help_text=help_text)


def event_form_class(event: E, case: Case, election: Election | None) -> type[EventForm]:
    """The form of ``event`` in ``case``: its details as typed fields, rulings per objection of the election."""
    attrs: dict[str, Any] = {"event_code": event, "case": case, "objections": []}
    for key in KEYS[event]:
        if key != "objection_rulings":
            attrs[key] = _detail_field(event, key, case)
    level = RULING_LEVELS.get(event)
    if level is not None and election is not None:
        objections = list(
            Objection.objects.filter(election=election)
            .exclude(status=Objection.Status.WITHDRAWN)
            .select_related("filed_by")
            .order_by("filed_by__name", "number")
        )
        attrs["objections"] = objections
        dispositions = ruling_rules.DISPOSITIONS[level]
        for objection in objections:
            attrs[f"ruling_{objection.pk}"] = forms.ChoiceField(
                choices=[
                    ("", "— no ruling in this decision —"),
                    *((d, choice_label(d)) for d in dispositions),
                ],
                required=False,
                label=f"{objection.filed_by.name} objection {objection.number}",
                help_text=f"{objection.get_category_display()} · now {objection.get_status_display().lower()}",
            )
    return type(f"{event.value.title().replace('_', '')}Form", (EventForm,), attrs)


def sentence(exc: Exception) -> str:
    """A refusal of the service as staff read it: labels instead of event, stage and detail codes."""
    text = exc.message if isinstance(exc, RuleViolation) else getattr(exc, "detail", str(exc))
    text = re.sub(r"^details: ", "", text)
    # "Hearing opened (hearing_opened)" → "Hearing opened"; "at objections_period (objections period open)"
    text = re.sub(r" \((?:" + "|".join(e.value for e in E) + r")\)", "", text)
    text = re.sub(r"at (" + "|".join(s.value for s in ladder.Stage) + r") \(([^)]*)\)", r"at “\2”", text)
    if isinstance(exc, TransitionNotAllowed) and exc.allowed:
        allowed = ", ".join(ladder.event_label(code) for code in exc.allowed)
        text = re.sub(r"Allowed next: [^.]*\.", f"Allowed next: {allowed}.", text)
    for e in E:
        text = re.sub(rf"\b{e.value}\b", ladder.EVENT_LABELS[e].lower(), text)
    for key, label in DETAIL_LABELS.items():
        text = re.sub(rf"^{key}\b", label, text)
    return text[:1].upper() + text[1:]
