# Everything a fresh machine needs: python3 (3.11+) and make. Each target sets itself up.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# Every install comes from the lock: exact versions with their hashes, for every platform.
LOCK   := requirements/lock.txt
LOCKED := $(VENV)/.locked

.PHONY: setup run try screenshots test lint demo bench db-upgrade lock upgrade clean

setup: $(STAMP)

# A new lock gets a new venv, so a package the lock dropped goes too. The installer is the pip
# that comes with Python; -qq keeps its errors and drops its warnings about configured index
# locations that lack a package. The build backend is in the lock as well, hence no build
# isolation for the project's own editable install.
$(LOCKED): $(LOCK)
	$(PYTHON) -m venv --clear $(VENV)
	$(PY) -m pip install -qq --require-hashes -r $(LOCK)
	touch $(LOCKED)

$(STAMP): $(LOCKED) pyproject.toml
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot run

# A table in your browser, no token: `make try ARGS="--game fort --lang cs"`.
try: $(STAMP)
	$(PY) -m bot try $(ARGS)

# The README's pictures of the try-out page, in headless Chromium (apt-get install chromium).
screenshots: $(STAMP)
	$(PY) -m bot screenshots --out docs/images

# One pytest, two workers, `--dist loadgroup` (groups set in tests/conftest.py): each
# player's-eye table (tests/player_eye) is a group of its own and they go first, every other
# test file is one group that fills the workers' time after them. `PLAYER_EYE_FULL=1 make test`
# plays every mode's smallest and largest table in both languages, each to the game's end in
# one of them (CI does; tests/player_eye/runs.py).
test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest -n 2 --dist loadgroup

lint: $(STAMP)
	$(PY) -m ruff check .

demo: $(STAMP)
	$(PY) -m bot demo --all --seed 1 --out demo-out --quiet

bench: $(STAMP)
	$(PY) -m bot bench

db-upgrade: $(STAMP)
	$(PY) -m bot db upgrade

# The lock is compiled from pyproject.toml: runtime dependencies, every extra (dev) and the
# build backend. `lock` keeps every pin that still fits (after adding or changing a dependency);
# `upgrade` takes the newest allowed versions and runs the suite on them. uv rewrites its output
# even when nothing changed, so the lock is replaced (and the venv rebuilt) only on a change.
BUILD_REQUIRES := $(PY) -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"], sep="\n")'
define compile-lock
	cp $(LOCK) $(VENV)/lock.txt
	$(BUILD_REQUIRES) | $(VENV)/bin/uv pip compile pyproject.toml - --all-extras --universal \
		--generate-hashes --custom-compile-command "make upgrade" --quiet \
		--output-file $(VENV)/lock.txt $(1)
	cmp -s $(VENV)/lock.txt $(LOCK) || cp $(VENV)/lock.txt $(LOCK)
endef

lock: $(STAMP)
	$(call compile-lock)

upgrade: $(STAMP)
	$(call compile-lock,--upgrade)
	$(MAKE) test

clean:
	rm -rf $(VENV) demo-out .pytest_cache .ruff_cache
