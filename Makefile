# Lumo — the two commands a newcomer needs: `make run` and `make test`.
SHELL := /bin/bash
# The first Python from 3.11 to 3.13 found (override: make run PYTHON=/path/to/python3.12)
SUPPORTED_PY := import sys; sys.exit(not (3, 11) <= sys.version_info[:2] <= (3, 13))
PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
	command -v $$p >/dev/null && $$p -c '$(SUPPORTED_PY)' 2>/dev/null && { echo $$p; break; }; done)
VENV := .venv
PY := $(VENV)/bin/python
export NEXT_TELEMETRY_DISABLED := 1
export FLASK_APP := bff

.PHONY: run flask lint api-types settings-doc web-fixtures test test-python test-web test-e2e test-engines lint-imports install migrate seed bench screenshots clean backup restore test-scale

run: install migrate seed ## install, migrate, seed, then the Procfile's processes under honcho; prints the demo logins and "ready"
	$(PY) scripts/run.py

test: install ## the whole suite (lint first); non-zero exit on any failure
	@status=0; \
	$(MAKE) --no-print-directory lint || status=1; \
	$(MAKE) --no-print-directory test-python || status=1; \
	$(MAKE) --no-print-directory test-web || status=1; \
	$(MAKE) --no-print-directory test-e2e || status=1; \
	$(MAKE) --no-print-directory test-engines || status=1; \
	if [ $$status -ne 0 ]; then echo "make test: FAILED"; fi; exit $$status

lint: $(VENV)/.installed webapp/node_modules/.installed ## ruff (lint + format), mypy, import contracts; prettier, eslint, tsc
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	cd webapp && npx prettier --check . && npx eslint . && npx tsc --noEmit
	@mkdir -p var && $(VENV)/bin/flask openapi write var/openapi.json
	cd webapp && node scripts/api-types.mjs --check ../var/openapi.json

api-types: $(VENV)/.installed webapp/node_modules/.installed ## webapp/src/lib/api/schema.d.ts from the API's OpenAPI (no server needed)
	@mkdir -p var && $(VENV)/bin/flask openapi write var/openapi.json
	cd webapp && node scripts/api-types.mjs ../var/openapi.json

settings-doc: $(VENV)/.installed ## README.md's settings table from core/settings.py's declarations
	$(PY) scripts/settings_doc.py

web-fixtures: $(VENV)/.installed ## the API answers the Jest tests render (webapp/src/test/fixtures/api)
	UPDATE_WEB_FIXTURES=1 $(VENV)/bin/pytest tests/bff/test_web_fixtures.py -q

# The Python suite runs on every core (pytest-xdist; each worker migrates a database of its own):
# make test-python PYTEST_WORKERS=0 runs it in one process.
PYTEST_WORKERS ?= auto
test-python: $(VENV)/.installed
	$(VENV)/bin/lint-imports
	$(VENV)/bin/pytest --ignore=tests/e2e -n $(PYTEST_WORKERS)

test-web: webapp/node_modules/.installed
	cd webapp && npm test

test-e2e: $(VENV)/.installed webapp/node_modules/.installed ## journeys, axe-core and screenshots in Debian's Chromium (never a downloaded browser)
	test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)
	@start=$$(date +%s); $(VENV)/bin/pytest tests/e2e --ignore=tests/e2e/engines; code=$$?; \
	echo "test-e2e: $$(( $$(date +%s) - start )) s"; exit $$code

MINIBROWSER := /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser
test-engines: $(VENV)/.installed webapp/node_modules/.installed ## the core journeys in Firefox ESR and WebKitGTK (Debian's packages; ENGINES=firefox or webkit for one)
	@need=(); [ -x /usr/bin/firefox-esr ] || need+=(firefox-esr); \
	[ -x /usr/bin/WebKitWebDriver ] || need+=(webkit2gtk-driver); \
	[ -x $(MINIBROWSER) ] || need+=(libwebkit2gtk-4.1-0); \
	command -v Xvfb >/dev/null || need+=(xvfb); \
	if [ $${#need[@]} -gt 0 ]; then apt-get update -qq && apt-get install -y -qq "$${need[@]}"; fi
	@start=$$(date +%s); $(VENV)/bin/pytest tests/e2e/engines; code=$$?; \
	echo "test-engines: $$(( $$(date +%s) - start )) s"; exit $$code

install: $(VENV)/.installed webapp/node_modules/.installed

$(VENV)/.installed: pyproject.toml
	@test -n "$(PYTHON)" || { echo "Lumo needs Python 3.11, 3.12 or 3.13 (none found on PATH; set PYTHON=…)"; exit 1; }
	@# A .venv left by an unsupported Python (or a broken first install) is made anew, not reused.
	@$(PY) -c '$(SUPPORTED_PY)' 2>/dev/null || { rm -rf $(VENV); $(PYTHON) -m venv $(VENV); }
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

webapp/node_modules/.installed: webapp/package.json webapp/package-lock.json
	cd webapp && npm ci --no-audit --no-fund
	touch $@

migrate: $(VENV)/.installed
	mkdir -p var
	$(VENV)/bin/alembic upgrade head

seed: $(VENV)/.installed
	$(VENV)/bin/flask seed

flask: $(VENV)/.installed ## operator commands, no venv to activate: make flask CMD="analytics funnel --day 2026-05-01"
	$(VENV)/bin/flask $(CMD)

backup: $(VENV)/.installed ## pg_dump (custom format) of DATABASE_URL into var/backups with its Alembic revision; keeps the newest BACKUP_KEEP (14)
	$(PY) scripts/backup.py backup

restore: $(VENV)/.installed ## make restore FILE=var/backups/lumo-….dump [DATABASE_URL=…empty database]: pg_restore, migrate, compare row counts
	@test -n "$(FILE)" || (echo "make restore FILE=var/backups/lumo-….dump"; exit 2)
	$(PY) scripts/backup.py restore "$(FILE)"

test-scale: $(VENV)/.installed ## HAProxy + 2 API nodes + 2 workers + beat on PostgreSQL and Redis, under load, with a node and a worker killed (docs/operations.md)
	command -v haproxy >/dev/null || (apt-get update -qq && apt-get install -y -qq haproxy)
	$(PY) -m scripts.scale

bench: $(VENV)/.installed webapp/node_modules/.installed ## load, growth, hashing and web benchmarks (needs PostgreSQL and Redis; installs wrk and Debian's chromium)
	command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk)
	test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,bench]'
	$(PY) bench/run.py $(PART)

screenshots: webapp/node_modules/.installed ## PNGs of the public pages (needs `make run` running, and Debian's chromium)
	command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)
	cd webapp && BASE_URL=http://localhost:$${WEB_PORT:-3000} node scripts/screenshots.mjs

clean:
	rm -rf var .venv webapp/node_modules webapp/.next webapp/.next-e2e webapp/.next-e2e-tsconfig
