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
    "staff.admin_site.StaffAdminConfig",  # django.contrib.admin with the work queue as its home
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
    "access",  # API tokens (hashed), sign-in lockout, throttles, request guards
    # Dependencies run downhill: proceedings → challenges, objections → elections → core.
    "core",  # the shared kernel: imports no app of ours
    "elections",
    "challenges",
    "objections",
    "proceedings",
    "filings",  # counsel's papers: filings, rulings on motions, documents; above proceedings
    "notes",  # imports the apps above; nothing imports it
    "public_record",  # imports labordata's nlrb.db; may import every app above
    "stats",  # what to expect: stage durations from the record; reads every app above, below the desk
    "desk",  # the counsel desk (/desk/): pages over every app's selectors and services; nothing imports it
    "staff",  # the staff desk (/admin/): the work queue and the pages that gather apps; nothing imports it
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "access.middleware.RequestSizeLimitMiddleware",  # 413 before a byte of an oversized body is read
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "access.lockout.LoginLockoutMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "desk.middleware.PrivatePagesMiddleware",  # every desk page: Cache-Control: private, no-store
    "simple_history.middleware.HistoryRequestMiddleware",
    # After a write, the answers of the cases it changed are built before its response leaves (issue 35).
    "elections.bodies.BuildAfterWriteMiddleware",
    # A repeated API write with the same Idempotency-Key answers with its first answer (core.idempotency).
    "access.idempotency.IdempotencyKeyMiddleware",
    # Innermost, so it sees a view's exception first: database or broker unreachable → 503, not 500.
    "config.middleware.ServiceUnavailableMiddleware",
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
                "desk.once.context",  # a one-time token for each desk form that creates a paper
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
    # A database host that stops answering fails a request in seconds (then 503), not at the TCP timeout.
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = env.int(
        "DATABASE_CONNECT_TIMEOUT", default=5
    )
    # Server-side parameter binding, so that psycopg can prepare the queries a connection repeats. Turn it
    # (or the threshold below) off behind a transaction-pooling pgbouncer, which cannot keep prepared
    # statements.
    server_side_binding = env.bool("DATABASE_SERVER_SIDE_BINDING", default=True)
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = server_side_binding
    # Binding alone prepares nothing: Django sets psycopg's ``prepare_threshold`` to None unless told. A
    # query text run this many times on one connection is prepared there, and PostgreSQL stops planning it
    # afresh once its generic plan is as good. Why, and what it measured:
    # docs/site/adr/0004-prepared-statements.md.
    threshold = env("DATABASE_PREPARE_THRESHOLD", default="5" if server_side_binding else "")
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = int(threshold) if threshold else None
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Django's backend, keeping the case-version triggers through a migration's table rebuild.
    DATABASES["default"]["ENGINE"] = "core.sqlite_backend"
    # Wait for a concurrent writer instead of failing at once (runserver threads, the worker).
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    # Take the write lock when a transaction begins: a deferred transaction that read first and then
    # wants to write fails with "database is locked" at once (SQLite cannot wait for it), which under
    # two racing requests was a 500; IMMEDIATE makes the second wait, then see the first one's result.
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
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
# Filed documents: the file system under MEDIA_ROOT (never served as static files: only the scoped download
# serves them), or S3-compatible storage through django-storages when DOCUMENT_S3_BUCKET is set.
MEDIA_ROOT = env.path("MEDIA_ROOT", default=str(BASE_DIR / "media"))
MEDIA_URL = "/media-not-served/"
DOCUMENT_S3_BUCKET = env("DOCUMENT_S3_BUCKET", default="")


def document_storage() -> dict[str, object]:
    if not DOCUMENT_S3_BUCKET:
        return {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    return {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": DOCUMENT_S3_BUCKET,
            "endpoint_url": env("DOCUMENT_S3_ENDPOINT_URL", default="") or None,
            "region_name": env("DOCUMENT_S3_REGION", default="") or None,
            "default_acl": "private",
            "querystring_auth": True,  # never a public URL; the API streams the file anyway
            "file_overwrite": False,
        },
    }


