package cat

import "math/bits"

// Set is a set of events as a bit set.
type Set []uint64

// NewSet returns an empty set over n events.
func NewSet(n int) Set { return make(Set, (n+63)/64) }

func (s Set) Has(i int) bool { return s[i/64]&(1<<(uint(i)%64)) != 0 }
func (s Set) Add(i int)      { s[i/64] |= 1 << (uint(i) % 64) }

// Empty reports whether s has no element.
func (s Set) Empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// Len counts the elements.
func (s Set) Len() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

func (s Set) clone() Set { return append(Set(nil), s...) }

func (s Set) equal(t Set) bool {
	for i := range s {
		if s[i] != t[i] {
			return false
		}
	}
	return true
}

// Rel is a binary relation over events: row i is the set of successors of i.
type Rel []Set

// NewRel returns an empty relation over n events.
func NewRel(n int) Rel {
	r := make(Rel, n)
	for i := range r {
		r[i] = NewSet(n)
	}
	return r
}

func (r Rel) Has(i, j int) bool { return r[i].Has(j) }
func (r Rel) Add(i, j int)      { r[i].Add(j) }

// Empty reports whether r has no pair.
func (r Rel) Empty() bool {
	for _, row := range r {
		if !row.Empty() {
			return false
		}
	}
	return true
}

// Pairs lists the pairs of r in order.
func (r Rel) Pairs() [][2]int {
	var out [][2]int
	for i, row := range r {
		for j := 0; j < len(r); j++ {
			if row.Has(j) {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

func (r Rel) clone() Rel {
	out := make(Rel, len(r))
	for i := range r {
		out[i] = r[i].clone()
	}
	return out
}

func (r Rel) equal(t Rel) bool {
	for i := range r {
		if !r[i].equal(t[i]) {
			return false
		}
	}
	return true
}

// Execution is a concrete candidate execution: N events, the base sets
// and tags (by name), and the base relations (by name). Missing names are
// empty.
type Execution struct {
	N    int
	Sets map[string]Set
	Rels map[string]Rel
	// Stxn relates the events of each atomic block that accesses several
	// locations (txn.go); nil when there is none.
	Stxn Rel
}

// EventKind is the kind of an event of a Candidate.
type EventKind uint8

const (
	Read EventKind = iota + 1
	Write
	Fence
)

// Event is one event of a Candidate.
type Event struct {
	Thread int // -1 for an initial write
	Kind   EventKind
	Loc    int // location number; -1 for fences
	Tags   []string
	// Block numbers the atomic block instance the event belongs to (0:
	// none); a block accessing several locations is a transaction (txn.go).
	Block int
}

// Candidate describes a candidate execution by its events and the
// relations that are not derived: program order (which need not be the
// per-thread order: checkfence's init and final threads are ordered before
// and after the others), reads-from, coherence (every ordered pair, i.e.
// transitively closed), dependencies and read-modify-write pairs. SI
// lists the pairs of distinct events of one access (mixed-size footprint
// events); si is SI plus the identity.
type Candidate struct {
	Events                       []Event
	PO, RF, CO, Addr, Data, Ctrl [][2]int
	Amo, Lxsx                    [][2]int
	SI                           [][2]int
}

// Execution derives the base sets and relations (doc.go): M, IW, FW, loc,
// int, ext, id, fr = rf^-1;co, rmw = amo | lxsx, si = SI | id.
func (c *Candidate) Execution() *Execution {
	n := len(c.Events)
	x := &Execution{N: n, Sets: map[string]Set{}, Rels: map[string]Rel{}}
	set := func(name string) Set {
		s, ok := x.Sets[name]
		if !ok {
			s = NewSet(n)
			x.Sets[name] = s
		}
		return s
	}
	rel := func(name string, pairs [][2]int) Rel {
		r := NewRel(n)
		for _, p := range pairs {
			r.Add(p[0], p[1])
		}
		x.Rels[name] = r
		return r
	}
	for _, s := range []string{"R", "W", "M", "F", "IW", "FW"} {
		set(s)
	}
	for i, e := range c.Events {
		switch e.Kind {
		case Read:
			set("R").Add(i)
			set("M").Add(i)
		case Write:
			set("W").Add(i)
			set("M").Add(i)
			if e.Thread < 0 {
				set("IW").Add(i)
			}
		case Fence:
			set("F").Add(i)
		}
		for _, t := range e.Tags {
			set(t).Add(i)
		}
	}
	rel("po", c.PO)
	rf := rel("rf", c.RF)
	co := rel("co", c.CO)
	rel("addr", c.Addr)
	rel("data", c.Data)
	rel("ctrl", c.Ctrl)
	amo := rel("amo", c.Amo)
	lxsx := rel("lxsx", c.Lxsx)
	si := rel("si", c.SI)
	rmw, loc, in, ext, id, fr := NewRel(n), NewRel(n), NewRel(n), NewRel(n), NewRel(n), NewRel(n)
	for i, a := range c.Events {
		id.Add(i, i)
		si.Add(i, i)
		for j, b := range c.Events {
			if amo.Has(i, j) || lxsx.Has(i, j) {
				rmw.Add(i, j)
			}
			if a.Loc >= 0 && a.Loc == b.Loc {
				loc.Add(i, j)
			}
			if i == j || a.Thread >= 0 && a.Thread == b.Thread {
				in.Add(i, j)
			} else {
				ext.Add(i, j)
			}
			if a.Kind == Read {
				for w := 0; w < n; w++ {
					if rf.Has(w, i) && co.Has(w, j) {
						fr.Add(i, j)
					}
				}
			}
		}
	}
	x.Rels["rmw"], x.Rels["loc"], x.Rels["int"], x.Rels["ext"], x.Rels["id"], x.Rels["fr"] = rmw, loc, in, ext, id, fr
	mergeAMOHalves(c, x)
	x.Stxn = c.stxn()
	if x.Stxn != nil {
		x.Rels["stxn"] = x.Stxn // a model may name it (docs/models.md)
	}
	fw := set("FW")
	for i, e := range c.Events {
		if e.Kind == Write && co[i].Empty() {
			fw.Add(i)
		}
	}
	return x
}
