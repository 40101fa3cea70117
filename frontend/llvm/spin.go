package llvmfront

import (
	"github.com/llir/llvm/ir"
)

// isSpin reports whether the loop headed by h is a side-effect-free spin
// loop (dissertation §7.2.3, SPEC §3): its iterations only load, compute
// and fence, so only the last one needs to be modelled, and a thread that
// can never leave it is deadlocked. The conditions mirror the C front
// end's (a loop whose condition only loads and computes): no stores, no
// atomic read-modify-writes, no calls other than fences and the thread
// functions, no nested loop, no value carried from one iteration to the
// next (no phi at the header; a local variable written in the loop must be
// written before it is read in every iteration).
func (f *fn) isSpin(h int) bool {
	g := f.g
	body := g.body[h]
	written := map[*ir.InstAlloca]bool{}
	for x, in := range body {
		if !in {
			continue
		}
		if x != h && g.isHeader(x) {
			return false
		}
		b := g.blocks[x]
		for _, inst := range b.Insts {
			switch inst := inst.(type) {
			case *ir.InstPhi:
				if x == h {
					return false
				}
			case *ir.InstStore:
				a := f.promotedOf(inst.Dst)
				if a == nil {
					return false
				}
				written[a] = true
			case *ir.InstCall:
				if !spinCallOK(inst) {
					return false
				}
			case *ir.InstCmpXchg, *ir.InstAtomicRMW, *ir.InstAlloca:
				return false
			}
		}
		switch b.Term.(type) {
		case *ir.TermBr, *ir.TermCondBr, *ir.TermSwitch:
		default:
			return false
		}
	}
	if len(written) == 0 {
		return true
	}
	return f.iterationLocal(h, written)
}

// spinCallOK reports calls that may appear in a spin loop.
func spinCallOK(c *ir.InstCall) bool {
	switch calleeName(c) {
	case "lsl_fence", "lsl_get_thread_id", "lsl_get_number_threads":
		return true
	}
	return isLifetime(c) || hasPrefix(calleeName(c), "llvm.expect.")
}

// iterationLocal checks that every read of a variable written in the loop
// is preceded, on every path from the header within the iteration, by a
// write.
func (f *fn) iterationLocal(h int, written map[*ir.InstAlloca]bool) bool {
	g := f.g
	body := g.body[h]
	// blocks of the loop in reverse postorder; back edges ignored
	defOut := map[int]map[*ir.InstAlloca]bool{}
	for x := h; x < len(g.blocks); x++ {
		if !body[x] {
			continue
		}
		var defs map[*ir.InstAlloca]bool
		if x == h {
			defs = map[*ir.InstAlloca]bool{}
		} else {
			first := true
			for _, p := range g.preds[x] {
				if !body[p] || g.backEdge(p, x) {
					continue
				}
				out := defOut[p]
				if first {
					defs = map[*ir.InstAlloca]bool{}
					for a := range out {
						defs[a] = true
					}
					first = false
					continue
				}
				for a := range defs {
					if !out[a] {
						delete(defs, a)
					}
				}
			}
			if defs == nil {
				defs = map[*ir.InstAlloca]bool{}
			}
		}
		for _, inst := range g.blocks[x].Insts {
			switch inst := inst.(type) {
			case *ir.InstLoad:
				if a := f.promotedOf(inst.Src); a != nil && written[a] && !defs[a] {
					return false
				}
			case *ir.InstStore:
				if a := f.promotedOf(inst.Dst); a != nil {
					defs[a] = true
				}
			}
		}
		defOut[x] = defs
	}
	return true
}
