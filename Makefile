# The two commands for a fresh machine: `make demo` and `make test`.
SWIFT ?= swift

.PHONY: demo test setup build unit e2e outside-in todo bench docs format lint monkey fuzz web

setup:
	@Scripts/setup.sh

build: setup
	$(SWIFT) build

## Runs the main job: the desktop app (or, with no display, a scripted tour written to demo-out/).
demo: setup
	@Scripts/demo.sh

## Runs every test, stage by stage, with a summary at the end (Scripts/test.sh; logs in test-out/): the
## engine, app, tool and PostgreSQL suites, the formatter's check, the DocC build, availability and the
## adapter stubs, the engine compiled for WebAssembly, ReorderKit used from another package, the example app Examples/TodoSDL, the desktop
## app end to end under Xvfb, the monkey, the fuzzers and the sanitizers.
test: setup
	@Scripts/test.sh

## The contributor's quick loop: the Swift test suites alone (a PostgreSQL of their own for the shared
## board's tests), built as `make test` builds them.
unit:
	@Scripts/with-postgres.sh $(SWIFT) test --traits Sharing
	@REORDERKIT_PG_OUTAGES=1 Scripts/with-postgres.sh $(SWIFT) test --traits Sharing --filter theServerStoppedAndStartedMidSequenceLosesNothing

e2e: setup
	@Scripts/e2e.sh

## The web page: builds Web/dist (the engine as WebAssembly, Scripts/web.sh) and serves it with
## `reorder-server serve --static Web/dist` on http://localhost:8032/ (PORT=… for another port).
web:
	@Scripts/web.sh serve

## A package outside this repository that depends on a tagged clone by file:// URL and runs the README's example.
outside-in:
	@Scripts/outside-in.sh

## The DocC catalog of ReorderKit, into .build/docs (fails on any DocC warning).
docs:
	@Scripts/docs.sh

## Benchmarks (slow to build the first time): writes results to stdout; see BENCHMARKS.md.
bench:
	@Scripts/bench.sh

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift Benchmarks/Package.swift Benchmarks/Sources Benchmarks/Benchmarks Examples/TodoSDL

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift Examples/TodoSDL

## The example app Examples/TodoSDL: builds it and drives it under Xvfb (TODO_DOCS=1 refreshes docs/todo.png).
todo:
	@Scripts/todo-example.sh

## The monkey in the real window for MONKEY_SECONDS (default 600), from MONKEY_SEED (default: the clock).
MONKEY_SECONDS ?= 600
monkey: setup
	@Scripts/monkey.sh $(MONKEY_SECONDS) $(MONKEY_SEED)

## libFuzzer on the engine and the tool: each target for FUZZ_SECONDS (default 600); see docs/RELIABILITY.md.
fuzz:
	@Scripts/fuzz.sh
