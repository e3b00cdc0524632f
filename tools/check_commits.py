"""Check the subjects of the commits made since this check was added (CONTRIBUTING.md, "Commits").

Each commit after the one that added this file, up to HEAD, merges excepted, must have a subject of the form
``area: imperative summary`` of at most 72 characters and, if it has a body, a blank second line. Earlier
history is left as it is.

The commit that added the rule is found in HEAD's own history (the oldest commit that adds this file), so
the check works on any branch, after a rebase, in a fresh clone and in CI's. In a shallow clone the oldest
commit held stands for it (every later one came after the rule); where no such commit can be reached — no
git, not a repository, a branch without the rule — nothing is checked.

    .venv/bin/python tools/check_commits.py            # make lint runs it
    .venv/bin/python tools/check_commits.py --all      # every commit (to see the old ones)
    .venv/bin/python tools/check_commits.py .git/COMMIT_EDITMSG   # one message, before it is committed

Given a file, it checks the message in it, as git's ``commit-msg`` hook hands it over
(``.pre-commit-config.yaml`` installs it: ``pre-commit install --hook-type commit-msg``); git's comment lines
are left out, and a merge's message is exempt, as in the history.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_FILE = "tools/check_commits.py"
MAX_SUBJECT = 72
# ``area: summary``: the area is one word or path (an app, ``proceedings/law``, or a concern such as ``docs``
# or ``ci``; several joined by commas; lower case by convention), then ": " and the summary.
SUBJECT = re.compile(r"^[A-Za-z0-9][\w./-]*(, ?[A-Za-z0-9][\w./-]*)*: \S")


def problems(subject: str, second_line: str | None) -> list[str]:
    """What is wrong with a commit message's subject and the line after it; empty if nothing."""
    found = []
    if len(subject) > MAX_SUBJECT:
        found.append(f"subject is {len(subject)} characters (at most {MAX_SUBJECT})")
    if not SUBJECT.match(subject):
        found.append("subject is not 'area: imperative summary' (one word or path, a colon, a space)")
    if second_line is not None and second_line.strip():
        found.append("the line after the subject is not blank")
    return found


def _git(repo: Path, *args: str) -> str | None:
    try:
        run = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=False)
    except OSError:
        return None
    return run.stdout if run.returncode == 0 else None


def rule_commit(repo: Path) -> str | None:
    """The oldest commit in HEAD's history that adds this file; None if none can be reached."""
    added = _git(repo, "log", "--format=%H", "--diff-filter=A", "--", RULE_FILE)
    if not added or not added.split():
        return None
    commit = added.split()[-1]
    if _git(repo, "merge-base", "--is-ancestor", commit, "HEAD") is None:
        return None
    return commit


def commits_to_check(repo: Path, every: bool = False) -> list[str]:
    if every:
        listed = _git(repo, "rev-list", "--no-merges", "HEAD")
    else:
        start = rule_commit(repo)
        if start is None:
            return []
        listed = _git(repo, "rev-list", "--no-merges", f"{start}..HEAD")
    return listed.split() if listed else []


def check(repo: Path, commits: Sequence[str]) -> list[str]:
    """One line per problem: the commit, its subject, what is wrong."""
    report = []
    for commit in commits:
        message = _git(repo, "log", "-1", "--format=%B", commit) or ""
        lines = message.rstrip("\n").split("\n")
        subject, second = lines[0], (lines[1] if len(lines) > 1 else None)
        for problem in problems(subject, second):
            report.append(f"{commit[:10]} {subject[:60]!r}: {problem}")
    return report


def message_problems(message: str) -> list[str]:
    """What is wrong with one commit message not yet committed (git's ``#`` comment lines left out)."""
    lines = [line for line in message.split("\n") if not line.startswith("#")]
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines or lines[0].startswith("Merge "):
        return []  # an empty message aborts the commit; a merge's is git's own
    return problems(lines[0], lines[1] if len(lines) > 1 else None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--all", action="store_true", help="check every commit, not only those after the rule"
    )
    parser.add_argument("message_file", nargs="?", help="check this commit message instead (commit-msg hook)")
    args = parser.parse_args()
    if args.message_file:
        found = message_problems(Path(args.message_file).read_text(encoding="utf-8"))
        for problem in found:
            print(f"commit message: {problem}; see CONTRIBUTING.md, 'Commits'", file=sys.stderr)
        return 1 if found else 0
    commits = commits_to_check(ROOT, args.all)
    report = check(ROOT, commits)
    for line in report:
        print(line, file=sys.stderr)
    if report:
        print(f"{len(report)} problem(s) in commit messages: see CONTRIBUTING.md, 'Commits'", file=sys.stderr)
        return 1
    print(f"commit subjects: {len(commits)} checked, all follow CONTRIBUTING.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
