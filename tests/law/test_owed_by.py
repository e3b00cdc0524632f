"""Whose each deadline code is (proceedings/law/owed_by.py): every code the tables attach has its row, with the
rule's words behind it."""

from __future__ import annotations

import pytest

from elections.law.rule_sets import DeadlineCode
from proceedings.law import deadlines, owed_by
from proceedings.law.owed_by import OwedBy, PartyStatus


def test_every_code_the_tables_attach_says_whose_it_is() -> None:
    missing = sorted(code for code in deadlines.CODES if code not in owed_by.WHOSE)
    assert missing == [], f"add a row to proceedings/law/owed_by.py WHOSE for {missing}"
    assert all(whose.citation for whose in owed_by.WHOSE.values())


@pytest.mark.parametrize(
    ("code", "owed", "but_filer", "objecting"),
    [
        # 102.69(a)(8): "any party may file with the Regional Director objections"
        (DeadlineCode.OBJECTIONS, OwedBy.EACH_PARTY, False, False),
        # ... with "a written offer of proof": owed by the party that objects
        (DeadlineCode.OFFER_OF_PROOF, OwedBy.PARTY, False, True),
        # 102.69(c)(1)(ii): the hearing the Regional Director sets
        (DeadlineCode.HEARING, OwedBy.AGENCY, False, False),
        # 102.69(c)(1)(iii): "Any party may ... file ... exceptions to such report"
        (DeadlineCode.EXCEPTIONS, OwedBy.EACH_PARTY, False, False),
        # 102.46(b)(1): "a party opposing the exceptions may file an answering brief"
        (DeadlineCode.ANSWERING_BRIEF, OwedBy.EACH_PARTY, True, False),
        # 102.46(c): "Any party who has not previously filed exceptions may ... file cross-exceptions"
        (DeadlineCode.CROSS_EXCEPTIONS, OwedBy.EACH_PARTY, True, False),
        # 102.67(c): any party may request review
        (DeadlineCode.REQUEST_FOR_REVIEW, OwedBy.EACH_PARTY, False, False),
    ],
)
def test_whose_reads_the_rule(code: str, owed: OwedBy, but_filer: bool, objecting: bool) -> None:
    whose = owed_by.whose(code)
    assert (whose.owed_by, whose.but_filer, whose.objecting) == (owed, but_filer, objecting)


def test_a_deadline_set_for_one_party_is_that_partys_and_a_code_by_hand_everyones() -> None:
    assert owed_by.whose(DeadlineCode.EXCEPTIONS, party_named=True).owed_by is OwedBy.PARTY
    assert owed_by.whose("post_ruling_brief").owed_by is OwedBy.EACH_PARTY


def test_a_lapsed_row_is_missed_only_where_the_party_had_to_file() -> None:
    assert owed_by.lapsed(obliged=True) is PartyStatus.MISSED
    assert owed_by.lapsed(obliged=False) is PartyStatus.WAIVED
