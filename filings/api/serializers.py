"""Filings, rulings and documents over the API: input and output kept apart. Datetimes go out in the
regional office's zone, with its offset; datetimes coming in must state theirs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar
from zoneinfo import ZoneInfo

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api.fields import (
    CaseDateField,
    CaseDateTimeField,
    ChoiceField,
    PatternTextField,
    TextField,
    WholeNumberField,
)
from core.api.inputs import InputSerializer
from core.api.scoping import MAX_ID
from filings.law.kinds import KIND_LABELS, RULING_LEVELS, STATE_LABELS, Kind, Ruling, State
from filings.models import LEVEL_CHOICES, RULING_CHOICES, SERVICE_CHOICES, STATE_CHOICES, Document, Filing


class DocumentSerializer(serializers.ModelSerializer[Document]):
    uploaded_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )
    filing: serializers.PrimaryKeyRelatedField[Filing] = serializers.PrimaryKeyRelatedField(read_only=True)
    download = serializers.SerializerMethodField(help_text="Where to download it (signed in, on the case)")

    class Meta:
        model = Document
        fields = [
            "id",
            "filing",
            "title",
            "pages",
            "bytes",
            "sha256",
            "text_status",
            "text_note",
            "uploaded_by",
            "uploaded_at",
            "download",
        ]
        read_only_fields = fields

    def get_download(self, document: Document) -> str:
        return reverse("document-download", kwargs={"document_id": document.pk})

    def to_representation(self, instance: Document) -> dict[str, Any]:
        data: dict[str, Any] = super().to_representation(instance)
        zone = ZoneInfo(instance.filing.case.office_zone)
        data["uploaded_at"] = instance.uploaded_at.astimezone(zone).isoformat()
        return data


_ZONED = ("filed_at", "received_at")


class FilingSerializer(serializers.ModelSerializer[Filing]):
    case = serializers.CharField(source="case.number", read_only=True)
    election: serializers.PrimaryKeyRelatedField[Any] = serializers.PrimaryKeyRelatedField(read_only=True)
    party: serializers.PrimaryKeyRelatedField[Any] = serializers.PrimaryKeyRelatedField(read_only=True)
    party_name = serializers.CharField(source="party.name", read_only=True)
    kind_label = serializers.CharField(source="get_kind_display", read_only=True)
    served_on: serializers.PrimaryKeyRelatedField[Any] = serializers.PrimaryKeyRelatedField(
        many=True, read_only=True
    )
    answers: serializers.PrimaryKeyRelatedField[Any] = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text="The deadline this filing meets (or asks to extend)"
    )
    due_at = serializers.SerializerMethodField(help_text="When the deadline it answers was due")
    relates_to: serializers.PrimaryKeyRelatedField[Any] = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True
    )
    event: serializers.PrimaryKeyRelatedField[Any] = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text="The proceeding event the filing recorded"
    )
    # Blank ("") until a ruling, and for a paper served without a stated method: the enums say so.
    ruling = serializers.ChoiceField(choices=RULING_CHOICES, allow_blank=True, read_only=True)
    service_method = serializers.ChoiceField(choices=SERVICE_CHOICES, allow_blank=True, read_only=True)
    by = serializers.ChoiceField(
        source="ruled_by_level",
        choices=LEVEL_CHOICES,
        allow_blank=True,
        read_only=True,
        help_text="Who ruled",
    )
    order_deadline: serializers.PrimaryKeyRelatedField[Any] = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text="The deadline a granted extension set (source order)"
    )
    documents = DocumentSerializer(many=True, read_only=True)
    zone = serializers.CharField(source="case.office_zone", read_only=True)
    details = serializers.SerializerMethodField(
        help_text="A granted extension: all_parties (true: moved for every party; false: the filing party's "
        "own time only)"
    )
    state = serializers.ChoiceField(
        choices=STATE_CHOICES,
        read_only=True,
        help_text="draft: seen by its own side alone, filed with POST filings/{id}/file/; filed: a paper of "
        "the case",
    )
    received_at = serializers.DateTimeField(
        read_only=True, allow_null=True, help_text="When the tracker received it (null while a draft)"
    )
    service_flag = serializers.CharField(
        read_only=True,
        help_text='"Not served on …" with the rule when an other party was not served; "" when every other '
        "party was",
    )

    class Meta:
        model = Filing
        fields = [
            "id",
            "case",
            "election",
            "kind",
            "kind_label",
            "party",
            "party_name",
            "title",
            "state",
            "filed_at",
            "received_at",
            "filing_confirmed",
            "timely",
            "zone",
            "confirmation_number",
            "served_on",
            "service_method",
            "service_flag",
            "answers",
            "due_at",
            "relates_to",
            "unforeseeable_grounds",
            "event",
            "ruling",
            "decided_on",
            "by",
            "until",
            "order_deadline",
            "documents",
            "details",
        ]
        read_only_fields = fields

    @extend_schema_field(
        {"type": "object", "properties": {"all_parties": {"type": "boolean"}}, "additionalProperties": False}
    )
    def get_details(self, filing: Filing) -> dict[str, Any]:
        if filing.kind != Kind.EXTENSION_REQUEST or filing.until is None:
            return {}
        return {"all_parties": filing.order_deadline_id is not None}

    def get_due_at(self, filing: Filing) -> str | None:
        if filing.answers is None:
            return None
        return filing.answers.due_at.astimezone(ZoneInfo(filing.answers.zone)).isoformat()

    def to_representation(self, instance: Filing) -> dict[str, Any]:
        data: dict[str, Any] = super().to_representation(instance)
        zone = ZoneInfo(instance.case.office_zone)
        for name in _ZONED:
            value = getattr(instance, name)
            data[name] = value.astimezone(zone).isoformat() if value is not None else None
        return data


class FilingInputSerializer(InputSerializer):
    kind = ChoiceField(choices=list(KIND_LABELS))
    party = WholeNumberField(
        min_value=1, max_value=MAX_ID, help_text="The filing party's id (cases/{number}/parties/)"
    )
    title = TextField(max_length=300)
    election = WholeNumberField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        allow_null=True,
        help_text="Default: the live proceeding",
    )
    filed_at = CaseDateTimeField(required=False, allow_null=True, help_text="The time stated; default: now")
    confirmation_number = TextField(
        max_length=60, required=False, allow_blank=True, default="", help_text="The agency's e-filing number"
    )
    served_on = serializers.ListField(
        child=WholeNumberField(min_value=1, max_value=MAX_ID),
        required=False,
        default=list,
        max_length=100,
        help_text="Ids of the parties served",
    )
    # The stored choices: one enum in the schema for every service_method, read or written.
    service_method = ChoiceField(choices=SERVICE_CHOICES, required=False, allow_blank=True, default="")
    answers = WholeNumberField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        allow_null=True,
        help_text="The deadline it meets (default: found from the kind); required for an extension request",
    )
    relates_to = WholeNumberField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        allow_null=True,
        help_text="The filing a response concerns",
    )
    unforeseeable_grounds = TextField(
        max_length=5000,
        required=False,
        allow_blank=True,
        default="",
        help_text="An extension asked within 3 days of the due date: the circumstances not reasonably "
        "foreseeable (29 CFR 102.2(c))",
    )
    state = ChoiceField(
        choices=list(STATE_LABELS),
        required=False,
        default=State.FILED.value,
        help_text="draft: saved for your own side alone (file it later with filings/{id}/file/); default filed",
    )


class FilingDraftInputSerializer(FilingInputSerializer):
    """Edit a draft: any of the filing's fields but its party (a draft is its own side's), its state
    (file/ files it) and the time stated (given when it is filed). A field not sent is kept."""

    # Read with partial=True (no defaults filled in); a key not declared is a 400 as on every write.

    party = None  # type: ignore[assignment]
    state = None  # type: ignore[assignment]
    filed_at = None  # type: ignore[assignment]
    not_taken: ClassVar[Mapping[str, str]] = {
        "party": "A draft stays its own side's: save a new draft for another party.",
        "state": "File a draft with POST filings/{id}/file/.",
        "filed_at": "The time stated is given when the draft is filed (POST filings/{id}/file/).",
    }


class FilingFileInputSerializer(InputSerializer):
    filed_at = CaseDateTimeField(
        required=False, allow_null=True, help_text="The time stated; default: now (when it is received)"
    )


class RulingDetailsInputSerializer(InputSerializer):
    all_parties = serializers.BooleanField(
        default=False,
        help_text="A granted extension moves the deadline for every party (default: the requesting party's "
        "own time only)",
    )


class FilingRulingInputSerializer(InputSerializer):
    ruling = ChoiceField(choices=[r.value for r in Ruling])
    decided_on = CaseDateField()
    by = ChoiceField(choices=list(RULING_LEVELS))
    until = CaseDateField(required=False, allow_null=True, help_text="A granted extension: the new due date")
    details = RulingDetailsInputSerializer(required=False)


class FilingConfirmFilingInputSerializer(InputSerializer):
    late = serializers.BooleanField(
        required=False,
        default=False,
        help_text="true records the paper as late (timely false) instead of confirming the stated time",
    )


class DocumentInputSerializer(InputSerializer):
    file = serializers.FileField(help_text="A PDF (checked by its content), at most the configured limit")
    # A multipart form sends text: the filing's id as digits.
    filing = PatternTextField(
        r"^[1-9][0-9]{0,17}$",
        max_length=18,
        help_text="The filing's id",
        error_messages={"invalid": "Give the filing's id (digits)."},
    )
    title = TextField(max_length=300, required=False, allow_blank=True, default="")
