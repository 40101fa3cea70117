package cat

import (
	"slices"
	"strings"
	"sync"
)

// Program order a model keeps in every execution (docs/semantics.md,
// "Storing rounds behind fences", on cat models). The fence case of fair
// progress deletes a storing retry round when no load past its thread's
// cut can read its stores; on a .mm model it argues in the memory order,
// with the program's fences. On a cat model it argues in one acyclic
// check X of the model that holds every external reads-from and
// from-read pair: a load that reads the round's store s while the thread's
// later store s2 to the address is X-before it closes a cycle through
// from-read. What the argument needs of the program is which pairs of a
// thread's events X holds in every execution, given only their kinds and
// tags, the fences between them, and whether they access one location.
//
// PoOrder answers that by evaluating X on the smallest execution that has
// the pattern — its events in program order, nothing else: no reads-from,
// coherence, dependencies or read-modify-write pairs — with every term
// that is not monotone taken as empty (a difference or complement whose
// subtracted part is not local, a recursion that is not monotone, the
// final writes). What remains is monotone in every base set and relation
// and in the events, so its value on the pattern is contained in its value
// on every execution that has the pattern's events with these tags, and
// is contained in X there. A subtracted part is local when its value on
// two events depends only on their kinds, tags and threads and on program
// order between them (sets, cartesian products, id, int, ext, po), which
// every such execution shares with the pattern.

// EventClass is an event's kind and tags, as the encoding gives them.
type EventClass struct {
	Kind EventKind
	Tags []string
}

// Key names the class (tags sorted).
func (c EventClass) Key() string {
	t := slices.Clone(c.Tags)
	slices.Sort(t)
	t = slices.Compact(t)
	return string(rune('0'+c.Kind)) + ":" + strings.Join(t, ",")
}

// PoOrder is one acyclic check of a model that holds every external
// reads-from and from-read pair between events of the program's classes,
// and the pairs of a thread's events it holds in every execution.
type PoOrder struct {
	m     *Model
	check *Constraint
	mu    sync.Mutex // Ordered may be asked from several checks at once
	memo  map[string]bool
	local map[*Node]bool
}

// NewPoOrder picks, among the acyclic checks of m that hold every rfe and
// fre pair between events of classes, the one that orders the most pairs
// of classes in program order; nil when there is none.
func NewPoOrder(m *Model, classes []EventClass) *PoOrder {
	keys := make([]string, len(classes))
	for i, c := range classes {
		keys[i] = c.Key()
	}
	slices.Sort(keys)
	ck := poOrderKey{m, strings.Join(keys, "\n")}
	if o, ok := poOrders.Load(ck); ok {
		return o.(*PoOrder)
	}
	o := newPoOrder(m, classes)
	poOrders.Store(ck, o)
	return o
}

// poOrders caches NewPoOrder by model and set of classes: the sizing runs
// and each encoding of one check ask again.
var poOrders sync.Map

type poOrderKey struct {
	m       *Model
	classes string
}

func newPoOrder(m *Model, classes []EventClass) *PoOrder {
	var best *PoOrder
	bestN := -1
	for _, c := range m.Checks() {
		if c.Kind != Acyclic || c.Negated || c.Expr.Kind != KRel {
			continue
		}
		o := &PoOrder{m: m, check: c, memo: map[string]bool{}, local: map[*Node]bool{}}
		if !o.holdsCommunication(classes) {
			continue
		}
		n := o.score(classes)
		if n > bestN {
			best, bestN = o, n
		}
	}
	return best
}

// score counts the patterns of classes the check orders: each pair of
// accesses with nothing between (weighed first), each pair of untagged
// accesses with one fence between (weighed first too), and each pair on
// one location (a coherence check orders all of those and nothing else).
func (o *PoOrder) score(classes []EventClass) int {
	var fences, plain []EventClass
	for _, c := range classes {
		switch {
		case c.Kind == Fence:
			fences = append(fences, c)
		case len(c.Tags) == 0:
			plain = append(plain, c)
		}
	}
	n := 0
	for _, a := range classes {
		for _, b := range classes {
			if a.Kind == Fence || b.Kind == Fence {
				continue
			}
			if o.Ordered(a, nil, b, true) {
				n++
			}
			if o.Ordered(a, nil, b, false) {
				n += 1 << 20
			}
		}
	}
	for _, a := range plain {
		for _, b := range plain {
			for _, f := range fences {
				if o.Ordered(a, []EventClass{f}, b, false) {
					n += 1 << 20
				}
			}
		}
	}
	return n
}

// Check names the check the order is taken from.
func (o *PoOrder) Check() *Constraint { return o.check }

