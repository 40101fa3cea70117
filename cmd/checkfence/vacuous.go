package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// A memory model that admits no execution at all (an axiom "false", two
// axioms that contradict each other) makes every test PASS: there is no
// execution to fail. Every model worth checking against admits the
// sequentially consistent executions of a simple program, so a model from
// a file is tried on one first: two threads that store, load, fence and
// run an atomic block. If no execution of it completes, the model is
// vacuous and rejected.

const trivialProgram = `global X
global Y
proc a() {
    store @X, 1
    %r := load @Y
    fence full
    atomic { %s := load @X  store @X, 2 }
    observe output "r" %r
}
proc b() {
    store @Y, 1
    %r := load @X
    observe output "r" %r
}
`

// vacuityBudget bounds the check (it takes milliseconds on any sane model).
const vacuityBudget = 20 * time.Second

// vacuousMsg ends the message of a model that admits no execution.
const vacuousMsg = "admits no execution of a trivial program (two threads that store, load and fence): every test would PASS vacuously"

// checkVacuous returns an input error at the model when it admits no
// execution of the trivial program. ctx (nil: none) is the limits of the
// command: a model that is too slow to tell within them is let through.
func checkVacuous(ctx context.Context, m *axioms.Model) error {
	empty, err := admitsNothing(ctx, mining.Options{Model: m})
	if err != nil || !empty {
		return err
	}
	pos := m.Pos
	if pos.Line <= 0 {
		pos.Line, pos.Col = 1, 1
	}
	return &lsl.Error{Pos: pos, Msg: fmt.Sprintf("model %s %s; check the axioms for one that is always false", m.Name, vacuousMsg)}
}

// checkVacuousCat is checkVacuous for a cat model from a file: the error
// is at the first check that alone admits no execution (acyclic id,
// empty _), else at the file.
func checkVacuousCat(ctx context.Context, m *cat.Model) error {
	empty, err := admitsNothing(ctx, mining.Options{Cat: m})
	if err != nil || !empty {
		return err
	}
	for _, k := range m.Checks() {
		one := *m
		one.Constraints = []*cat.Constraint{k}
		if alone, err := admitsNothing(ctx, mining.Options{Cat: &one}); err == nil && alone {
			return &lsl.Error{Pos: k.Pos, Msg: fmt.Sprintf("%s: the model %s; this check is always false", k, vacuousMsg)}
		}
	}
	return &lsl.Error{Pos: lsl.Pos{File: m.Name, Line: 1, Col: 1}, Msg: fmt.Sprintf("model %s %s; check the checks for ones that contradict each other", m.Name, vacuousMsg)}
}

// admitsNothing reports whether no execution of the trivial program
// completes on the model of opt. It reports false when it cannot tell
// within vacuityBudget, and a *lsl.CanceledError when ctx is done.
func admitsNothing(ctx context.Context, opt mining.Options) (bool, error) {
	prog, err := probeProgram("trivial.lsl", trivialProgram)
	if err != nil {
		return false, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	test := &lsl.Test{Name: "trivial", Threads: [][]lsl.OpRef{{{Name: "a"}}, {{Name: "b"}}}}
	bctx, cancel := context.WithTimeout(ctx, vacuityBudget)
	defer cancel()
	opt.SATMining = true
	set, err := mining.Executions(bctx, prog, test, opt, false)
	if err != nil {
		if e := lsl.Canceled(ctx, "checking that the model admits some execution"); e != nil {
			return false, e
		}
		if bctx.Err() != nil {
			return false, nil // too slow to tell: let the checks run
		}
		return false, err
	}
	return len(set.Observations) == 0, nil
}

// probeProgram parses and checks one of the small programs a model from a
// file is tried on.
func probeProgram(name, src string) (*lsl.Program, error) {
	prog, err := lsl.Parse(name, []byte(src))
	if err == nil {
		err = prog.Check()
	}
	if err != nil {
		return nil, fmt.Errorf("internal error: %v", err)
	}
	return prog, nil
}

// loadMMModel loads a built-in model or a .mm file, rejecting a vacuous
// file.
func loadMMModel(ctx context.Context, name string) (*axioms.Model, error) {
	m, err := axioms.LoadModel(name)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(name, ".mm") {
		if err := checkVacuous(ctx, m); err != nil {
			return nil, err
		}
	}
	return m, nil
}
