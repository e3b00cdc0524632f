"""The permission matrix: every route of the URL configuration, every method, every kind of caller, against
an object of the caller's own case and one of another case — each answer asserted against the contract.

A route with no row in ``MATRIX`` fails ``test_route[<its pattern>]`` by name, so a new route cannot ship
without someone deciding who may call it. Each request also searches the answer for the other case's marks
(its number, names, a voter's name and an objection's text): a route that answers 200 with another side's
data fails even when its status is right.

Callers: ``staff``; ``counsel_a`` (counsel for party A, the union, which logged the challenge and filed the
objection); ``counsel_b`` (counsel for party B, the employer); ``paralegal_a`` (paralegal for A); ``nobody``
(signed in, no appearance anywhere); ``anonymous``. Every signed-in caller authenticates with a real API
token, so the token check is part of every request. Bodies are empty (``{}``) unless the row gives one: a
caller who may act reaches validation (400) or the step itself; one who may not gets 403 or 404 *before*
validation — checked again with a body no serializer accepts (a JSON list).

Adding a route: add one row — ``"<pattern as in the URLconf>": Row(<object kind>, GET=…, POST=…)`` — with
a policy per method (``READ``, ``STAFF(…)``, ``COUNSEL(…)``, ``FILER(…)``, ``SIGNED_IN(…)``, ``PUBLIC(…)``).
The object kind fills the path (``"case"``, ``"election"``, ``"challenge"``, ``"objection"``, ``"deadline"``,
``"event"``, ``"appearance"``, ``"feed"``; ``None`` for a path without one). A route naming a new kind of
object (a note) adds it to ``Side``, builds one per case in ``_side`` (party A's, with a mark of its text in
``marks``) and maps it to path arguments in ``_path_kwargs``. Methods a row does not name must answer 405 to
staff (and nothing but 401/403/404/405 to anyone else)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone
from rest_framework.test import APIClient

from access.models import digest
from access.tokens import token_issue
from core import clock
from elections.models import Appearance, Case, Election, Party
from filings import services as filing_services
from notes import services as note_services
from proceedings import services as proceeding_services
from proceedings.models import CalendarFeed, Deadline, ProceedingEvent
from public_record.models import ImportRun
from tests.factories import (
    AppearanceFactory,
    CaseFactory,
    ElectionFactory,
    PartyFactory,
    StaffFactory,
    UserFactory,
    file_objection,
    log_challenge,
    record_event,
    record_tally,
)
from tests.filings.pdfs import make_pdf

OWN, OTHER = "own", "other"
PARTICIPANTS = ("counsel_a", "counsel_b", "paralegal_a")
SIGNED_IN = ("staff", *PARTICIPANTS, "nobody")
ROLES = (*SIGNED_IN, "anonymous")
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")

Policy = Callable[[str, str, bool], int]
"""``policy(role, side, scoped)`` → the status the contract gives."""


def _policy(ok: int, may: tuple[str, ...], *, anonymous: int = 401) -> Policy:
    """Staff and the roles in ``may`` get ``ok``. On a path naming an object (``scoped``), an object of a case
    the caller does not appear in is a 404 — before any other check; a caller who sees it but may not act
    gets 403 (and so does one who may not act on a path without an object)."""

    def expected(role: str, side: str, scoped: bool) -> int:
        if role == "anonymous":
            return anonymous
        if role == "staff":
            return ok
        if scoped and (role == "nobody" or side == OTHER):
            return 404
        return ok if role in may else 403

    return expected


def READ(ok: int = 200) -> Policy:
    """Everyone on the case (and staff) reads; signed-in callers without the case see a 404 (a list: 200)."""
    return _policy(ok, (*PARTICIPANTS, "nobody"))


def STAFF(ok: int) -> Policy:
    return _policy(ok, ())


def COUNSEL(ok: int) -> Policy:
    """Counsel of either party, and staff; paralegals assist but do not sign."""
    return _policy(ok, ("counsel_a", "counsel_b"))


def FILER(ok: int) -> Policy:
    """Counsel of party A, which logged the challenge / filed the objection, and staff."""
    return _policy(ok, ("counsel_a",))


def SIGNED_IN_(ok: int) -> Policy:
    """Any signed-in caller, about their own things (their token, their calendar feed)."""
    return _policy(ok, SIGNED_IN)


def PUBLIC(ok: int) -> Policy:
    return _policy(ok, SIGNED_IN, anonymous=ok)


def AUTHOR(ok: int) -> Policy:
    """Only the note's author (counsel A, on the own case); staff read it but may not edit it: 403."""
    staff_reads = _policy(403, ())
    counsel_a_writes = _policy(ok, ("counsel_a",))

    def expected(role: str, side: str, scoped: bool) -> int:
        return staff_reads(role, side, scoped) if role == "staff" else counsel_a_writes(role, side, scoped)

    return expected


