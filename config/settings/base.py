"""Settings shared by every environment, read from the environment with embedded defaults.

The embedded default is an SQLite file beside the project and Celery tasks run inline (no broker):
one command runs the whole tracker on a laptop. Set DATABASE_URL and CELERY_BROKER_URL for
PostgreSQL and Redis.
"""

from pathlib import Path

import django_stubs_ext
import environ

# Lets the admin and querysets be written with type parameters (ModelAdmin[Case]) at run time.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()

SECRET_KEY = env("DJANGO_SECRET_KEY", default="embedded-insecure-key-do-not-use-in-production")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "proceedings.admin_site.StaffAdminConfig",  # django.contrib.admin with the work queue as its home
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "django_celery_beat",
    # Dependencies run downhill: proceedings → challenges, objections → elections.
    "elections",
    "challenges",
    "objections",
    "proceedings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Keep connections between requests (a new PostgreSQL connection per request costs more than the
    # status call's queries); health checks drop one the server closed.
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # Server-side parameter binding lets psycopg prepare the queries a request repeats, saving the
    # planning time of each (bench/run.py: status p50 39 → 27 ms on 100,000 cases). Turn it off behind
    # a transaction-pooling pgbouncer, which cannot keep prepared statements.
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = env.bool(
        "DATABASE_SERVER_SIDE_BINDING", default=True
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a concurrent writer instead of failing at once (runserver threads, the worker).
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
# Stored in UTC; every deadline is computed in its regional office's own zone.
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# --- REST API -------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "elections.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "elections.api.errors.exception_handler",
    "DATE_FORMAT": "%Y-%m-%d",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "nlrb-tracker API",
    "DESCRIPTION": (
        "System of record for NLRB union-election disputes: cases, elections and tallies, challenged "
        "ballots, objections and rulings, the appeal ladder and Part 102 deadlines."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": "/api/v1/",
    # Swagger UI served from our own static files: the docs work with no outside network.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "ElectionKindEnum": "elections.models.Election.Kind",
        "RelatedCaseKindEnum": "elections.models.RelatedCase.Kind",
        "CaseStatusEnum": "elections.models.Case.Status",
        "ChallengeStatusEnum": "challenges.models.Challenge.Status",
        "ChallengeMethodEnum": "challenges.models.Challenge.Method",
        "ChallengeLevelEnum": "challenges.models.Challenge.Level",
        "ObjectionStatusEnum": "objections.models.Objection.Status",
    },
}

# --- Celery ---------------------------------------------------------------------------------
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="")
# No broker configured: the embedded mode runs every task inline, in the request that queued it.
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not CELERY_BROKER_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True  # a worker killed mid-task leaves the message for the next one
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    "deliver-pending-notifications": {
        "task": "elections.tasks.deliver_pending_notifications",
        "schedule": 300.0,
    },
    "send-deadline-reminders": {
        "task": "proceedings.tasks.send_deadline_reminders",
        "schedule": 3600.0,
    },
}

# --- E-mail ---------------------------------------------------------------------------------
EMAIL_CONFIG = env.email_url("EMAIL_URL", default="consolemail://")
vars().update(EMAIL_CONFIG)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="nlrb-tracker <tracker@localhost>")

# Reminders go out this many business days before a deadline (and again on the day before).
REMINDER_BUSINESS_DAYS = env.list("REMINDER_BUSINESS_DAYS", cast=int, default=[5, 1])
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
}

# Date-times for people name their zone ("April 7, 2022, 11:59 p.m. EDT"): config/formats/en/formats.py.
FORMAT_MODULE_PATH = ["config.formats"]
