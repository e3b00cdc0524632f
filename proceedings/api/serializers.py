"""Serializers of the appeal ladder: input and output kept apart; every datetime of a deadline is shown in its
regional office's zone (its 11:59 p.m. cutoff reads as 23:59 with that zone's offset)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core import clock
from core.api.fields import CaseDateField, ChoiceField, PatternTextField, TextField, WholeNumberField
from core.api.inputs import InputSerializer
from core.api.scoping import MAX_ID
from elections.api.serializers import TallySerializer
from elections.law.local_time import in_zone, local_date
from elections.models import Case, Election
from proceedings import selectors
from proceedings.law import ca_case as toc
from proceedings.law import ladder, owed_by
from proceedings.law.deadlines import Source, Status
from proceedings.law.owed_by import OwedBy, PartyStatus
from proceedings.models import Deadline, ProceedingEvent

# --- events ---------------------------------------------------------------------------------------------


class ProceedingEventSerializer(serializers.ModelSerializer[ProceedingEvent]):
    event_label = serializers.CharField(read_only=True)
    election: serializers.PrimaryKeyRelatedField[Election] = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text="null: recorded before the case had any election"
    )
    election_sequence = serializers.IntegerField(source="election.sequence", read_only=True, allow_null=True)
    details = serializers.DictField(read_only=True)
    recorded_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True
    )
    ordered_election: serializers.PrimaryKeyRelatedField[Election] = serializers.PrimaryKeyRelatedField(
        read_only=True,
        allow_null=True,
        help_text="The election this order created (a rerun or runoff), if any",
    )

    class Meta:
        model = ProceedingEvent
        fields = [
            "id",
            "event",
            "event_label",
            "occurred_on",
            "election",
            "election_sequence",
            "details",
            "party",
            "ordered_election",
            "recorded_by",
            "created_at",
            "voided",
            "void_reason",
            "voided_at",
        ]
        read_only_fields = fields

    def to_representation(self, instance: ProceedingEvent) -> Any:
        # The moments it was recorded and voided, on its office's clock: the views of one case give its zone
        # in the context (no query); elsewhere the case is read.
        data = super().to_representation(instance)
        zone = self.context.get("office_zone") or Case.objects.get(pk=instance.case_id).office_zone
        for name in ("created_at", "voided_at"):
            moment = getattr(instance, name)
            if moment is not None:
                data[name] = in_zone(moment, zone).isoformat()
        return data


class ProceedingEventInputSerializer(InputSerializer):
    event = ChoiceField(choices=[e.value for e in ladder.Event])
    occurred_on = CaseDateField()
    election = WholeNumberField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        allow_null=True,
        help_text="Election id; default: the election whose proceeding is live (the current one once tallied)",
    )
    details = serializers.JSONField(
        required=False,
        default=dict,
        help_text="Per event: notice_of_hearing.hearing_on; decisions' outcome; certification_issued.kind; "
        "refusal_to_bargain.ulp_case; court_petition_filed.court (1st Cir. … 11th Cir., D.C. Cir.), docket, "
        "kind, party; court_decision.docket and outcome; petition_dismissed.by, reason, administrative; "
        "petition_withdrawn.party, with_prejudice, approved_by; disclaimer_filed.party; "
        "bargaining_order.basis, ulp_case, by; election_blocked/block_lifted.ulp_case, action; "
        "case_transferred.region, reason; notice_to_show_cause.respond_by; court_cases_consolidated.court, "
        "dockets, lead_docket; filings' party; decisions' objection_rulings [{objection, disposition}]; note",
    )


class VoidInputSerializer(InputSerializer):
    reason = TextField(max_length=2000)


# --- deadlines ------------------------------------------------------------------------------------------


class DeadlinePartySerializer(serializers.Serializer[Any]):
    """One party's state of a deadline (product.md, "Deadlines belong to parties")."""

    party = serializers.IntegerField(source="party_id")
    party_name = serializers.CharField(source="party.name")
    status = serializers.ChoiceField(choices=[s.value for s in PartyStatus])
    met_by = serializers.IntegerField(allow_null=True, help_text="The filing or objection that met it")
    due_at = serializers.DateTimeField()
    note = serializers.CharField()

    def to_representation(self, instance: Any) -> Any:
        now = self.context.get("now") or clock.now()
        zone = instance.deadline.zone
        return {
            "party": instance.party_id,
            "party_name": instance.party.name,
            "status": selectors.row_status(instance, now),
            "met_by": instance.met_by,
            "due_at": in_zone(instance.due_at, zone).isoformat(),
            "note": instance.note,
        }