def DRAFTER(ok: int) -> Policy:
    """Only counsel of the paper's party (counsel A, whose motion it is) file a draft; staff file no one's
    draft: 403. The own case's motion is already filed, so counsel A reach the step: 409."""
    return AUTHOR(ok)


def FEED(role: str, side: str, scoped: bool) -> int:
    """The calendar feed has no sign-in: its secret token is the credential. A live token (own side) answers
    anyone; a revoked one (other side) is a 404 to everyone."""
    return 200 if side == OWN else 404


@dataclass(frozen=True)
class Row:
    on: str | None
    policies: dict[str, Policy] = field(default_factory=dict)
    body: Callable[[Any, str], Any] | None = None
    """``body(world, side)``: what the row sends instead of ``{}`` (JSON), or a ``("multipart", dict)``."""
    examples: bool = False
    """The answer documents the API with example case numbers: not searched for other cases' marks."""

    scoped: bool = True
    """The object belongs to a case (another case's is a 404); False for objects of no case (import runs)."""

    def __init__(
        self,
        on: str | None,
        body: Any = None,
        examples: bool = False,
        scoped: bool = True,
        **policies: Policy,
    ) -> None:
        object.__setattr__(self, "on", on)
        object.__setattr__(self, "scoped", scoped and on is not None)
        object.__setattr__(self, "policies", policies)
        object.__setattr__(self, "body", body)
        object.__setattr__(self, "examples", examples)


def _multipart(world: Any, side: str) -> Any:
    return ("multipart", {"note": "no file"})


