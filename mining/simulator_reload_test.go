package mining

import (
	"context"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/refcheck"
)

// casRetry is the C11 retry idiom the encoding's reload rounds delete: t1
// loads X before its loop and retries a CAS, taking the value the failed
// CAS read; t2 changes X twice, so t1's CAS can fail twice.
const casRetry = `//# test T = ( t1a | t2a )
global X
proc t1a() {
    %t := load @X
    l1: {
        %n := add(%t, 1)
        atomic {
            %c := load @X
            %ok := eq(%c, %t)
            if %ok { store @X, %n }
        }
        if %ok { break l1 }
        %t := %c
        continue l1
    }
}
proc t2a() {
    store @X, 5
    store @X, 7
}`

// TestSimulationDeletesReloadRounds: where the encoding deletes reload
// rounds (sc), the runs do too, so the retry loop starts at one iteration,
// the bound the lazy unrolling ends with; without reload rounds both
// count the failed rounds (the runs find the schedule with two failures
// almost always, and never more than the unrolling needs). Cat models
// have them too: sc-cat, whose mapping adds nothing, and tso-cat, whose
// mapping the encoding's tag condition reads (here neither load is a C11
// atomic, so their tags are the same).
func TestSimulationDeletesReloadRounds(t *testing.T) {
	c, whole := wholeCase(t, "casRetry", casRetry)
	for _, tc := range []struct {
		model    string
		noReload bool
		want     int
	}{
		{"sc", false, 1},
		{"relaxed", false, 1},
		{"sc", true, 3},
		{"sc-cat", false, 1},
		{"tso-cat", false, 1},
		{"tso-cat", true, 3},
	} {
		model := memmodel.MustBuiltin(tc.model)
		opt := Options{Options: encode.Options{NoReloadRounds: tc.noReload}, Model: model}
		k := simChecker(opt, &whole)
		got := t1Bound(k.simulateBounds(c.Prog, ThreadSpecs(&whole), lsl.Bounds{}))
		if got != tc.want {
			t.Errorf("%s (no reload rounds: %v): the runs start t1's loop at %d, want %d", tc.model, tc.noReload, got, tc.want)
		}
		opt.NoSimulation = true
		r, err := Check(context.Background(), c.Prog, &whole, opt)
		if err != nil {
			t.Fatal(err)
		}
		if plain := t1Bound(r.Bounds); got > max(1, plain) {
			t.Errorf("%s (no reload rounds: %v): the runs start at %d, the lazy unrolling ends at %d", tc.model, tc.noReload, got, plain)
		}
	}
}

// pushRetry is casRetry with a store in every round, as Treiber's push
// stores its node's next field: storing reload rounds (docs/semantics.md).
const pushRetry = `//# test T = ( t1a | t2a )
global X
global N
proc t1a() {
    %t := load @X
    l1: {
        store @N, %t
        %n := add(%t, 1)
        atomic {
            %c := load @X
            %ok := eq(%c, %t)
            if %ok { store @X, %n }
        }
        if %ok { break l1 }
        %t := %c
        continue l1
    }
}
proc t2a() {
    store @X, 5
    store @X, 7
}`

// TestSimulationStoringReloadRounds: with storing reload rounds the lazy
// unrolling ends lower than without, and the runs never start above it;
// without them the runs count every failed round, as the unrolling does.
func TestSimulationStoringReloadRounds(t *testing.T) {
	c, whole := wholeCase(t, "pushRetry", pushRetry)
	ends := map[bool]int{}
	for _, noStoring := range []bool{false, true} {
		opt := Options{Options: encode.Options{NoStoringReloads: noStoring}, Model: memmodel.MustBuiltin("sc")}
		k := simChecker(opt, &whole)
		got := t1Bound(k.simulateBounds(c.Prog, ThreadSpecs(&whole), lsl.Bounds{}))
		opt.NoSimulation = true
		r, err := Check(context.Background(), c.Prog, &whole, opt)
		if err != nil {
			t.Fatal(err)
		}
		plain := t1Bound(r.Bounds)
		ends[noStoring] = plain
		if got > max(1, plain) {
			t.Errorf("no storing reloads: %v: the runs start at %d, the lazy unrolling ends at %d", noStoring, got, plain)
		}
	}
	if ends[false] >= ends[true] {
		t.Errorf("the lazy unrolling ends at %d with storing reload rounds, %d without: want fewer", ends[false], ends[true])
	}
}

// wholeCase parses an LSL case and makes its first test a whole program.
func wholeCase(t *testing.T, name, src string) (*refcheck.Case, lsl.Test) {
	t.Helper()
	c, err := refcheck.ParseCase(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	whole := *c.Tests[0]
	whole.Program = true
	return c, whole
}

// t1Bound is the bound of thread t1's loop in b (1 when b has none).
func t1Bound(b lsl.Bounds) int {
	got := 1
	for key, n := range b {
		if strings.HasPrefix(string(key), "t1.") {
			got = n
		}
	}
	return got
}
