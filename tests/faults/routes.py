"""Every route under /api/v1/, read from the URLconf (so routes added later are covered too), with its
parameters filled in; and ``answers``: what each GET answers as staff, for comparing two databases.

    python manage.py shell -c "from tests.faults.routes import answers; answers()"
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

WRITE_METHODS = ("post", "put", "patch", "delete")
_PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")


def _api_routes() -> Iterator[tuple[str, URLPattern]]:
    def walk(patterns: list[URLPattern | URLResolver], prefix: str) -> Iterator[tuple[str, URLPattern]]:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, route)
            elif route.startswith("/api/v1/"):
                yield route.replace("^", "").replace("$", ""), pattern

    yield from walk(get_resolver().url_patterns, "/")


def _filled(route: str, values: dict[str, str]) -> str:
    return _PARAMETER.sub(lambda m: values.get(m.group(1), "1"), route)


def api_paths(values: dict[str, str]) -> list[str]:
    return sorted({_filled(route, values) for route, _ in _api_routes()})


def write_routes() -> list[tuple[str, str]]:
    """Every (method, route) under /api/v1/ that writes, read from the URLconf: the write methods each
    route's view implements."""
    found = []
    for route, pattern in _api_routes():
        view = getattr(pattern.callback, "cls", None) or getattr(pattern.callback, "view_class", None)
        found += [(method.upper(), route) for method in WRITE_METHODS if hasattr(view, method)]
    return sorted(found)


def write_requests(values: dict[str, str], bodies: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """Each write route with its parameters filled in and a body that passes its input checks: ``bodies``
    (by route) or else the request example of its operation's documentation (its app's api/docs.py),
    so that the request reaches what it would write."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    requests = []
    for method, route in write_routes():
        operation = schema["paths"][_PARAMETER.sub(r"{\1}", route)][method.lower()]
        example = (
            operation.get("requestBody", {})
            .get("content", {})
            .get("application/json", {})
            .get("examples", {})
            .get("example", {})
            .get("value", {})
        )
        requests.append((method, _filled(route, values), bodies.get(route, example)))
    return requests


def answers() -> None:
    """Print {path: [status, body]} for every GET route (and the case-filtered lists) as the first
    superuser, against the database the settings name."""
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from elections.models import Case, Election

    client = APIClient()
    client.force_authenticate(get_user_model().objects.filter(is_superuser=True).order_by("pk").first())
    case = Case.objects.order_by("number").first()
    election = Election.objects.order_by("pk").first()
    assert case is not None and election is not None, "seed the database first"
    paths = api_paths({"number": case.number, "election_id": str(election.pk), "token": "t" * 40})
    for listing in ("challenges", "objections", "deadlines", "elections"):
        paths += [f"/api/v1/{listing}/?case={case.number}", f"/api/v1/{listing}/?case={case.number}&page=2"]
    result = {}
    for path in paths:
        if path.endswith("/docs/"):
            continue  # the Swagger page: no data, and a fresh CSRF token each time
        response = client.get(path)
        result[path] = [response.status_code, response.content.decode(errors="replace")]
    print(json.dumps(result, sort_keys=True))
