# checkfence developer targets. `make demo` runs the tool on a bundled
# example; `make test` is what CI runs.

GO      ?= go
BIN     := bin/checkfence
PKGS    := ./...

.PHONY: all build test demo bench check-datatypes fmt vet check-suites fuzz-diff clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/checkfence

# The full test suite (CI). Heavy suites live in bench and check-suites.
# tests/progress runs go test, naming each package as it starts and the
# tests still running every minute; its exit status is go test's.
test: vet
	@$(GO) build -o bin/test-progress ./tests/progress
	bin/test-progress -timeout 20m $(PKGS)

vet:
	@fmt_out=$$(gofmt -l .); if [ -n "$$fmt_out" ]; then echo "gofmt needed:"; echo "$$fmt_out"; exit 1; fi
	$(GO) vet $(PKGS)

fmt:
	gofmt -w .

# The Michael-Scott queue (C, tests/datatypes/msn) on the relaxed model:
# with its fences it passes, without them it fails with a counterexample.
# The demo succeeds when both happen as announced.
MSN := tests/datatypes/msn
DEMO_FAIL := $(BIN) run $(MSN)/msn_nofence.c $(MSN)/harness.c $(MSN)/msn.tst --model relaxed --test T0
demo: build
	@echo "== msn.c with fences on relaxed (expect PASS)"
	$(BIN) run $(MSN)/msn.c $(MSN)/harness.c $(MSN)/msn.tst --model relaxed --test T0 --test Tpc2 --test Ti2
	@echo
	@echo "== msn_nofence.c on relaxed (expect FAIL and a trace)"
	@echo "$(DEMO_FAIL)"
	@$(DEMO_FAIL); status=$$?; \
	if [ $$status -ne 1 ]; then echo "demo: expected FAIL (exit status 1), got exit status $$status"; exit 1; fi
	@echo
	@echo "== demo done as announced: PASS with the fences, FAIL without them"

# Every Fig. 8.2 test of the five data types on relaxed, with the columns
# of the dissertation's Fig. 8.4 beside ours (BENCH_FLAGS="-filter msn/
# -timeout 10m"), the pthread table (tests/bench/pthread.go), then the Go
# benchmarks of the engine.
BENCH_FLAGS ?= -timeout 10m
# The pthread table: C11 programs through clang on sc and relaxed (issue 17).
PTHREAD_BENCH_FLAGS ?= -timeout 5m
bench:
	$(GO) run ./tests/bench $(BENCH_FLAGS)
	$(GO) run ./tests/bench -pthread $(PTHREAD_BENCH_FLAGS)
	$(GO) test -run '^$$' -bench . ./encode ./axioms

# Every row of tests/datatypes/expected.csv, including the slow ones that
# make test skips.
check-datatypes:
	$(GO) run ./tests/bench -check tests/datatypes/expected.csv

# Third-party suites with expected results (slow).
check-suites: build
	$(BIN) litmus ../shared/suites/dat3m-x86/litmus/X86 --model tso -q --expect ../shared/suites/dat3m-x86/TSO-expected.csv
	$(GO) test ./frontend/litmus -run TestSuite -suite -count=1 -v

# Long differential run of the SAT engine against the reference checker:
# make fuzz-diff N=5000
N ?= 1000
fuzz-diff:
	$(GO) run ./refcheck/cmd/fuzzdiff -n $(N)

clean:
	rm -rf bin
