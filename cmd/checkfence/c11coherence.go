package main

import (
	"context"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// C11 atomics on a .mm model (docs/models.md, "C11 atomics on hardware
// models"): the C front ends keep two relaxed atomic loads of one location
// in order (read-read coherence) with an aliased-loads fence after each
// atomic load. A model that lets aliased loads reorder and ignores that
// fence loses the guarantee, and a retry loop whose failed compare-exchange
// reads the location in turn newer and older may never converge (the
// built-in rmo did, until it declared al_fence). `checkfence models
// FILE.mm` says so, by trying CoRR with the fence on the model.

const corrProgram = `global X
proc w() { store @X, 1 }
proc r() {
    %a := load @X
    fence aliased-loads
    %b := load @X
    %p := ne(%a, 1)
    %q := ne(%b, 0)
    %ok := or(%p, %q)
    assert %ok "the second load read an older value than the first"
}
`

// c11CoherenceLost reports whether m lets a thread read X = 1 and then,
// after an aliased-loads fence, X = 0 (the initial value) while another
// thread stores 1: relaxed C11 atomics would then read out of order.
func c11CoherenceLost(ctx context.Context, m *axioms.Model) (bool, error) {
	prog, err := probeProgram("corr.lsl", corrProgram)
	if err != nil {
		return false, err
	}
	test := &lsl.Test{Name: "CoRR+al", Threads: [][]lsl.OpRef{{{Name: "w"}}, {{Name: "r"}}}}
	r, err := mining.Check(ctx, prog, test, mining.Options{Model: m})
	if err != nil {
		return false, err
	}
	return r.Verdict == mining.Fail && r.Reason == mining.ReasonAssertion, nil
}