A = "api/v1/"
MATRIX: dict[str, Row] = {
    # A redirect to the docs, whatever the method.
    "": Row(None, GET=PUBLIC(302), POST=PUBLIC(302), PUT=PUBLIC(302), PATCH=PUBLIC(302), DELETE=PUBLIC(302)),
    "api-auth/login/": Row(None, GET=PUBLIC(200), POST=PUBLIC(200), PUT=PUBLIC(200)),  # Django's form view
    "api-auth/logout/": Row(None, POST=PUBLIC(200)),
    A + "schema/": Row(None, examples=True, GET=PUBLIC(200)),  # public outside production settings
    A + "docs/": Row(None, examples=True, GET=PUBLIC(200)),
    A + "health/": Row(None, GET=PUBLIC(200)),
    A + "auth/token/rotate/": Row(None, POST=SIGNED_IN_(201)),
    A + "cases/": Row(None, GET=READ(), POST=STAFF(400)),
    A + "cases/<str:number>/": Row("case", GET=READ(), PATCH=STAFF(200)),
    A + "cases/<str:number>/parties/": Row("case", GET=READ(), POST=STAFF(400)),
    A + "cases/<str:number>/appearances/": Row("case", GET=READ(), POST=STAFF(400)),
    A + "cases/<str:number>/appearances/<int:appearance_id>/": Row("appearance", DELETE=STAFF(204)),
    A + "cases/<str:number>/proceedings/": Row("case", GET=READ(), POST=STAFF(400)),
    A + "cases/<str:number>/proceedings/<int:event_id>/void/": Row("event", POST=STAFF(400)),
    A + "cases/<str:number>/status/": Row("case", GET=READ()),
    A + "cases/<str:number>/timeline/": Row("case", GET=READ()),
    A + "cases/<str:number>/deadlines/": Row("case", GET=READ(), POST=STAFF(400)),
    A + "elections/": Row(None, GET=READ(), POST=STAFF(400)),
    A + "elections/<int:election_id>/": Row("election", GET=READ(), PATCH=STAFF(200)),
    A + "elections/<int:election_id>/tallies/": Row("election", GET=READ(), POST=STAFF(400)),
    A + "elections/<int:election_id>/challenges/": Row("election", GET=READ(), POST=COUNSEL(400)),
    A + "elections/<int:election_id>/challenges/import/": Row("election", body=_multipart, POST=COUNSEL(400)),
    A + "elections/<int:election_id>/challenges/moot/": Row("election", POST=STAFF(200)),
    A + "elections/<int:election_id>/open-and-count/": Row("election", POST=STAFF(400)),
    A + "elections/<int:election_id>/objections/": Row("election", GET=READ(), POST=COUNSEL(400)),
    A + "challenges/": Row(None, GET=READ()),
    A + "challenges/<int:challenge_id>/": Row("challenge", GET=READ()),
    A + "challenges/<int:challenge_id>/resolve/": Row("challenge", POST=STAFF(400)),
    A + "challenges/<int:challenge_id>/withdraw/": Row("challenge", POST=FILER(200)),
    A + "objections/": Row(None, GET=READ()),
    A + "objections/<int:objection_id>/": Row("objection", GET=READ()),
    A + "objections/<int:objection_id>/rulings/": Row("objection", POST=STAFF(400)),
    A + "objections/<int:objection_id>/withdraw/": Row("objection", POST=FILER(200)),
    A + "objections/<int:objection_id>/extend-offer-of-proof/": Row("objection", POST=STAFF(400)),
    A + "objections/<int:objection_id>/offer-of-proof/": Row("objection", POST=FILER(409)),
    A + "deadlines/": Row(None, GET=READ()),
    A + "deadlines/<int:deadline_id>/": Row("deadline", GET=READ()),
    A + "calendar/": Row(None, GET=SIGNED_IN_(200)),
    A + "calendar/rotate/": Row(None, POST=SIGNED_IN_(201)),
    A + "calendar/<str:token>.ics": Row("feed", GET=FEED),
    # The API root, and the JSON 404 for any other path under /api/.
    A: Row(None, GET=READ()),
    r"^api/(?P<rest>[\s\S]*)$": Row(
        None, GET=PUBLIC(404), POST=PUBLIC(404), PUT=PUBLIC(404), PATCH=PUBLIC(404), DELETE=PUBLIC(404)
    ),
    A + "objections/<int:objection_id>/confirm-filing/": Row("objection", POST=STAFF(409)),
    # Notes (the own case's note is a case-visibility note by counsel A; side and staff notes have their
    # own leak tests in tests/notes).
    A + "cases/<str:number>/notes/": Row("case", GET=READ(), POST=READ(400)),
    A + "challenges/<int:challenge_id>/notes/": Row("challenge", GET=READ(), POST=READ(400)),
    A + "objections/<int:objection_id>/notes/": Row("objection", GET=READ(), POST=READ(400)),
    A + "notes/": Row(None, GET=READ()),
    A + "notes/<int:note_id>/": Row("note", GET=READ(), PATCH=AUTHOR(400)),
    A + "notes/<int:note_id>/history/": Row("note", GET=READ()),
    A + "cases/<str:number>/history/": Row("case", GET=STAFF(200)),
    A + "cases/<str:number>/export/<str:kind>.csv": Row("export", GET=READ()),
    A + "cases/import/": Row(None, POST=STAFF(400)),
    A + "cases/import/<int:run_id>/": Row("import_run", scoped=False, GET=STAFF(200)),
    # Filings and their documents (issue 23): everyone on the case reads them (they are served on all
    # parties); counsel file for their own party, staff rule. The own case's filing is party A's motion.
    A + "cases/<str:number>/filings/": Row("case", GET=READ(), POST=COUNSEL(400)),
    A + "cases/<str:number>/docket/": Row("case", GET=READ()),
    A + "filings/": Row(None, GET=READ()),
    # A draft is edited by its own side's counsel alone (contract v1.4); the own case's motion is filed: 409.
    A + "filings/<int:filing_id>/": Row("filing", GET=READ(), PATCH=DRAFTER(409)),
    A + "filings/<int:filing_id>/ruling/": Row("filing", POST=STAFF(400)),
    # Staff recorded the own case's motion: its time is settled already.
    A + "filings/<int:filing_id>/confirm-filing/": Row("filing", POST=STAFF(409)),
    A + "filings/<int:filing_id>/file/": Row("filing", POST=DRAFTER(409)),
    A + "documents/": Row(None, body=_multipart, POST=COUNSEL(400)),
    A + "documents/<int:document_id>/": Row("document", GET=READ()),
    A + "documents/<int:document_id>/download/": Row("document", GET=READ()),
    # What to expect (issue 33): figures from the public record, for anyone signed in; a case's outlook as
    # the case itself is read.
    A + "stats/stages/": Row(None, GET=READ()),
    A + "stats/shares/": Row(None, GET=READ()),
    A + "cases/<str:number>/outlook/": Row("case", GET=READ()),
}
"""Route pattern (as the URLconf spells it) → the object its path names and the policy of each method."""


