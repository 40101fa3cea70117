package mining

import (
	"fmt"
	"sort"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/trace"
)

// ReasonAtomicBlock: the counterexample found executes an atomic block
// that accesses several locations (a DCAS, a block reading two
// variables), on a model that is not shown to make such a block atomic
// (memmodel.Properties.AtomicBlocks is false: a user cat model with a
// negated check or an irreflexivity check of one relation, whose blocks
// the built-in checks of atomic blocks isolate and order but which they
// cannot lift; a .mm model without the atomic axioms). The execution may be one that an atomic block forbids, so the
// FAIL cannot be trusted; a PASS can (the model allows a superset of the
// atomic executions). docs/models.md, "Atomic blocks on cat models".
const ReasonAtomicBlock = "atomic-block"

// distrustMultiLocationBlocks turns a FAIL whose execution runs a
// multi-location atomic block into an INCONCLUSIVE on a model that does
// not make such blocks atomic.
func (k *checker) distrustMultiLocationBlocks(r *Result) {
	if r.Verdict != Fail || r.Trace == nil || r.Reason == ReasonSpecError || k.opt.Model.Props().AtomicBlocks {
		return
	}
	pos, ok := multiLocationBlock(r.Trace)
	if !ok {
		return
	}
	r.Message = fmt.Sprintf("the counterexample found (%s: %s) runs the atomic block at %s, which accesses several locations; model %s is not shown to make such a block atomic as a whole (docs/models.md, \"Atomic blocks on cat models\"), so the execution may be one the atomic block forbids",
		r.Reason, r.Message, pos, k.opt.Model.Name())
	r.Verdict, r.Reason = Inconclusive, ReasonAtomicBlock
	r.Trace = nil
}

// multiLocationBlock finds an executed atomic block instance (one
// Event.Atomic id) whose accesses touch two or more addresses; pos is
// its first access.
func multiLocationBlock(x *trace.Execution) (diag.Pos, bool) {
	type block struct {
		addrs map[string]bool
		first int
		pos   diag.Pos
	}
	blocks := map[int]*block{}
	ids := make([]int, 0, len(x.Events))
	for id := range x.Events {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, ii := range ids {
		ev := x.Events[ii]
		if ev == nil || ev.Atomic == 0 || ev.Kind != "load" && ev.Kind != "store" {
			continue
		}
		b := blocks[ev.Atomic]
		if b == nil {
			b = &block{addrs: map[string]bool{}, first: ii, pos: ev.Pos}
			blocks[ev.Atomic] = b
		}
		b.addrs[ev.Addr.Key()] = true
	}
	var found *block
	for _, b := range blocks {
		if len(b.addrs) >= 2 && (found == nil || b.first < found.first) {
			found = b
		}
	}
	if found == nil {
		return diag.Pos{}, false
	}
	return found.pos, true
}
