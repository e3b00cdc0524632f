"""Nothing leaks: every note's text is searched for in every response of every surface, for every role.

Surfaces: every GET route of the API (walked from the URLconf, so a new route is searched without being
listed here) as JSON and as the browsable API, with the `q=` search and the filters; the OpenAPI schema and
the docs; the exports; the case history; each note's own history; the calendar feed; the error answers;
the notices and e-mails; the admin. A role must find exactly the notes it may read where notes are listed,
so the search cannot pass by finding nothing anywhere."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from core.models import Notification
from elections.law.local_time import local_date
from notes.exports import KINDS
from proceedings import services as proceeding_services
from proceedings.models import Deadline
from tests.factories import record_event
from tests.notes.conftest import ROLES, Noted

pytestmark = pytest.mark.django_db


def api_routes() -> list[str]:
    """Every route under /api/v1/, as its pattern (``cases/<str:number>/notes/``)."""
    routes: list[str] = []

    def walk(patterns: list[Any], prefix: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                routes.append(prefix + str(pattern.pattern))

    walk(get_resolver().url_patterns, "")
    return [r for r in routes if r.startswith("api/v1/")]


def fill(route: str, values: dict[str, list[Any]]) -> list[str]:
    """The concrete paths of a route, one per combination of the values of its parameters."""
    paths = ["/" + route]
    while "<" in paths[0]:
        start = paths[0].index("<")
        end = paths[0].index(">", start)
        name = paths[0][start + 1 : end].split(":")[-1]
        assert name in values, f"no test value for <{name}> in {route}: add it to the leak test"
        paths = [p[:start] + str(v) + p[end + 1 :] for p in paths for v in values[name]]
    return paths


def client_for(noted: Noted, role: str) -> APIClient:
    client = APIClient()
    user = noted.user(role)
    if user is not None:
        client.force_authenticate(user=user)
    return client


def content(response: Any) -> str:
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content).decode()
    return response.content.decode(errors="replace")


def assert_hidden(text: str, hidden: set[str], where: str) -> None:
    leaked = sorted(t for t in hidden if t in text)
    assert leaked == [], f"{where} shows {leaked}"


def values_for(noted: Noted, role: str) -> dict[str, list[Any]]:
    world = noted.world
    user = noted.user(role)
    token = (
        proceeding_services.calendar_feed_ensure(user=user).token
        if user is not None
        else proceeding_services.calendar_feed_ensure(user=world.union_counsel).token
    )
    event = (
        record_event(
            world.case,
            "regional_investigation",
            # The tally's day in the office's zone: its UTC date is tomorrow there between their midnights.
            local_date(world.election.tallies.get().prepared_at, world.case.office_zone),
            actor=world.staff,
        )
        if not world.case.proceeding_events.exists()
        else world.case.proceeding_events.first()
    )
    return {
        "number": [world.case.number, world.other_case.number],
        "election_id": [world.election.pk],
        "challenge_id": [noted.challenge.pk],
        "objection_id": [noted.objection.pk],
        "note_id": sorted({n.pk for n in noted.notes.values()}),
        "deadline_id": [Deadline.objects.filter(case=world.case).first().pk],  # type: ignore[union-attr]
        "event_id": [event.pk],
        "token": [token],
        "kind": sorted(KINDS),
        "run_id": [1],  # an import run's status: holds no note text either way
        "appearance_id": [1],  # DELETE only: a GET answers 405
        # A filing and its documents hold the filer's paper, never a note's text (tests/filings).
        "filing_id": [1],
        "document_id": [1],
    }


@pytest.mark.parametrize("role", ROLES)
def test_no_route_of_the_api_shows_a_note_the_role_may_not_read(noted: Noted, role: str) -> None:
    client = client_for(noted, role)
    hidden = noted.hidden_from(role)
    values = values_for(noted, role)
    routes = api_routes()
    assert "api/v1/cases/<str:number>/notes/" in routes and "api/v1/cases/<str:number>/history/" in routes
    for route in routes:
        if route == "api/v1/schema/":
            continue  # the same for every caller, searched in test_the_schema_and_the_docs_show_no_note
        for n, path in enumerate(fill(route, values)):
            # The browsable API renders what the JSON holds, and its forms: each route once as HTML.
            accepts = ["application/json", "text/html"] if n == 0 else ["application/json"]
            for accept in accepts:
                # one page holds everything (lists default to 50)
                response = client.get(path, {"page_size": 500}, HTTP_ACCEPT=accept)
                assert response.status_code < 500, path
                assert_hidden(content(response), hidden, f"GET {path} ({accept}) as {role}")


@pytest.mark.parametrize("role", ROLES)
def test_searches_and_filters_find_only_what_the_role_may_read(noted: Noted, role: str) -> None:
    client = client_for(noted, role)
    readable = noted.readable_by(role)
    for text in noted.readers:
        for params in ({"q": text}, {"q": text, "case": "10-RC-269250"}, {"q": text, "visibility": "side"}):
            response = client.get("/api/v1/notes/", params)
            if role == "anonymous":
                assert response.status_code == 401
                continue
            found = [n["body"] for n in response.json()["results"]]
            assert response.json()["count"] == len(found)
            if text in readable and text in {n.body for n in noted.notes.values()}:
                if params.get("visibility") in (None, noted.notes[text].visibility):
                    assert found == [text]
            else:
                assert found == [], f"q={text} found {found} as {role}"
    # the lists show every readable current text and nothing else
    if role != "anonymous":
        listed = {n["body"] for n in client.get("/api/v1/notes/", {"page_size": 500}).json()["results"]}
        current = {n.body for n in noted.notes.values()}
        assert listed == readable & current


@pytest.mark.parametrize("role", ROLES)
def test_each_role_finds_its_own_notes_in_the_export_and_the_note_history(noted: Noted, role: str) -> None:
    """The positive side of the search above: the notes export and each note's history hold exactly what
    the role may read, old texts included."""
    client = client_for(noted, role)
    response = client.get("/api/v1/cases/10-RC-269250/export/notes.csv")
    if role in ("stranger", "anonymous"):
        assert response.status_code == (401 if role == "anonymous" else 404)
        return
    exported = content(response)
    current = {n.body for n in noted.notes.values()}
    assert {t for t in noted.readers if t in exported} == noted.readable_by(role) & current
    versions = set()
    for note in {n.pk: n for n in noted.notes.values()}.values():
        answer = client.get(f"/api/v1/notes/{note.pk}/history/")
        if answer.status_code == 200:
            versions |= {v["body"] for v in answer.json()}
    assert versions == noted.readable_by(role)


def test_the_case_history_shows_staff_and_case_notes_and_never_a_side_note(noted: Noted) -> None:
    client = client_for(noted, "staff")
    text = content(client.get("/api/v1/cases/10-RC-269250/history/", {"page_size": 500}))
    assert {t for t in noted.readers if t in text} == noted.readable_by("staff")


@pytest.mark.parametrize("role", ROLES)
def test_errors_do_not_tell_what_the_role_may_not_read(noted: Noted, role: str) -> None:
    client = client_for(noted, role)
    hidden = noted.hidden_from(role)
    missing = client.patch("/api/v1/notes/999999/", {"body": "x"}, format="json")
    for note in noted.notes.values():
        if note.body in hidden:
            for method, path in (
                ("patch", f"/api/v1/notes/{note.pk}/"),
                ("get", f"/api/v1/notes/{note.pk}/"),
                ("get", f"/api/v1/notes/{note.pk}/history/"),
            ):
                response = getattr(client, method)(path, {"body": "x"}, format="json")
                assert response.status_code == (401 if role == "anonymous" else 404)
                assert response.content == missing.content or method == "get"
    # bad input on every subject: the answers name fields, never another note
    for path in (
        "/api/v1/cases/10-RC-269250/notes/",
        f"/api/v1/challenges/{noted.challenge.pk}/notes/",
        f"/api/v1/objections/{noted.objection.pk}/notes/",
    ):
        for body in ({"visibility": "side"}, {"body": "NOTE", "visibility": "nope"}, {"party": 0}, {}):
            assert_hidden(content(client.post(path, body, format="json")), hidden, f"POST {path} as {role}")


@pytest.mark.parametrize("role", ROLES)
def test_notices_and_e_mails_carry_only_what_their_recipient_may_read(noted: Noted, role: str) -> None:
    user = noted.user(role)
    if user is None:
        return
    hidden = noted.hidden_from(role)
    notices = Notification.objects.filter(recipient=user)
    assert_hidden(" ".join(f"{n.subject} {n.body}" for n in notices), hidden, f"notices of {role}")
    mails = [m for m in mail.outbox if user.email in m.to]
    assert_hidden(" ".join(f"{m.subject} {m.body}" for m in mails), hidden, f"e-mails to {role}")
    if role == "paralegal":  # the case notes and the union counsel's side notes reached her
        readable = noted.readable_by(role)
        assert {t for t in readable if any(t in m.body for m in mails)}


def test_the_schema_and_the_docs_show_no_note(noted: Noted) -> None:
    for role in ("staff", "union_counsel"):  # the schema is the same for every caller
        client = client_for(noted, role)
        for path in ("/api/v1/schema/", "/api/v1/docs/"):
            assert_hidden(content(client.get(path)), set(noted.readers), f"{path} as {role}")


def admin_paths(noted: Noted) -> list[str]:
    from django.contrib import admin

    paths = ["/admin/"]
    for model in admin.site._registry:
        meta = model._meta
        base = f"/admin/{meta.app_label}/{meta.model_name}/"
        paths.append(base)
    paths.append("/admin/notes/note/?q=NOTE")
    world = noted.world
    for model, pk in (
        ("elections/case", world.case.pk),
        ("challenges/challenge", noted.challenge.pk),
        ("objections/objection", noted.objection.pk),
    ):
        paths += [f"/admin/{model}/{pk}/change/", f"/admin/{model}/{pk}/history/"]
    for note in noted.notes.values():
        paths += [f"/admin/notes/note/{note.pk}/change/", f"/admin/notes/note/{note.pk}/history/"]
        for version in note.history.all():
            paths.append(f"/admin/notes/note/{note.pk}/history/{version.history_id}/")
    return paths


@pytest.mark.parametrize("role", ROLES)
def test_the_admin_never_shows_a_side_note(noted: Noted, role: str) -> None:
    client = Client()
    user = noted.user(role)
    if role == "staff":  # the Board's staff work in the admin as superusers (load_demo's `staff`)
        user.is_superuser = True
        user.save()
    if user is not None:
        client.force_login(user)
    hidden = noted.hidden_from(role)
    staff_shown = ""
    for path in admin_paths(noted):
        response = client.get(path)
        assert response.status_code < 500, path
        text = content(response)
        assert_hidden(text, hidden, f"admin {path} as {role}")
        staff_shown += text
    if role == "staff":  # staff and case notes are in the admin
        assert any(t in staff_shown for t in noted.readable_by("staff"))


def test_no_cached_answer_shows_a_note_to_a_role_of_another_scope(noted: Noted) -> None:
    """The cache of rendered answers (core/api/conditional.py) is shared by every caller: each role in turn
    reads every route twice, the second time from the cache that every role before it filled, and finds
    nothing it may not read. The notes lists come from the cache (one query: the tag), so the search cannot
    pass by never using it. The answers built after a write, once per audience (elections/bodies.py), are in
    that cache before anyone reads: each role's first read of a case's reads is one of them."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from elections import bodies
    from elections.models import Case

    values_of = {role: values_for(noted, role) for role in ROLES}  # they write (an event): before the build
    assert bodies.build_cases(Case.objects.values_list("pk", flat=True), "http://testserver") > 0
    served_from_cache = prebuilt = 0
    for role in ROLES:
        client = client_for(noted, role)
        hidden = noted.hidden_from(role)
        values = values_of[role]
        for case_number in values["number"]:  # first, as each read's first caller: the answers built before
            for read in bodies.case_reads():
                path = bodies.path_of(read, case_number)
                with CaptureQueriesContext(connection) as queries:
                    response = client.get(path, HTTP_ACCEPT="application/json")
                assert_hidden(content(response), hidden, f"GET {path} (built) as {role}")
                prebuilt += "ETag" in response and len(queries) <= 1
        for route in api_routes():
            if route == "api/v1/schema/":
                continue
            for path in fill(route, values):
                for attempt in ("cold", "warm"):
                    with CaptureQueriesContext(connection) as queries:
                        response = client.get(path, {"page_size": 500}, HTTP_ACCEPT="application/json")
                    assert response.status_code < 500, path
                    assert_hidden(content(response), hidden, f"GET {path} ({attempt}) as {role}")
                    if attempt == "warm" and "ETag" in response and len(queries) <= 1:
                        served_from_cache += 1
        if role not in ("stranger", "anonymous"):
            with CaptureQueriesContext(connection) as queries:
                listed = client.get("/api/v1/cases/10-RC-269250/notes/", {"page_size": 500})
            assert len(queries) <= 1, f"the notes list of {role} did not come from the cache"
            assert {n["body"] for n in listed.json()["results"]} == noted.readable_by(role) & {
                n.body for n in noted.notes.values() if n.challenge_id is None and n.objection_id is None
            }
    assert served_from_cache > 50
    assert prebuilt >= 4 * len(bodies.case_reads())  # staff, both counsel, the paralegal: their case