STORAGES = {
    "default": document_storage(),
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Largest document accepted (product.md: 25 MB), enforced while the upload streams.
# How long the first answer to an Idempotency-Key (or a desk form's one-time token) is kept for a repeat.
IDEMPOTENCY_KEY_DAYS = env.int("IDEMPOTENCY_KEY_DAYS", default=7)
DOCUMENT_MAX_BYTES = env.int("DOCUMENT_MAX_BYTES", default=25 * 1024 * 1024)

# --- REST API -------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "access.authentication.HashedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "core.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    # JSON only (the CSV import declares its own multipart parser): the schema then advertises no form
    # encodings that the input serializers, which expect JSON types, would misread. The parser refuses text
    # no column can hold (NUL, lone surrogates) and nesting past 32 levels with a 400.
    "DEFAULT_PARSER_CLASSES": ["core.api.parsers.SafeJSONParser"],
    # StrictFilterBackend, also refusing a NUL or a surrogate in any query parameter.
    "DEFAULT_FILTER_BACKENDS": ["core.api.parsers.SafeFilterBackend"],
    # drf-spectacular's, documenting the conditional reads' ETag, If-None-Match and 304 (core/api/schema.py).
    "DEFAULT_SCHEMA_CLASS": "core.api.schema.TrackerAutoSchema",
    "EXCEPTION_HANDLER": "core.api.errors.exception_handler",
    # ISO 8601 (date.isoformat): "%Y" is not zero-padded on Linux, so a year before 1000 printed as "326".
    "DATE_FORMAT": "iso-8601",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "DEFAULT_THROTTLE_CLASSES": ["access.throttling.AnonymousThrottle", "access.throttling.UserThrottle"],
    # The throttles read the client's address through access.addresses (TRUSTED_PROXIES below); 0 here too,
    # never None (DRF's None trusts a client's own X-Forwarded-For).
    "NUM_PROXIES": 0,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "nlrb-tracker API",
    "DESCRIPTION": (
        "System of record for NLRB union-election disputes: cases, elections and tallies, challenged "
        "ballots, objections and rulings, the appeal ladder and Part 102 deadlines.\n\n"
        "**Signing in.** Send `Authorization: Token <key>` (the demo's keys are printed by `make run`), or "
        "use a browser session. `GET /api/v1/` lists every endpoint.\n\n"
        "**What you see.** Counsel and paralegals see the cases where they have an appearance; staff see "
        "every case. Anything else is a 404, the same as a case that does not exist. Paralegals read; "
        "counsel file for their own party; staff adjudicate.\n\n"
        "**Answers.** Bad input is a 400 keyed by the field at fault, with the rule it breaks; a step not "
        "allowed at this stage of the case is a 409 listing what may come next. Dates are ISO 8601; times "
        "carry the regional office's UTC offset, and every deadline falls due at 11:59 p.m. in that zone "
        "(29 CFR 102.2). Request bodies are JSON (the CSV import is a multipart upload)."
    ),
    "TAGS": [
        {"name": "api", "description": "Where to start"},
        {"name": "cases", "description": "Cases, their parties and who appears for them"},
        {"name": "elections", "description": "Elections and their tallies of ballots"},
        {"name": "challenges", "description": "The challenged-ballot ledger: log, import, decide, count"},
        {"name": "objections", "description": "Objections to the election and the rulings on them"},
        {"name": "proceedings", "description": "The appeal ladder, the case's status and its timeline"},
        {"name": "deadlines", "description": "Part 102 deadlines, computed with their rule and citation"},
        {
            "name": "filings",
            "description": "Papers filed by the parties: filings, motions, extensions, rulings",
        },
        {
            "name": "documents",
            "description": "The PDF documents of the filings, downloaded by those on the case",
        },
        {"name": "calendar", "description": "Your deadlines as a calendar feed"},
        {"name": "health", "description": "For uptime checks"},
    ],
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": "/api/v1/",
    # Swagger UI served from our own static files: the docs work with no outside network.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.api.openapi.bound_path_ids",
        "core.api.openapi.describe_operations",
        "core.api.schema.etag_header_component",
    ],
    "ENUM_NAME_OVERRIDES": {
        "ElectionKindEnum": "elections.models.Election.Kind",
        "RelatedCaseKindEnum": "elections.models.RelatedCase.Kind",
        "CaseStatusEnum": "elections.models.Case.Status",
        "ChallengeStatusEnum": "challenges.models.STATUS_CHOICES",
        "ChallengeMethodEnum": "challenges.models.Challenge.Method",
        "ChallengeLevelEnum": "challenges.models.LEVEL_CHOICES",
        "ObjectionStatusEnum": "objections.models.STATUS_CHOICES",
        # Three fields are named "source": what a deadline rests on, what staff may enter for one, and
        # where counsel of record came from.
        "DeadlineSourceEnum": "proceedings.models.SOURCE_CHOICES",
        "EnteredDeadlineSourceEnum": [("order", "order"), ("manual", "manual")],
        "CounselSourceEnum": "elections.models.Counsel.Source",
        # A filing's kind as counsel send it (its codes) beside the kinds of the docket's entries.
        "FilingInputKindEnum": "filings.law.kinds.KIND_LABELS",
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
# An unacknowledged message (its worker died whole) goes back to the queue after this long: longer than
# a delivery can take (EMAIL_TIMEOUT, the hand-over lease), short enough that recovery does not wait an hour.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=300),
    "unacked_restore_throttle": 1,  # look for such messages every 10 s, not every 100 s
}
# Broker down at commit: give up publishing after about a second (the outbox row waits for the sweep)
# rather than holding the request.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.3}
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    "deliver-pending-notifications": {
        "task": "elections.tasks.deliver_pending_notifications",
        "schedule": 60.0,
    },
    "send-deadline-reminders": {
        "task": "proceedings.tasks.send_deadline_reminders",
        "schedule": 3600.0,
    },
    "forget-old-idempotent-answers": {
        "task": "core.tasks.forget_old_idempotent_answers",
        "schedule": 86400.0,
    },
    "read-pending-document-texts": {
        "task": "filings.tasks.read_pending_document_texts",
        "schedule": 300.0,
    },
    "fail-stale-import-runs": {
        "task": "public_record.tasks.fail_stale_import_runs",
        "schedule": 300.0,
    },
    # The figures of "what to expect" follow the tracker's own cases too (objections, hearings, rulings),
    # not only the imports, which refresh them when they finish.
    # The answers of cases written outside a request (imports, tasks): built before they are read.
    "build-queued-answers": {
        "task": "elections.tasks.build_queued_answers",
        "schedule": 60.0,
    },
    "refresh-stage-figures": {
        "task": "stats.tasks.refresh_figures",
        "schedule": 6 * 3600.0,
    },
}

