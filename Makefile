# checkfence developer targets. `make demo` runs the tool on a bundled
# example; `make test` is what CI runs.

GO      ?= go
BIN     := bin/checkfence
PKGS    := ./...

.PHONY: all build test demo bench fmt vet check-suites fuzz-diff clean

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

# The Michael-Scott queue on the relaxed model: with its fences it passes,
# without them it fails with a counterexample trace.
demo: build
	@echo "== msn with fences on relaxed (expect PASS)"
	$(BIN) run tests/lslqueue/msn.lsl tests/lslqueue/msn.tst --model relaxed --test T0 --test Tpc2
	@echo
	@echo "== msn without fences on relaxed (expect FAIL and a trace)"
	-$(BIN) run tests/lslqueue/msn_nofence.lsl tests/lslqueue/msn.tst --model relaxed --test T0

# Performance table of the queue tests (Fig. 8.4 columns).
bench: build
	$(BIN) run tests/lslqueue/msn.lsl tests/lslqueue/msn.tst --model relaxed -q

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
