"""The tag queries compiled once per connection (core/api/tag_query.py) return, for every role, what their
querysets return when the ORM builds and runs them afresh: the compiled SQL is the queryset's, with the
caller's own values in it, never a second definition of who sees what."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db.models import QuerySet

from core import clock
from core.api import conditional
from core.api.tag_query import StandInNotFound, TagQuery
from elections.api import scoping
from elections.models import Case
from tests.conftest import World
from tests.factories import record_tally

pytestmark = pytest.mark.django_db

ROLES = ["staff", "union_counsel", "employer_counsel", "paralegal", "stranger", "anonymous"]


def _user(world: World, role: str) -> Any:
    return AnonymousUser() if role == "anonymous" else getattr(world, role)


def _orm_rows(built: Any) -> list[tuple[Any, ...]]:
    if isinstance(built, QuerySet):
        return [tuple(row) for row in built]
    compiler = built.get_compiler(using="default")
    return [tuple(row) for row in compiler.results_iter()]


def _compiled_rows(query: TagQuery, **values: Any) -> list[tuple[Any, ...]]:
    return [tuple(row.values()) for row in query.rows(shape=conditional.bucket_names(), **values)]


@pytest.fixture
def tallied(world: World) -> World:
    record_tally(
        world.election, prepared_at=datetime(2021, 4, 9, 16, 0, tzinfo=UTC), yes=738, votes_against=1798
    )
    return world


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("number", ["10-RC-269250", "29-RC-288020", "01-RC-000001"])
def test_the_compiled_case_lookup_returns_what_its_queryset_returns(
    tallied: World, role: str, number: str
) -> None:
    user, now = _user(tallied, role), clock.now()
    for moment in (now, datetime(2021, 4, 17, tzinfo=UTC), datetime(2021, 4, 1, tzinfo=UTC)):
        expected = _orm_rows(scoping._versioned_case_query(user, number, moment))
        assert _compiled_rows(scoping.VERSIONED_CASE, user=user, number=number, now=moment) == expected
        # Twice: the second call runs the SQL compiled by the first, with these values.
        assert _compiled_rows(scoping.VERSIONED_CASE, user=user, number=number, now=moment) == expected


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("timed", [False, True])
def test_the_compiled_audience_version_returns_what_its_queryset_returns(
    tallied: World, role: str, timed: bool
) -> None:
    user = _user(tallied, role)
    moments = [clock.now(), datetime(2021, 4, 17, tzinfo=UTC)] if timed else [None]
    for moment in moments:
        values: dict[str, Any] = {"now": moment} if moment else {}
        expected = _orm_rows(scoping._audience_query(user, timed, **values))
        if role in ("staff", "union_counsel", "employer_counsel", "paralegal"):
            assert expected, "the audience has its row (the test can fail)"
        assert _compiled_rows(scoping.AUDIENCE, user=user, timed=timed, **values) == expected
        # Twice: the second call runs the SQL compiled by the first, with these values.
        assert _compiled_rows(scoping.AUDIENCE, user=user, timed=timed, **values) == expected


def test_the_compiled_lookup_sees_what_changed_since_it_was_compiled(tallied: World) -> None:
    """Compiled once, run with each call's values: a counsel who stops appearing stops seeing the case."""
    counsel = tallied.union_counsel
    assert _compiled_rows(scoping.VERSIONED_CASE, user=counsel, number="10-RC-269250", now=clock.now())
    counsel.appearances.update(ended_at=clock.now() - timedelta(seconds=1))
    assert not _compiled_rows(scoping.VERSIONED_CASE, user=counsel, number="10-RC-269250", now=clock.now())


def test_a_value_the_queryset_transforms_is_refused_when_compiled(world: World) -> None:
    """A lookup that rewrites its value (here a case-insensitive one) could not take another value: compiling
    it fails rather than running the stand-in."""
    query = TagQuery(lambda number: Case.objects.filter(number__icontains=number).values_list("pk"))
    with pytest.raises(StandInNotFound):
        query.rows(number="10-rc")