// holdsCommunication reports whether the check holds every rfe pair (a
// write of one thread, a read of another that reads it) and every fre pair
// (a read of one thread that reads a write s of another, which a later
// write s2 of that thread to the location follows in coherence) between
// events of the classes.
func (o *PoOrder) holdsCommunication(classes []EventClass) bool {
	var ws, rs []EventClass
	for _, c := range classes {
		switch c.Kind {
		case Write:
			ws = append(ws, c)
		case Read:
			rs = append(rs, c)
		}
	}
	for _, w := range ws {
		for _, r := range rs {
			c := &Candidate{
				Events: []Event{{Thread: 0, Kind: Write, Loc: 0, Tags: w.Tags}, {Thread: 1, Kind: Read, Loc: 0, Tags: r.Tags}},
				RF:     [][2]int{{0, 1}},
			}
			if !o.holds(c, 0, 1) {
				return false
			}
			for _, w2 := range ws {
				c := &Candidate{
					Events: []Event{
						{Thread: 0, Kind: Write, Loc: 0, Tags: w.Tags},
						{Thread: 0, Kind: Write, Loc: 0, Tags: w2.Tags},
						{Thread: 1, Kind: Read, Loc: 0, Tags: r.Tags},
					},
					PO: [][2]int{{0, 1}},
					RF: [][2]int{{0, 2}},
					CO: [][2]int{{0, 1}},
				}
				if !o.holds(c, 2, 1) {
					return false
				}
			}
		}
	}
	return true
}

// Ordered reports whether every execution in which a thread has an event
// of class a, then the fences of classes fences in that order, then an
// event of class b, has (a, b) in the check's transitive closure. sameLoc
// says a and b access one location (else nothing is assumed).
func (o *PoOrder) Ordered(a EventClass, fences []EventClass, b EventClass, sameLoc bool) bool {
	var key strings.Builder
	key.WriteString(a.Key())
	for _, f := range fences {
		key.WriteString("|" + f.Key())
	}
	key.WriteString("|" + b.Key())
	if sameLoc {
		key.WriteString("|=")
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if v, ok := o.memo[key.String()]; ok {
		return v
	}
	c := &Candidate{}
	loc := func(k EventKind, l int) int {
		if k == Fence {
			return -1
		}
		return l
	}
	c.Events = append(c.Events, Event{Thread: 0, Kind: a.Kind, Loc: loc(a.Kind, 0), Tags: a.Tags})
	for _, f := range fences {
		c.Events = append(c.Events, Event{Thread: 0, Kind: f.Kind, Loc: loc(f.Kind, 2+len(c.Events)), Tags: f.Tags})
	}
	bl := 1
	if sameLoc {
		bl = 0
	}
	c.Events = append(c.Events, Event{Thread: 0, Kind: b.Kind, Loc: loc(b.Kind, bl), Tags: b.Tags})
	for i := range c.Events {
		for j := i + 1; j < len(c.Events); j++ {
			c.PO = append(c.PO, [2]int{i, j})
		}
	}
	v := o.holds(c, 0, len(c.Events)-1)
	o.memo[key.String()] = v
	return v
}

// holds reports whether the lower bound of the check's relation, closed
// transitively, has (i, j) on c — in each way c's AMO halves may stand
// (the encoding puts a read-modify-write's two halves in both R and W,
// a half whose partner did not run in its own set only).
func (o *PoOrder) holds(c *Candidate, i, j int) bool {
	var amo []int
	for k, e := range c.Events {
		if e.Kind != Fence && IsAMOHalf(e.Tags) {
			amo = append(amo, k)
		}
	}
	for mask := 0; mask < 1<<len(amo); mask++ {
		x := c.Execution()
		for bit, k := range amo {
			if mask&(1<<bit) != 0 {
				x.Sets["R"].Add(k)
				x.Sets["W"].Add(k)
			}
		}
		ev := &evaluator{x: x, sets: map[*Node]Set{}, rels: map[*Node]Rel{}, lower: true, local: o.local}
		if !transClosure(ev.rel(o.check.Expr)).Has(i, j) {
			return false
		}
	}
	return true
}

// notMonotone reports the nodes the lower bound takes as empty: the final
// writes (fewer as coherence grows), a difference or complement whose
// subtracted part is not local, a recursion that is not monotone.
func (ev *evaluator) notMonotone(n *Node) bool {
	switch n.Op {
	case OpBase:
		return n.Name == "FW"
	case OpDiff:
		return !ev.isLocal(n.Kids[1])
	case OpComplement:
		return !ev.isLocal(n.Kids[0])
	case OpRecRef:
		return !n.Rec.Monotone()
	}
	return false
}

// isLocal reports whether n's value on events of the pattern is the same
// in every execution that has them: it reads only the events' kinds, tags
// and threads and program order between them.
func (ev *evaluator) isLocal(n *Node) bool {
	if v, ok := ev.local[n]; ok {
		return v
	}
	var v bool
	switch n.Op {
	case OpBase:
		if n.Kind == KSet {
			v = n.Name != "FW"
		} else {
			v = n.Name == "id" || n.Name == "int" || n.Name == "ext" || n.Name == "po"
		}
	case OpTag, OpEmpty, OpUniverse:
		v = true
	case OpUnion, OpInter, OpDiff, OpComplement, OpCart, OpInverse, OpIdOf, OpOpt:
		v = true
		for _, k := range n.Kids {
			v = v && ev.isLocal(k)
		}
	}
	ev.local[n] = v
	return v
}
