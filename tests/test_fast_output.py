"""The hot read paths' serializers build their dicts directly (``elections/api/output.py``): each must give,
for every row of the demo's cases, exactly what DRF's generic ``to_representation`` gives for its declared
fields — the same names in the same order, the same values and types."""

from __future__ import annotations

import io
import json
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework import serializers

from challenges.api.serializers import CHALLENGE_COLUMNS, ChallengeSerializer
from challenges.models import Challenge
from challenges.selectors import challenges_for
from elections.models import Case, Party, Tally
from objections.api.serializers import ObjectionSerializer, RulingSerializer
from objections.models import Objection
from objections.selectors import objections_for
from proceedings.api.serializers import (
    CaseStatusSerializer,
    DeadlineSerializer,
    NextDeadlineSerializer,
    ProceedingEventSerializer,
    TimelineItemSerializer,
)
from proceedings.models import Deadline, ProceedingEvent
from proceedings.selectors import deadlines_for
from proceedings.status import case_status
from proceedings.timeline import case_timeline

pytestmark = pytest.mark.django_db

# What the objection serializer showed in the office's zone before it built its dict directly.
ZONED = (
    "filed_at",
    "received_at",
    "offer_of_proof_filed_at",
    "offer_of_proof_received_at",
    "due_at",
    "offer_of_proof_due_at",
    "withdrawn_at",
)


def _generic(serializer: serializers.BaseSerializer[Any], instance: Any) -> dict[str, Any]:
    return dict(serializers.ModelSerializer.to_representation(serializer, instance))  # type: ignore[arg-type]


def _objection_generic(serializer: ObjectionSerializer, objection: Any) -> dict[str, Any]:
    data = _generic(serializer, objection)
    zone = ZoneInfo(data["zone"])
    for name in ZONED:
        value: datetime | None = getattr(objection, name)
        if value is not None:
            data[name] = value.astimezone(zone).isoformat()
    return data


def _same(fast: dict[str, Any], generic: dict[str, Any]) -> None:
    assert list(fast) == list(generic)
    # as the renderer writes them (JSON), and as Python values (an int stays an int, None stays None)
    assert json.dumps(fast) == json.dumps(generic)
    assert fast == generic


def _check_every_row(staff: Any) -> None:
    challenges = list(challenges_for(staff))
    objections = list(objections_for(staff))
    deadlines = list(deadlines_for(staff))
    # rows in the states that change the output: resolved, counted, ruled on, withdrawn, superseded
    assert any(c.resolved_on for c in challenges) and any(c.counted_in_id for c in challenges)
    assert any(c.logged_by_id for c in challenges) and any(not c.logged_by_id for c in challenges)
    assert any(c.challenged_by_id is None for c in challenges)
    assert any(o.rulings.all() for o in objections) and any(o.withdrawn_at for o in objections)
    assert any(o.offer_of_proof_filed_at for o in objections)
    assert any(d.superseded_by_id for d in deadlines) and any(d.party_id for d in deadlines)
    assert any(d.responds_to_id for d in deadlines) and any(d.trigger_event_id for d in deadlines)
    # the lists select only CHALLENGE_COLUMNS: the same output, and no query per row for a deferred column
    with CaptureQueriesContext(connection) as queries:
        narrow = [ChallengeSerializer().to_representation(c) for c in challenges_for(staff).only(*CHALLENGE_COLUMNS)]
    assert len(queries) == 1
    assert narrow == [ChallengeSerializer().to_representation(c) for c in challenges]
    for challenge in challenges:
        serializer: Any = ChallengeSerializer()
        _same(serializer.to_representation(challenge), _generic(serializer, challenge))
    for objection in objections:
        serializer = ObjectionSerializer()
        _same(serializer.to_representation(objection), _objection_generic(serializer, objection))
        for ruling in objection.rulings.all():
            ruling_serializer = RulingSerializer()
            _same(ruling_serializer.to_representation(ruling), _generic(ruling_serializer, ruling))
    for event in ProceedingEvent.objects.select_related("election", "recorded_by"):
        serializer = ProceedingEventSerializer()
        _same(serializer.to_representation(event), _generic(serializer, event))
    for case in Case.objects.all():
        status = case_status(case)
        serializer = CaseStatusSerializer()
        _same(serializer.to_representation(status), dict(serializers.Serializer.to_representation(serializer, status)))
        for item in case_timeline(case):
            serializer = TimelineItemSerializer()
            _same(serializer.to_representation(item), dict(serializers.Serializer.to_representation(serializer, item)))
    for deadline in deadlines:
        for cls in (DeadlineSerializer, NextDeadlineSerializer):
            serializer = cls()
            _same(serializer.to_representation(deadline), _generic(serializer, deadline))


def _vary(staff: Any) -> None:
    """States the demo may not hold, written straight to the rows (only the output is under test)."""
    first, second, third = Challenge.objects.order_by("id")[:3]
    tally = Tally.objects.filter(election_id=first.election_id).first()
    Challenge.objects.filter(pk=first.pk).update(
        status="overruled",
        resolution_method="hearing",
        resolved_on=date(2021, 5, 3),
        resolved_level="regional_director",
        recommendation="sustain",
        recommended_on=date(2021, 4, 30),
        recommendation_level="hearing_officer",
        logged_by=staff,
        counted_in=tally,
    )
    Challenge.objects.filter(pk=second.pk).update(
        challenged_by=None, status="withdrawn", awaiting_count=True, resolved_on=date(2021, 5, 4)
    )
    Challenge.objects.filter(pk=third.pk).update(logged_by=None)
    objection = Objection.objects.order_by("id")[0]
    Objection.objects.filter(pk=objection.pk).update(
        withdrawn_at=timezone.now(),
        offer_of_proof_filed_at=timezone.now(),
        offer_of_proof_due_at=timezone.now(),
        timely=None,
    )
    deadline = Deadline.objects.order_by("-id")[0]
    Deadline.objects.filter(pk=deadline.pk).update(
        party=Party.objects.filter(case_id=deadline.case_id).first(), reason="Order of May 3"
    )
    event = ProceedingEvent.objects.order_by("id")[0]
    ProceedingEvent.objects.filter(pk=event.pk).update(
        voided=True, voided_at=timezone.now(), void_reason="entered twice", recorded_by=staff
    )


def test_every_row_of_the_demo_as_drf_shows_it() -> None:
    call_command("load_demo", stdout=io.StringIO())
    staff = get_user_model().objects.filter(is_staff=True).first()
    _vary(staff)
    _check_every_row(staff)
    with timezone.override("America/Los_Angeles"):  # DRF's datetimes follow the current zone
        _check_every_row(staff)
