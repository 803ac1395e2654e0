# Everything a fresh machine needs: python3 (3.11+) and make. Each target sets itself up.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: setup run test lint demo bench db-upgrade clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot run

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest -n 2 --dist loadfile

lint: $(STAMP)
	$(PY) -m ruff check .

demo: $(STAMP)
	$(PY) -m bot demo --all --seed 1 --out demo-out --quiet

bench: $(STAMP)
	$(PY) -m bot bench

db-upgrade: $(STAMP)
	$(PY) -m bot db upgrade

clean:
	rm -rf $(VENV) demo-out .pytest_cache .ruff_cache
