"""The API guide's curl examples, run as printed against a live server with the demo loaded.

The examples live in docs/examples.sh; the documentation site's API guide (docs/site/api.md) shows that file
verbatim (checked below), and this test runs it with the tokens `load_demo` prints — so a wrong party id, a
token that cannot post or a route that moved fails here before a newcomer meets it."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples.sh"
API_GUIDE = ROOT / "docs" / "site" / "api.md"

# Each curl the examples run, in order, with the status it must answer.
EXPECTED = [
    200,  # API root
    200,  # live case status
    200,  # open deadlines
    200,  # pending challenges
    200,  # Bessemer
    200,  # Bessemer's elections
    200,  # tallies
    201,  # counsel logs a challenge
    201,  # staff import
    201,  # counsel file an objection within the period
    200,  # timeline
    200,  # calendar
    200,  # calendar (for the feed's URL)
    200,  # the feed itself
]


def test_the_api_guide_shows_the_examples_file_verbatim() -> None:
    blocks = re.findall(r"```sh\n(.*?)```", API_GUIDE.read_text(), flags=re.DOTALL)
    assert EXAMPLES.read_text() in blocks


def _printed_tokens(output: str) -> dict[str, str]:
    tokens = {}
    for line in output.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0] in {"staff", "union-counsel", "employer-counsel", "paralegal"}:
            tokens[parts[0]] = parts[2]
    return tokens


@pytest.mark.skipif(shutil.which("curl") is None, reason="the API guide's examples need curl")
@pytest.mark.django_db(transaction=True, reset_sequences=True)
def test_the_readme_examples_run_as_printed_against_a_fresh_demo(
    live_server: Any, settings: Any, tmp_path: Path
) -> None:
    settings.SITE_URL = live_server.url  # what `make run` sets: links name the served host and port
    printed = io.StringIO()
    call_command("load_demo", stdout=printed)
    output = printed.getvalue()
    assert f"{live_server.url}/api/v1/docs/" in output
    tokens = _printed_tokens(output)

    codes = tmp_path / "codes"
    # Record each call's status beside what it prints; the examples themselves are run unchanged.
    recorder = 'curl() { command curl -sS -w "%{stderr}%{http_code}\\n" "$@" 2>>"$CODES"; echo; }\n'
    env = {
        "PATH": os.environ["PATH"],
        "API": f"{live_server.url}/api/v1",
        "TOKEN": tokens["paralegal"],
        "COUNSEL_TOKEN": tokens["union-counsel"],
        "STAFF_TOKEN": tokens["staff"],
        "CODES": str(codes),
    }
    run = subprocess.run(
        ["bash", "-c", recorder + EXAMPLES.read_text()],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert [int(code) for code in codes.read_text().split()] == EXPECTED, run.stdout[-3000:]

    bodies = [line for line in run.stdout.splitlines() if line.startswith("{")]
    status = next(json.loads(b) for b in bodies if json.loads(b).get("case") == "10-RC-990001")
    assert status["next_deadline"] is not None
    logged = next(json.loads(b) for b in bodies if json.loads(b).get("voter_name") == "J. Doe")
    assert logged["challenged_by_name"] == "Retail, Wholesale and Department Store Union"
    objection = next(json.loads(b) for b in bodies if json.loads(b).get("statement"))
    assert objection["timely"] is True, objection
    assert "BEGIN:VEVENT" in run.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_run_on_another_port_prints_and_serves_links_to_that_port() -> None:
    planned = subprocess.run(
        ["make", "-n", "run", "PORT=8123"], cwd=ROOT, capture_output=True, text=True, timeout=60
    ).stdout.splitlines()
    load_demo = next(line for line in planned if "manage.py load_demo" in line)
    runserver = next(line for line in planned if "manage.py runserver" in line)
    assert "SITE_URL=http://127.0.0.1:8123" in load_demo
    assert "SITE_URL=http://127.0.0.1:8123" in runserver and runserver.endswith("127.0.0.1:8123")
