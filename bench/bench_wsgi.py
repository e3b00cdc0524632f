"""gunicorn's application for the benchmark: the tracker's (``config.wsgi``, production settings) with the
stack floor's route in front of its URLs (``bench/stack_floor.py``)."""

from __future__ import annotations

from django.conf import settings

from config.wsgi import application

settings.ROOT_URLCONF = "stack_floor"

__all__ = ["application"]
