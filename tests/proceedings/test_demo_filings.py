"""Issue 21, item 5 in the demo: its filings and deadlines agree, and each filing was received when the story
says it was filed (Bessemer's objections of 2021-04-16 and 2022-04-07, noon Eastern), not on the day the demo
is loaded; the live case's period is left open for counsel."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command

from objections.models import Objection
from proceedings.models import Deadline

pytestmark = pytest.mark.django_db


def test_the_demo_receives_each_filing_when_the_story_files_it_and_its_offers_are_met(
    frozen_clock: Any,
) -> None:
    frozen_clock.at("2026-12-03", hour=9)
    call_command("load_demo", stdout=io.StringIO())

    objections = list(Objection.objects.all())
    assert len(objections) == 52  # Bessemer 23 + 21 + 8; none yet in the live case
    assert [o.pk for o in objections if o.received_at != o.filed_at] == []
    assert [o.pk for o in objections if o.offer_of_proof_received_at != o.offer_of_proof_filed_at] == []
    assert all(o.offer_of_proof_timely for o in objections)
    offers = Deadline.objects.filter(code="offer_of_proof").exclude(status="superseded")
    by_case = {(d.case.number, d.election.sequence): d.status for d in offers}
    assert by_case == {
        ("10-RC-269250", 1): "met",
        ("10-RC-269250", 2): "met",
        ("29-RC-288020", 1): "moot",  # no objections in JFK8
        ("10-RC-990001", 1): "open",
    }
