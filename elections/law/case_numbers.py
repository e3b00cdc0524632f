"""NLRB case numbers: ``RR-TT-NNNNNN`` — two-digit region, two-letter case type, six-digit serial.

Representation cases (RC, RM, RD, UD, UC, AC) are tracked as cases; unfair-labor-practice numbers
(CA, CB) are accepted only as related cases, such as the refusal-to-bargain case of a test of
certification. Numbers before the 2011 NxGen format had no zero padding ("10-RC-14040"): they parse
leniently and normalize. The region must be one that exists, or a retired one (``regions.RETIRED_REGIONS``):
a case of a region since merged keeps its number; opening a new one there is refused by the service.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from elections.law.regions import ACTIVE_REGION_NUMBERS, KNOWN_REGION_NUMBERS, RETIRED_REGIONS

REPRESENTATION_TYPES: Final = {
    "RC": "Certification of representative (usually a union's petition)",
    "RM": "Employer petition",
    "RD": "Decertification petition",
    "UD": "Deauthorization of union-security",
    "UC": "Unit clarification",
    "AC": "Amendment of certification",
}
UNFAIR_LABOR_PRACTICE_TYPES: Final = {
    "CA": "Charge against an employer, section 8(a)",
    "CB": "Charge against a union, section 8(b)",
}

FORM: Final = "RR-TT-NNNNNN"  # how a case number is written: two-digit region, case type, six-digit serial
_PATTERN: Final = re.compile(r"^\s*(\d{1,2})\s*-\s*([A-Za-z]{2})\s*-\s*(\d{1,6})\s*$")


class InvalidCaseNumber(ValueError):
    """The text is not a case number this tracker accepts; the message says which rule it breaks."""


@dataclass(frozen=True)
class CaseNumber:
    region: int
    case_type: str
    serial: int

    def __str__(self) -> str:
        return f"{self.region:02d}-{self.case_type}-{self.serial:06d}"

    @property
    def is_representation(self) -> bool:
        return self.case_type in REPRESENTATION_TYPES


def parse(text: str, *, representation_only: bool = True) -> CaseNumber:
    """Parse and validate ``text``; ``representation_only=False`` also admits CA/CB numbers."""
    match = _PATTERN.match(text or "")
    if match is None:
        raise InvalidCaseNumber(f"'{text}' is not an NLRB case number: expected {FORM}, e.g. 10-RC-269250.")
    region, case_type, serial = int(match[1]), match[2].upper(), int(match[3])
    if region not in KNOWN_REGION_NUMBERS:
        raise InvalidCaseNumber(
            f"Region {region:02d} does not exist: active regions are "
            + ", ".join(f"{r:02d}" for r in sorted(ACTIVE_REGION_NUMBERS))
            + "; retired ones (whose cases keep their numbers) are "
            + ", ".join(f"{r:02d}" for r in sorted(RETIRED_REGIONS))
            + "."
        )
    allowed = dict(REPRESENTATION_TYPES)
    if not representation_only:
        allowed |= UNFAIR_LABOR_PRACTICE_TYPES
    if case_type not in allowed:
        if case_type in UNFAIR_LABOR_PRACTICE_TYPES:
            raise InvalidCaseNumber(
                f"'{case_type}' is an unfair-labor-practice case type: record it as a related case, "
                "not as a representation case."
            )
        raise InvalidCaseNumber(f"Case type '{case_type}' is not one of " + ", ".join(sorted(allowed)) + ".")
    if serial == 0:
        raise InvalidCaseNumber("The serial number of a case cannot be zero.")
    return CaseNumber(region=region, case_type=case_type, serial=serial)


def normalize(text: str, *, representation_only: bool = True) -> str:
    return str(parse(text, representation_only=representation_only))


# How staff type a number into a search box: "10 RC 269250", "10RC269250", "10/rc/269250", "10.RC.269250".
_TYPED: Final = re.compile(r"^\s*(\d{1,2})[\s./_-]*([A-Za-z]{2})[\s./_-]*(\d{1,6})\s*$")


# What a number pasted from a letter or a decision carries around it: "Case 10–RC–269250." (en or em dashes,
# a minus sign, a "Case" or "Case No." before it, a full stop after it).
_DASHES: Final = re.compile("[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]")
_PREFIX: Final = re.compile(r"^\s*case\s*(?:no\.?|number|#)?\s*", re.IGNORECASE)


def _pasted(text: str) -> str:
    text = _DASHES.sub("-", text or "")
    text = _PREFIX.sub("", text)
    return text.strip().rstrip(".,;").strip()


def normalize_typed(text: str) -> str:
    """``normalize`` for a number typed into a search box or a link: any separators, or none, and as pasted
    ("Case 10–RC–269250."). Filings and the API keep ``normalize``'s one written form (RR-TT-NNNNNN)."""
    match = _TYPED.match(_pasted(text))
    return normalize("-".join(match.groups()) if match else text)
