"""Exactly once under kills, on real processes: a challenge logged over the API owes the other side's
counsel one e-mail; the Celery worker delivering it is killed before the hand-over, after it (before the
worker can record it), or whole; a worker recovers, and the mail directory holds exactly one copy."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.faults.conftest import Stack
from tests.faults.services import Process, wait_for

pytestmark = pytest.mark.faults


def _log_challenge(stack: Stack, voter: str) -> str:
    """Log a challenge as the union's counsel over HTTP through the worker's own settings; returns the
    SQL condition naming the notice it owes the employer's counsel."""
    out = _shell(
        stack,
        "from rest_framework.test import APIClient; from django.contrib.auth import get_user_model;"
        "c = APIClient(); c.force_authenticate(get_user_model().objects.get(username='ucounsel'));"
        f"r = c.post('/api/v1/elections/{stack.seed['election']}/challenges/', "
        f"{{'voter_name': '{voter}', 'voter_identifier': '{voter}', 'challenged_by': {stack.seed['union']},"
        " 'ground': 'supervisor', 'reason': 'Directs the work'}, format='json');"
        "print(r.status_code, r.json()['id'])",
    )
    status, challenge_id = out.split()[-2:]
    assert status == "201", out
    return f"key = 'challenge:{challenge_id}:logged'"


def _shell(stack: Stack, code: str) -> str:
    from tests.faults.services import manage

    return manage({**stack.env, "DJANGO_ALLOWED_HOSTS": "testserver"}, "shell", "-c", code)


def _recover(stack: Stack, where: str, worker: Process) -> dict[str, object]:
    notice = stack.wait_until_sent(where)
    worker.stop()
    return notice


@pytest.mark.parametrize("point", ["before", "after"])
def test_a_pool_process_killed_at_either_side_of_the_hand_over_sends_once(stack: Stack, point: str) -> None:
    marker = stack.base / f"killed-{point}"
    worker = stack.worker(f"worker-{point}", FAULT_KILL_POINT=point, FAULT_MARKER=str(marker))
    where = _log_challenge(stack, f"Voter {point}")
    wait_for(marker.exists, timeout=30, what="the kill")
    notice = _recover(stack, where, worker)
    assert stack.copies(str(notice["idempotency_key"])) == 1, _mail(stack)
    # before: the claim's attempt died unsent, the recovery sent it; after: the recovery only confirmed.
    assert notice["attempts"] == (2 if point == "before" else 1)
    assert "WorkerLostError" in worker.output(tail=10**7)  # the pool process really died mid-task


def test_a_worker_killed_whole_mid_hand_over_is_recovered_by_the_next_worker(stack: Stack) -> None:
    marker = stack.base / "killed-whole"
    first = stack.worker("worker-whole", FAULT_KILL_POINT="hang", FAULT_MARKER=str(marker))
    where = _log_challenge(stack, "Voter whole")
    wait_for(marker.exists, timeout=30, what="the hand-over to hang")
    first.kill()  # parent and pool process at once: nothing acknowledged, nothing recorded
    assert stack.notice(where)["handing_over_since"] is not None
    second = stack.worker("worker-after-whole")
    notice = _recover(stack, where, second)
    assert stack.copies(str(notice["idempotency_key"])) == 1, _mail(stack)
    assert notice["attempts"] == 2


def _mail(stack: Stack) -> str:
    return "\n".join(p.read_text(errors="replace")[:2000] for p in Path(stack.mail_dir).iterdir())
