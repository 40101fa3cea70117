# checkfence developer targets. `make demo` runs the tool on a bundled
# example; `make test` is what CI runs.

GO      ?= go
BIN     := bin/checkfence
PKGS    := ./...
# go vet and staticcheck leave out the SAT solver gini, upstream code
# copied in (internal/gini/README.checkfence.md) and kept as upstream wrote it
LINTPKGS = $(shell $(GO) list ./... | grep -v '/internal/gini')

# CaDiCaL (Debian's libcadical-dev) is compiled in when a test program
# links against it; CADICAL=0 builds pure Go. Without it only gini exists.
# cadical_links FLAGS: 1 if a C program calling CaDiCaL links with FLAGS.
cadical_links = $(shell echo 'int main(void){ccadical_release(ccadical_init());return 0;}' | \
	$${CC:-cc} $(1) -x c -include ccadical.h - -o /dev/null -lcadical -lstdc++ -lm >/dev/null 2>&1 && echo 1 || echo 0)
CADICAL ?= $(call cadical_links,)
GOTAGS  := $(if $(filter 1,$(CADICAL)),-tags cadical,)

comma   := ,

# The binaries that make build and make bench produce are linked
# statically when the C libraries allow it (STATIC=0: dynamically): a short
# check spends 2-5 ms (3-8%) of its CPU loading libstdc++ dynamically. netgo and
# osusergo keep glibc's resolver and user lookup (which a static glibc
# cannot load) out; checkfence uses neither.
STATIC  ?= $(if $(filter 1,$(CADICAL)),$(call cadical_links,-static),1)
BUILDTAGS := $(if $(filter 1,$(CADICAL)),cadical,)$(if $(filter 1,$(STATIC)),$(if $(filter 1,$(CADICAL)),$(comma))netgo$(comma)osusergo,)
BUILDFLAGS := $(if $(BUILDTAGS),-tags $(BUILDTAGS),) $(if $(filter 1,$(STATIC)),$(if $(filter 1,$(CADICAL)),-ldflags '-linkmode=external -extldflags=-static',),)

.PHONY: all build test demo bench bench-ablation check-full check-corpus check-svcomp check-datatypes fences-datatypes fences-datatypes-hw fences-c11 fmt vet tools check-suites check-clang fuzz-diff clean

all: build

build:
	$(GO) build $(BUILDFLAGS) -o $(BIN) ./cmd/checkfence

# The full test suite (CI), with CaDiCaL when available: the tests then
# also compare gini's and CaDiCaL's verdicts (tests/backends_test.go).
# vet builds and vets without the tag too, so the pure-Go build stays
# working. Heavy suites live in bench and check-suites.
# tests/progress runs go test, naming each package as it starts and the
# tests still running every minute; its exit status is go test's.
# go test starts the packages in the order given, two at a time on two
# cores: the two longest (./tests, about 340 s, and ./refcheck/diff, 160 s)
# go first, so that the short ones fill the other core beside them instead
# of ./tests starting last, alone (550 s wall on a clean clone before).
TESTPKGS := ./tests ./refcheck/diff $(PKGS)
# The test processes keep small heaps (tens of MB) and allocate fast, so
# at Go's default GOGC=100 the collector runs all the time, and on two
# cores its idle mark workers add system time: the whole go test took
# 965 user + 248 sys CPU s (648 s wall) at GOGC=100 and 682 + 176 (503 s)
# at GOGC=400, on one clean clone back to back; beyond 400 it gains little.
# A GOGC in the environment wins. Not for make bench, whose timings
# compare with earlier ones.
TESTGOGC := GOGC=$(or $(GOGC),400)
test: vet
	@$(GO) build -o bin/test-progress ./tests/progress
	$(TESTGOGC) bin/test-progress $(GOTAGS) -timeout 20m $(TESTPKGS)

# staticcheck (honnef.co/go/tools) at a pinned version: `make vet`
# installs it when it is missing (so `make test` works on a fresh machine
# with only Go), and says SKIPPED when it cannot (no module proxy).
STATICCHECK_VERSION := v0.8.2
STATICCHECK ?= $(shell $(GO) env GOPATH)/bin/staticcheck

vet:
	@fmt_out=$$(gofmt -l .); if [ -n "$$fmt_out" ]; then echo "gofmt needed:"; echo "$$fmt_out"; exit 1; fi
	$(GO) build $(PKGS)
	$(GO) vet $(LINTPKGS)
	$(if $(GOTAGS),$(GO) vet $(GOTAGS) $(LINTPKGS))
	@v=$$($(STATICCHECK) -version 2>/dev/null); case "$$v" in *"($(STATICCHECK_VERSION:v%=%))"*) ;; \
	  *) echo "staticcheck $(STATICCHECK_VERSION) is not installed at $(STATICCHECK) (found: $${v:-none}): installing it"; \
	     GOBIN=$(dir $(STATICCHECK)) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) || \
	     { echo "SKIPPED staticcheck: could not install $(STATICCHECK_VERSION) (no module proxy?); make tools installs it"; exit 0; };; esac; \
	$(STATICCHECK) $(LINTPKGS)

