# Two commands do everything: `make play` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test quick lint bench screenshots snapshot-update clean

# The venv is rebuilt when missing or older than pyproject.toml.
$(BIN)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e .
	touch $@

$(BIN)/.installed-test: $(BIN)/.installed
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

play: $(BIN)/.installed
	$(BIN)/python -m truf_tui

lint: $(BIN)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# pytest-xdist: the UI tests spend about a third of their time waiting on Textual's timers,
# so one worker more than the cores keeps both busy (on 2 cores, before the slowest tests
# were cut: 8.6 min against 10.7 with 2 workers); worksteal evens out the end of the run.
TEST_WORKERS ?= 3
test: lint
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

# The developer's loop: the suite without the tests marked slow and without lint, in about
# 4 minutes on 2 cores (make test: 8). A test is marked slow when it takes 3 s or more on 2
# cores in a whole run (`pytest -n 3 --dist worksteal --durations=0`): the whole games, the monkeys,
# the solver's checks and the tests that start the app in a terminal. `make test` runs them all.
quick: $(BIN)/.installed-test
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal -m "not slow"

bench: $(BIN)/.installed
	$(BIN)/python -m truf_tui.bench engine

screenshots: $(BIN)/.installed-test
	$(BIN)/python -m tools.screenshots screenshots

snapshot-update: $(BIN)/.installed-test
	$(BIN)/python -m pytest tests/ui --snapshot-update

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