# --- the world ----------------------------------------------------------------------------------


@dataclass
class Side:
    case: Case
    party_a: Party
    election: Election
    challenge: Any
    objection: Any
    deadline: Deadline
    event: ProceedingEvent
    appearance: Appearance
    feed_token: str
    note: Any
    import_run: Any
    filing: Any
    document: Any
    marks: tuple[str, ...]


@dataclass
class MatrixWorld:
    own: Side
    other: Side
    users: dict[str, Any]
    tokens: dict[str, str]

    def side(self, side: str) -> Side:
        return self.own if side == OWN else self.other


def _side(number: str, name: str, secret: str, staff: Any, users: dict[str, Any]) -> Side:
    case = CaseFactory(
        number=number, name=f"{name} LLC", petition_filed_on=timezone.localdate() - timedelta(60)
    )
    union = PartyFactory(case=case, role=Party.Role.PETITIONER, name=f"{name} Workers Union")
    employer = PartyFactory(case=case, role=Party.Role.EMPLOYER, name=f"{name} LLC")
    if users:
        AppearanceFactory(user=users["counsel_a"], party=union, capacity=Appearance.Capacity.COUNSEL)
        AppearanceFactory(user=users["counsel_b"], party=employer, capacity=Appearance.Capacity.COUNSEL)
        appearance = AppearanceFactory(
            user=users["paralegal_a"], party=union, capacity=Appearance.Capacity.PARALEGAL
        )
    else:
        appearance = AppearanceFactory(
            user=UserFactory(username=f"clerk-{secret}"), party=union, capacity=Appearance.Capacity.PARALEGAL
        )
    election = ElectionFactory(case=case, sequence=1, choices=[union.name])
    record_tally(
        election, prepared_at=timezone.now() - timedelta(hours=2), yes=10, votes_against=12, challenged=3
    )
    challenge = log_challenge(
        election, f"Voter {secret}", by=union, ground="supervisor", reason=f"Reason {secret}", actor=staff
    )
    filed = timezone.now() - timedelta(hours=1)
    objection = file_objection(
        election,
        union,
        statement=f"Statement {secret}",
        filed_at=filed,
        offer_of_proof_filed_at=filed,
        actor=staff,
        notify=True,
    )
    event = record_event(
        case, "regional_investigation", clock.today(case.office_zone), actor=staff, notify=True
    )
    deadline = Deadline.objects.filter(case=case).order_by("id").first()
    assert deadline is not None, "the tally sets the objections deadline"
    holder = users.get("counsel_a") or appearance.user
    feed = proceeding_services.calendar_feed_ensure(user=holder)
    token = feed.token
    if not users:  # the other side's feed: revoked, so its token must answer 404 to everyone
        proceeding_services.calendar_feed_rotate(user=holder)
        assert CalendarFeed.objects.filter(token_digest=digest(token), revoked_at__isnull=False).exists()
    author = users.get("counsel_a") or UserFactory(username=f"counsel-{secret}")
    if not users:
        AppearanceFactory(user=author, party=union, capacity=Appearance.Capacity.COUNSEL)
    note = note_services.note_create(case=case, body=f"Note {secret}", visibility="case", actor=author)
    run = ImportRun.objects.create(number=case.number, requested_by=staff)
    filing = filing_services.filing_file(
        case=case, kind="motion", party=union, title=f"Motion {secret}", filed_at=filed, actor=staff
    )
    document = filing_services.document_attach(
        filing=filing, upload=io.BytesIO(make_pdf(f"Brief {secret}")), title=f"Brief {secret}", actor=staff
    )
    marks = (
        case.number,
        case.name,
        union.name,
        f"Voter {secret}",
        f"Statement {secret}",
        f"Note {secret}",
        f"Motion {secret}",
        f"Brief {secret}",
    )
    return Side(
        case,
        union,
        election,
        challenge,
        objection,
        deadline,
        event,
        appearance,
        token,
        note,
        run,
        filing,
        document,
        marks,
    )


