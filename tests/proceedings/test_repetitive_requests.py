"""Repetitive requests for review (issue 30, item 13). 29 CFR 102.67(i)(1): "A party may not, however, file
more than one request for review of a particular action or decision by the Regional Director. Repetitive
requests will not be considered." Each row climbs the won Bessemer-shaped case, then files one more request.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.errors import TransitionNotAllowed
from tests.proceedings.conftest import climb

CERTIFY = ("regional_director_decision", "2021-05-03", {"outcome": "certify_representative"})


def _request(party: str, on: str) -> tuple[str, str, dict[str, str]]:
    return ("request_for_review_filed", on, {"party": party})


def _remand(on: str) -> tuple[str, str, dict[str, str]]:
    return ("board_decision", on, {"outcome": "remanded"})


# (label, the steps after the decision, who files the next request and when, refusal words or None)
ROWS: list[tuple[str, tuple[tuple[str, str, dict[str, str]], ...], tuple[str, str], str | None]] = [
    ("the employer's first request", (), ("employer", "2021-05-10"), None),
    ("the employer again, same decision", (_request("employer", "2021-05-10"),), ("employer", "2021-05-12"),
     "Repetitive requests will not be considered"),
    ("the union's own request, same decision", (_request("employer", "2021-05-10"),), ("union", "2021-05-12"),
     None),
    ("the employer again, after a remand and a new decision",
     (_request("employer", "2021-05-10"), _remand("2021-06-01"),
      ("regional_director_decision", "2021-06-15", {"outcome": "certify_representative"})),
     ("employer", "2021-06-20"), None),
]  # fmt: skip


@pytest.mark.parametrize(("label", "steps", "filed", "refusal"), ROWS, ids=[r[0] for r in ROWS])
def test_one_request_for_review_per_party_and_decision(
    won: Any,
    frozen_clock: Any,
    label: str,
    steps: tuple[tuple[str, str, dict[str, str]], ...],
    filed: tuple[str, str],
    refusal: str | None,
) -> None:
    frozen_clock.at("2021-07-01")
    parties = {"employer": won.employer.pk, "union": won.union.pk}

    def real(step: tuple[str, str, dict[str, Any]]) -> tuple[str, str, dict[str, Any]]:
        event, on, details = step
        return event, on, {k: parties.get(v, v) if k == "party" else v for k, v in details.items()}

    climb(won.case, won.staff, CERTIFY, *(real(step) for step in steps))
    who, on = filed
    if refusal is None:
        climb(won.case, won.staff, real(_request(who, on)))
        return
    with pytest.raises(TransitionNotAllowed) as refused:
        climb(won.case, won.staff, real(_request(who, on)))
    assert refusal in refused.value.detail
    assert "regional director's decision of 2021-05-03" in refused.value.detail
    assert "filed on 2021-05-10" in refused.value.detail
