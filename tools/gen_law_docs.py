"""Write the documentation site's law page from the rule data the tracker computes with.

Every period of every rule set, with its citation, its source tier, whether it is verified and why not, the
codes a rule set sets no period for, the periods beside the case (the answer to a complaint, the courts') and
the Agency's closures: read from ``elections/law/rule_sets.py``, ``elections/law/calendar.py``,
``proceedings/law/ca_case.py`` and ``proceedings/law/courts.py``, never typed by hand, so the
docs cannot disagree with the code; and the readings the code makes where the text leaves a choice (each module's
``READINGS``). ``tests/test_docs_site.py`` fails when the committed page differs from what this script writes.

    .venv/bin/python tools/gen_law_docs.py            # rewrite docs/site/law/periods.md
    .venv/bin/python tools/gen_law_docs.py --check    # exit 1 if the committed page is stale
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from datetime import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from core.law.readings import Reading  # noqa: E402
from elections.law import calendar, names  # noqa: E402
from elections.law.rule_sets import (  # noqa: E402
    DEADLINE_SOURCES,
    PERIODS,
    RULE_SET_EFFECTIVE,
    TABLE_CODES,
    TIER_LABELS,
    Period,
    UnknownPeriod,
    period,
    tier_is_verified,
)
from objections.law import deadlines as objection_deadlines  # noqa: E402
from proceedings.law import ca_case as toc  # noqa: E402
from proceedings.law import courts  # noqa: E402
from proceedings.law import deadlines as proceeding_deadlines  # noqa: E402

PAGE = ROOT / "docs" / "site" / "law" / "periods.md"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|") or "—"


def _table(head: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines


def _yes(flag: bool) -> str:
    return "yes" if flag else "**no**"


def _why_unverified(p: Period) -> str:
    if p.assumption:
        return p.assumption
    return TIER_LABELS[p.source]


def _details(key: str, p: Period) -> str:
    parts = ["filed with the Board" if p.filed_with == "board" else "filed with the region"]
    if p.responsive:
        parts.append("responsive: runs from the due date of what it answers (102.2(a))")
    if p.target_only:
        parts.append("a target the Agency may miss, never a bar")
    if p.code != key:
        parts.append(f"its deadline carries the code `{p.code}`")
    text = "; ".join(parts) + "."
    return f"{text} {p.note}" if p.note else text


def _clock(moment: time) -> str:
    return f"{moment.hour % 12 or 12}:{moment.minute:02d} {'p.m.' if moment.hour >= 12 else 'a.m.'}"


def _beside_the_case() -> list[str]:
    """The periods of the test of certification (the answer to the complaint) and of the courts, which no
    rule set holds: each with why it is not verified."""
    answer = toc.ANSWER
    rows = [
        (
            f"`{answer.code}`",
            answer.label,
            answer.rule,
            answer.citation,
            f"`{answer.source.value}`",
            _yes(answer.verified),
            answer.evidence,
        )
    ]
    for p in courts.PERIODS.values():
        rows.append(
            (
                f"`{p.code}`",
                p.label,
                f"{p.days} days {p.trigger}, counted under FRAP 26(a)",
                p.citation,
                f"`{p.source}`",
                _yes(p.verified),
                "" if p.verified else p.evidence,
            )
        )
    lines = [
        "",
        "## The test of certification and the courts",
        "",
        "Periods that run beside the representation case, the same under every rule set: the answer to the",
        "unfair-labor-practice complaint, and the periods in court after a decision on the Board's order.",
        f"{sum(r[5] != 'yes' for r in rows)} of {len(rows)} are not verified: their texts are not among the",
        "project's verbatim copies (shared/docs/cfr). Every deadline computed from one says `verified: false`,",
        "and its explanation says why.",
        "",
    ]
    return lines + _table(
        ["period", "label", "rule", "citation", "source", "verified", "why not verified"], rows
    )


# Where each module's readings are kept, in the page's order.
READING_SOURCES: tuple[tuple[str, tuple[Reading, ...]], ...] = (
    ("elections/law/calendar.py", calendar.READINGS),
    ("objections/law/deadlines.py", objection_deadlines.READINGS),
    ("proceedings/law/deadlines.py", proceeding_deadlines.READINGS),
    ("elections/law/names.py", names.READINGS),
)


def _readings() -> list[str]:
    lines = [
        "",
        "## Readings worth a lawyer's look",
        "",
        "Where the text leaves a choice, what the tracker does — generated from the `READINGS` kept beside the",
        "code that applies each one (`tests/law/test_readings.py` holds each to that code's behaviour).",
        "",
    ]
    rows = [(r.text, r.citation, f"`{where}`") for where, readings in READING_SOURCES for r in readings]
    return lines + _table(["reading", "the text read", "where"], rows)


def render() -> str:
    out = [
        "# Periods and sources",
        "",
        "<!-- Generated by tools/gen_law_docs.py from elections/law/rule_sets.py and elections/law/calendar.py."
        " Do not edit: run the script. tests/test_docs_site.py fails when this page is stale. -->",
        "",
        "This page is generated from the rule data the tracker computes every deadline with, so it cannot",
        "disagree with the code. How the periods are counted is in [How the tracker reads Part 102](index.md);",
        "the readings worth a lawyer's look are [below](#readings-worth-a-lawyers-look).",
        "",
        "## Rule sets",
        "",
        "A case's rule set is chosen by the date its petition was filed, never by the date of the event. A",
        "petition filed before the first date below gets no rule set, and its deadlines are not computed.",
        "",
    ]
    out += _table(
        ["rule set", "petitions filed on or after", "citation"],
        [(v.name, v.petitions_filed_on_or_after.isoformat(), v.citation) for v in RULE_SET_EFFECTIVE],
    )
    out += [
        "",
        "## Sources",
        "",
        "Every deadline carries a `source`: what its figure rests on. Only rule text is verified.",
        "",
    ]
    out += _table(
        ["source", "meaning", "verified"],
        [(f"`{source.value}`", source.label, _yes(tier_is_verified(source))) for source in DEADLINE_SOURCES],
    )
    out += [
        "",
        "A period whose count stands in for a trigger the record does not hold (the order transferring a case",
        "to the Board) is never verified, whatever its source.",
    ]
    unverified: list[tuple[str, Period]] = []
    for version in RULE_SET_EFFECTIVE:
        rule_set = version.name
        table = PERIODS[rule_set]
        out += [
            "",
            f"## The {rule_set} rules ({version.citation})",
            "",
        ]
        rows = []
        for key, p in table.items():
            rows.append(
                (f"`{key}`", p.label, p.rule, p.citation, f"`{p.source.value}`", _yes(p.verified), p.evidence)
            )
            if not p.verified:
                unverified.append((rule_set, p))
        out += _table(["period", "label", "rule", "citation", "source", "verified", "evidence"], rows)
        details = [(f"`{key}`", _details(key, p)) for key, p in table.items()]
        out += ["", f"How each period of the {rule_set} rules is filed and counted:", ""]
        out += _table(["period", "details"], details)
        missing = []
        for code in TABLE_CODES:
            if code.value in table:
                continue
            try:
                period(rule_set, code.value)
            except UnknownPeriod as no_period:
                missing.append((f"`{code.value}`", str(no_period)))
        if missing:
            out += ["", f"No period under the {rule_set} rules:", ""]
            out += _table(["period", "why"], missing)
    out += [
        "",
        "## What is not verified",
        "",
        f"{len(unverified)} periods are not verified; every deadline computed from one says `verified: false`.",
        "Check these against the rule or the order before relying on them.",
        "",
    ]
    out += _table(
        ["rule set", "period", "rule", "citation", "why not verified"],
        [(rs, p.label, p.rule, p.citation, _why_unverified(p)) for rs, p in unverified],
    )
    out += _beside_the_case()
    out += _readings()
    out += [
        "",
        "## Computing time (29 CFR 102.2)",
        "",
        f"- A period under {calendar.SHORT_PERIOD_DAYS} days counts business days only; a longer one counts",
        "  calendar days, and a last day that is not a business day rolls forward.",
        f"- An e-filed document is timely until {_clock(calendar.E_FILING_CUTOFF)} in the receiving office's zone;",
        f"  the Board's own zone is `{calendar.BOARD_ZONE}`.",
        "- Business days are Monday to Friday, except federal holidays on their observed dates and the Agency's",
        "  closures below; a day closed by executive order counts as a business day for the date shown (the",
        "  readings above).",
        "",
        "## Agency closures",
        "",
        "Days the Agency's offices were closed outside the federal holidays. That a closure by executive order",
        "closed the NLRB's offices is a reading, which is why each carries `verified`.",
        "",
    ]
    out += _table(
        ["first day", "last day", "reason", "citation", "verified", "tolls", "note"],
        [
            (
                c.first_day.isoformat(),
                c.last_day.isoformat(),
                c.reason,
                c.citation,
                _yes(c.verified),
                "yes" if c.tolls else "no",
                c.note,
            )
            for c in calendar.AGENCY_CLOSURES
        ],
    )
    return "\n".join(out) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed page is stale")
    args = parser.parse_args()
    text = render()
    if args.check:
        if not PAGE.exists() or PAGE.read_text() != text:
            print(f"{PAGE.relative_to(ROOT)} is stale: run tools/gen_law_docs.py", file=sys.stderr)
            return 1
        return 0
    PAGE.parent.mkdir(parents=True, exist_ok=True)
    PAGE.write_text(text)
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