@pytest.fixture
def matrix_world(db: None, settings: Any, tmp_path: Any) -> MatrixWorld:
    settings.MEDIA_ROOT = str(tmp_path / "media")
    staff = StaffFactory(username="matrix-staff")
    users = {
        "staff": staff,
        "counsel_a": UserFactory(username="matrix-counsel-a"),
        "counsel_b": UserFactory(username="matrix-counsel-b"),
        "paralegal_a": UserFactory(username="matrix-paralegal-a"),
        "nobody": UserFactory(username="matrix-nobody"),
    }
    own = _side("10-RC-269250", "Ownside Fulfillment", "Ownsecret", staff, users)
    other = _side("29-RC-288020", "Otherside Logistics", "Othersecret", staff, {})
    tokens = {role: token_issue(user=user) for role, user in users.items()}
    return MatrixWorld(own, other, users, tokens)


# --- walking the URLconf ------------------------------------------------------------------------


def _routes(
    patterns: list[Any] | None = None, prefix: str = "", namespace: str = ""
) -> Iterator[tuple[str, str]]:
    """(pattern, view name) of every route, patterns spelled as the URLconf writes them."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            inner = ":".join(n for n in (namespace, entry.namespace or "") if n)
            yield from _routes(entry.url_patterns, prefix + str(entry.pattern), inner)
        elif isinstance(entry, URLPattern):
            name = f"{namespace}:{entry.name}" if namespace and entry.name else entry.name or ""
            yield prefix + str(entry.pattern), name


ALL_ROUTES = dict(_routes())
API_ROUTES = sorted(p for p in ALL_ROUTES if not p.startswith(("admin/", "desk/", "expect/")))
EXPECT_ROUTES = sorted(p for p in ALL_ROUTES if p.startswith("expect/"))
ADMIN_ROUTES = sorted(p for p in ALL_ROUTES if p.startswith("admin/"))
DESK_ROUTES = sorted(p for p in ALL_ROUTES if p.startswith("desk/"))


def _path_kwargs(world: MatrixWorld, on: str | None, side: str) -> dict[str, Any]:
    s = world.side(side)
    if on is None:
        return {}
    return {
        "case": lambda: {"number": s.case.number},
        "election": lambda: {"election_id": s.election.pk},
        "challenge": lambda: {"challenge_id": s.challenge.pk},
        "objection": lambda: {"objection_id": s.objection.pk},
        "deadline": lambda: {"deadline_id": s.deadline.pk},
        "event": lambda: {"number": s.case.number, "event_id": s.event.pk},
        "appearance": lambda: {"number": s.case.number, "appearance_id": s.appearance.pk},
        "feed": lambda: {"token": s.feed_token},
        "note": lambda: {"note_id": s.note.pk},
        "export": lambda: {"number": s.case.number, "kind": "challenges"},
        "import_run": lambda: {"run_id": s.import_run.pk},
        "filing": lambda: {"filing_id": s.filing.pk},
        "document": lambda: {"document_id": s.document.pk},
    }[on]()


def _client(world: MatrixWorld, role: str) -> APIClient:
    client = APIClient()
    if role != "anonymous":
        client.credentials(HTTP_AUTHORIZATION=f"Token {world.tokens[role]}")
    return client


def _call(client: APIClient, method: str, url: str, body: Any) -> Any:
    """One request in a savepoint rolled back after it, so that every call sees the same world."""
    with transaction.atomic():
        if isinstance(body, tuple) and body[0] == "multipart":
            response = client.generic(method, url, **_multipart_request(body[1]))
        else:
            response = getattr(client, method.lower())(url, body, format="json")
        transaction.set_rollback(True)
    return response


def _multipart_request(fields: dict[str, str]) -> dict[str, Any]:
    from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

    return {"data": encode_multipart(BOUNDARY, fields), "content_type": MULTIPART_CONTENT}


def _forbidden_marks(world: MatrixWorld, role: str) -> tuple[str, ...]:
    if role == "staff":
        return ()
    if role in PARTICIPANTS:
        return world.other.marks
    return world.own.marks + world.other.marks  # nobody and anonymous see no case


@pytest.mark.parametrize("route", API_ROUTES)
def test_route(route: str, matrix_world: MatrixWorld) -> None:
    row = MATRIX.get(route)
    if row is None:
        pytest.fail(
            f"route {route!r} ({ALL_ROUTES[route] or 'unnamed'}) is not in the permission matrix: add a row "
            "to MATRIX in tests/test_permission_matrix.py saying who may call each of its methods"
        )
    name = ALL_ROUTES[route]
    wrong: list[str] = []
    sides = (OWN, OTHER) if row.scoped else (OWN,)
    for side in sides:
        kwargs = _path_kwargs(matrix_world, row.on, side)
        url = reverse(name, kwargs=kwargs) if name else "/" + route
        for method in METHODS:
            policy = row.policies.get(method)
            for role in ROLES:
                if policy is None and role not in ("staff", "counsel_a", "anonymous"):
                    continue
                body = row.body(matrix_world, side) if row.body else {}
                response = _call(_client(matrix_world, role), method, url, body)
                got = response.status_code
                if policy is None:
                    allowed = {405} if role == "staff" else {401, 403, 404, 405}
                    if got not in allowed:
                        wrong.append(f"{method} {url} as {role} ({side}): {got}, expected {sorted(allowed)}")
                    continue
                expected = policy(role, side, row.scoped)
                if got != expected:
                    wrong.append(f"{method} {url} as {role} ({side} case): {got}, expected {expected}")
                if expected in (401, 403, 404) and got == expected and row.body is None and method != "GET":
                    # Permission before validation: a body no serializer accepts changes nothing.
                    again = _call(
                        _client(matrix_world, role), method, url, ["not", "an", "object"]
                    ).status_code
                    if again != expected:
                        wrong.append(
                            f"{method} {url} as {role} ({side}) with a bad body: {again}, expected {expected}"
                        )
                if 200 <= got < 300:
                    raw = b"".join(response.streaming_content) if response.streaming else response.content
                    text = raw.decode("utf-8", "replace")
                    leaked = [mark for mark in _forbidden_marks(matrix_world, role) if mark in text]
                    if leaked and row.on != "feed" and not row.examples:
                        wrong.append(f"{method} {url} as {role} ({side}): the answer shows {leaked}")
    assert wrong == [], "\n".join(wrong)


def test_every_row_names_a_route_that_exists() -> None:
    assert sorted(set(MATRIX) - set(API_ROUTES)) == []


# --- the admin ----------------------------------------------------------------------------------

ADMIN_OPEN = {"admin:login", "admin:logout"}
"""The only admin views a person who is not staff may reach."""


def _admin_url(pattern: str, world: MatrixWorld) -> str:
    """A URL of an admin route: each path argument an id of the own case (an app label where it asks for
    one); a regex route's groups filled the same way."""
    import re

    value = str(world.own.case.pk)
    url = re.sub(r"<(?:\w+:)?app_label>", "elections", pattern)
    url = re.sub(r"<[^>]+>", value, url)
    url = re.sub(r"\(\?P<app_label>[^)]*\)", "elections", url)
    url = re.sub(r"\((?:\?P<\w+>)?[^)]*\)", value, url)
    return "/" + url.replace("^", "").replace("$", "")


