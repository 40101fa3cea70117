package memmodel

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
)

// NeedsDependencies reports whether the model can use data or control
// dependencies on program u. Tracking them costs circuit size, so it is
// skipped for a cat model that mentions none of addr, data and ctrl, and
// for a .mm model when no axiom mentions them, or when every such axiom is
// an implication whose premise requires a kind of fence the program lacks
// (as in relaxed's <dd> and <cd> for code without those fences).
func (md *Model) NeedsDependencies(u *lsl.Unrolled) bool {
	if md.cat != nil {
		return md.cat.Uses["addr"] || md.cat.Uses["data"] || md.cat.Uses["ctrl"]
	}
	m := md.mm
	present := map[string]bool{}
	for _, th := range u.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			if f, ok := s.(*lsl.Fence); ok {
				for _, p := range f.Kind.Predicates() {
					present[p] = true
				}
			}
			return true
		})
	}
	for _, ax := range m.Axioms {
		if !mentions(ax.Body, "data_dependent") && !mentions(ax.Body, "control_dependent") {
			continue
		}
		if imp, ok := ax.Body.(*axioms.Implies); ok {
			if missingFence(imp.L, present) {
				continue
			}
		}
		return true
	}
	return false
}

// missingFence reports whether premise f is a conjunction containing a fence
// predicate (ll_fence, …) that no fence of the program satisfies.
func missingFence(f axioms.Formula, present map[string]bool) bool {
	var conj []axioms.Formula
	switch f := f.(type) {
	case *axioms.And:
		conj = f.Xs
	default:
		conj = []axioms.Formula{f}
	}
	for _, x := range conj {
		if a, ok := x.(*axioms.Apply); ok && isFencePred(a.Name) && !present[a.Name] {
			return true
		}
	}
	return false
}

func isFencePred(name string) bool {
	switch name {
	case "ll_fence", "ls_fence", "sl_fence", "ss_fence", "al_fence", "ddl_fence", "cd_fence":
		return true
	}
	return false
}

func mentions(f axioms.Formula, name string) bool {
	switch f := f.(type) {
	case *axioms.Not:
		return mentions(f.X, name)
	case *axioms.And:
		for _, x := range f.Xs {
			if mentions(x, name) {
				return true
			}
		}
	case *axioms.Or:
		for _, x := range f.Xs {
			if mentions(x, name) {
				return true
			}
		}
	case *axioms.Implies:
		return mentions(f.L, name) || mentions(f.R, name)
	case *axioms.Iff:
		return mentions(f.L, name) || mentions(f.R, name)
	case *axioms.Apply:
		return f.Name == name
	case *axioms.Quant:
		return mentions(f.Body, name)
	}
	return false
}