tools:
	GOBIN=$(dir $(STATICCHECK)) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

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
# The pthread table: C11 programs through clang on sc, relaxed and rc11
# (issues 17 and 52: tests/llvm/pthread/c11 and c11bench), beside GenMC's
# CPU seconds; PTHREAD_BENCH_FLAGS="-pthread-models arm8,riscv -timeout 5m
# -filter c11bench/treiber" for other models and rows. -timeout is each
# check's budget of CPU seconds (a cell past it reads "timeout"): 150 s,
# issue 52's target for the Treiber stack 4+4 (GenMC: 152 s).
PTHREAD_BENCH_FLAGS ?= -timeout 150s
bench:
	$(GO) run $(BUILDFLAGS) ./tests/bench $(BENCH_FLAGS)
	$(GO) run $(BUILDFLAGS) ./tests/bench -pthread $(PTHREAD_BENCH_FLAGS)
	$(GO) test $(GOTAGS) -run '^$$' -bench . ./encode ./encode/sat ./axioms

# Each Fig. 8.4 test under cumulative configurations (gini, eager
# transitivity, no symmetry; + CaDiCaL escalation; + sparse transitivity;
# + symmetry): clauses and CPU seconds per change (docs/performance.md).
# Needs CaDiCaL. Slow (an hour or more on 2 cores).
ABLATION_FLAGS ?= -timeout 120s
bench-ablation:
	$(GO) run $(GOTAGS) ./tests/bench -ablation $(ABLATION_FLAGS)

# The full versions of the differential tests make test samples to stay
# within its budget (CHECKFENCE_FULL=1): every driver row of the data
# types and every fast row with CaDiCaL, all seeds of refcheck/diff's
# generated programs and every model of its slow corners, 100 candidates
# per model in cat's fair-stability tests.
check-full:
	$(TESTGOGC) CHECKFENCE_FULL=1 $(GO) test $(GOTAGS) ./tests -run 'TestDeferredFailureProofs|TestInheritInnerOnDataTypes|TestSimulationOnDataTypes|TestBackendsDatatypes|TestFinalOrder|TestConeLimitsVerdicts' -count=1 -timeout 30m
	$(TESTGOGC) CHECKFENCE_FULL=1 $(GO) test $(GOTAGS) ./refcheck/diff -run 'TestCorners|TestDiff' -count=1 -timeout 60m
	$(TESTGOGC) CHECKFENCE_FULL=1 $(GO) test $(GOTAGS) ./cat -run 'TestFairStability' -count=1 -timeout 30m

# Every line of the C11/C++ corpus (tests/c11corpus/MANIFEST: each program
# on each model it lists); make test checks each program on its first.
check-corpus:
	$(TESTGOGC) CHECKFENCE_CORPUS=all $(GO) test $(GOTAGS) ./tests -run TestC11Corpus -count=1 -v

# Every row of tests/datatypes/expected.csv, including the slow ones that
# make test skips.
check-datatypes:
	$(GO) run $(GOTAGS) ./tests/bench -check tests/datatypes/expected.csv

# Every task of the SV-COMP-style corpus (tests/svcomp, docs/sv-comp.md),
# the slow ones of tests/svcomp/SLOW too, with the SV-COMP score; make test
# runs the others.
check-svcomp:
	$(TESTGOGC) CHECKFENCE_SVCOMP=all $(GO) test $(GOTAGS) ./cmd/checkfence -run 'TestSVCOMPCorpus|TestViolationWitness' -count=1 -v

# fences --insert on the five data types without their fences (relaxed),
# each with the CPU seconds and peak memory (user sys KB): the table of
# tests/datatypes/README.md, "Fences synthesized". Slow (minutes).
INSERT := /usr/bin/time -f '%U %S %M' ../../$(BIN) fences --insert --model relaxed
fences-datatypes: build
	cd tests/datatypes && $(INSERT) ms2/ms2_nofence.c ms2/harness.c ms2/ms2.tst --test T0 --test T1 --test Tpc2 --test Ti2
	cd tests/datatypes && $(INSERT) msn/msn_nofence.c msn/harness.c msn/msn.tst --test T0 --test T1 --test Tpc2 --test Ti2
	cd tests/datatypes && $(INSERT) lazylist/lazylist_nofence.c lazylist/harness.c lazylist/lazylist.tst --test Sac --test Sar --test Saa
	cd tests/datatypes && $(INSERT) harris/harris_nofence.c harris/harness.c harris/harris.tst --test Sac --test Sar --test Saa --max-unroll 4
	cd tests/datatypes && $(INSERT) snark/snark_nofence.c snark/harness.c snark/snark.tst --test D0 --test Db