def test_every_admin_view_sends_anyone_but_staff_to_the_login(matrix_world: MatrixWorld) -> None:
    """Anonymous callers and signed-in counsel get the login page (302) from every admin view but the
    login and logout themselves; staff get no error from any of them."""
    assert ADMIN_ROUTES, "the admin is mounted"
    clients = {}
    for role in ("anonymous", "counsel_a", "nobody", "staff"):
        clients[role] = Client()
        if role != "anonymous":
            user = matrix_world.users[role]
            clients[role].force_login(type(user).objects.get(pk=user.pk))  # as stored: the session checks it
            assert clients[role].get("/api-auth/login/").wsgi_request.user.is_authenticated
    wrong = []
    for pattern in ADMIN_ROUTES:
        name = ALL_ROUTES[pattern]
        url = _admin_url(pattern, matrix_world)
        for role, client in clients.items():
            with transaction.atomic():
                response = client.get(url)
                transaction.set_rollback(True)
            if role == "staff":
                if response.status_code >= 500:
                    wrong.append(f"GET {url} as staff: {response.status_code}")
            elif name in ADMIN_OPEN:
                if response.status_code not in (200, 302, 405):
                    wrong.append(f"GET {url} as {role}: {response.status_code}")
            elif response.status_code != 302 or "/admin/login/" not in response["Location"]:
                wrong.append(
                    f"GET {url} ({name}) as {role}: {response.status_code}, expected 302 to the login"
                )
            text = response.content.decode("utf-8", "replace")
            if role != "staff" and any(
                mark in text for mark in matrix_world.own.marks + matrix_world.other.marks
            ):
                wrong.append(f"GET {url} as {role}: the answer shows case data")
    assert wrong == [], "\n".join(wrong)


