"""Are two spellings of a union's name the same choice on the ballot?"""

import pytest

from elections.law.names import tidy_union_name, union_key


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Teamster  Local No. 50", "Teamster Local No. 50"),
        ("TEAMSTERS LOCAL 251", "Teamsters Local 251"),
        ("  RWDSU ", "rwdsu"),
        ("Retail,\tWholesale\nand Department Store Union", "retail, wholesale and department store union"),
    ],
)
def test_names_differing_only_in_white_space_or_case_are_the_same_union(a: str, b: str) -> None:
    assert union_key(a) == union_key(b)


@pytest.mark.parametrize(("a", "b"), [("Local 50", "Local 50-A"), ("IBT Local 1", "IBT Local 11")])
def test_names_differing_in_letters_digits_or_punctuation_are_different_unions(a: str, b: str) -> None:
    assert union_key(a) != union_key(b)


def test_the_tidy_name_keeps_the_case_the_region_typed() -> None:
    assert tidy_union_name("  Teamsters   Local  251 ") == "Teamsters Local 251"
