# Everything the project needs is installed from nothing by these targets.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CLI := $(BIN)/pa-table-games

.PHONY: run test diagrams check-diagrams bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	ln -sf graphviz-pure $(BIN)/dot
	touch $(STAMP)

run: $(STAMP) diagrams
	$(CLI) demo

# The review page is tested in a real headless browser: Debian's chromium and its driver,
# installed here when missing and running as root (as in CI); elsewhere that test is skipped.
test: $(STAMP)
	@if ! command -v chromium >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		apt-get update && apt-get install -y chromium chromium-driver; fi
	$(BIN)/python -m pytest

diagrams: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(CLI) diagram --out diagrams
	PATH="$(CURDIR)/$(BIN):$$PATH" $(CLI) review --out diagrams
	PATH="$(CURDIR)/$(BIN):$$PATH" $(CLI) review --pdf --out diagrams

check-diagrams: diagrams
	@git diff --exit-code --stat -- diagrams/ || (echo "diagrams/ differ from the machine files: run 'make diagrams' and commit" && exit 1)
	@test -z "$$(git status --porcelain -- diagrams/)" || (git status --porcelain -- diagrams/ && echo "untracked or changed diagrams: run 'make diagrams' and commit" && exit 1)

# gymnasium (the Blackjack-v1 baseline) is installed here only: never a runtime dependency.
bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