# --- the counsel desk ---------------------------------------------------------------------------

DESK_OPEN = {"desk:sign-in", "desk:sign-out"}
"""The desk's views a caller who is not signed in may reach."""


def _session_clients(world: MatrixWorld, roles: tuple[str, ...]) -> dict[str, Client]:
    clients = {}
    for role in roles:
        clients[role] = Client()
        if role != "anonymous":
            user = world.users[role]
            clients[role].force_login(type(user).objects.get(pk=user.pk))  # as stored: the session checks it
    return clients


def test_every_desk_page_answers_each_caller_as_the_api_would(matrix_world: MatrixWorld) -> None:
    """The counsel desk (session sign-in) scopes as the API does: a page of the own case answers everyone on
    it and staff; the other case's is a 404 (as if it did not exist); a caller not signed in is sent to the
    desk's sign-in. No answer shows the marks of a case the caller does not appear in."""
    assert DESK_ROUTES, "the desk is mounted"
    clients = _session_clients(matrix_world, ROLES)
    # A draft's edit page names party A's draft: its own counsel edit it; their paralegal reads it but may
    # not edit it (403); no one else sees it, staff included (404), as the API answers.
    drafts = {
        side: filing_services.filing_file(
            case=s.case,
            kind="motion",
            party=s.party_a,
            title="A draft",
            filed_at=timezone.now(),
            state="draft",
            actor=s.note.author,
        ).pk
        for side, s in ((OWN, matrix_world.side(OWN)), (OTHER, matrix_world.side(OTHER)))
    }
    wrong = []
    for pattern in DESK_ROUTES:
        name = ALL_ROUTES[pattern]
        if name in DESK_OPEN:
            continue
        scoped = "<str:number>" in pattern
        draft = "<int:filing_id>" in pattern
        for side in (OWN, OTHER) if scoped else (OWN,):
            kwargs = _path_kwargs(matrix_world, "case", side) if scoped else {}
            url = reverse(name, kwargs={**kwargs, "filing_id": drafts[side]} if draft else kwargs)
            for role, client in clients.items():
                with transaction.atomic():
                    response = client.get(url)
                    transaction.set_rollback(True)
                if role == "anonymous":
                    expected = 302
                elif scoped and role != "staff" and (role == "nobody" or side == OTHER):
                    expected = 404
                elif draft:
                    expected = {"counsel_a": 200, "paralegal_a": 403}.get(role, 404)
                else:
                    expected = 200
                got = response.status_code
                if got != expected or (got == 302 and not response["Location"].startswith("/desk/sign-in/")):
                    wrong.append(f"GET {url} as {role}: {got}, expected {expected}")
                leaked = [m for m in _forbidden_marks(matrix_world, role) if m in response.content.decode()]
                if leaked:
                    wrong.append(f"GET {url} as {role}: the answer shows {leaked}")
    assert wrong == [], "\n".join(wrong)


