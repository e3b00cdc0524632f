"""My cases links to the cross-case deadlines CSV (issue 31, item 6), which the desk's session opens."""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests.conftest import World
from tests.desk.conftest import signed_in

pytestmark = pytest.mark.django_db


def test_my_cases_links_to_the_open_deadlines_csv_and_the_link_serves_it(tallied: World) -> None:
    client = signed_in(tallied.paralegal)
    page = client.get("/desk/").content.decode()
    link = re.search(r'<a class="deadlines-csv" href="([^"]+)"', page)
    assert link is not None
    assert link.group(1) == "/api/v1/deadlines/?status=open&amp;format=csv"
    response = client.get(link.group(1).replace("&amp;", "&"))
    assert response.status_code == 200
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    # Bessemer's objections: the tally of Fri 2021-04-09 + 5 business days (Apr 12-16), 11:59 p.m. Eastern.
    assert ("10-RC-269250", "objections", "2021-04-16 23:59 EDT") in [
        (r["case"], r["code"], r["due (office local time)"]) for r in rows
    ]
