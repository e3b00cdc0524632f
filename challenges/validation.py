"""The rules one challenge row must meet, shared by the API, the CSV import and the admin.

Plain functions over strings: no query, so that a 10,000-row file is checked in memory. Each raises
``FieldProblem(field, message)``; callers turn it into a 400 naming the field, or a CSV error naming the
line and the column.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from challenges.models import BOARD_AGENT, Challenge
from elections.law.names import union_key

VOTER_NAME_MAX = Challenge._meta.get_field("voter_name").max_length or 200
VOTER_IDENTIFIER_MAX = Challenge._meta.get_field("voter_identifier").max_length or 100
JOB_CLASSIFICATION_MAX = Challenge._meta.get_field("job_classification").max_length or 200
REASON_MAX = 5_000
"""A reason is a sentence or a paragraph; the cap keeps one row from carrying a document."""

GROUNDS: tuple[str, ...] = tuple(Challenge.Ground.values)


class FieldProblem(ValueError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def squeeze(value: str) -> str:
    """Collapse runs of whitespace (a name typed with two spaces is the same name)."""
    return " ".join(value.split())


def clean_text(field: str, value: str, *, max_length: int, required: bool = False) -> str:
    cleaned = squeeze(value) if field != "reason" else value.strip()
    if required and not cleaned:
        raise FieldProblem(field, "is required and may not be blank")
    if len(cleaned) > max_length:
        raise FieldProblem(field, f"is {len(cleaned)} characters long; the limit is {max_length}")
    return cleaned


def clean_ground(value: str) -> str:
    code = value.strip().lower()
    if code not in GROUNDS:
        raise FieldProblem("ground", f"{value.strip()!r} is not one of {', '.join(GROUNDS)}")
    return code


@dataclass(frozen=True)
class Challenger:
    """Who challenged: a party of the case (``party_id``) or the Board agent (``party_id`` None)."""

    party_id: int | None
    name: str

    @property
    def code(self) -> int | str:
        return self.party_id if self.party_id is not None else BOARD_AGENT


BOARD_AGENT_CHALLENGER = Challenger(None, "Board agent")


def _letters(name: str) -> str:
    """A name with only its letters and digits, for a "did you mean" hint (punctuation does differ: "Local
    50" and "Local 50-A" are different locals, so this only suggests)."""
    return "".join(ch for ch in union_key(name) if ch.isalnum())


def resolve_challenger(value: object, parties: Mapping[int, str], *, case_number: str) -> Challenger:
    """``board_agent``, a party id of the case, or (in a CSV file) the party's exact name."""
    if isinstance(value, bool) or value is None:
        raise FieldProblem("challenged_by", "give a party id of the case or 'board_agent'")
    if isinstance(value, int):
        text = str(value)
    elif isinstance(value, str):
        text = squeeze(value)
    else:
        raise FieldProblem("challenged_by", "give a party id of the case or 'board_agent'")
    if not text:
        raise FieldProblem("challenged_by", "is required: a party id of the case, its name, or 'board_agent'")
    if text.casefold() == BOARD_AGENT:
        return BOARD_AGENT_CHALLENGER
    if text.isdigit() and len(text) <= 18:
        party_id = int(text)
        if party_id in parties:
            return Challenger(party_id, parties[party_id])
        raise FieldProblem("challenged_by", f"party {party_id} is not a party to {case_number}")
    # One normalisation of names (elections/law/names.py): white space and letter case do not matter.
    key = union_key(text)
    for party_id, name in parties.items():
        if union_key(name) == key:
            return Challenger(party_id, name)
    near = [name for name in parties.values() if _letters(name) == _letters(text)]
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    known = ", ".join(f"{pid} {name!r}" for pid, name in parties.items())
    raise FieldProblem(
        "challenged_by",
        f"{text[:80]!r} is not a party to {case_number}{hint}; give one of {known} or 'board_agent'",
    )


def duplicate_column(voter_identifier: str) -> str:
    """The column that made two challenges the same voter: the identifier when there is one."""
    return "voter_identifier" if voter_identifier else "voter_name"