# --- E-mail ---------------------------------------------------------------------------------
# Set and empty (a compose file's "${EMAIL_URL:-}") reads as unset: the console here, nothing in production.
EMAIL_CONFIG = environ.Env.email_url_config(env("EMAIL_URL", default="") or "consolemail://")
vars().update(EMAIL_CONFIG)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="nlrb-tracker <tracker@localhost>")
# A mail server that hangs cannot hold a delivery past its hand-over lease.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=30)
# A notice claimed for hand-over longer ago than this was being sent by a worker that died.
NOTIFICATION_HANDOVER_LEASE_SECONDS = env.int("NOTIFICATION_HANDOVER_LEASE_SECONDS", default=90)
# Each worker sweeps the outbox this often (and whenever it connects to the broker); beat sweeps too.
NOTIFICATION_SWEEP_SECONDS = env.int("NOTIFICATION_SWEEP_SECONDS", default=60)
# After this many refused attempts a notice shows on the health endpoint and the staff work queue.
NOTIFICATION_ALERT_AFTER_FAILURES = env.int("NOTIFICATION_ALERT_AFTER_FAILURES", default=3)

# Reminders go out this many business days before a deadline (and again on the day before).
REMINDER_BUSINESS_DAYS = env.list("REMINDER_BUSINESS_DAYS", cast=int, default=[5, 1])
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000")

