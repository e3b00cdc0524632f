"""Production: refuses to start without a secret key and allowed hosts; secure cookies and HSTS."""

from config.settings.base import *  # noqa: F403
from config.settings.base import MIDDLEWARE, document_storage, env

if "DJANGO_SECRET_KEY" not in env.ENVIRON:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(
        "Set DJANGO_SECRET_KEY (production settings are the default of manage.py and Celery; on a laptop "
        "use `make run`, or DJANGO_SETTINGS_MODULE=config.settings.local)."
    )
SECRET_KEY = env("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")
if not ALLOWED_HOSTS:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("Set DJANGO_ALLOWED_HOSTS to the host names this tracker serves.")
DEBUG = False
PRODUCTION = True

# E-mail carries the notices, side notes' text among them: never to the console (gunicorn's log). Without
# EMAIL_URL nothing is sent (the notices wait in the outbox) and `check --deploy` fails (core.E001).
if not env("EMAIL_URL", default=""):
    EMAIL_BACKEND = "core.mail.UnconfiguredBackend"

STORAGES = {
    "default": document_storage(),
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True

# The sign-in lockout and the throttles must count across every gunicorn worker and replica: a cache in
# process memory would give a guesser a fresh allowance per worker. Redis by default (the broker's, when
# it is Redis; CACHE_URL to choose another).
_broker = env("CELERY_BROKER_URL", default="")
CACHES = {
    "default": env.cache(
        "CACHE_URL", default=_broker if _broker.startswith(("redis://", "rediss://")) else "locmemcache://"
    )
}
CACHES["default"].setdefault("KEY_PREFIX", "nlrb-cache")
if "redis" in CACHES["default"]["BACKEND"].lower():
    # A Redis that does not answer costs a second, not a hung request (the guards then fail open).
    CACHES["default"].setdefault("OPTIONS", {}).update({"socket_connect_timeout": 1, "socket_timeout": 1})
# Token lookups are remembered in the cache only when every worker shares it: a rotated or deleted token
# must stop working in every process at once (access/token_cache.py).
API_TOKEN_CACHE_SECONDS = env.int(
    "API_TOKEN_CACHE_SECONDS",
    default=0 if any(kind in CACHES["default"]["BACKEND"].lower() for kind in ("locmem", "dummy")) else 60,
)

# Only our own scripts and styles (the API docs use drf-spectacular's script file, not an inline one).
CONTENT_SECURITY_POLICY = env(
    "DJANGO_CONTENT_SECURITY_POLICY",
    default=(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; "
        "form-action 'self'; frame-ancestors 'none'"
    ),
)
MIDDLEWARE = [*MIDDLEWARE, "access.middleware.ContentSecurityPolicyMiddleware"]

# The schema and the docs are for signed-in users unless this tracker chooses to publish them.
if not env.bool("API_DOCS_PUBLIC", default=False):
    from config.settings.base import SPECTACULAR_SETTINGS

    SPECTACULAR_SETTINGS = {
        **SPECTACULAR_SETTINGS,
        "SERVE_PERMISSIONS": ["rest_framework.permissions.IsAuthenticated"],
    }
assert "whitenoise.middleware.WhiteNoiseMiddleware" in MIDDLEWARE
