# vvlab: two commands do everything on a fresh machine.
#   make lab   - create .venv if missing, install vvlab with the Jupyter stack, install
#                nbstripout as the notebooks' git filter, compile the simulator's kernels
#                (`vvlab warm`: a minute once after an install, then a second), open
#                JupyterLab
#   make test  - create .venv if missing, install vvlab with test tools, lint (ruff, the
#                import layers), compile the kernels (`vvlab warm`) and run every test,
#                spread over the machine's cores (pytest-xdist)
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
	$(BIN)/vvlab warm
	$(BIN)/python -m pytest -n auto

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

# JupyterLab refuses to start as root unless told: pass --allow-root only then
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(VENV)/.lab-installed
	@# notebooks are committed without outputs (.gitattributes): strip them on `git add`
	if git rev-parse --git-dir >/dev/null 2>&1; then \
	    $(BIN)/nbstripout --install --attributes .gitattributes; fi
	$(BIN)/vvlab warm
	$(BIN)/jupyter lab notebooks/ $(ALLOW_ROOT)

play: $(VENV)/.dev-installed
	$(BIN)/vvlab play

bench: $(VENV)/.dev-installed
	$(BIN)/python benchmarks/throughput.py
	$(BIN)/python benchmarks/strength.py --workers 2

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .hypothesis
