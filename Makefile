# vvlab: two commands do everything on a fresh machine.
#   make lab   - create .venv if missing, install vvlab with the Jupyter stack, open JupyterLab
#   make test  - create .venv if missing, install vvlab with test tools, lint (ruff, the
#                import layers) and run every test
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: lab test lint play bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

$(VENV)/.lab-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[lab]'
	touch $@

test: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python -m pytest

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

lab: $(VENV)/.lab-installed
	$(BIN)/jupyter lab notebooks/

play: $(VENV)/.dev-installed
	$(BIN)/vvlab play

bench: $(VENV)/.dev-installed
	$(BIN)/python benchmarks/throughput.py
	$(BIN)/python benchmarks/strength.py --workers 2

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .hypothesis