def test_the_pictures_of_what_to_expect_answer_only_who_may_see_them(matrix_world: MatrixWorld) -> None:
    """/expect/ (the figures' pictures) is for anyone signed in, sent to the desk's sign-in otherwise; the
    Region's cases running long are staff's (the admin's sign-in for anyone else). No page shows case marks
    to a caller who does not appear in the case."""
    assert EXPECT_ROUTES == ["expect/", "expect/running-long/"]
    clients = _session_clients(matrix_world, ROLES)
    wrong = []
    for pattern in EXPECT_ROUTES:
        name = ALL_ROUTES[pattern]
        staff_only = name == "stats:running-long"
        for role, client in clients.items():
            response = client.get(reverse(name))
            if role == "staff" or (role != "anonymous" and not staff_only):
                expected, login = 200, ""
            else:
                expected, login = 302, "/admin/login/" if staff_only else "/desk/sign-in/"
            got = response.status_code
            if got != expected or (got == 302 and not response["Location"].startswith(login)):
                wrong.append(f"GET /{pattern} as {role}: {got}, expected {expected} {login}")
            leaked = [m for m in _forbidden_marks(matrix_world, role) if m in response.content.decode()]
            if leaked:
                wrong.append(f"GET /{pattern} as {role}: the answer shows {leaked}")
    assert wrong == [], "\n".join(wrong)


def test_the_desk_sign_in_and_out(matrix_world: MatrixWorld) -> None:
    clients = _session_clients(matrix_world, ("anonymous", "counsel_a"))
    assert clients["anonymous"].get(reverse("desk:sign-in")).status_code == 200
    assert clients["counsel_a"].get(reverse("desk:sign-in"))["Location"] == reverse("desk:home")
    assert (
        clients["counsel_a"].get(reverse("desk:sign-out")).status_code == 405
    )  # a POST, with its CSRF token
    assert clients["counsel_a"].post(reverse("desk:sign-out"))["Location"] == reverse("desk:sign-in")
    assert clients["counsel_a"].get(reverse("desk:home")).status_code == 302


def test_the_matrix_itself_distinguishes_roles() -> None:
    """The policies say what the contract says (a check of the table, not of the code)."""
    assert [READ()(r, OWN, True) for r in ROLES] == [200, 200, 200, 200, 404, 401]
    assert [READ()(r, OTHER, True) for r in ROLES] == [200, 404, 404, 404, 404, 401]
    assert [STAFF(201)(r, OWN, True) for r in ROLES] == [201, 403, 403, 403, 404, 401]
    assert [FILER(200)(r, OWN, True) for r in ROLES] == [200, 200, 403, 403, 404, 401]
    assert [STAFF(201)(r, OWN, False) for r in ROLES] == [201, 403, 403, 403, 403, 401]
    assert json.dumps(sorted(MATRIX))  # every key a string
