# mailbag — every target sets up what it needs on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_BASE := $(VENV)/.installed-base
STAMP_DEV := $(VENV)/.installed-dev
# the optional C parts (the RL layer's, each game's encoder twin, Post Office's seal matcher),
# built by pip install (setup.py; an edit rebuilds them)
NATIVE := $(wildcard setup.py src/mailbag/rl/*.c src/mailbag/core/*.h src/mailbag/games/*/*.c)

.PHONY: play play-terminal serve test lint typecheck unit soak golden bench clean catalogs compiled

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_BASE): pyproject.toml $(NATIVE) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# the dev set-up also installs the example of a game in a package of its own (examples/: found
# through the mailbag.games entry point, tested by make test)
EXAMPLE := examples/mailbag-example-game

$(STAMP_DEV): pyproject.toml $(NATIVE) $(EXAMPLE)/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	$(BIN)/python -m pip install --quiet -e $(EXAMPLE)
	touch $@ $(STAMP_BASE)

$(VENV)/.installed-tui: pyproject.toml $(NATIVE) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[tui]"
	touch $@ $(STAMP_BASE)

$(VENV)/.installed-web: pyproject.toml $(NATIVE) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[web]"
	touch $@ $(STAMP_BASE)

## play: the game a newcomer wants — the browser server on the embedded SQLite default, and the
## browser opened straight on a new Postcards table against the Automa (the link printed where
## no browser can be opened; Ctrl-C stops it). PORT=8001 make play picks another port.
PORT ?= 8000
play: $(VENV)/.installed-web
	@echo "mailbag: starting the browser game (the terminal game: make play-terminal)"
	$(BIN)/mailbag serve --port $(PORT) --open postcards

## play-terminal: the same game in the terminal, you against the Automa (full screen; `--plain`
## for line mode), whatever `make play` opens
play-terminal: $(VENV)/.installed-tui
	@$(BIN)/mailbag play postcards --seats human,automa:normal; status=$$?; \
	echo; echo "Other games and ways to play:"; \
	echo "  $(BIN)/mailbag play post_office --seats human,greedy,random"; \
	echo "  $(BIN)/mailbag play carteros --seats human,greedy -o stampy=true"; \
	echo "  $(BIN)/mailbag play postcards --seats alice=human,bob=human   (hot seat)"; \
	echo "  $(BIN)/mailbag games   (every game, its seats and options)"; \
	exit $$status

## serve: run the web server (`make serve ARGS="--host 0.0.0.0 --port 8080"` passes options on)
serve: $(VENV)/.installed-web
	@host=127.0.0.1; port=8000; set -- $(ARGS); \
	while [ $$# -gt 0 ]; do \
		case "$$1" in \
			--host) host=$${2:-$$host}; [ $$# -gt 1 ] && shift ;; \
			--host=*) host=$${1#--host=} ;; \
			--port) port=$${2:-$$port}; [ $$# -gt 1 ] && shift ;; \
			--port=*) port=$${1#--port=} ;; \
		esac; shift; \
	done; \
	echo "mailbag serve: http://$$host:$$port/ (Ctrl-C stops it)"
	$(BIN)/mailbag serve $(ARGS)

## compiled: the compiled build — the hot modules compiled with mypyc into a copy of the package
## in build/compiled (rebuilt when the sources change; skipped, saying so, without a C compiler);
## MAILBAG_BUILD=compiled runs it (docs/speed.md)
compiled: $(STAMP_DEV)
	$(BIN)/python tools/compile.py

## test: lint, type-check, build the compiled copy and run the whole test suite (the pure
## package, and the compiled copy against it in tests/speed), then the example game's own tests
## (examples/mailbag-example-game, against the installed mailbag)
test: $(STAMP_DEV) compiled
	$(BIN)/ruff check src tests $(EXAMPLE)
	$(BIN)/mypy --strict src
	$(BIN)/mypy --strict $(EXAMPLE)/letterbox
	$(BIN)/pytest -n auto
	$(BIN)/pytest -n auto $(EXAMPLE)/tests

## soak: thousands of random games per game through the contract tests, and the fuzzers:
## FUZZ (default 100,000) mutated states per game, action texts, actions in JSON and records;
## FUZZ_COMPONENTS (default 10,000) mutated component files per shipped file; and the server
## under abuse (tests/server/test_abuse.py, one test at a time: it measures latency and memory):
## ABUSE_FRAMES and ABUSE_BODIES (100,000 each) malformed frames and request bodies,
## ABUSE_TABLES (3,000) table-creation bodies, 100 moves beside a socket that never reads,
## ABUSE_KILLS (20) kill -9 rounds (also of the bot workers' own test), ABUSE_UNKNOWN (15,000)
## requests for unknown tables
soak: $(STAMP_DEV)
	MAILBAG_SOAK_GAMES=$${GAMES:-2000} $(BIN)/pytest tests/contract/test_soak.py -q -n auto
	MAILBAG_FUZZ=$${FUZZ:-100000} MAILBAG_FUZZ_COMPONENTS=$${FUZZ_COMPONENTS:-10000} \
		$(BIN)/pytest tests/contract/test_fuzz_states.py tests/contract/test_fuzz_inputs.py \
		tests/contract/test_fuzz_components.py -q -n auto
	MAILBAG_ABUSE_FRAMES=$${ABUSE_FRAMES:-100000} MAILBAG_ABUSE_BODIES=$${ABUSE_BODIES:-100000} \
		MAILBAG_ABUSE_TABLES=$${ABUSE_TABLES:-3000} MAILBAG_ABUSE_MOVES=100 \
		MAILBAG_ABUSE_KILLS=$${ABUSE_KILLS:-20} MAILBAG_ABUSE_UNKNOWN=$${ABUSE_UNKNOWN:-15000} \
		$(BIN)/pytest tests/server/test_abuse.py -q -p no:xdist -s
	MAILBAG_ABUSE_ROUNDS=$${ABUSE_KILLS:-20} $(BIN)/pytest tests/server/test_workers.py -q -p no:xdist

## golden: re-record every game's golden games (replayed under the current engine; games whose
## actions are no longer legal are played again) and write their readable playthroughs beside
## them (X.playthrough.txt); `make golden CHECK=1` only reports what is out of date
golden: $(STAMP_DEV)
	$(BIN)/python tests/golden.py $(if $(CHECK),--check) $(if $(FRESH),--fresh)

## catalogs: extract every text a person reads and update each language's catalogs
## (src/mailbag/i18n/<lang>/<area>.po; AREA=carteros updates one area)
catalogs: $(STAMP_DEV)
	$(BIN)/python tests/i18n/catalogs.py $(AREA)

bench: $(STAMP_BASE)
	$(BIN)/mailbag bench postcards

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