class DeadlineSerializer(serializers.ModelSerializer[Deadline]):
    case = serializers.CharField(source="case.number", read_only=True)
    election: serializers.PrimaryKeyRelatedField[Election] = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text="null: recorded before the case had any election"
    )
    election_sequence = serializers.IntegerField(source="election.sequence", read_only=True, allow_null=True)
    due_on = serializers.SerializerMethodField()
    due_at = serializers.SerializerMethodField()
    status = serializers.SerializerMethodField()
    status_note = serializers.SerializerMethodField()
    trigger_event: serializers.PrimaryKeyRelatedField[ProceedingEvent] = serializers.PrimaryKeyRelatedField(
        read_only=True,
        allow_null=True,
        help_text="The ladder event that started the period; null for a tally",
    )
    trigger_tally_revision = serializers.SerializerMethodField()
    owed_by = serializers.SerializerMethodField()
    parties = serializers.SerializerMethodField()

    class Meta:
        model = Deadline
        fields = [
            "id",
            "case",
            "election",
            "election_sequence",
            "code",
            "label",
            "due_on",
            "due_at",
            "zone",
            "trigger",
            "trigger_on",
            "trigger_event",
            "trigger_tally",
            "trigger_tally_revision",
            "rule_set",
            "citation",
            "explanation",
            "verified",
            "status",
            "status_note",
            "source",
            "party",
            "owed_by",
            "parties",
            "reason",
            "responds_to",
            "superseded_by",
            "created_at",
        ]
        read_only_fields = fields

    def _view(self, deadline: Deadline) -> selectors.CallerView:
        """What this caller reads (their own party's state; staff: the earliest open), once per deadline."""
        cache = self.context.setdefault("_caller_views", {}) if isinstance(self.context, dict) else {}
        view = cache.get(deadline.pk)
        if view is None:
            view = selectors.caller_view(deadline, now=self.context.get("now"))
            cache[deadline.pk] = view
        return view

    @extend_schema_field(serializers.DateField())
    def get_due_on(self, deadline: Deadline) -> str:
        return local_date(self._view(deadline).due_at, deadline.zone).isoformat()

    @extend_schema_field(serializers.DateTimeField())
    def get_due_at(self, deadline: Deadline) -> str:
        return in_zone(self._view(deadline).due_at, deadline.zone).isoformat()

    def to_representation(self, instance: Deadline) -> Any:
        data = super().to_representation(instance)
        if "created_at" in data and instance.created_at is not None:
            data["created_at"] = in_zone(instance.created_at, instance.zone).isoformat()
        return data

    @extend_schema_field(serializers.ChoiceField(choices=[s.value for s in Status]))
    def get_status(self, deadline: Deadline) -> str:
        return self._view(deadline).status

    @extend_schema_field(serializers.CharField())
    def get_status_note(self, deadline: Deadline) -> str:
        return self._view(deadline).note

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_trigger_tally_revision(self, deadline: Deadline) -> int | None:
        """Which tally opened it (0: the tally of ballots; 1, 2, …: a revised tally)."""
        tally = deadline.trigger_tally if deadline.trigger_tally_id is not None else None
        return tally.revision if tally is not None else None

    @extend_schema_field(serializers.ChoiceField(choices=[o.value for o in OwedBy]))
    def get_owed_by(self, deadline: Deadline) -> str:
        return owed_by.whose(deadline.code, party_named=deadline.party_id is not None).owed_by.value

    @extend_schema_field(DeadlinePartySerializer(many=True))
    def get_parties(self, deadline: Deadline) -> list[Any]:
        rows = deadline.party_rows.all()
        for row in rows:
            row.deadline = deadline
        return list(DeadlinePartySerializer(rows, many=True, context=self.context).data)


class NextDeadlineSerializer(DeadlineSerializer):
    class Meta(DeadlineSerializer.Meta):
        fields = [
            "id",
            "code",
            "label",
            "due_at",
            "due_on",
            "zone",
            "citation",
            "verified",
            "source",
            "election",
            "party",
        ]
        read_only_fields = fields


class DeadlineInputSerializer(InputSerializer):
    code = PatternTextField(
        r"^[a-z][a-z0-9_]{1,39}$",
        max_length=40,
        help_text="e.g. exceptions, offer_of_proof, hearing, or a code of your own for a date set by order",
    )
    label = TextField(max_length=200, required=False, allow_blank=True, default="")  # type: ignore[assignment]
    due_on = CaseDateField()
    reason = TextField(max_length=2000, help_text="The order (and its date), or why it is entered")
    source = ChoiceField(  # type: ignore[assignment]
        choices=[Source.ORDER.value, Source.MANUAL.value], default=Source.ORDER.value
    )
    election = WholeNumberField(min_value=1, max_value=MAX_ID, required=False, allow_null=True)
    party = WholeNumberField(min_value=1, max_value=MAX_ID, required=False, allow_null=True)


