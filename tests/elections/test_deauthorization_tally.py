"""A UD case's tally is read as a deauthorization poll (issue 30, item 17): NLRA 9(e)(1), read — the
authority is rescinded only by a majority of those eligible. 40 to rescind and 20 to keep, of 100 eligible:
40 is no majority of 100 (51 needed), so the authority stands, though 40 is two thirds of the votes cast."""

from __future__ import annotations

from datetime import UTC, datetime

from elections.models import Election
from tests import factories


def test_a_ud_poll_of_40_to_20_among_100_eligible_fails(db: None) -> None:
    case = factories.CaseFactory(number="10-UD-300001", name="Acme Widgets LLC")
    election = factories.ElectionFactory(
        case=case, sequence=1, choices=["Local 1"], approx_eligible_voters=100
    )
    tally = factories.record_tally(
        election, prepared_at=datetime(2024, 3, 1, 17, 0, tzinfo=UTC), yes=20, votes_against=40
    )
    reread = Election.objects.select_related("case").get(pk=election.pk).tallies.get(pk=tally.pk)
    assert (reread.assessment.result, reread.assessment.majority_needed) == ("not_deauthorized", 51)


def test_the_same_votes_in_an_rc_case_are_an_election_lost(db: None) -> None:
    case = factories.CaseFactory(number="10-RC-300001", name="Acme Widgets LLC")
    election = factories.ElectionFactory(
        case=case, sequence=1, choices=["Local 1"], approx_eligible_voters=100
    )
    tally = factories.record_tally(
        election, prepared_at=datetime(2024, 3, 1, 17, 0, tzinfo=UTC), yes=20, votes_against=40
    )
    assert tally.assessment.result == "no_representative"
