"""What a party files, what each paper answers, and how a motion is ruled on — plain Python.

A filing of a kind the ladder knows records the matching proceeding event (``LADDER_EVENT``); every kind
that answers a period names the deadline codes it meets (``ANSWERS``). Motions and extension requests are
ruled on (``RULINGS``); responses concern another filing (``relates_to``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from core.law.labelled import LabelledEnum, labels_by_value
from elections.law.service import ServiceMethod

__all__ = ["ServiceMethod"]  # the methods of service are the objections' too: kept in elections' law


class Kind(LabelledEnum):
    EXCEPTIONS = "exceptions", "Exceptions"
    ANSWERING_BRIEF = "answering_brief", "Answering brief"
    CROSS_EXCEPTIONS = "cross_exceptions", "Cross-exceptions"
    ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS = (
        "answering_brief_to_cross_exceptions",
        "Answering brief to cross-exceptions",
    )
    REPLY_BRIEF = "reply_brief", "Reply brief"
    REQUEST_FOR_REVIEW = "request_for_review", "Request for review"
    OPPOSITION = "opposition", "Opposition to the request for review"
    BRIEF_ON_REVIEW = "brief_on_review", "Brief on review"
    MOTION = "motion", "Motion"
    EXTENSION_REQUEST = "extension_request", "Request for an extension of time"
    RESPONSE = "response", "Response"
    OTHER = "other", "Other paper"


KIND_LABELS: Mapping[str, str] = labels_by_value(Kind)

# kind → the proceeding event its filing records (the ladder's filing events).
LADDER_EVENT: Mapping[str, str] = MappingProxyType(
    {
        Kind.EXCEPTIONS: "exceptions_filed",
        Kind.ANSWERING_BRIEF: "answering_brief_filed",
        Kind.REQUEST_FOR_REVIEW: "request_for_review_filed",
        Kind.OPPOSITION: "opposition_filed",
    }
)

# kind → the deadline codes a filing of that kind meets (the first live one found is the one it answers).
ANSWERS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        Kind.EXCEPTIONS: ("exceptions", "exceptions_to_board"),
        Kind.ANSWERING_BRIEF: ("answering_brief", "answering_brief_to_board"),
        Kind.CROSS_EXCEPTIONS: ("cross_exceptions",),
        Kind.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS: ("answering_brief_to_cross_exceptions",),
        # 102.46(e): a reply to a (b) answering brief, or to a (d) answering brief to cross-exceptions.
        Kind.REPLY_BRIEF: ("reply_brief", "reply_brief_to_cross_exceptions"),
        Kind.REQUEST_FOR_REVIEW: ("request_for_review", "request_for_review_of_dde"),
        Kind.OPPOSITION: ("opposition",),
        Kind.BRIEF_ON_REVIEW: ("brief_on_review",),
    }
)

# Kinds that answer periods running at the same time: a paper of one meets the earliest-due period it is in
# time for that nothing has met yet (a reply to the (b) brief, then one to the (d) brief, 102.46(e)).
EARLIEST_RUNNING: Final = frozenset({Kind.REPLY_BRIEF})

# What must be on file before a paper can answer it (a reply brief needs an answering brief, 102.46(e)).
NEEDS_FILED: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        Kind.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS: (Kind.CROSS_EXCEPTIONS,),
        Kind.REPLY_BRIEF: (Kind.ANSWERING_BRIEF, Kind.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS),
    }
)

RULED_KINDS: Final = frozenset({Kind.MOTION, Kind.EXTENSION_REQUEST})


class Ruling(StrEnum):
    GRANTED = "granted"
    DENIED = "denied"
    GRANTED_IN_PART = "granted_in_part"
    WITHDRAWN = "withdrawn"


# A ruling that grants an extension moves the deadline to ``until``.
GRANTS: Final = frozenset({Ruling.GRANTED, Ruling.GRANTED_IN_PART})

# Who rules on a motion (the levels of ``elections.law.levels``).
RULING_LEVELS: Final = (
    "hearing_officer",
    "administrative_law_judge",
    "regional_director",
    "board",
    "court_of_appeals",
)


class State(LabelledEnum):
    """A paper saved as a draft is its own side's alone; filing it makes it a paper of the case."""

    DRAFT = "draft", "Draft"
    FILED = "filed", "Filed"


STATE_LABELS: Mapping[str, str] = labels_by_value(State)
