package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Mixed-size accesses. A front end splits an access that other accesses
// overlap only partly into one load or store per cell (lsl.TagPart: a 64-bit
// store read back as two 32-bit halves is two stores of 32 bits, one per
// half). The parts of one access are one instance, herd's footprint events
// of one instruction (Flur et al., POPL 2017): si relates them, program
// order does not (it orders instructions), and the read-modify-write pairs
// of an exclusive load and store pair them cell by cell. Each part is an
// ordinary event for everything else: rf, co and fr are per cell, so loc
// relates the parts of two accesses that move the same cell.
//
// Without parts si is the identity and program order is the static total
// order of each thread; the encodings that exploit that (composePO,
// closureWithPO, assertAcyclicByOrder) are used only then (staticPO).

// sameInstance is si: the pairs of events of one access, the identity
// included.
func (ci *CatInstance) sameInstance() *lrel {
	r := newLrel(ci.n())
	members := map[int][]int{} // access -> its events, in order
	for i, ev := range ci.Events {
		members[ev.Access] = append(members[ev.Access], i)
	}
	for a := range ci.Events {
		for _, b := range members[ci.Events[a].Access] {
			if l := ci.both(a, b); l != ci.c.F {
				r.rows[a] = append(r.rows[a], lentry{int32(b), l})
			}
		}
	}
	return r
}

// pairParts relates the parts of the exclusive load whose last part is l
// to the store-exclusive part s that moves the same cell, unless an
// exclusive load executes in between (later); it returns later extended by
// this load.
func (ci *CatInstance) pairParts(r *lrel, l, s int, later z.Lit) z.Lit {
	c := ci.c
	for p := ci.Events[l].Access; p <= l; p++ {
		if ci.Events[p].Access != ci.Events[l].Access || ci.Events[p].Kind != cat.Read {
			continue
		}
		if lit := c.Ands(ci.both(p, s), ci.sameLoc(p, s), later.Not()); lit != c.F {
			r.rows[p] = append(r.rows[p], lentry{int32(s), lit})
		}
	}
	return c.Or(later, ci.guards[l])
}

// staticPO reports whether n is po and po is the static total order of
// each thread (no access has parts), which composePO and the closures
// through po rely on.
func (ci *CatInstance) staticPO(n *cat.Node) bool { return isPO(n) && !ci.hasParts }
