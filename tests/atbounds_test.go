package tests

import (
	"context"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// ruleProgram is a program and test that a fair-progress rule is compared
// on, with and without it.
type ruleProgram struct {
	name string
	prog *lsl.Program
	test *lsl.Test
}

// sameAtConvergedBounds checks p on model m with the default options, which
// must converge, and again at the bounds they converged at with off applied
// (a rule turned off, or an unrolling kept whole): both must see the same
// failures and the same observations of complete executions. on and offName
// name the two checks in messages. It returns the second set.
func sameAtConvergedBounds(t *testing.T, p ruleProgram, m, on, offName string, off func(*mining.Options)) *mining.ExecutionSet {
	t.Helper()
	opt := mining.Options{Model: model(t, m)}
	with, err := mining.Executions(context.Background(), p.prog, p.test, opt, false)
	if err != nil {
		t.Fatalf("%s on %s: %v", p.name, m, err)
	}
	if len(with.Pruned) > 0 {
		t.Errorf("%s on %s: cut off at the bounds it converged at: %v", p.name, m, with.Pruned)
	}
	off(&opt)
	other, err := mining.ExecutionsAt(context.Background(), p.prog, p.test, opt, false, with.Bounds)
	if err != nil {
		t.Fatalf("%s on %s %s: %v", p.name, m, offName, err)
	}
	if with.AnyError != other.AnyError {
		t.Errorf("%s on %s at %v: failures %v %s, %v %s", p.name, m, with.Bounds, with.AnyError, on, other.AnyError, offName)
	}
	if a, b := canons(with.Observations), canons(other.Observations); !slices.Equal(a, b) {
		t.Errorf("%s on %s at %v: observations\n%v %s\n%v %s", p.name, m, with.Bounds, a, on, b, offName)
	}
	return other
}

// sameExecutionSets reports where two execution sets of one test at the
// same bounds differ: failures, deadlocks, observations (up to thread
// renaming), cut-offs and flags. aName and bName say how each was made.
func sameExecutionSets(t *testing.T, where string, a, b *mining.ExecutionSet, aName, bName string) {
	t.Helper()
	if a.AnyError != b.AnyError || a.AnyDeadlock != b.AnyDeadlock {
		t.Errorf("%s: failures/deadlocks %v/%v %s, %v/%v %s", where, a.AnyError, a.AnyDeadlock, aName, b.AnyError, b.AnyDeadlock, bName)
	}
	if x, y := canons(a.Observations), canons(b.Observations); !slices.Equal(x, y) {
		t.Errorf("%s: observations\n%v %s\n%v %s", where, x, aName, y, bName)
	}
	if !slices.Equal(a.Pruned, b.Pruned) || !slices.Equal(a.Flags, b.Flags) {
		t.Errorf("%s: cut-offs %v flags %v %s, %v %v %s", where, a.Pruned, a.Flags, aName, b.Pruned, b.Flags, bName)
	}
}
