"""Objections and rulings over the API: input and output kept apart (house style).

Datetimes go out in the regional office's zone (the zone of the 11:59 p.m. cutoff, 29 CFR 102.2(b)), with
their offset, so that a lawyer reads "2021-04-16T23:59:00-04:00" rather than the same instant in UTC.
A datetime coming in without its offset is read on the regional office's clock (the zone its deadline is
counted in), and the answer's ``explanation`` says so.
"""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo

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
from core.api.scoping import MAX_ID
from elections.models import Election, Party
from objections import selectors
from objections.law import rulings as rules
from objections.models import (
    LEVEL_CHOICES,
    MAX_NUMBER,
    MAX_STATEMENT,
    OBJECTS_TO_CHOICES,
    SERVICE_CHOICES,
    Objection,
    Ruling,
)


@extend_schema_field(
    {
        "type": "string",
        "enum": [status.value for status in rules.Status],
        "description": "pending, set_for_hearing, sustained, overruled, withdrawn: follows the controlling "
        "ruling",
    },
    component_name="ObjectionStatus",
)
class ObjectionStatusField(serializers.CharField):
    """The objection's status, documented inline so its enum does not collide with the case's ``status``."""


@extend_schema_field(
    {
        "type": "string",
        "enum": [level.value for level in rules.LEVELS],
        "description": "hearing_officer, administrative_law_judge, regional_director, board, court_of_appeals",
    },
    component_name="RulingLevel",
)
class RulingLevelField(ChoiceField):
    """A ruling's level, documented under its own name (challenges have levels of their own)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=LEVEL_CHOICES, **kwargs)


# --- output -------------------------------------------------------------------------------------


class RulingSerializer(serializers.ModelSerializer[Ruling]):
    level = RulingLevelField(read_only=True)

    class Meta:
        model = Ruling
        fields = ["id", "level", "disposition", "decided_on", "note"]
        read_only_fields = fields


class RulingRecordedSerializer(serializers.ModelSerializer[Ruling]):
    objection: serializers.PrimaryKeyRelatedField[Objection] = serializers.PrimaryKeyRelatedField(
        read_only=True
    )
    objection_status = ObjectionStatusField(source="objection.status", read_only=True)
    level = RulingLevelField(read_only=True)

    class Meta:
        model = Ruling
        fields = ["id", "objection", "level", "disposition", "decided_on", "note", "objection_status"]
        read_only_fields = fields


_ZONED = (
    "filed_at",
    "received_at",
    "offer_of_proof_filed_at",
    "offer_of_proof_received_at",
    "due_at",
    "offer_of_proof_due_at",
    "withdrawn_at",
)


class ObjectionSerializer(serializers.ModelSerializer[Objection]):
    election: serializers.PrimaryKeyRelatedField[Election] = serializers.PrimaryKeyRelatedField(
        read_only=True
    )
    case = serializers.CharField(source="election.case.number", read_only=True)
    filed_by: serializers.PrimaryKeyRelatedField[Party] = serializers.PrimaryKeyRelatedField(read_only=True)
    filed_by_name = serializers.CharField(source="filed_by.name", read_only=True)
    category_label = serializers.CharField(source="get_category_display", read_only=True)
    zone = serializers.SerializerMethodField()
    # Read from the law's computation over the tally the filing answers (``Objection.deadline``).
    due_at = serializers.DateTimeField(read_only=True, allow_null=True)
    due_explanation = serializers.CharField(read_only=True)
    verified = serializers.BooleanField(
        read_only=True, help_text="Whether the rule behind due_at is verified against a primary source"
    )
    offer_of_proof_timely = serializers.BooleanField(read_only=True, allow_null=True)
    rulings = serializers.SerializerMethodField()
    status = ObjectionStatusField(read_only=True)
    status_explanation = serializers.SerializerMethodField()
    served_on: serializers.PrimaryKeyRelatedField[Party] = serializers.PrimaryKeyRelatedField(
        many=True, read_only=True, help_text="Ids of the parties served (29 CFR 102.69(a)(8))"
    )
    service_method = serializers.ChoiceField(choices=SERVICE_CHOICES, allow_blank=True, read_only=True)
    service_flag = serializers.CharField(
        read_only=True,
        help_text='"Not served on …" with the rule when an other party was not served or no certificate of '
        'service was filed; "" when served on every other party with a certificate',
    )

    class Meta:
        model = Objection
        fields = [
            "id",
            "election",
            "case",
            "filed_by",
            "filed_by_name",
            "number",
            "category",
            "category_label",
            "objects_to",
            "statement",
            "filed_at",
            "offer_of_proof_filed_at",
            "due_at",
            "due_explanation",
            "verified",
            "timely",
            "received_at",
            "filing_confirmed",
            "zone",
            "offer_of_proof_due_at",
            "offer_of_proof_timely",
            "offer_of_proof_received_at",
            "offer_of_proof_confirmed",
            "offer_of_proof_extension_reason",
            "status",
            "status_explanation",
            "rulings",
            "withdrawn_at",
            "served_on",
            "service_method",
            "certificate_of_service",
            "confirmation_number",
            "service_flag",
        ]
        read_only_fields = fields

    def _facts(self, objection: Objection) -> list[rules.RulingFact]:
        return rules.chronological(selectors.ruling_facts(objection.rulings.all()))

    @extend_schema_field(serializers.CharField(help_text="IANA zone of the regional office (102.2(b))"))
    def get_zone(self, objection: Objection) -> str:
        return objection.election.case.office_zone

    @extend_schema_field(RulingSerializer(many=True))
    def get_rulings(self, objection: Objection) -> list[dict[str, Any]]:
        by_id = {r.pk: r for r in objection.rulings.all()}
        ordered = [by_id[f.order] for f in self._facts(objection)]
        return list(RulingSerializer(ordered, many=True).data)

    @extend_schema_field(serializers.CharField(help_text="Which ruling controls the status, and why"))
    def get_status_explanation(self, objection: Objection) -> str:
        return selectors.status_derivation(objection).explanation

    def to_representation(self, instance: Objection) -> dict[str, Any]:
        data: dict[str, Any] = super().to_representation(instance)
        zone = ZoneInfo(data["zone"])
        for name in _ZONED:
            value = getattr(instance, name)
            if value is not None:
                data[name] = value.astimezone(zone).isoformat()
        return data


# --- input --------------------------------------------------------------------------------------


class ObjectionInputSerializer(InputSerializer):
    filed_by = PartyIdField(min_value=1, max_value=MAX_ID, help_text="Party id in this case")
    number = WholeNumberField(
        min_value=1,
        max_value=MAX_NUMBER,
        required=False,
        allow_null=True,
        help_text="Optional; the filing party's next number in this election when left out",
    )
    category = ChoiceField(choices=Objection.Category.choices)
    objects_to = ChoiceField(
        choices=OBJECTS_TO_CHOICES,
        required=False,
        help_text="conduct (default: due with the tally of ballots' period, 102.69(a)(8)) or revised_tally "
        "(an objection to the latest revised tally itself, due in its 102.69(e) period)",
    )
    statement = TextField(
        max_length=MAX_STATEMENT,
        error_messages={"blank": "State the objection: a short statement of the reasons (102.69(a)(8))."},
    )
    filed_at = CaseDateTimeField(required=False, allow_null=True, help_text="Default: now")
    offer_of_proof_filed_at = CaseDateTimeField(required=False, allow_null=True)
    served_on = serializers.ListField(
        child=WholeNumberField(min_value=1, max_value=MAX_ID),
        required=False,
        default=list,
        max_length=100,
        help_text="Ids of the other parties served with the objections (29 CFR 102.69(a)(8))",
    )
    # The stored choices: one enum in the schema for every service_method, read or written.
    service_method = ChoiceField(choices=SERVICE_CHOICES, required=False, allow_blank=True, default="")
    certificate_of_service = serializers.BooleanField(
        required=False, default=False, help_text="A certificate of service is filed with the objections"
    )
    confirmation_number = TextField(
        max_length=60, required=False, allow_blank=True, default="", help_text="The agency's e-filing number"
    )


class ObjectionRulingInputSerializer(InputSerializer):
    level = RulingLevelField()
    disposition = TextField(
        max_length=40,
        help_text="; ".join(f"{level}: {', '.join(ds)}" for level, ds in rules.DISPOSITIONS.items()),
    )
    decided_on = CaseDateField()
    note = TextField(max_length=5000, required=False, allow_blank=True, default="")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        try:
            rules.check_disposition(attrs["level"], attrs["disposition"])
        except rules.DispositionNotAllowed as exc:
            raise serializers.ValidationError({"disposition": [str(exc)]}) from None
        return attrs


class ObjectionWithdrawInputSerializer(InputSerializer):
    withdrawn_at = CaseDateTimeField(required=False, allow_null=True, help_text="Default: now")


_GOOD_CAUSE = "Give the good cause for extending the offer of proof (29 CFR 102.69(a)(8))."


class OfferOfProofExtendInputSerializer(InputSerializer):
    until = CaseDateTimeField(help_text="The offer of proof's new due time")
    reason = TextField(
        max_length=2000,
        help_text="The good cause (29 CFR 102.69(a)(8))",
        error_messages={
            "blank": _GOOD_CAUSE,
            "required": _GOOD_CAUSE,
        },
    )


class OfferOfProofFileInputSerializer(InputSerializer):
    filed_at = CaseDateTimeField(required=False, allow_null=True, help_text="Default: now")


class ObjectionConfirmFilingInputSerializer(InputSerializer):
    late = serializers.BooleanField(
        required=False,
        default=False,
        help_text="true records the filing as late (timely false) instead of confirming the stated time",
    )
