package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/checkfence/checkfence/axioms"
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

// checkVacuous returns an input error at the model when it admits no
// execution of the trivial program.
func checkVacuous(m *axioms.Model) error {
	prog, err := probeProgram("trivial.lsl", trivialProgram)
	if err != nil {
		return err
	}
	test := &lsl.Test{Name: "trivial", Threads: [][]lsl.OpRef{{{Name: "a"}}, {{Name: "b"}}}}
	ctx, cancel := context.WithTimeout(context.Background(), vacuityBudget)
	defer cancel()
	set, err := mining.Executions(ctx, prog, test, mining.Options{Model: m, SATMining: true}, false)
	if err != nil {
		if ctx.Err() != nil {
			return nil // too slow to tell: let the checks run
		}
		return err
	}
	if len(set.Observations) > 0 {
		return nil
	}
	pos := m.Pos
	if pos.Line <= 0 {
		pos.Line, pos.Col = 1, 1
	}
	return &lsl.Error{Pos: pos, Msg: fmt.Sprintf("model %s admits no execution of a trivial program "+
		"(two threads that store, load and fence): every test would PASS vacuously; check the axioms for one that is always false", m.Name)}
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

// loadModel loads a built-in model or a .mm file, rejecting a vacuous
// file.
func loadMMModel(name string) (*axioms.Model, error) {
	m, err := axioms.LoadModel(name)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(name, ".mm") {
		if err := checkVacuous(m); err != nil {
			return nil, err
		}
	}
	return m, nil
}
