"""Every route under /api/v1/, read from the URLconf (so routes added later are covered too), with its
parameters filled in; and ``answers``: what each GET answers as staff, for comparing two databases.

    python manage.py shell -c "from tests.faults.routes import answers; answers()"
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from django.urls import URLPattern, URLResolver, get_resolver


def api_paths(values: dict[str, str]) -> list[str]:
    def walk(patterns: list[URLPattern | URLResolver], prefix: str) -> Iterator[str]:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, route)
            else:
                yield route

    paths = set()
    for route in walk(get_resolver().url_patterns, "/"):
        if route.startswith("/api/v1/"):
            filled = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values.get(m.group(1), "1"), route)
            paths.add(filled.replace("^", "").replace("$", ""))
    return sorted(paths)


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