# --- Access: tokens, sign-in lockout, throttles, request size (the access app) ----------------
# Shared by every process: the sign-in lockout and the throttles count here. Production points it at
# Redis (see production.py); the embedded default keeps it in memory.
CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://")}
AUTHENTICATION_BACKENDS = ["access.lockout.LockoutBackend"]  # ModelBackend, refusing during a lockout
# Failed sign-ins before a lockout (access/lockout.py): a user name from one address; one address, whatever
# the names; a user name from anywhere — many more than the pair, and its owner is told by e-mail.
LOGIN_FAILURES_PER_USER_AND_ADDRESS = env.int("LOGIN_FAILURES_PER_USER_AND_ADDRESS", default=5)
LOGIN_FAILURES_PER_ADDRESS = env.int("LOGIN_FAILURES_PER_ADDRESS", default=20)
LOGIN_FAILURES_PER_USER = env.int("LOGIN_FAILURES_PER_USER", default=50)
LOGIN_LOCKOUT_SECONDS = env.int("LOGIN_LOCKOUT_SECONDS", default=15 * 60)
# How many proxies of ours stand in front of the tracker: the client's address is then read that far from
# the right of X-Forwarded-For; 0 (the default): REMOTE_ADDR, and a client's X-Forwarded-For is ignored.
TRUSTED_PROXIES = env.int("DJANGO_NUM_PROXIES", default=0)
API_THROTTLE_ANON = env("API_THROTTLE_ANON", default="60/minute")
API_THROTTLE_USER = env("API_THROTTLE_USER", default="1200/minute")
API_TOKEN_MAX_AGE_DAYS = env.int("API_TOKEN_MAX_AGE_DAYS", default=90)
# How long a token lookup is remembered in the cache (access/token_cache.py; 0: not at all). Production
# keeps it off when its cache is per process.
API_TOKEN_CACHE_SECONDS = env.int("API_TOKEN_CACHE_SECONDS", default=60)
# How long a rendered answer is kept in the cache under its tag (core/api/conditional.py). Never invalidated:
# a write makes a new tag; an entry nobody asks for again is dropped after this long.
READ_CACHE_SECONDS = env.int("READ_CACHE_SECONDS", default=60 * 60)
# The sweep builds the answers of at most this many of the newest cases written outside a request a turn
# (elections/bodies.py); an import's older ones are built when read.
BODIES_SWEEP_CASES = env.int("BODIES_SWEEP_CASES", default=200)
# A request builds the answers of at most this many of the cases it wrote (the newest); a bulk write's others
# are built when read.
BODIES_AFTER_WRITE_CASES = env.int("BODIES_AFTER_WRITE_CASES", default=10)
# The code's revision in the read cache's tags (a git revision baked in at build); unset, a digest of the
# source files' names, sizes and times stands for it (core/api/conditional.py).
CODE_REVISION = env("CODE_REVISION", default="")
# Largest request body read at all (a CSV import is at most 5 MB; multipart adds a little).
MAX_REQUEST_BYTES = env.int("DJANGO_MAX_REQUEST_BYTES", default=6 * 1024 * 1024)
# Paths whose body may be larger: the document upload (the file plus the multipart envelope).
REQUEST_BYTES_BY_PATH = {"/api/v1/documents/": DOCUMENT_MAX_BYTES + 256 * 1024}
# Demo users with the passwords printed in the README: only where nobody else can sign in.
DEMO_PUBLISHED_PASSWORDS = False
# Production settings say so (load_demo refuses them unless told --allow-production).
PRODUCTION = False

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
}

# The admin's history "revert" would write a past version back past every rule the services enforce:
# history stays visible, reverting is off (issue 10).
SIMPLE_HISTORY_REVERT_DISABLED = True

# --- The public record ------------------------------------------------------------------------
# labordata's nlrb.db (or a folder of its CSV files) that `POST cases/import/` and the admin read from.
NLRB_DATA_PATH = env("NLRB_DATA_PATH", default="")
# An import run still `running` this long after it started lost its worker: beat marks it failed. Longer than
# one case takes plus the broker's redelivery of a killed worker's message (CELERY_VISIBILITY_TIMEOUT).
IMPORT_RUN_STALE_SECONDS = env.int("IMPORT_RUN_STALE_SECONDS", default=30 * 60)

# Date-times for people name their zone ("April 7, 2022, 11:59 p.m. EDT"): config/formats/en/formats.py.
FORMAT_MODULE_PATH = ["config.formats"]
