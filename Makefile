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
test: vet
	$(GO) test -timeout 20m $(PKGS)

vet:
	@fmt_out=$$(gofmt -l .); if [ -n "$$fmt_out" ]; then echo "gofmt needed:"; echo "$$fmt_out"; exit 1; fi
	$(GO) vet $(PKGS)

fmt:
	gofmt -w .

# The Michael-Scott queue (C, tests/datatypes/msn) on the relaxed model:
# with its fences it passes, without them it fails with a counterexample.
MSN := tests/datatypes/msn
demo: build
	@echo "== msn.c with fences on relaxed (expect PASS)"
	$(BIN) run $(MSN)/msn.c $(MSN)/harness.c $(MSN)/msn.tst --model relaxed --test T0 --test Tpc2 --test Ti2
	@echo
	@echo "== msn_nofence.c on relaxed (expect FAIL and a trace)"
	-$(BIN) run $(MSN)/msn_nofence.c $(MSN)/harness.c $(MSN)/msn.tst --model relaxed --test T0

# Every Fig. 8.2 test of the five data types on relaxed, with the columns
# of the dissertation's Fig. 8.4 beside ours (BENCH_FLAGS="-filter msn/
# -timeout 10m"), then the Go benchmarks of the engine.
BENCH_FLAGS ?= -timeout 10m
bench:
	$(GO) run ./tests/bench $(BENCH_FLAGS)
	$(GO) test -run '^$$' -bench . ./encode ./axioms

# Every row of tests/datatypes/expected.csv, including the slow ones that
# make test skips.
check-datatypes:
	$(GO) run ./tests/bench -check tests/datatypes/expected.csv

# Third-party suites with expected results (slow): x86 on tso, and the
# dat3m AArch64, RISC-V, PPC, C11 and RC11 suites on the suites' .cat files
# (read from ../shared/suites/cat) and on the built-in cat models, which
# must agree with every supported test; sc and tso in cat against the .mm
# models; model inclusions.
check-suites: build
	$(BIN) litmus ../shared/suites/dat3m-x86/litmus/X86 --model tso -q --expect ../shared/suites/dat3m-x86/TSO-expected.csv
	$(GO) test ./frontend/litmus -run 'TestSuite|TestCatSuites|TestCatMatchesMM|TestCatInclusions' -suite -count=1 -timeout 60m -v

# Long differential run of the SAT engine against the reference checker:
# make fuzz-diff N=5000
N ?= 1000
fuzz-diff:
	$(GO) run ./refcheck/cmd/fuzzdiff -n $(N)

clean:
	rm -rf bin
