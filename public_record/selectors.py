"""Reads of the public-record import: where the file it reads is."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from core.errors import TransitionNotAllowed


def data_path() -> str:
    """The configured public-record file; 409 when there is none to read."""
    path = settings.NLRB_DATA_PATH
    if not path:
        raise TransitionNotAllowed(
            "No public-record file is configured: set NLRB_DATA_PATH (see docs/site/operations/public-record.md)."
        )
    if not Path(path).exists():
        raise TransitionNotAllowed(f"The configured public-record file {path} is not there (NLRB_DATA_PATH).")
    return str(path)
