"""What each proceeding event must and may say in ``details`` (the v1 contract), checked without Django.

One shape for every error: ``DetailsError(key, message)``, which the service turns into
``400 {"details": ["<key> …"]}`` — the message starts with the key it is about, e.g.
``"hearing_on is required for notice_of_hearing (YYYY-MM-DD)"``.

Keys common to every event: ``note`` (free text; the demo marks unverified dates there). Filing events may
name the filing ``party`` (the id of a party of the case). Decisions of the hearing officer, the ALJ, the
Regional Director and the Board may carry ``objection_rulings``: ``[{"objection": id, "disposition": …}]``,
recorded on the objections at that level in the same transaction.

Unknown keys are refused (a misspelt ``hearing_date`` would otherwise be silently ignored).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import date
from types import MappingProxyType
from typing import Final

from elections.law import case_numbers, regions
from elections.law.levels import Level
from objections.law import rulings as ruling_rules
from proceedings.law import courts, dispositions
from proceedings.law.ca_case import BOARD_ORDER_OUTCOMES
from proceedings.law.ladder import (
    BOARD_OUTCOMES,
    CERTIFICATION_KINDS,
    FILING_EVENTS,
    ORDERS,
    Event,
)

MAX_TEXT: Final = 2000
MAX_SHORT: Final = 120
MAX_RULINGS: Final = 500
MAX_DAYS_AHEAD: Final = 3653  # ten years: a date set further ahead is a typing error
_DATE: Final = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class DetailsError(ValueError):
    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key
        self.message = message


Cleaner = Callable[[str, str, object, "Context"], object]


@dataclass(frozen=True)
class Context:
    occurred_on: date
    party_ids: Collection[int]


@dataclass(frozen=True)
class Key:
    cleaner: Cleaner
    required: bool = False
    hint: str = ""


def _date(event: str, key: str, value: object, ctx: Context) -> object:
    if not isinstance(value, str) or not _DATE.match(value):
        raise DetailsError(key, f"{key} must be a date, YYYY-MM-DD, for {event}")
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise DetailsError(key, f"{key} is not a real date ({value!r}) for {event}") from None
    if key in _DATES_SET_AHEAD and day < ctx.occurred_on:
        raise DetailsError(
            key, f"hearing_on ({day}) cannot be before the {event} itself ({ctx.occurred_on.isoformat()})"
        )
    if key in _DATES_SET_AHEAD and (day - ctx.occurred_on).days > MAX_DAYS_AHEAD:
        raise DetailsError(key, f"hearing_on ({day}) is more than ten years after the {event}")
    return day.isoformat()


def _text(limit: int) -> Cleaner:
    def clean(event: str, key: str, value: object, ctx: Context) -> object:
        if not isinstance(value, str):
            raise DetailsError(key, f"{key} must be text for {event}")
        value = value.strip()
        if len(value) > limit:
            raise DetailsError(key, f"{key} is limited to {limit} characters")
        return value

    return clean


def _required_text(limit: int) -> Cleaner:
    inner = _text(limit)

    def clean(event: str, key: str, value: object, ctx: Context) -> object:
        text = inner(event, key, value, ctx)
        if not text:
            raise DetailsError(key, f"{key} cannot be empty for {event}")
        return text

    return clean


def _choice(choices: tuple[str, ...]) -> Cleaner:
    def clean(event: str, key: str, value: object, ctx: Context) -> object:
        if not isinstance(value, str) or value not in choices:
            raise DetailsError(key, f"{key} of {event} must be one of {', '.join(choices)}; got {value!r}")
        return value

    return clean


def _circuit(event: str, key: str, value: object, ctx: Context) -> object:
    """A court of appeals as lawyers write it ("Fifth Circuit", "5th Cir", "CADC"), kept as the contract's
    name ("5th Cir.", ``courts.circuit``); anything else names no court that reviews Board orders."""
    named = courts.circuit(value) if isinstance(value, str) else None
    if named is None:
        raise DetailsError(
            key, f"{key} of {event} must be one of {', '.join(courts.CIRCUITS)}; got {value!r}"
        )
    return named


def _party(event: str, key: str, value: object, ctx: Context) -> object:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DetailsError(key, f"{key} must be the id of a party of the case (a number)")
    if value not in ctx.party_ids:
        raise DetailsError(key, f"{key} {value} is not a party of this case")
    return value


def _ulp_case(*, types: tuple[str, ...]) -> Cleaner:
    def clean(event: str, key: str, value: object, ctx: Context) -> object:
        if not isinstance(value, str):
            raise DetailsError(key, f"{key} must be a case number such as 29-CA-318069")
        try:
            parsed = case_numbers.parse(value, representation_only=False)
        except case_numbers.InvalidCaseNumber as exc:
            raise DetailsError(key, f"{key}: {exc}") from None
        if parsed.case_type not in types:
            raise DetailsError(
                key,
                f"{key} of {event} must be an unfair-labor-practice case of type {' or '.join(types)}; "
                f"{parsed} is {parsed.case_type}",
            )
        return str(parsed)

    return clean


def _rulings(level: str) -> Cleaner:
    allowed = ruling_rules.DISPOSITIONS[level]

    def clean(event: str, key: str, value: object, ctx: Context) -> object:
        if not isinstance(value, list) or not value:
            raise DetailsError(key, f"{key} must be a non-empty list of {{objection: id, disposition}}")
        if len(value) > MAX_RULINGS:
            raise DetailsError(key, f"{key} is limited to {MAX_RULINGS} rulings per event")
        cleaned: list[dict[str, object]] = []
        seen: set[int] = set()
        for position, item in enumerate(value, start=1):
            if not isinstance(item, dict) or set(item) != {"objection", "disposition"}:
                raise DetailsError(
                    key, f"{key}[{position}] must be an object with exactly objection and disposition"
                )
            objection, disposition = item["objection"], item["disposition"]
            if isinstance(objection, bool) or not isinstance(objection, int) or not 0 < objection < 2**62:
                raise DetailsError(key, f"{key}[{position}].objection must be an objection id")
            if disposition not in allowed:
                raise DetailsError(
                    key,
                    f"{key}[{position}].disposition must be one of {', '.join(allowed)} for a ruling of "
                    f"{ruling_rules.LEVEL_LABELS[level]}; got {disposition!r}",
                )
            if objection in seen:
                raise DetailsError(key, f"{key} names objection {objection} twice")
            seen.add(objection)
            cleaned.append({"objection": objection, "disposition": disposition})
        return cleaned

    return clean


def _bool(event: str, key: str, value: object, ctx: Context) -> object:
    if not isinstance(value, bool):
        raise DetailsError(key, f"{key} of {event} must be true or false")
    return value


def _region(event: str, key: str, value: object, ctx: Context) -> object:
    try:
        return regions.region(value).number  # type: ignore[arg-type]
    except regions.UnknownRegion as exc:
        numbers = ", ".join(str(n) for n in sorted(regions.ACTIVE_REGION_NUMBERS))
        raise DetailsError(key, f"{key} of {event}: {exc} (the offices: {numbers})") from None


def _dockets(event: str, key: str, value: object, ctx: Context) -> object:
    if (
        not isinstance(value, list)
        or len(value) < 2
        or not all(isinstance(d, str) and d.strip() for d in value)
    ):
        raise DetailsError(key, f"{key} of {event} must be a list of two or more court docket numbers")
    dockets = [d.strip()[:40] for d in value]
    if len(set(dockets)) != len(dockets):
        raise DetailsError(key, f"{key} of {event} names a docket twice")
    return dockets


# How an election is held (the codes of ``elections.models.Election.Mode``).
ELECTION_MODES: Final = ("manual", "mail", "mixed")

_DATES_SET_AHEAD: Final = ("hearing_on", "respond_by")
_NOTE = Key(_text(MAX_TEXT))
_PARTY = Key(_party)
_HEARING_ON = Key(_date, required=True, hint=" (YYYY-MM-DD)")
_PRESIDING = Key(_text(MAX_SHORT))

# The level of the rulings a decision event records on the objections (objections.law.rulings levels).
RULING_LEVELS: Mapping[Event, str] = MappingProxyType(
    {
        Event.HEARING_OFFICER_REPORT: Level.HEARING_OFFICER,
        Event.ALJ_DECISION: Level.ADMINISTRATIVE_LAW_JUDGE,
        Event.REGIONAL_DIRECTOR_DECISION: Level.REGIONAL_DIRECTOR,
        Event.BOARD_DECISION: Level.BOARD,
    }
)


def _keys() -> dict[Event, dict[str, Key]]:
    e = Event
    keys: dict[Event, dict[str, Key]] = {event: {"note": _NOTE} for event in Event}
    keys[e.NOTICE_OF_HEARING] |= {"hearing_on": _HEARING_ON, "presiding": _PRESIDING}
    keys[e.HEARING_OPENED] |= {"presiding": _PRESIDING}
    keys[e.CONSOLIDATED_WITH_ULP] |= {
        # Optional: the CA number of the complaint is not always public (Bessemer 2023).
        "ulp_case": Key(_ulp_case(types=("CA", "CB"))),
        "hearing_on": Key(_date, hint=" (YYYY-MM-DD)"),
    }
    # A decision ordering a rerun or runoff may say how it is held; otherwise the new election keeps the mode
    # of the one it follows (with its agreement and unit, 102.62(a); 102.69(c)(2)).
    mode = Key(_choice(ELECTION_MODES), hint=f" (one of {', '.join(ELECTION_MODES)})")
    keys[e.ALJ_DECISION] |= {"outcome": Key(_choice(ORDERS)), "presiding": _PRESIDING, "mode": mode}
    keys[e.HEARING_OFFICER_REPORT] |= {"presiding": _PRESIDING}
    keys[e.REGIONAL_DIRECTOR_DECISION] |= {"outcome": Key(_choice(ORDERS), required=True), "mode": mode}
    keys[e.BOARD_DECISION] |= {
        "outcome": Key(_choice(BOARD_OUTCOMES), required=True),
        # What the decision leaves in force when it orders something itself (e.g. reversed → rerun).
        "order": Key(_choice(ORDERS)),
        "mode": mode,
    }
    keys[e.CERTIFICATION_ISSUED] |= {"kind": Key(_choice(CERTIFICATION_KINDS), required=True)}
    keys[e.REFUSAL_TO_BARGAIN] |= {"ulp_case": Key(_ulp_case(types=("CA",)), required=True)}
    keys[e.BOARD_ORDER] |= {"ulp_case": Key(_ulp_case(types=("CA",)))}
    _ends_and_courts(keys)
    for event in FILING_EVENTS:
        keys[event].setdefault("party", _PARTY)
    # 102.2(d): a paper filed late, accepted by a ruling on a showing of excusable neglect.
    keys[e.EXCEPTIONS_FILED]["accepted_late"] = Key(_bool)
    for event, level in RULING_LEVELS.items():
        keys[event]["objection_rulings"] = Key(_rulings(level))
    return keys


def _ends_and_courts(keys: dict[Event, dict[str, Key]]) -> None:
    """The details of the v1.3 events (product.md, "The ends of a dispute")."""
    e = Event
    ca = Key(_ulp_case(types=("CA",)))
    ca_required = Key(_ulp_case(types=("CA",)), required=True, hint=" (e.g. 29-CA-318069)")
    docket = Key(_required_text(40), required=True, hint=" (the court's docket number, e.g. '23-1234')")
    court = Key(_circuit, required=True, hint=f" (one of {', '.join(courts.CIRCUITS)})")
    keys[e.PETITION_DISMISSED] |= {
        "by": Key(_choice(dispositions.DISMISSED_BY), required=True),
        "reason": Key(_required_text(MAX_TEXT), required=True),
        "administrative": Key(_bool),
    }
    keys[e.PETITION_WITHDRAWN] |= {
        "party": Key(_party, required=True, hint=" (the petitioner's party id)"),
        "with_prejudice": Key(_bool),
        "approved_by": Key(_choice(dispositions.WITHDRAWAL_APPROVED_BY)),
    }
    keys[e.DISCLAIMER_FILED] |= {"party": Key(_party, required=True, hint=" (the union's party id)")}
    keys[e.BARGAINING_ORDER] |= {
        "basis": Key(_choice(dispositions.BARGAINING_ORDER_BASES), required=True),
        "ulp_case": ca_required,
        "by": Key(_choice(dispositions.BARGAINING_ORDER_BY), required=True),
    }
    for event in (e.ELECTION_BLOCKED, e.BLOCK_LIFTED):
        keys[event] |= {
            "ulp_case": Key(_ulp_case(types=("CA", "CB")), required=True, hint=" (e.g. 29-CA-318069)"),
            "action": Key(_choice(dispositions.BLOCK_ACTIONS)),
        }
    keys[e.CASE_TRANSFERRED] |= {
        "region": Key(_region, required=True, hint=" (the receiving Region's number)"),
        "reason": Key(_required_text(MAX_TEXT), required=True),
    }
    for event in (e.ULP_CHARGE_FILED, e.COMPLAINT_ISSUED, e.ANSWER_FILED, e.SUMMARY_JUDGMENT_MOTION_FILED):
        keys[event] |= {"ulp_case": ca}
    keys[e.NOTICE_TO_SHOW_CAUSE] |= {
        "ulp_case": ca,
        "respond_by": Key(_date, required=True, hint=" (YYYY-MM-DD: the date the order sets)"),
    }
    keys[e.BOARD_ORDER] |= {"outcome": Key(_choice(BOARD_ORDER_OUTCOMES))}
    keys[e.COURT_PETITION_FILED] |= {
        "court": court,
        "docket": docket,
        "kind": Key(_choice(courts.FILING_KINDS)),
        "ulp_case": ca,
    }
    keys[e.COURT_CASES_CONSOLIDATED] |= {
        "court": court,
        "dockets": Key(_dockets, required=True),
        "lead_docket": docket,
    }
    keys[e.COURT_DECISION] |= {
        "outcome": Key(_choice(courts.DECISION_OUTCOMES), required=True),
        "court": Key(_circuit),
        "docket": docket,
    }
    for event in (e.REHEARING_PETITION_FILED, e.MANDATE_ISSUED, e.CERTIORARI_PETITION_FILED):
        keys[event] |= {"docket": docket}
    keys[e.REHEARING_DECISION] |= {
        "docket": docket,
        "outcome": Key(_choice(courts.REHEARING_OUTCOMES), required=True),
    }
    keys[e.CERTIORARI_DECISION] |= {
        "docket": Key(_required_text(40)),
        "outcome": Key(_choice(courts.CERTIORARI_OUTCOMES), required=True),
    }
    keys[e.SUPREME_COURT_DECISION] |= {
        "docket": Key(_required_text(40)),
        "outcome": Key(_choice(courts.SUPREME_COURT_OUTCOMES), required=True),
    }


KEYS: Mapping[Event, Mapping[str, Key]] = MappingProxyType(
    {event: MappingProxyType(k) for event, k in _keys().items()}
)


def clean_details(
    event: Event, details: object, *, occurred_on: date, party_ids: Collection[int]
) -> dict[str, object]:
    """The details of ``event``, checked and normalized (dates as YYYY-MM-DD, text stripped)."""
    if details is None:
        details = {}
    if not isinstance(details, dict):
        raise DetailsError("details", "details must be an object")
    spec = KEYS[event]
    unknown = sorted(str(k) for k in details if k not in spec)
    if unknown:
        raise DetailsError(
            unknown[0],
            f"{unknown[0]} is not a detail of {event}; allowed: {', '.join(sorted(spec))}",
        )
    ctx = Context(occurred_on=occurred_on, party_ids=party_ids)
    cleaned: dict[str, object] = {}
    for key, rule in spec.items():
        if key not in details or details[key] is None or details[key] == "":
            if rule.required:
                raise DetailsError(key, f"{key} is required for {event}{rule.hint}")
            continue
        cleaned[key] = rule.cleaner(event, key, details[key], ctx)
    return cleaned
