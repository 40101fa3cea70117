package refcheck

import (
	"fmt"
	"sort"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
)

// initial is the value a never-written cell holds: a global's initializer
// for that cell, else 0 in globals and the pool flags, else ⊥ (allocated
// blocks, locals, and addresses outside every block).
func initial(u *lsl.Unrolled, addr lsl.Value) lsl.Value {
	if addr.Kind != lsl.KPtr {
		return lsl.Undef
	}
	base, path := addr.Ptr[0], addr.Ptr[1:]
	if name := u.Prog.GlobalName(base); name != "" {
		for _, ci := range u.Prog.Global(name).Init {
			if equalPath(ci.Path, path) {
				return ci.Val
			}
		}
	}
	if b := u.Block(base); b != nil && b.ZeroInit() {
		return lsl.Num(0)
	}
	return lsl.Undef
}

func equalPath(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// valueSet is a set of values kept in a deterministic order.
type valueSet struct {
	keys map[string]bool
	vals []lsl.Value
}

func (s *valueSet) add(v lsl.Value) bool {
	if s.keys == nil {
		s.keys = map[string]bool{}
	}
	k := v.Key()
	if s.keys[k] {
		return false
	}
	s.keys[k] = true
	s.vals = append(s.vals, v)
	sort.Slice(s.vals, func(i, j int) bool { return s.vals[i].Key() < s.vals[j].Key() })
	return true
}

// maxValues bounds the candidate values of one address: the reference is
// exponential by design.
const maxValues = 16

// threadRuns computes the runs of every thread. A load may return the
// initial value of its address, any constant of the program (a store may
// depend on a branch that only a value from that very store takes, which
// relaxed models allow), or any value some run stores there. The stored
// values depend on the loaded ones, so the candidate sets are grown in
// rounds: round k adds the values whose computation passes through k
// stores. Every store executes at most once in an unrolled program, so a
// value that an execution computes without a circular dependency is found
// within as many rounds as there are stores. Values that only an
// out-of-thin-air cycle could compute are not considered, as in the range
// analysis of the dissertation (§7.3.2). Extra candidates cost time but
// not exactness: a load value no store provides has no seed.
func threadRuns(u *lsl.Unrolled, fair bool, reload reloadMode, silent, deps bool) ([][]*run, error) {
	stores := 0
	for _, th := range u.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			if _, ok := s.(*lsl.Store); ok {
				stores++
			}
			return true
		})
	}
	consts := constants(u)
	stored := map[string]*valueSet{}
	values := func(addr lsl.Value) []lsl.Value {
		var s valueSet
		s.add(initial(u, addr))
		for _, v := range consts.vals {
			s.add(v)
		}
		if st := stored[addr.Key()]; st != nil {
			for _, v := range st.vals {
				s.add(v)
			}
		}
		return s.vals
	}
	for round := 0; ; round++ {
		all := make([][]*run, len(u.Threads))
		for ti := range u.Threads {
			rs, err := runs(u.Prog, u, ti, values, fair, reload, silent, deps)
			if err != nil {
				return nil, err
			}
			all[ti] = rs
		}
		if round == stores {
			return executable(all), nil
		}
		// Loads of the next round may read the values stored in this one.
		grew := false
		for _, rs := range all {
			for _, r := range rs {
				for _, in := range r.instrs {
					if in.kind != axioms.Store {
						continue
					}
					k := in.addr.Key()
					if stored[k] == nil {
						stored[k] = &valueSet{}
					}
					if stored[k].add(in.val) {
						grew = true
						if len(stored[k].vals) > maxValues {
							return nil, fmt.Errorf("more than %d values are stored to %s: %w", maxValues, in.addr, ErrLimit)
						}
					}
				}
			}
		}
		if !grew {
			return executable(all), nil
		}
	}
}

// executable drops the discarded runs.
func executable(all [][]*run) [][]*run {
	out := make([][]*run, len(all))
	for ti, rs := range all {
		for _, r := range rs {
			if r.status != statusDiscarded {
				out[ti] = append(out[ti], r)
			}
		}
	}
	return out
}

// constants collects the numbers and pointers a branch may need to see
// in a circular dependency: the values stores write and comparisons
// compare with, and the globals' initializers.
func constants(u *lsl.Unrolled) *valueSet {
	s := &valueSet{}
	add := func(o lsl.Operand) {
		if c, ok := o.(lsl.Const); ok && (c.V.Kind == lsl.KNum || c.V.Kind == lsl.KPtr) {
			s.add(c.V)
		}
	}
	for _, g := range u.Prog.Globals {
		for _, ci := range g.Init {
			if ci.Val.Kind == lsl.KNum || ci.Val.Kind == lsl.KPtr {
				s.add(ci.Val)
			}
		}
	}
	for _, th := range u.Threads {
		lsl.Walk(th.Body, func(st lsl.Stmt) bool {
			switch st := st.(type) {
			case *lsl.Store:
				add(st.Val)
			case *lsl.Assign:
				switch st.Op {
				case lsl.OpEq, lsl.OpNe, lsl.OpLt, lsl.OpLe:
					for _, a := range st.Args {
						add(a)
					}
				}
			}
			return true
		})
	}
	return s
}
