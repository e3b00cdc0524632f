"""Every desk form posted with what an attacker can set — the management form of the batch, each field, the
one-time token — and each post sent twice: never a 5xx (issue 36, item 8). Hypothesis draws the values."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import World
from tests.desk.conftest import CASE, signed_in

pytestmark = pytest.mark.django_db

FORMS = {
    "challenges/new/": ["election", "challenged_by", "voter_name", "voter_identifier", "ground", "reason"],
    "challenges/batch/": ["election", "challenged_by", "more", "form-0-voter_name", "form-0-ground"],
    "objections/new/": ["election", "filed_by", "category", "statement", "filed_at", "offer_of_proof"],
    "notes/new/": ["body", "visibility"],
    "notices/": ["takes_notices"],
}
MANAGEMENT = ["form-TOTAL_FORMS", "form-INITIAL_FORMS", "form-MIN_NUM_FORMS", "form-MAX_NUM_FORMS"]

# What a hostile browser sends: numbers in every spelling, text with line breaks and NULs, huge values.
values = st.one_of(
    st.sampled_from(["", "0", "1", "-1", "1e3", "abc", "999999999999999999999", "１２", "NaN", "supervisor"]),
    st.text(max_size=40),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.just("x" * 5000),
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    form=st.sampled_from(sorted(FORMS)),
    data=st.data(),
)
def test_no_desk_form_answers_5xx_whatever_is_posted_twice(tallied: World, form: str, data: Any) -> None:
    names = FORMS[form] + (MANAGEMENT if "batch" in form else []) + ["once"]
    chosen = data.draw(st.lists(st.sampled_from(names), unique=True))
    post = {name: data.draw(values) for name in chosen}
    client = signed_in(data.draw(st.sampled_from([tallied.union_counsel, tallied.paralegal, tallied.staff])))
    for _ in range(2):
        response = client.post(f"{CASE}{form}", post)
        assert response.status_code < 500, (form, post, response.status_code)
