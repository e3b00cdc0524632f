"""The test suite: same as base, fast password hashing, mail kept in memory."""

import tempfile
from pathlib import Path

from config.settings.base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
DEBUG = False

# Tasks run inline in tests, even when CELERY_BROKER_URL names a broker: the one test that needs a
# real worker (tests/test_worker.py) switches the app to the broker itself.
CELERY_TASK_ALWAYS_EAGER = True

# Throttles off (the throttle tests turn them on); the sign-in lockout stays on, in memory.
API_THROTTLE_ANON = None
API_THROTTLE_USER = None
DEMO_PUBLISHED_PASSWORDS = True
# Token lookups straight from the database: tests change tokens and users with QuerySet.update(), which a
# remembered lookup would not see for a minute (tests/access/test_token_cache.py turns it on).
API_TOKEN_CACHE_SECONDS = 0

# Documents uploaded by tests go to a temporary folder, never the project's media/ (tests/filings set their
# own per test).
MEDIA_ROOT = str(Path(tempfile.gettempdir()) / "nlrb-tracker-test-media")
