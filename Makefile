# gamehall — the two Quick start commands and the pieces they are made of.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BASE_STAMP := $(VENV)/.installed-base

.PHONY: hall play test system-deps lint typecheck pytest bench balance load anchors clean \
	compiled pure fuzz crash soak attacks clause-index stalls advice-agreement

# The hot paths (the 20 Strong rules, observation features, the learning loop's arrays), compiled
# by the build backend into the editable install (hatch_build.py; the modules are listed in
# pyproject.toml; docs/performance.md); `make pure` installs the sources alone, which always run.
COMPILED := $(wildcard $(addprefix src/,$(shell $(PYTHON) -c "import tomllib; \
	print(*tomllib.load(open('pyproject.toml', 'rb'))['tool']['hatch']['build']['targets']['wheel']['hooks']['custom']['modules'])")))
COMPILED_STAMP := $(VENV)/.compiled
READY := $(STAMP) $(COMPILED_STAMP)

# Install what is needed and start the main job: the web hall on its embedded SQLite database.
# It needs only the base install: the hot paths compile in the background meanwhile (once,
# progress in .venv/compile.log) and are used from the hall's next start.
hall: $(BASE_STAMP)
	@test -f $(COMPILED_STAMP) || { echo "make hall: the hot paths compile in the background" \
		"(progress: $(VENV)/compile.log); the hall serves meanwhile and uses them from its next start"; \
		nohup flock -n $(VENV)/compile.lock $(MAKE) --no-print-directory compiled \
			> $(VENV)/compile.log 2>&1 & }
	$(BIN)/gamehall serve --host $${HOST:-127.0.0.1} --port $${PORT:-8000}

# The terminal game: you and two bots at Boss Quest.
play: $(READY)
	$(BIN)/gamehall play boss-quest --players 3 --bots 2

# Install what is needed and run the whole test suite: lint, types, tests (with Chromium
# and a private PostgreSQL server, installed from Debian packages when missing).
test: $(READY) system-deps lint typecheck pytest

system-deps:
	bash scripts/system-deps.sh

$(BASE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[hall]'
	rm -f $(COMPILED_STAMP)
	touch $@

$(STAMP): $(BASE_STAMP)
	$(BIN)/pip install --quiet -e '.[dev]'
	rm -f $(COMPILED_STAMP)
	touch $(STAMP)

compiled: $(COMPILED_STAMP)
$(COMPILED_STAMP): $(STAMP) $(COMPILED) hatch_build.py pyproject.toml scripts/compiler.sh
	bash scripts/compiler.sh $(BIN)/python
	GAMEHALL_SPEEDUPS=1 $(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

pure: $(STAMP)
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	rm -f $(COMPILED_STAMP)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench docs/examples hatch_build.py
	$(BIN)/ruff format --check src tests bench docs/examples hatch_build.py

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(READY)
	bash scripts/with-postgres.sh $(BIN)/pytest -n 2

# Win rates of the house cards: every hero x boss of each 20 Strong deck, ranks 1-5, and
# Ancient Terrible Things' turn positions (docs/balance.md). Hours on two cores.
balance: $(READY)
	for rank in 1 2 3 4 5; do $(BIN)/python bench/balance.py 200 $$rank too-many-bones; done
	$(BIN)/python bench/balance.py 100 1 victorum
	for rank in 2 3 4 5; do $(BIN)/python bench/balance.py 6 $$rank victorum; done
	$(BIN)/python bench/att_balance.py 400
	for rank in 1 2 3 4 5; do $(BIN)/python bench/balance.py 100 $$rank victorum; done

# Every game ends (issue 23): every hero x boss of both 20 Strong decks at ranks 1 and 3,
# 200 seeded games each with the heuristic and the random bot; stalled games counted on their
# own (bench/results/stalls.jsonl, kept in git; docs/balance.md). About an hour and a half on
# two cores; it plays only the pairings the results file lacks (delete a deck's rows after
# changing its cards). `python bench/stalls.py --help` for one deck, rank or bot.
stalls: $(READY)
	$(BIN)/python bench/stalls.py 200

# Throughput beside the anchors (OpenSpiel, RLCard), pinned to one core.
bench: $(READY) anchors
	taskset -c 0 $(BIN)/python bench/run.py

# The advisor's 1-second hint against a search 20 times longer, 100 decisions of each game,
# two games at a time (about an hour here; docs/strength.md).
advice-agreement: $(READY)
	$(BIN)/python -m bench.advice_agreement 100 "boss" "ancient" & \
	$(BIN)/python -m bench.advice_agreement 100 "bones" "victorum"; wait

# The fuzzer, ten minutes per game (docs/reliability.md); figures in bench/results/.
FUZZ_SECONDS ?= 600
fuzz: $(READY)
	mkdir -p bench/results
	for game in boss-quest ancient-terrible-things 20-strong; do \
		$(BIN)/gamehall fuzz --seconds $(FUZZ_SECONDS) --game $$game --seed $$game \
			--json bench/results/fuzz-$$game.json --out bench/results/fuzz-failures-$$game || exit 1; \
	done

# The crash drill: SIGKILL the server while tables play, 50 rounds (SQLite, then PostgreSQL).
crash: $(READY) system-deps
	$(BIN)/python -m bench.crash --rounds 50
	bash scripts/with-postgres.sh sh -c '$(BIN)/python -m bench.crash --rounds 50 \
		--database "$$GAMEHALL_TEST_POSTGRES_URL"'

# The clause index (docs/rules/) against the shared rule clauses beside the repository.
clause-index: $(STAMP)
	$(BIN)/python scripts/check_clause_index.py

# The attacks of issue 22 tried again against a served hall: every one must fail (docs/security.md).
attacks: $(READY)
	mkdir -p bench/results
	$(BIN)/python -m bench.attacks --json bench/results/attacks.json

# The soak: 60 tables for 30 minutes, memory sampled, judged after a 15-minute warm-up
# (SQLite, then PostgreSQL; docs/reliability.md).
SOAK := $(BIN)/python bench/soak.py --tables 60 --think 1.5 --seconds 1800 --warmup 900
soak: $(READY) system-deps
	$(SOAK)
	bash scripts/with-postgres.sh sh -c '$(SOAK) --database "$$GAMEHALL_TEST_POSTGRES_URL"'

# The web hall under load: 200 tables over WebSockets on loopback (SQLite, then PostgreSQL).
load: $(READY) system-deps
	$(BIN)/python bench/load.py --tables 200 --seconds 60 --think 3
	bash scripts/with-postgres.sh sh -c '$(BIN)/python bench/load.py --tables 200 \
		--seconds 60 --think 3 --database "$$GAMEHALL_TEST_POSTGRES_URL"'

anchors: .venv-anchors/.installed
.venv-anchors/.installed:
	$(PYTHON) -m venv .venv-anchors
	.venv-anchors/bin/pip install --quiet open-spiel rlcard
	touch $@

clean: pure
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
