"""WSGI entry point for gunicorn."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

application = get_wsgi_application()

# The code's revision for the read cache's tags, once per worker at start-up rather than on a first read.
from core.api.conditional import code_revision  # noqa: E402

code_revision()
