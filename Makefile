# Two commands: `make run` (the tracker on SQLite with the Bessemer demo) and `make test` (the suite).
# Each installs what it needs first, from the lock file, into .venv.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-from-lock
HOST ?= 127.0.0.1
PORT ?= 8000
# Links printed by load_demo and served in e-mails and the calendar feed name the host and port we serve.
SITE_URL ?= http://$(HOST):$(PORT)

.PHONY: install chromium run test lint typecheck check demo worker beat bench lock clean backup restore

install: $(STAMP)

$(STAMP): requirements.lock
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11) and "nlrb-tracker needs Python 3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	@touch $(STAMP)

# manage.py and Celery default to production settings; these targets ask for the laptop's.
run worker beat: export DJANGO_SETTINGS_MODULE ?= config.settings.local

# The periodic tasks (reminders, 102.48(a) lapses, the outbox sweep) run beside the server in one process of
# their own, started and stopped with it (the trap; and run_schedule stops when this shell is gone): no broker,
# no beat, nothing else to start.
run: install
	$(BIN)/python manage.py migrate --noinput
	SITE_URL=$(SITE_URL) $(BIN)/python manage.py load_demo
	SITE_URL=$(SITE_URL) $(BIN)/python manage.py run_schedule --stop-with $$$$ & scheduler=$$!; \
	trap 'kill $$scheduler 2>/dev/null' EXIT INT TERM; \
	SITE_URL=$(SITE_URL) $(BIN)/python manage.py runserver $(HOST):$(PORT)

# The browser tests drive Debian's Chromium (Playwright never downloads a browser): installed here when
# missing, so `make test` on a fresh machine installs everything it runs.
CHROMIUM := /usr/bin/chromium

chromium:
	@test -x $(CHROMIUM) || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

test: install chromium
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The commits made since tools/check_commits.py was added follow CONTRIBUTING.md ("Commits").
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python tools/check_commits.py

# Every */law package is strict by pyproject's pattern ([[tool.mypy.overrides]] "*.law"), in the project's run.
typecheck: install
	$(BIN)/mypy public_record/source.py public_record/mapping.py public_record/report.py public_record/progress.py public_record/foia.py --strict
	$(BIN)/mypy .

check: lint typecheck test

worker: install
	$(BIN)/celery -A config worker --loglevel=INFO

beat: install
	$(BIN)/celery -A config beat --loglevel=INFO

# BENCH_ARGS="--scale small" (or medium); the figures also go to bench/results/*.json.
bench: install
	$(BIN)/python bench/run.py $(BENCH_ARGS)

# Backup and restore of the PostgreSQL database DATABASE_URL names (pg_dump's custom format: compressed,
# restorable table by table), with the documents beside it. `make backup` writes backups/nlrb-<UTC time>.dump (or FILE=...);
# `make restore FILE=backups/….dump` replaces what the database holds with the dump, all or nothing.
BACKUP_DIR ?= backups
# Simply expanded (:=): a recursive FILE would run `date` at each use, and the file written and the file
# announced could differ by a second.
ifeq ($(origin FILE),undefined)
FILE := $(BACKUP_DIR)/nlrb-$(shell date -u +%Y%m%dT%H%M%SZ).dump
endif

# The filed documents (MEDIA_ROOT/documents, the settings' default) go beside the dump, as FILE with
# .documents.tar.gz for .dump; with DOCUMENT_S3_BUCKET set they live in the bucket and backup says so.
MEDIA_ROOT ?= media
DOCUMENTS_FILE = $(basename $(FILE)).documents.tar.gz

backup:
	@case "$(DATABASE_URL)" in postgres*://*) ;; *) echo "make backup: set DATABASE_URL to the PostgreSQL database" >&2; exit 2;; esac
	@mkdir -p "$(dir $(FILE))"
	pg_dump --format=custom --no-owner --no-privileges --file="$(FILE)" "$(DATABASE_URL)"
	@echo "backup written to $(FILE)"
	@if [ -n "$(DOCUMENT_S3_BUCKET)" ]; then \
	  echo "documents are in the S3 bucket $(DOCUMENT_S3_BUCKET), not in this backup: keep the bucket versioned"; \
	elif [ -d "$(MEDIA_ROOT)/documents" ]; then \
	  tar -czf "$(DOCUMENTS_FILE)" -C "$(MEDIA_ROOT)" documents && \
	  echo "documents ($(MEDIA_ROOT)/documents) written to $(DOCUMENTS_FILE)"; \
	else echo "no documents under $(MEDIA_ROOT)/documents: none written"; fi

restore:
	@case "$(DATABASE_URL)" in postgres*://*) ;; *) echo "make restore: set DATABASE_URL to the PostgreSQL database" >&2; exit 2;; esac
	@test -f "$(FILE)" || { echo "make restore: FILE=<a dump written by make backup>" >&2; exit 2; }
	pg_restore --clean --if-exists --no-owner --no-privileges --exit-on-error --single-transaction \
	  --dbname="$(DATABASE_URL)" "$(FILE)"
	@echo "restored $(FILE) into the database"
	@if [ -f "$(DOCUMENTS_FILE)" ]; then \
	  mkdir -p "$(MEDIA_ROOT)" && rm -rf "$(MEDIA_ROOT)/documents" && \
	  tar -xzf "$(DOCUMENTS_FILE)" -C "$(MEDIA_ROOT)" && \
	  echo "restored the documents of $(DOCUMENTS_FILE) into $(MEDIA_ROOT)/documents"; \
	else echo "no documents file $(DOCUMENTS_FILE) beside the dump: documents left as they are"; fi

# Re-pin every dependency after changing pyproject.toml: requirements.lock (everything, for `make install`)
# and requirements-runtime.lock (the image's: the runtime dependencies only, at the same pins).
lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install --quiet --upgrade pip && .lock-venv/bin/pip install --quiet -e '.[dev]'
	.lock-venv/bin/pip freeze --exclude-editable | grep -v '^-e' > requirements.lock
	.lock-venv/bin/python tools/runtime_lock.py > requirements-runtime.lock
	rm -rf .lock-venv

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
