# Every target sets up what it needs. See README.md.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: play test lint unit e2e vendor dist bench venv chromium clean prerender

$(VENV)/.stamp: requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements-dev.txt
	touch $@

venv: $(VENV)/.stamp

vendor: venv
	$(BIN)/python tools/vendor.py

chromium:
	bash tools/ensure_chromium.sh

play: vendor
	$(BIN)/python tools/serve.py --port $(PORT)

dist: vendor
	$(BIN)/python tools/dist.py

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

unit: venv
	$(BIN)/python -m pytest tests $(PYTEST_ARGS)

e2e: vendor chromium
	$(BIN)/python -m pytest e2e -p no:cacheprovider --reruns 1 --only-rerun "Target crashed" $(PYTEST_ARGS)

test: lint unit e2e

bench: vendor chromium
	$(BIN)/python -m bench

prerender: venv
	$(BIN)/python -m ui.shell.prerender

clean:
	rm -rf $(VENV) vendor dist
