package memmodel

import (
	"context"
	"fmt"
	"time"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/lsl"
)

// A memory model that admits no execution at all (an axiom "false", two
// axioms that contradict each other) makes every test PASS: there is no
// execution to fail. Every model worth checking against admits the
// sequentially consistent executions of a simple program, so a model from
// a file is tried on one first: two threads that store, load, fence and
// run an atomic block. If it allows none of its candidate executions, the
// model is vacuous and rejected.

// trivial is the probe of the vacuity check:
//
//	a: store x; load y; fence full; atomic { load x; store x }
//	b: store y; load x
var trivial = &probe{name: "trivial", threads: [][]pev{
	{w(0), r(1), f(lsl.FenceFull), r(0).in(1), w(0).in(1)},
	{w(1), r(0)},
}}

// vacuityBudget bounds the check (it takes milliseconds on any sane model).
const vacuityBudget = 20 * time.Second

// vacuousMsg ends the message of a model that admits no execution.
const vacuousMsg = "admits no execution of a trivial program (two threads that store, load and fence): every test would PASS vacuously"

// Validate returns an input error at the model when it admits no
// execution of the trivial program: for a cat model at the first check
// that alone admits none (acyclic id, empty _), else at the file. A
// model too slow to tell within the budget (or ctx) is let through; when
// ctx is done the error is a *limits.CanceledError.
func (m *Model) Validate(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	bctx, cancel := context.WithTimeout(ctx, vacuityBudget)
	defer cancel()
	some, err := m.admitsSome(bctx, trivial)
	if err != nil {
		if e := limits.Canceled(ctx, "checking that the model admits some execution"); e != nil {
			return e
		}
		if bctx.Err() != nil {
			return nil // too slow to tell: let the checks run
		}
		return err
	}
	if some {
		return nil
	}
	if m.cat != nil {
		for _, k := range m.cat.Checks() {
			if !catAdmitsSome(m.cat, []*cat.Constraint{k}, trivial) {
				return &diag.Error{Pos: k.Pos, Msg: fmt.Sprintf("%s: the model %s; this check is always false", k, vacuousMsg), Code: diag.CodeVacuous}
			}
		}
		return &diag.Error{Pos: diag.Pos{File: m.name, Line: 1, Col: 1}, Msg: fmt.Sprintf("model %s %s; check the checks for ones that contradict each other", m.name, vacuousMsg), Code: diag.CodeVacuous}
	}
	pos := m.mm.Pos
	if pos.Line <= 0 {
		pos.Line, pos.Col = 1, 1
	}
	return &diag.Error{Pos: pos, Msg: fmt.Sprintf("model %s %s; check the axioms for one that is always false", m.name, vacuousMsg), Code: diag.CodeVacuous}
}

// catAdmitsSome is admitsSome for some of a cat model's checks.
func catAdmitsSome(m *cat.Model, checks []*cat.Constraint, p *probe) bool {
	found := false
	p.rfChoices(func(rf map[ref]ref) bool {
		found = catAllows(m, checks, p, rf)
		return !found
	})
	return found
}

// C11 atomics on a .mm model (docs/models.md, "C11 atomics on hardware
// models"): the C front ends keep two relaxed atomic loads of one location
// in order (read-read coherence) with an aliased-loads fence after each
// atomic load. A model that lets aliased loads reorder and ignores that
// fence loses the guarantee, and a retry loop whose failed compare-exchange
// reads the location in turn newer and older may never converge (the
// built-in rmo did, until it declared al_fence). Describe says so, by
// trying CoRR with the fence on the model.

// corrAL is CoRR with an aliased-loads fence: w stores x; r loads x (the
// store), fences, and loads x again (the initial value).
var corrAL = &probe{name: "CoRR+al", threads: [][]pev{
	{w(0)},
	{r(0), f(lsl.FenceAliasedLoads), r(0)},
}}

// C11CoherenceLost reports whether the model lets a thread read a store
// of x and then, after an aliased-loads fence, x's initial value: relaxed
// C11 atomics would then read out of order. Only .mm models are asked (a
// cat model reads C11 tags or compiles them by its own mapping).
func (m *Model) C11CoherenceLost(ctx context.Context) (bool, error) {
	if m.cat != nil {
		return false, nil
	}
	return m.allows(ctx, corrAL, map[ref]ref{{1, 0}: {0, 0}})
}
