"""Serializers of the ledger: one output shape, and one input serializer per operation."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from challenges.models import BOARD_AGENT, LEVEL_CHOICES, Challenge
from challenges.services import MAX_COUNT
from challenges.validation import JOB_CLASSIFICATION_MAX, REASON_MAX, VOTER_IDENTIFIER_MAX, VOTER_NAME_MAX
from core.api.fields import CaseDateField, CaseDateTimeField, ChoiceField, TextField, WholeNumberField
from core.api.inputs import InputSerializer
from core.api.office_time import InOfficeZone
from core.api.scoping import MAX_ID

CHALLENGER_SCHEMA = {
    "oneOf": [
        {"type": "integer", "description": "Id of a party of the case"},
        {"type": "string", "enum": [BOARD_AGENT]},
    ]
}


@extend_schema_field(CHALLENGER_SCHEMA)
class ChallengerField(serializers.Field):
    """A party id of the case, or ``board_agent``."""

    default_error_messages = {"invalid": "Give a party id of this case or 'board_agent'."}

    def to_internal_value(self, data: Any) -> int | str:
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, int) and 1 <= data <= MAX_ID:
            return data
        if isinstance(data, str):
            text = data.strip()
            if text == BOARD_AGENT:
                return text
            if text.isdigit() and len(text) <= 18 and int(text) >= 1:
                return int(text)
        self.fail("invalid")
        raise AssertionError  # unreachable: fail() raises

    def to_representation(self, value: Any) -> Any:
        return value


class ChallengeSerializer(InOfficeZone, serializers.ModelSerializer[Challenge]):
    zoned = ("logged_at", "updated_at")
    case_path = "election.case"
    election = serializers.IntegerField(source="election_id", read_only=True)
    case = serializers.CharField(source="election.case.number", read_only=True)
    election_sequence = serializers.IntegerField(source="election.sequence", read_only=True)
    challenged_by = ChallengerField(source="challenger_code", read_only=True)
    challenged_by_name = serializers.CharField(source="challenger_name", read_only=True)
    logged_by = serializers.CharField(source="logged_by.username", read_only=True, allow_null=True)
    counted_in_revision = serializers.IntegerField(
        source="counted_in.revision",
        read_only=True,
        allow_null=True,
        help_text="The revised tally into which the ballot was opened and counted",
    )
    # Blank ("") while the challenge is pending or withdrawn: the schema's enums must say so.
    resolution_method = serializers.ChoiceField(
        choices=Challenge.Method.choices, allow_blank=True, read_only=True
    )
    resolved_level = serializers.ChoiceField(choices=LEVEL_CHOICES, allow_blank=True, read_only=True)
    # Blank until a hearing officer or ALJ recommends (issue 10).
    recommendation = serializers.ChoiceField(
        choices=Challenge.Recommendation.choices, allow_blank=True, read_only=True
    )
    recommendation_level = serializers.ChoiceField(choices=LEVEL_CHOICES, allow_blank=True, read_only=True)

    class Meta:
        model = Challenge
        fields = [
            "id",
            "election",
            "election_sequence",
            "case",
            "voter_name",
            "voter_identifier",
            "job_classification",
            "challenged_by",
            "challenged_by_name",
            "ground",
            "reason",
            "status",
            "resolution_method",
            "resolved_on",
            "resolved_level",
            "recommendation",
            "recommended_on",
            "recommendation_level",
            "awaiting_count",
            "counted_in_revision",
            "logged_by",
            "logged_at",
            "updated_at",
            "synthetic",
        ]
        read_only_fields = fields


# The columns ChallengeSerializer reads — the ledger's own among its fields, and of the related rows only
# what it shows: a list selects these and no others.
CHALLENGE_COLUMNS = (
    *(
        name
        for name in ChallengeSerializer.Meta.fields
        if name in {f.name for f in Challenge._meta.concrete_fields}
    ),
    "election__sequence",
    "election__case__number",
    # The office whose clock logged_at is read on: the case's Region, or the receiving one after a transfer.
    "election__case__region",
    "election__case__transferred_to",
    "challenged_by__name",
    "counted_in__revision",
    "logged_by__username",
)


class ChallengeInputSerializer(InputSerializer):
    voter_name = TextField(max_length=VOTER_NAME_MAX)
    voter_identifier = TextField(
        max_length=VOTER_IDENTIFIER_MAX, required=False, allow_blank=True, default=""
    )
    job_classification = TextField(
        max_length=JOB_CLASSIFICATION_MAX, required=False, allow_blank=True, default=""
    )
    challenged_by = ChallengerField()
    ground = ChoiceField(choices=Challenge.Ground.choices)
    reason = TextField(
        max_length=REASON_MAX, required=False, allow_blank=True, default="", trim_whitespace=True
    )


class ChallengeImportSerializer(InputSerializer):
    file = serializers.FileField(
        help_text="CSV, UTF-8 (with or without BOM), header row: voter_name, voter_identifier, "
        "job_classification, challenged_by (party id, exact party name or board_agent), ground, reason"
    )


class ChallengeImportResultSerializer(serializers.Serializer[Any]):
    election = serializers.IntegerField()
    imported = serializers.IntegerField()
    by_challenger = serializers.DictField(child=serializers.IntegerField())
    by_ground = serializers.DictField(child=serializers.IntegerField())


class ChallengeResolveInputSerializer(InputSerializer):
    outcome = ChoiceField(
        choices=[(Challenge.Status.SUSTAINED, "Sustained"), (Challenge.Status.OVERRULED, "Overruled")]
    )
    method = ChoiceField(choices=Challenge.Method.choices)
    decided_on = CaseDateField()
    level = ChoiceField(choices=LEVEL_CHOICES, required=False, allow_blank=True, default="")


class ChallengeWithdrawInputSerializer(InputSerializer):
    withdrawn_on = CaseDateField(required=False, allow_null=True, default=None)


class OpenAndCountInputSerializer(InputSerializer):
    votes_for = serializers.DictField(
        child=WholeNumberField(min_value=0, max_value=MAX_COUNT),
        help_text="{union name: votes found in the opened ballots}, one per union on the ballot",
    )
    votes_against = WholeNumberField(min_value=0, max_value=MAX_COUNT)
    void = WholeNumberField(min_value=0, max_value=MAX_COUNT, default=0)
    prepared_at = CaseDateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Defaults to now; without a UTC offset, read on the regional office's clock",
    )


class ChallengeMootResultSerializer(serializers.Serializer[Any]):
    election = serializers.IntegerField()
    mooted = serializers.IntegerField()
    against_tally_revision = serializers.IntegerField()
