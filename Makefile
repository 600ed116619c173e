# Everything the project needs is installed from nothing by these targets.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CLI := $(BIN)/pa-table-games

.PHONY: run test test-long test-under-load test-signals diagrams check-diagrams check-scenarios bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,dask,rl]'
	ln -sf graphviz-pure $(BIN)/dot
	touch $(STAMP)

run: $(STAMP) diagrams
	$(CLI) demo

# The quick loop (about 2 minutes on two idle cores): random play of every game at a small depth, no test
# marked slow. pytest-xdist runs one worker per core (at most four) and lets an idle worker take
# queued tests from a busy one, so both finish together. Bytecode is cached even where the
# environment sets PYTHONDONTWRITEBYTECODE: without it each of the suite's subprocesses recompiles
# the package (about 15 s more).
PYTEST_PARALLEL := -n auto --maxprocesses 4 --dist worksteal
# The quick suite's slowest test takes about 12 s on two cores: one that hangs fails at this limit (pyproject.toml
# sets a looser one for `make test-long`).
QUICK_TIMEOUT := --timeout 600

test: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest $(PYTEST_PARALLEL) $(QUICK_TIMEOUT)

# The full depth and the heavy checks, on every core as `test` (measured: 21 min wall, 39 to 41 min CPU, on two idle cores): random
# play eight to ten times deeper, the README's commands as written (a million-round simulation),
# the review page, the walk-throughs and every page written from a hostile log and machine file in a
# real headless browser (the review page also printed to PDF and read back with poppler's pdftotext):
# Debian's chromium, its driver and poppler-utils, installed here when missing and running as root
# (as in CI); elsewhere those tests are skipped.
test-long: $(STAMP)
	@if { ! command -v chromium || ! command -v pdftotext; } >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		apt-get update && apt-get install -y chromium chromium-driver poppler-utils; fi
	env -u PYTHONDONTWRITEBYTECODE PA_TEST_DEPTH=long $(BIN)/python -m pytest -m '' $(PYTEST_PARALLEL) --durations=15

# The quick suite while every core is busy with another process: one CPU hog per core, each ending by
# itself after HOG_SECONDS at the latest (and stopped as soon as the suite ends), so that no test may
# depend on the machine's speed (a signal sent after a fixed delay, a deadline of a few seconds).
HOG_SECONDS ?= 1800

test-under-load: $(STAMP)
	@hogs=""; for i in $$(seq "$$(nproc)"); do timeout $(HOG_SECONDS) sh -c 'while :; do :; done' & hogs="$$hogs $$!"; done; \
	echo "$$(nproc) CPU hogs running (at most $(HOG_SECONDS) s)"; \
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest $(PYTEST_PARALLEL) $(QUICK_TIMEOUT); status=$$?; \
	kill $$hogs 2>/dev/null; wait; exit $$status

# The signal tests (`-m signals`: Ctrl-C, SIGTERM, SIGSTOP; the slow ones too) REPEAT times in a row (CI: 5)
# with a CPU hog on every core. Each waits for a readiness line and its work cannot finish before the
# signal arrives, so a loaded machine may slow them but never fail them; the first failing run stops.
REPEAT ?= 5

test-signals: $(STAMP)
	@hogs=""; for i in $$(seq "$$(nproc)"); do timeout $(HOG_SECONDS) sh -c 'while :; do :; done' & hogs="$$hogs $$!"; done; \
	echo "$$(nproc) CPU hogs running (at most $(HOG_SECONDS) s)"; status=0; \
	for run in $$(seq $(REPEAT)); do \
		env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -m signals -q -p no:cacheprovider || { status=$$?; \
			echo "the signal tests failed in run $$run of $(REPEAT)"; break; }; \
		echo "run $$run of $(REPEAT): every signal test passed"; done; \
	kill $$hogs 2>/dev/null; wait; exit $$status

# Both views of every diagram (<m>.svg reader, <m>.code.svg code) and the review pages.
diagrams: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(CLI) diagram --view both --out diagrams
	PATH="$(CURDIR)/$(BIN):$$PATH" $(CLI) review --out diagrams
	PATH="$(CURDIR)/$(BIN):$$PATH" $(CLI) review --pdf --out diagrams

check-diagrams: diagrams
	@git diff --exit-code --stat -- diagrams/ || (echo "diagrams/ differ from the machine files: run 'make diagrams' and commit" && exit 1)
	@test -z "$$(git status --porcelain -- diagrams/)" || (git status --porcelain -- diagrams/ && echo "untracked or changed diagrams: run 'make diagrams' and commit" && exit 1)

# The committed scenarios (tests/scenarios/) are what `coverage --write` finds today: a search
# into a scratch folder must reproduce them byte for byte.
check-scenarios: $(STAMP)
	@rm -rf .scenarios-check && $(CLI) coverage --write --out .scenarios-check >/dev/null
	@diff -r tests/scenarios .scenarios-check || (rm -rf .scenarios-check; \
		echo "tests/scenarios/ is stale: run 'pa-table-games coverage --write' and commit" && exit 1)
	@rm -rf .scenarios-check

# gymnasium (Blackjack-v1) and open_spiel (its C++ blackjack) are installed here only: never runtime dependencies.
bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/pip install --quiet -e '.[bench-openspiel]' || echo "open_spiel has no wheel installable here: the bench says so"
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