# --- status ---------------------------------------------------------------------------------------------


class StatusElectionSerializer(serializers.ModelSerializer[Election]):
    latest_tally = serializers.SerializerMethodField()

    class Meta:
        model = Election
        fields = ["id", "sequence", "kind", "latest_tally"]
        read_only_fields = fields

    @extend_schema_field(TallySerializer(allow_null=True))
    def get_latest_tally(self, election: Election) -> dict[str, Any] | None:
        tally = election.latest_tally
        return TallySerializer(tally).data if tally else None


class ProceedingElectionSerializer(serializers.ModelSerializer[Election]):
    class Meta:
        model = Election
        fields = ["id", "sequence", "kind"]
        read_only_fields = fields


class PathEntrySerializer(serializers.Serializer[Any]):
    stage = serializers.CharField()
    stage_label = serializers.CharField()
    on = serializers.DateField(allow_null=True)
    event = serializers.CharField(allow_null=True)


class ChallengeCountsSerializer(serializers.Serializer[Any]):
    pending = serializers.IntegerField()
    sustained = serializers.IntegerField()
    overruled = serializers.IntegerField()
    withdrawn = serializers.IntegerField()
    moot = serializers.IntegerField()


class ObjectionCountsSerializer(serializers.Serializer[Any]):
    pending = serializers.IntegerField()
    set_for_hearing = serializers.IntegerField()
    sustained = serializers.IntegerField()
    overruled = serializers.IntegerField()
    withdrawn = serializers.IntegerField()


class CourtCaseSerializer(serializers.Serializer[Any]):
    court = serializers.CharField()
    docket = serializers.CharField()
    kind = serializers.CharField()
    party = serializers.IntegerField(allow_null=True)
    stage = serializers.CharField()
    outcome = serializers.CharField(allow_null=True)


class TestOfCertificationSerializer(serializers.Serializer[Any]):
    ulp_case = serializers.CharField()
    stage = serializers.ChoiceField(choices=[s.value for s in toc.TocStage])
    stage_label = serializers.CharField()
    board_order = serializers.CharField(allow_null=True)
    court_cases = CourtCaseSerializer(many=True)


class CaseStatusSerializer(serializers.Serializer[Any]):
    case = serializers.CharField()
    stage = serializers.ChoiceField(choices=[s.value for s in ladder.Stage])
    stage_label = serializers.CharField()
    outcome = serializers.ChoiceField(choices=[o.value for o in ladder.Outcome], allow_null=True)
    outcome_label = serializers.CharField(allow_null=True)
    rule_set = serializers.CharField()
    current_election = StatusElectionSerializer(allow_null=True)
    proceeding_election = ProceedingElectionSerializer(
        allow_null=True, help_text="The election whose proceeding the stage and counts describe"
    )
    track = serializers.CharField(allow_null=True)
    challenges = ChallengeCountsSerializer()
    objections = ObjectionCountsSerializer()
    ledger_matches_tally = serializers.BooleanField(
        allow_null=True,
        help_text="False flags a ledger that does not account for exactly the latest tally's challenged "
        "ballots; null before a tally",
    )
    next_deadline = NextDeadlineSerializer(allow_null=True)
    allowed_events = serializers.ListField(child=serializers.CharField())
    test_of_certification = TestOfCertificationSerializer(
        allow_null=True,
        help_text="The test of certification beside the representation case (the CA case and the courts)",
    )
    ending_events = serializers.ListField(
        child=serializers.CharField(),
        help_text="The events that may end, hold or transfer the case now (petition_dismissed, "
        "petition_withdrawn, disclaimer_filed, bargaining_order, election_blocked, block_lifted, "
        "case_transferred)",
    )
    office_region = serializers.IntegerField(
        help_text="The Region whose office's 11:59 p.m. governs new deadlines (the receiving one after a "
        "transfer, 29 CFR 102.72)"
    )
    last_event = ProceedingEventSerializer(allow_null=True)
    path = PathEntrySerializer(many=True)


# --- timeline and calendar ------------------------------------------------------------------------------


class TimelineItemSerializer(serializers.Serializer[Any]):
    at = serializers.CharField(help_text="YYYY-MM-DD, or a datetime with the office's UTC offset")
    kind = serializers.CharField()
    title = serializers.CharField()
    details = serializers.DictField()
    source = serializers.DictField()  # type: ignore[assignment]


class CalendarFeedSerializer(serializers.Serializer[Any]):
    url = serializers.URLField(
        help_text="Secret: anyone with it can read your deadlines. Rotate it if it leaks."
    )
    created_at = serializers.DateTimeField()
