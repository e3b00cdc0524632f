"""Serializers for cases, parties, appearances, elections and tallies: input and output kept apart."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api.fields import (
    CaseDateField,
    CaseDateTimeField,
    ChoiceField,
    PartyIdField,
    TextField,
    WholeNumberField,
)
from core.api.inputs import InputSerializer
from core.api.office_time import InOfficeZone
from elections.law import case_numbers
from elections.law.tally import MAX_COUNT
from elections.models import Appearance, Case, Counsel, Election, Party, RelatedCase, Tally

# --- output -------------------------------------------------------------------------------------


class CounselSerializer(serializers.ModelSerializer[Counsel]):
    class Meta:
        model = Counsel
        fields = ["name", "firm", "address", "phone", "source"]


class PartySerializer(serializers.ModelSerializer[Party]):
    counsel = CounselSerializer(
        many=True, read_only=True, help_text="Counsel of record (from the public record, or staff)"
    )

    class Meta:
        model = Party
        fields = ["id", "role", "name", "counsel"]


class RelatedCaseSerializer(serializers.ModelSerializer[RelatedCase]):
    class Meta:
        model = RelatedCase
        fields = ["kind", "number", "court", "description"]


class CaseSerializer(InOfficeZone, serializers.ModelSerializer[Case]):
    zoned = ("created_at", "updated_at")
    parties = PartySerializer(many=True, read_only=True)
    related_cases = RelatedCaseSerializer(many=True, read_only=True)
    regional_office = serializers.CharField(read_only=True)
    office_zone = serializers.CharField(read_only=True)
    rule_set_label = serializers.CharField(source="get_rule_set_display", read_only=True)

    class Meta:
        model = Case
        fields = [
            "number",
            "name",
            "case_type",
            "region",
            "regional_office",
            "office_zone",
            "petition_filed_on",
            "unit_description",
            "rule_set",
            "rule_set_label",
            "status",
            "closed_on",
            "closing_reason",
            "parties",
            "related_cases",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class AppearanceSerializer(serializers.ModelSerializer[Appearance]):
    user = serializers.CharField(source="user.username", read_only=True)
    party: serializers.PrimaryKeyRelatedField[Party] = serializers.PrimaryKeyRelatedField(read_only=True)
    party_name = serializers.CharField(source="party.name", read_only=True)

    class Meta:
        model = Appearance
        fields = ["id", "user", "party", "party_name", "capacity"]


class TallySerializer(InOfficeZone, serializers.ModelSerializer[Tally]):
    zoned = ("prepared_at",)
    case_path = "election.case"
    election: serializers.PrimaryKeyRelatedField[Election] = serializers.PrimaryKeyRelatedField(
        read_only=True
    )
    valid_votes_counted = serializers.IntegerField(source="assessment.valid_votes_counted", read_only=True)
    valid_plus_challenged = serializers.IntegerField(
        source="assessment.valid_plus_challenged", read_only=True
    )
    majority_needed = serializers.IntegerField(source="assessment.majority_needed", read_only=True)
    challenges_determinative = serializers.BooleanField(
        source="assessment.challenges_determinative", read_only=True
    )
    result = serializers.ChoiceField(
        source="assessment.result",
        choices=[
            "representative",
            "no_representative",
            "runoff_required",
            "undetermined",
            "new_election_required",
            "deauthorized",
            "not_deauthorized",
        ],
        read_only=True,
    )
    winner = serializers.CharField(source="assessment.winner", read_only=True, allow_null=True)
    runoff_choices = serializers.ListField(
        source="assessment.runoff_choices", child=serializers.CharField(), read_only=True
    )
    explanation = serializers.CharField(source="assessment.explanation", read_only=True)
    votes_for = serializers.DictField(child=serializers.IntegerField(), read_only=True)
    ledger_count = serializers.SerializerMethodField()
    ledger_matches_tally = serializers.SerializerMethodField()

    class Meta:
        model = Tally
        fields = [
            "id",
            "election",
            "revision",
            "prepared_at",
            "void",
            "votes_for",
            "votes_against",
            "challenged",
            "valid_votes_counted",
            "valid_plus_challenged",
            "majority_needed",
            "challenges_determinative",
            "result",
            "winner",
            "runoff_choices",
            "explanation",
            "ledger_count",
            "ledger_matches_tally",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_ledger_count(self, tally: Tally) -> int | None:
        """The ledger's challenges among this tally's challenged ballots (pending, or settled after it)."""
        return getattr(tally, "ledger_count", None)

    @extend_schema_field(serializers.BooleanField(allow_null=True))
    def get_ledger_matches_tally(self, tally: Tally) -> bool | None:
        """Whether the ledger accounts for exactly this tally's challenged ballots."""
        count = getattr(tally, "ledger_count", None)
        return None if count is None else count == tally.challenged


