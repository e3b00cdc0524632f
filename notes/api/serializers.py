"""Notes in and out: one output shape, one input serializer per operation."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api.fields import ChoiceField, PartyIdField, TextField, WholeNumberField
from core.api.inputs import InputSerializer
from core.api.office_time import InOfficeZone
from core.api.scoping import MAX_ID
from elections.law.local_time import in_zone
from notes.models import BODY_MAX, Note, Visibility

SUBJECT_SCHEMA = {
    "type": "object",
    "description": 'What the note is about: `{"type": "case", "number": "10-RC-269250"}`, or '
    '`{"type": "challenge"|"objection", "id": 12}`.',
    "properties": {
        "type": {"type": "string", "enum": ["case", "challenge", "objection"]},
        "number": {"type": "string"},
        "id": {"type": "integer"},
    },
    "required": ["type"],
}


@extend_schema_field(SUBJECT_SCHEMA)
class SubjectField(serializers.Field):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, note: Note) -> dict[str, Any]:
        kind = note.subject_type
        if kind == "challenge":
            return {"type": kind, "id": note.challenge_id}
        if kind == "objection":
            return {"type": kind, "id": note.objection_id}
        return {"type": "case", "number": note.case.number}


class NoteSerializer(InOfficeZone, serializers.ModelSerializer[Note]):
    zoned = ("created_at", "updated_at")
    case_path = "case"
    subject = SubjectField()
    case = serializers.CharField(source="case.number", read_only=True)
    author = serializers.CharField(source="author.username", read_only=True)
    party = serializers.IntegerField(
        source="party_id", read_only=True, allow_null=True, help_text="The author's party (side notes)"
    )
    party_name = serializers.CharField(source="party.name", read_only=True, allow_null=True)

    class Meta:
        model = Note
        fields = [
            "id",
            "subject",
            "case",
            "body",
            "visibility",
            "author",
            "party",
            "party_name",
            "revision",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class NoteInputSerializer(InputSerializer):
    body = TextField(max_length=BODY_MAX, trim_whitespace=True)
    visibility = ChoiceField(
        choices=Visibility.choices,
        help_text="`side`: your party's work product (your party's people only; not staff). `staff`: Board "
        "staff only (staff write them). `case`: everyone on the case.",
    )
    party = PartyIdField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="Whose work product a side note is: needed only when you appear for more than one party",
    )


class NotePatchSerializer(InputSerializer):
    body = TextField(max_length=BODY_MAX, trim_whitespace=True)
    revision = WholeNumberField(
        required=False,
        min_value=0,
        max_value=MAX_ID,
        help_text="The revision you edited: if the note changed since, 409 instead of overwriting",
    )

    not_taken = {
        fixed: f"A note's {fixed} is fixed when it is written; write a new note instead."
        for fixed in ("visibility", "party", "subject")
    }


class NoteVersionSerializer(serializers.Serializer[Any]):
    revision = serializers.IntegerField()
    body = serializers.CharField()
    at = serializers.DateTimeField(source="history_date")
    by = serializers.CharField(source="history_user.username", allow_null=True, default=None)

    def to_representation(self, instance: Any) -> Any:
        # On the clock of the note's case office (the view puts its zone in the context).
        data = super().to_representation(instance)
        zone = self.context.get("office_zone")
        if zone:
            data["at"] = in_zone(instance.history_date, zone).isoformat()
        return data


class HistoryEntrySerializer(serializers.Serializer[Any]):
    at = serializers.DateTimeField()
    user = serializers.CharField(allow_null=True, help_text="Who made the change (null: a command or task)")
    record = serializers.DictField(help_text='`{"type": "challenge", "id": 12}`')
    action = serializers.ChoiceField(choices=["created", "changed", "deleted"])
    changes = serializers.DictField(
        help_text='`{"field": {"before": …, "after": …}}`; every field for a created record'
    )
    reason = serializers.CharField(allow_null=True)
