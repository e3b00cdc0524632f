"""Issue 36, item 1: a party's text in an e-mail's subject. A filing titled with a line break made the
notice to the other side fail (``BadHeaderError``): the paper stood, unannounced."""

from __future__ import annotations

import pytest
from django.core import mail as django_mail

from core import delivery, outbox
from core.errors import RuleViolation
from core.models import Notification
from core.text import one_line, refuse_breaks
from tests.conftest import World

# What was typed, and the one line made of it.
INJECTIONS = {
    "Exceptions\nBcc: everyone@example.com": "Exceptions Bcc: everyone@example.com",
    "Exceptions\r\nX-Priority: 1": "Exceptions X-Priority: 1",
    "Exceptions\rX": "Exceptions X",
    "Exceptions\x85X": "Exceptions X",
    "Exceptions\u2028X": "Exceptions X",
    "Exceptions\u2029X": "Exceptions X",
    "Exceptions\x0bX": "Exceptions X",
    "Exceptions\x00X": "Exceptions X",
    "Exceptions\tX": "Exceptions X",
}


@pytest.mark.parametrize(("text", "line"), INJECTIONS.items())
def test_one_line_leaves_no_break_or_control_character(text: str, line: str) -> None:
    assert one_line(text) == line


@pytest.mark.parametrize("text", INJECTIONS)
def test_a_single_line_field_refuses_a_break_naming_the_field(text: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        refuse_breaks("title", text)
    assert refused.value.field == "title" and "one line" in refused.value.message


@pytest.mark.django_db
def test_every_notice_survives_a_subject_with_line_breaks(world: World) -> None:
    [pk] = outbox.notify(
        recipients=[world.union_counsel],
        key="injection",
        subject="10-RC-269250: Amazon filed exceptions — Title\nBcc: everyone@example.com",
        body="b",
        case=world.case,
    )
    assert delivery.deliver(pk) is True
    [sent] = django_mail.outbox
    assert sent.subject == "10-RC-269250: Amazon filed exceptions — Title Bcc: everyone@example.com"
    assert sent.bcc == [] and "Bcc" not in dict(sent.message().items())


@pytest.mark.django_db
def test_a_notice_queued_with_a_broken_subject_before_the_fix_is_still_delivered(world: World) -> None:
    [pk] = outbox.notify(recipients=[world.union_counsel], key="old", subject="s", body="b", case=world.case)
    Notification.objects.filter(pk=pk).update(subject="Title\r\nBcc: everyone@example.com")
    assert delivery.deliver(pk) is True
    assert django_mail.outbox[0].subject == "Title Bcc: everyone@example.com"
