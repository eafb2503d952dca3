# gamehall — the two Quick start commands and the pieces they are made of.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: hall play test system-deps lint typecheck pytest bench balance load anchors clean

# Install what is needed and start the main job: the web hall on its embedded SQLite database.
hall: $(STAMP)
	$(BIN)/gamehall serve --host $${HOST:-127.0.0.1} --port $${PORT:-8000}

# The terminal game: you and two bots at Boss Quest.
play: $(STAMP)
	$(BIN)/gamehall play boss-quest --players 3 --bots 2

# Install what is needed and run the whole test suite: lint, types, tests (with Chromium
# and a private PostgreSQL server, installed from Debian packages when missing).
test: $(STAMP) system-deps lint typecheck pytest

system-deps:
	bash scripts/system-deps.sh

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	bash scripts/with-postgres.sh $(BIN)/pytest -n 2

# Win rates of the Too Many Bones house cards, every Gearloc x Tyrant, ranks 1-5 (docs/balance.md).
balance: $(STAMP)
	for rank in 1 2 3 4 5; do $(BIN)/python bench/balance.py 200 $$rank; done

# Throughput beside the anchors (OpenSpiel, RLCard), pinned to one core.
bench: $(STAMP) anchors
	taskset -c 0 $(BIN)/python bench/run.py

# The web hall under load: 200 tables over WebSockets on loopback (SQLite, then PostgreSQL).
load: $(STAMP) system-deps
	$(BIN)/python bench/load.py --tables 200 --seconds 60 --think 3
	bash scripts/with-postgres.sh sh -c '$(BIN)/python bench/load.py --tables 200 \
		--seconds 60 --think 3 --database "$$GAMEHALL_TEST_POSTGRES_URL"'

anchors: .venv-anchors/.installed
.venv-anchors/.installed:
	$(PYTHON) -m venv .venv-anchors
	.venv-anchors/bin/pip install --quiet open-spiel rlcard
	touch $@

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
