# citadels-env developer tasks.
#
# NOTE (for later): when torch becomes a dependency (the `train` extra), the
# venv recipe must run `$(PIP) install torch==2.13.0` FIRST, before installing
# the project, so the pinned torch build is used.

VENV    := .venv
PY      := $(VENV)/bin/python
PIP     := $(PY) -m pip
STAMP   := $(VENV)/.installed

.PHONY: venv run test lint bench fuzz clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || python3.11 -m venv $(VENV) || python3 -m venv $(VENV)
	$(PIP) install --upgrade pip
# (torch: see note at top — `$(PIP) install torch==2.13.0` goes here, before the -e install)
	$(PIP) install -e '.[dev]'
	@touch $(STAMP)

run: venv
	$(VENV)/bin/citadels game --players 4 --seed 1

test: venv
	$(PY) -m pytest -n 2

lint: venv
	$(VENV)/bin/ruff check .

bench: venv
	$(PY) benchmarks/core_speed.py

fuzz: venv
	$(VENV)/bin/citadels fuzz --games 2000

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +
