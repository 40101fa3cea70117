package refcheck

import (
	"slices"
	"strings"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
)

// Reload rounds (docs/semantics.md, "Fair progress"; the engine's
// encode/reload.go), implemented on concrete runs: when the statements
// just before a loop are load L, then only fences and copies of L's
// value, and the loop's first round continues having stored and observed
// nothing, with every live register unchanged except those holding L's
// value, which now hold the value of a later load C of L's address that
// is followed in the round by fences of the kinds that followed L, the
// run is discarded — it reduces to one with the round deleted and L read
// where C read. The reference applies it where the engine does: fair
// progress on a built-in model. Where a dependency axiom can fire, L must
// have no address dependencies, the registers that held L's value must
// now depend on C, the others keep their dependencies, and C is control
// dependent on whatever L was.

// Storing reload rounds (docs/semantics.md, "Storing reload rounds"): a
// round may store when no load at all reads its stores (its C included),
// decided, as for a cycle that stores, by a read condition on the seed
// function, and when its thread is not cut off after it inside the loop
// or its stores are superseded while the other threads are done
// (finishFair, pendingCycle). At the loop's bound a round that stores
// stays a cut-off.

// reloadMode says which reload rounds apply.
type reloadMode uint8

const (
	reloadOff       reloadMode = iota
	reloadStoreless            // rounds that store nothing
	reloadStoring              // and rounds whose stores nobody reads
)

// reloadModeOf is the mode of the two switches.
func reloadModeOf(reload, storing bool) reloadMode {
	switch {
	case !reload:
		return reloadOff
	case !storing:
		return reloadStoreless
	}
	return reloadStoring
}

// reloadSrc is the load the next loop's first round may re-read.
type reloadSrc struct {
	load   int // local index of L
	addr   lsl.Value
	regs   map[lsl.Reg]bool
	fences []lsl.FenceKind
}

// dependenciesMatter reports whether some axiom of m that mentions a
// dependency can fire on u: one without a dependency fence in its text, or
// with one the program has.
func dependenciesMatter(m *axioms.Model, u *lsl.Unrolled) bool {
	has := map[lsl.FenceKind]bool{}
	for _, th := range u.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			if f, ok := s.(*lsl.Fence); ok {
				has[f.Kind] = true
			}
			return true
		})
	}
	for _, ax := range m.Axioms {
		text := axioms.FormulaString(ax.Body)
		if !strings.Contains(text, "data_dependent") && !strings.Contains(text, "control_dependent") {
			continue
		}
		switch {
		case strings.Contains(text, "ddl_fence") && !has[lsl.FenceDataDependentLoads]:
		case strings.Contains(text, "cd_fence") && !has[lsl.FenceControlDependent]:
		default:
			return true
		}
	}
	return false
}

// trackReload updates the reload source before statement s runs.
func (x *interp) trackReload(s lsl.Stmt) {
	src := x.reloadSrc
	if src == nil {
		return
	}
	switch s := s.(type) {
	case *lsl.Block:
	case *lsl.Fence:
		src.fences = append(src.fences, s.Kind)
	case *lsl.Assign:
		uses := false
		for _, a := range s.Args {
			if r, ok := a.(lsl.Reg); ok && src.regs[r] {
				uses = true
			}
		}
		switch {
		case s.Op == lsl.OpCopy && uses:
			src.regs[s.Dst] = true
		case uses:
			x.reloadSrc = nil
		default:
			delete(src.regs, s.Dst)
		}
	default:
		x.reloadSrc = nil // loads set it again once they ran
	}
}

// isReloadRound reports whether the first round of a loop, which started
// at st and goes on to the next iteration, is a reload round of src,
// storing allows it to store (the caller judges its stores).
func (x *interp) isReloadRound(src *reloadSrc, st iterState, storing bool) bool {
	if x.nobs != st.nobs {
		return false
	}
	round := x.r.instrs[st.instr:]
	for _, in := range round {
		if in.kind == axioms.Store && !storing {
			return false
		}
	}
	for r := range st.live {
		if !src.regs[r] && (!x.reg(r).Equal(st.vals[r]) || x.reloadDeps && !subset(st.deps[r], x.deps[r])) {
			return false
		}
	}
next:
	for i, c := range round {
		if c.kind != axioms.Load || !c.addr.Equal(src.addr) {
			continue
		}
		j := i + 1
		for _, k := range src.fences {
			for j < len(round) && !(round[j].kind == axioms.Fence && round[j].fence == k) {
				j++
			}
			if j == len(round) {
				continue next
			}
			j++
		}
		for r := range st.live {
			if src.regs[r] && (!x.reg(r).Equal(c.val) || x.reloadDeps && !slices.Contains(x.deps[r], st.instr+i)) {
				continue next
			}
		}
		if x.reloadDeps && !subset(x.r.instrs[src.load].cdeps, c.cdeps) {
			continue
		}
		return true
	}
	return false
}

// reloadStores guesses, for a reload round that starts at st and goes on
// to the next iteration, whether a load reads its stores, and reports
// whether it stores. Guessed unread, it is a pending cycle (finishFair
// deletes the run unless the thread is cut off after it inside its loop,
// where superseded stores still delete it when the others are done); its
// read condition counts every load, those of the round included, so the
// moved load finds its source.
func (x *interp) reloadStores(st iterState) bool {
	var stores []int
	for i := st.instr; i < len(x.r.instrs); i++ {
		if x.r.instrs[i].kind == axioms.Store {
			stores = append(stores, i)
		}
	}
	if len(stores) == 0 {
		return false
	}
	cond := readCond{stores: stores, lo: st.instr, hi: st.instr}
	if x.choice(2) == 1 {
		x.r.readConds = append(x.r.readConds, cond)
		inst := -1 // not inside a known instance: assume the worst
		if n := len(x.loops); n > 0 {
			inst = x.loops[n-1]
		}
		x.pending = append(x.pending, pendingCycle{instance: inst, stores: stores, hi: len(x.r.instrs), reload: true})
		return true
	}
	cond.read = true
	x.r.readConds = append(x.r.readConds, cond)
	return true
}

// subset reports whether every element of a is in b.
func subset(a, b []int) bool {
	for _, v := range a {
		if !slices.Contains(b, v) {
			return false
		}
	}
	return true
}
