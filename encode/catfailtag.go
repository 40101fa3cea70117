package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// The read of a compare-exchange (lsl.FailTag): a load tagged fail.F has
// its own order when its atomic block writes and F when it does not. In
// the cat encoding's sets of C11 orders such a load is a member by its
// own (and its selected conditional) order tags in the first case, by F
// (and the read parts of its selected conditional orders, which the edit
// of a compare-exchange's order gives its failure order too) in the
// second. A hardware model's C11 mapping drops the tag (it is C11
// vocabulary): the compiled instruction is the same for both outcomes.

// blockStores are the stores of in's atomic block (none outside one).
func (e *Encoding) blockStores(in *Instr) []*Instr {
	if in.Atomic == 0 {
		return nil
	}
	var out []*Instr
	same := func(j int) bool {
		o := e.Instrs[j]
		return o.Atomic == in.Atomic && o.Thread == in.Thread
	}
	lo := in.Index
	for lo > 0 && same(lo-1) {
		lo--
	}
	for j := lo; j < len(e.Instrs) && same(j); j++ {
		if o := e.Instrs[j]; o.Kind == axioms.Store {
			out = append(out, o)
		}
	}
	return out
}

// executedIn is whether an instruction executes in val.
func executedIn(val func(z.Lit) bool) func(*Instr) bool {
	return func(in *Instr) bool { return val(in.Guard) }
}

// blockWrote is "in's atomic block executes a store".
func (e *Encoding) blockWrote(in *Instr) z.Lit {
	var gs []z.Lit
	for _, st := range e.blockStores(in) {
		gs = append(gs, st.Guard)
	}
	return e.C.Ors(gs...)
}

// failedRead reports whether in's atomic block executes no store (by
// executed).
func (e *Encoding) failedRead(in *Instr, executed func(st *Instr) bool) bool {
	for _, st := range e.blockStores(in) {
		if executed(st) {
			return false
		}
	}
	return true
}

// outcomeMember is the membership of event i, a load with a failure tag,
// in the set of tag name, given plain, its membership by its tags alone
// (baseSet).
func (ci *CatInstance) outcomeMember(i int, name string, plain z.Lit) z.Lit {
	ev := ci.Events[i]
	in := ci.instr(i)
	f := lsl.FailOrder(ev.Tags)
	if ev.Kind != cat.Read || in == nil || f == "" || lsl.C11Order([]string{name}) != name {
		return plain
	}
	c := ci.c
	g := ci.guards[i]
	failed := []z.Lit{c.F}
	if f == name {
		failed = append(failed, g)
	}
	for _, t := range ev.Tags {
		if id, o, ok := lsl.ParseCondTag(t); ok && lsl.C11Order([]string{o}) == o && lsl.ReadOrder(o) == name {
			failed = append(failed, c.And(g, ci.e.Selector(id)))
		}
	}
	wrote := ci.e.blockWrote(in)
	return c.Or(c.And(plain, wrote), c.And(c.Ors(failed...), wrote.Not()))
}