class ElectionSerializer(serializers.ModelSerializer[Election]):
    case = serializers.CharField(source="case.number", read_only=True)
    choices = serializers.ListField(child=serializers.CharField(), read_only=True)
    latest_tally = serializers.SerializerMethodField()
    challenges_pending = serializers.SerializerMethodField()
    pending_challenges_determinative = serializers.SerializerMethodField()
    ledger_count = serializers.SerializerMethodField()
    ledger_matches_tally = serializers.SerializerMethodField()

    class Meta:
        model = Election
        fields = [
            "id",
            "case",
            "sequence",
            "kind",
            "mode",
            "choices",
            "eligibility_date",
            "voting_opens_on",
            "voting_closes_on",
            "count_on",
            "approx_eligible_voters",
            "agreement",
            "voting_unit",
            "latest_tally",
            "challenges_pending",
            "pending_challenges_determinative",
            "ledger_count",
            "ledger_matches_tally",
        ]
        read_only_fields = fields

    @extend_schema_field(TallySerializer(allow_null=True))
    def get_latest_tally(self, election: Election) -> dict[str, Any] | None:
        tally = election.latest_tally
        if tally is None:
            return None
        count = self.get_ledger_count(election)
        if count is not None:
            tally.ledger_count = count  # type: ignore[attr-defined]
        return TallySerializer(tally).data

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_ledger_count(self, election: Election) -> int | None:
        """The ledger's challenges among the latest tally's challenged ballots: pending, or settled since
        that tally; the pending ones alone before any tally."""
        pending = getattr(election, "challenges_pending", None)
        if pending is None:
            return None
        return int(pending) + int(getattr(election, "challenges_settled_since_latest", 0) or 0)

    @extend_schema_field(serializers.BooleanField(allow_null=True))
    def get_ledger_matches_tally(self, election: Election) -> bool | None:
        """Whether the ledger accounts for exactly the latest tally's challenged ballots (null before any
        tally)."""
        tally = election.latest_tally
        count = self.get_ledger_count(election)
        return None if tally is None or count is None else count == tally.challenged

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_challenges_pending(self, election: Election) -> int | None:
        """Challenged ballots still pending now (the ledger's count, annotated by the queryset)."""
        return getattr(election, "challenges_pending", None)

    @extend_schema_field(serializers.BooleanField(allow_null=True))
    def get_pending_challenges_determinative(self, election: Election) -> bool | None:
        """Whether the challenges still pending could change the latest tally's result."""
        pending = getattr(election, "challenges_pending", None)
        tally = election.latest_tally
        if pending is None or tally is None:
            return None

        from elections.law import tally as tally_law

        return tally_law.challenges_determinative(tally.figures(challenged=pending))


# --- input ------------------------------------------------------------------------------------


class PartyInputSerializer(InputSerializer):
    role = ChoiceField(choices=Party.Role.choices)
    name = TextField(max_length=300)


class CaseInputSerializer(InputSerializer):
    number = TextField(max_length=20)
    name = TextField(max_length=300)
    petition_filed_on = CaseDateField()
    unit_description = TextField(required=False, allow_blank=True, default="")
    status = ChoiceField(choices=Case.Status.choices, required=False, default=Case.Status.OPEN)
    parties = PartyInputSerializer(many=True, required=False, default=list)

    def validate_number(self, value: str) -> str:
        try:
            return case_numbers.normalize(value)
        except case_numbers.InvalidCaseNumber as exc:
            raise serializers.ValidationError(str(exc)) from None


class CasePatchSerializer(CaseInputSerializer):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["partial"] = True
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.required = False
        del self.fields["parties"]


class AppearanceInputSerializer(InputSerializer):
    user = serializers.SlugRelatedField(slug_field="username", queryset=get_user_model().objects.all())
    party = PartyIdField(min_value=1, max_value=2**62)
    capacity = ChoiceField(choices=Appearance.Capacity.choices)


class ElectionInputSerializer(InputSerializer):
    case = TextField(max_length=20)
    sequence = WholeNumberField(min_value=1, max_value=99, required=False)
    kind = ChoiceField(choices=Election.Kind.choices, default=Election.Kind.INITIAL)
    mode = ChoiceField(choices=Election.Mode.choices, default=Election.Mode.MANUAL)
    choices = serializers.ListField(
        child=TextField(max_length=300),
        min_length=1,
        max_length=3,
        help_text="Union names on the ballot, in ballot order",
    )
    eligibility_date = CaseDateField(required=False, allow_null=True)
    voting_opens_on = CaseDateField(required=False, allow_null=True)
    voting_closes_on = CaseDateField(required=False, allow_null=True)
    count_on = CaseDateField(required=False, allow_null=True)
    approx_eligible_voters = WholeNumberField(
        min_value=0, max_value=MAX_COUNT, required=False, allow_null=True
    )
    agreement = ChoiceField(
        choices=Election.Agreement.choices,
        required=False,
        allow_null=True,
        help_text="How the election came about: consent (102.62(a)) or full_consent (102.62(c)) — the "
        "Regional Director's decision is final, no Board review (102.69(c)(2)); stipulated (102.62(b)) or "
        "directed (102.67); null when unknown",
    )
    voting_unit = TextField(
        max_length=8, required=False, default="A", help_text="The unit that votes: A, B, …"
    )


class ElectionPatchSerializer(ElectionInputSerializer):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["partial"] = True
        super().__init__(*args, **kwargs)
        for name in ("case", "sequence", "kind", "voting_unit"):
            del self.fields[name]


class TallyInputSerializer(InputSerializer):
    prepared_at = CaseDateTimeField(help_text="Without a UTC offset: read on the regional office's clock")
    void = WholeNumberField(min_value=0, max_value=MAX_COUNT, default=0)
    votes_for = serializers.DictField(
        child=WholeNumberField(min_value=0, max_value=MAX_COUNT),
        help_text="{union name: votes}, one per union on the ballot",
    )
    votes_against = WholeNumberField(
        min_value=0,
        max_value=MAX_COUNT,
        required=False,
        help_text="Required, except on a runoff between two unions, whose ballot has no 'against' choice "
        "(102.70(c)): there it is left out or 0",
    )
    challenged = WholeNumberField(min_value=0, max_value=MAX_COUNT, default=0)
    election = WholeNumberField(
        required=False, min_value=1, max_value=2**62, help_text="Optional; must match the path"
    )
    case = TextField(required=False, help_text="Optional; must be the election's case")