# The same on the hardware models (the barrier table of
# tests/datatypes/README.md), and memory-order synthesis on the C11
# programs of tests/fencesynth/c11 (docs/fences.md).
INSERT_HW := /usr/bin/time -f '%U %S %M' ../../$(BIN) fences --insert
fences-datatypes-hw: build
	cd tests/datatypes && for m in arm8 riscv; do \
	  $(INSERT_HW) --model $$m ms2/ms2_nofence.c ms2/harness.c ms2/ms2.tst --test T0 --test T1 --test Tpc2 --test Ti2 && \
	  $(INSERT_HW) --model $$m msn/msn_nofence.c msn/harness.c msn/msn.tst --test T0 --test T1 --test Tpc2 --test Ti2 && \
	  $(INSERT_HW) --model $$m lazylist/lazylist_nofence.c lazylist/harness.c lazylist/lazylist.tst --test Sac --test Sar --test Saa && \
	  $(INSERT_HW) --model $$m harris/harris_nofence.c harris/harness.c harris/harris.tst --test Sac --test Sar --test Saa --max-unroll 4 && \
	  $(INSERT_HW) --model $$m snark/snark_nofence.c snark/harness.c snark/snark.tst --test D0 --test Db || exit 1; done

fences-c11: build
	cd tests/fencesynth/c11 && for f in mp seqlock spsc peterson; do /usr/bin/time -f '%U %S %M' ../../../$(BIN) fences --insert --model rc11 $$f.c || exit 1; done
	cd tests/fencesynth/c11 && for m in rc11 arm8; do for f in dekker msqueue; do /usr/bin/time -f '%U %S %M' ../../../$(BIN) fences --insert --kinds none --model $$m $$f.c || exit 1; done; done
	cd tests/fencesynth/c11 && for m in rc11 arm8 riscv power relaxed tso; do /usr/bin/time -f '%U %S %M' ../../../$(BIN) fences --relax --model $$m mp_sc.c || exit 1; done

# Third-party suites with expected results (slow): x86 on tso, and the
# dat3m AArch64, RISC-V, PPC, C11 and RC11 suites on the suites' .cat files
# (read from ../shared/suites/cat) and on the built-in cat models, which
# must agree with every supported test; sc and tso in cat against the .mm
# models; model inclusions.
check-suites: build
	$(BIN) litmus ../shared/suites/dat3m-x86/litmus/X86 --model tso -q --expect ../shared/suites/dat3m-x86/TSO-expected.csv
	$(TESTGOGC) $(GO) test $(GOTAGS) ./litmusrun -run 'TestSuite|TestCatSuites|TestCatMatchesMM|TestCatInclusions|TestC11Mappings' -suite -count=1 -timeout 60m -v

# Every clang-NN (NN >= 14) on PATH: the translation of every C program of
# the repository compared with clang 14's (TestClangVersions -clang-all),
# then the LLVM front end's tests and the tests of tests/ that compile C,
# with each version ($CHECKFENCE_CLANG). Slow (several minutes a version).
CLANG_TESTS = $(shell grep -l 'needClang\|clangtest\.\|loadPthread\|loadClang\|checkPthreadTable' tests/*_test.go | \
	xargs grep -ho '^func Test[A-Za-z0-9_]*' | sed 's/^func //' | sort -u | paste -sd'|')
CLANG_VERSIONS = $(shell for d in $$(echo "$$PATH" | tr ':' ' '); do ls "$$d" 2>/dev/null; done | \
	grep -E '^clang-[0-9]+$$' | sort -u -t- -k2 -n)
check-clang:
	$(TESTGOGC) $(GO) test $(GOTAGS) ./tests -run '^TestClangVersions$$' -clang-all -count=1 -timeout 60m -v
	@for c in $(CLANG_VERSIONS); do \
	  echo "== $$c"; \
	  $(TESTGOGC) CHECKFENCE_CLANG=$$c $(GO) test $(GOTAGS) ./frontend/llvm -count=1 -timeout 60m || exit 1; \
	  $(TESTGOGC) CHECKFENCE_CLANG=$$c $(GO) test $(GOTAGS) ./tests -run '^($(CLANG_TESTS))$$' -count=1 -timeout 60m || exit 1; \
	done

# Long differential run of the SAT engine against the reference checker:
# make fuzz-diff N=5000
N ?= 1000
fuzz-diff:
	$(TESTGOGC) $(GO) run $(GOTAGS) ./refcheck/cmd/fuzzdiff -n $(N)

clean:
	rm -rf bin
