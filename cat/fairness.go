package cat

import "fmt"

// Fair progress on cat models (docs/semantics.md, "Fair progress on cat
// models"). The engine deletes a cycle — loop iterations that store
// nothing and end in the state they started in — from an execution, which
// removes reads and fences, never writes. FairProgressSafe checks that the
// model survives that: every check, evaluated on the reduced execution,
// gives a relation contained in the restriction of its value on the
// original one (so a consistent execution stays consistent), and every
// flag a relation containing it (so a flag that fires on events that
// remain still fires; the engine keeps cycles whose own events a flag
// names).

// stability says how a node's value on the reduced execution compares with
// the restriction of its value on the original to the remaining events.
type stability uint8

const (
	stExact   stability = iota // equal
	stSub                      // contained in it
	stSuper                    // contains it
	stUnknown                  // neither is known
)

func (s stability) String() string {
	return [...]string{"exact", "shrinks", "grows", "unknown"}[s]
}

func joinSt(a, b stability) stability {
	switch {
	case a == b:
		return a
	case a == stExact:
		return b
	case b == stExact:
		return a
	}
	return stUnknown
}

func flipSt(a stability) stability {
	switch a {
	case stSub:
		return stSuper
	case stSuper:
		return stSub
	}
	return a
}

// unsplit are the base relations whose pairs lie within one atomic
// instruction group (si: within one access), so a cycle deletes both
// events of a pair or neither.
var unsplit = map[string]bool{"rmw": true, "amo": true, "lxsx": true, "si": true}

// fairAnalysis classifies nodes; writes records which nodes' events (sets)
// or endpoints (relations: dom, ran) are all writes, which storeless
// cycles never delete: a composition through a write loses no pair. With
// stores (cycles that store) it records which are initial writes or the
// sources of the relation's reads, which remain whenever those reads do.
type fairAnalysis struct {
	// stores: cycles may also delete writes no load outside them reads
	// (FairProgressStoresSafe); only initial writes, and the source of a
	// read that remains, are then known to remain
	stores bool
	st     map[*Node]stability
	setW   map[*Node]bool
	domW   map[*Node]bool
	ranW   map[*Node]bool
	rec    map[*RecGroup]*recResult
}

// FairProgressSafe reports whether the engine may delete storeless cycles
// (fair progress) on executions of m: nil if so, else the first
// constraint that does not survive deleting reads and fences.
func FairProgressSafe(m *Model) error {
	return newFairAnalysis().check(m, "reads and fences")
}

// FairProgressStoresSafe reports whether the engine may also delete cycles
// that store, when no load outside the cycle reads their stores (fair
// progress as on the .mm models): nil if so, else the first constraint
// that does not survive deleting reads, fences and such writes. The
// remaining events keep po, rf, co (a restricted total order), fr (a
// remaining read's source remains), loc, int, ext and the tags; FW may
// grow (a remaining write may become the last of its location); and a
// composition through a write loses pairs unless the write is the source
// of a read that remains (rf's first event).
func FairProgressStoresSafe(m *Model) error {
	a := newFairAnalysis()
	a.stores = true
	return a.check(m, "reads, fences and unread writes")
}

func (a *fairAnalysis) check(m *Model, what string) error {
	for _, k := range m.Constraints {
		s := a.stab(k.Expr)
		switch {
		case !k.Flag && !k.Negated:
			// a check must stay true: its relation may only shrink
			if s == stExact || s == stSub {
				continue
			}
		case k.Flag && k.Negated:
			// a flag that fires on remaining events must still fire
			if s == stExact || s == stSuper {
				continue
			}
		default:
			return fmt.Errorf("%s: %s: deleting a loop iteration may change what it asks for the existence of", k.Pos, k)
		}
		return fmt.Errorf("%s: %s: %s %s when a loop iteration's %s are deleted", k.Pos, k, a.culprit(k.Expr, s), s, what)
	}
	return nil
}

// culprit names the innermost subexpression of n with n's class s, for
// the message.
func (a *fairAnalysis) culprit(n *Node, s stability) string {
	for {
		next := n
		for _, k := range n.Kids {
			if k.Op != OpRecRef && a.stab(k) == s {
				next = k
				break
			}
		}
		if next == n {
			return n.format(true)
		}
		n = next
	}
}

func newFairAnalysis() *fairAnalysis {
	return &fairAnalysis{
		st: map[*Node]stability{}, setW: map[*Node]bool{}, domW: map[*Node]bool{}, ranW: map[*Node]bool{},
		rec: map[*RecGroup]*recResult{},
	}
}

// stab classifies n.
func (a *fairAnalysis) stab(n *Node) stability {
	if s, ok := a.st[n]; ok {
		return s
	}
	var s stability
	kid := func(i int) stability { return a.stab(n.Kids[i]) }
	switch n.Op {
	case OpBase:
		switch n.Name {
		case "addr", "data", "ctrl":
			// the reduced execution's dependencies are among the
			// original ones (the cycle ends with no new dependency)
			s = stSub
		case "stxn":
			// deleting events never makes a block a transaction, and
			// may unmake one whose other location it deletes
			s = stSub
		case "FW":
			s = stExact
			if a.stores {
				// a remaining write may become its location's last
				s = stSuper
			}
		default:
			s = stExact
		}
	case OpTag, OpEmpty, OpUniverse:
		s = stExact
	case OpUnion, OpInter, OpCart:
		s = joinSt(kid(0), kid(1))
	case OpDiff:
		s = joinSt(kid(0), flipSt(kid(1)))
	case OpComplement:
		s = flipSt(kid(0))
	case OpInverse, OpIdOf, OpOpt:
		s = kid(0)
	case OpSeq:
		s = joinSt(kid(0), kid(1))
		if !a.ran(n.Kids[0]) && !a.dom(n.Kids[1]) && !identity(n.Kids[0]) && !identity(n.Kids[1]) && !a.writeAfterPoLoc(n) {
			// a pair through a deleted middle event is lost (a
			// composition with [S] has no middle event: it filters)
			s = joinSt(s, stSub)
		}
	case OpPlus, OpStar:
		s = kid(0)
		if !a.ran(n.Kids[0]) && !a.dom(n.Kids[0]) {
			s = joinSt(s, stSub)
		}
	case OpDomain, OpRange:
		r := n.Kids[0]
		s = kid(0)
		other := a.ran(r)
		if n.Op == OpRange {
			other = a.dom(r)
		}
		if !other && !(r.Op == OpBase && unsplit[r.Name]) {
			// an event whose partners were all deleted drops out
			s = joinSt(s, stSub)
		}
	case OpRecRef:
		s = a.recGroup(n.Rec).st[n.Index]
	default:
		s = stUnknown
	}
	if n.Op != OpRecRef {
		a.st[n] = s
	}
	return s
}

// writeAfterPoLoc reports, with stores deleted, whether the middle events
// of the composition n are writes that follow the first event in program
// order at its location (po-loc; [W]; …): the engine deletes a cycle that
// stores only when no access before it in program order has the address of
// one of its stores (encode/catfair.go), so such a middle event remains
// when the first event does. This keeps "no write between" (po-loc \
// (po-loc; [W]; po-loc): arm8's local-read-successor, riscv's rule 2)
// exact.
func (a *fairAnalysis) writeAfterPoLoc(n *Node) bool {
	if !a.stores {
		return false
	}
	plain := newFairAnalysis()
	return poLocBefore(n.Kids[0]) && (plain.ran(n.Kids[0]) || plain.dom(n.Kids[1]))
}

// poLocBefore reports whether every pair (x, y) of n has x = y or x before
// y in program order at the same location.
func poLocBefore(n *Node) bool {
	switch n.Op {
	case OpInter:
		return poLocBefore(n.Kids[0]) || poLocBefore(n.Kids[1]) ||
			isBase(n.Kids[0], "po") && isBase(n.Kids[1], "loc") || isBase(n.Kids[0], "loc") && isBase(n.Kids[1], "po")
	case OpUnion, OpSeq:
		return poLocBefore(n.Kids[0]) && poLocBefore(n.Kids[1])
	case OpDiff, OpOpt, OpPlus:
		return poLocBefore(n.Kids[0])
	case OpIdOf:
		return true
	}
	return false
}

// c11Coherence reports "h; e?" or "h; e" with h containing po (po, a
// union with po among its operands, or the closure of either) and e the
// closure (+ or *) of a union with rf, co and fr among its operands.
func c11Coherence(n *Node) bool {
	if n.Op != OpSeq {
		return false
	}
	h, e := n.Kids[0], n.Kids[1]
	if e.Op == OpOpt {
		e = e.Kids[0]
	}
	if h.Op == OpPlus || h.Op == OpStar {
		h = h.Kids[0]
	}
	if !hasBaseTerm(h, "po") || e.Op != OpPlus && e.Op != OpStar {
		return false
	}
	e = e.Kids[0]
	return hasBaseTerm(e, "rf") && hasBaseTerm(e, "co") && hasBaseTerm(e, "fr")
}

// hasBaseTerm reports whether base relation name is an operand of n's
// top-level union (or n itself).
func hasBaseTerm(n *Node, name string) bool {
	for _, t := range UnionTerms(n) {
		if isBase(t, name) {
			return true
		}
	}
	return false
}

func isBase(n *Node, name string) bool { return n.Op == OpBase && n.Name == name }

// UnionTerms are the operands of n's top-level union (n itself when it is
// no union), each once: an expression is a DAG whose shared subterms a
// tree walk would visit exponentially often.
func UnionTerms(n *Node) []*Node {
	var terms []*Node
	seen := map[*Node]bool{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if seen[n] {
			return
		}
		seen[n] = true
		if n.Op == OpUnion {
			walk(n.Kids[0])
			walk(n.Kids[1])
			return
		}
		terms = append(terms, n)
	}
	walk(n)
	return terms
}

// identity reports whether n relates events only to themselves, or (si)
// to the events of their own access, which a cycle deletes together: a
// composition through it loses no pair of surviving events.
func identity(n *Node) bool {
	return n.Op == OpIdOf || n.Op == OpBase && (n.Name == "id" || n.Name == "si")
}

// recResult is the classification of a recursion group's variables.
type recResult struct {
	st               []stability
	setW, domW, ranW []bool
}

// recGroup classifies the variables of g by iterating to a fixpoint: the
// stabilities from exact upwards, the write facts from true downwards
// (each Kleene approximant of the least fixpoint satisfies them).
func (a *fairAnalysis) recGroup(g *RecGroup) *recResult {
	if r, ok := a.rec[g]; ok {
		return r // final, or the current round's values while iterating
	}
	k := len(g.Vars)
	r := &recResult{st: make([]stability, k), setW: make([]bool, k), domW: make([]bool, k), ranW: make([]bool, k)}
	for i := range r.setW {
		r.setW[i], r.domW[i], r.ranW[i] = true, true, true
	}
	a.rec[g] = r
	for changed := true; changed; {
		changed = false
		a.forgetBodies(g)
		for i, b := range g.Bodies {
			ns := joinSt(r.st[i], a.stab(b))
			nsw, ndw, nrw := r.setW[i] && a.set(b), r.domW[i] && a.dom(b), r.ranW[i] && a.ran(b)
			if ns != r.st[i] || nsw != r.setW[i] || ndw != r.domW[i] || nrw != r.ranW[i] {
				r.st[i], r.setW[i], r.domW[i], r.ranW[i] = ns, nsw, ndw, nrw
				changed = true
			}
		}
	}
	return r
}

// forgetBodies drops the memoized facts of nodes that depend on g's
// variables, so the next round recomputes them.
func (a *fairAnalysis) forgetBodies(g *RecGroup) {
	for _, n := range groupDependents(g) {
		delete(a.st, n)
		delete(a.setW, n)
		delete(a.domW, n)
		delete(a.ranW, n)
	}
}

// groupDependents lists the nodes of g's bodies that refer to one of g's
// variables: what an analysis iterating to g's fixpoint recomputes.
func groupDependents(g *RecGroup) []*Node {
	seen := map[*Node]bool{}
	var out []*Node
	var dependsOn func(n *Node) bool
	dependsOn = func(n *Node) bool {
		if n.Op == OpRecRef && n.Rec == g {
			return true
		}
		if v, ok := seen[n]; ok {
			return v
		}
		seen[n] = false
		d := false
		for _, k := range n.Kids {
			if dependsOn(k) {
				d = true
			}
		}
		seen[n] = d
		if d {
			out = append(out, n)
		}
		return d
	}
	for _, b := range g.Bodies {
		dependsOn(b)
	}
	return out
}

// set reports whether every event of the set node n is a write.
func (a *fairAnalysis) set(n *Node) bool {
	if v, ok := a.setW[n]; ok {
		return v
	}
	var v bool
	switch {
	case a.stores && n.Op == OpBase:
		v = n.Name == "IW"
	case a.stores && (n.Op == OpDomain || n.Op == OpRange):
		v = false // a write only cycle events read may go
	case n.Op == OpBase:
		v = n.Name == "W" || n.Name == "IW" || n.Name == "FW"
	case n.Op == OpEmpty:
		v = true
	case n.Op == OpUnion:
		v = a.set(n.Kids[0]) && a.set(n.Kids[1])
	case n.Op == OpInter:
		v = a.set(n.Kids[0]) || a.set(n.Kids[1])
	case n.Op == OpDiff:
		v = a.set(n.Kids[0])
	case n.Op == OpDomain:
		v = a.dom(n.Kids[0])
	case n.Op == OpRange:
		v = a.ran(n.Kids[0])
	case n.Op == OpRecRef:
		v = a.recGroup(n.Rec).setW[n.Index]
	}
	if n.Op != OpRecRef {
		a.setW[n] = v
	}
	return v
}

// dom and ran report whether every first (second) event of a pair of the
// relation node n is a write.
func (a *fairAnalysis) dom(n *Node) bool { return a.end(n, true) }
func (a *fairAnalysis) ran(n *Node) bool { return a.end(n, false) }

func (a *fairAnalysis) end(n *Node, first bool) bool {
	memo := a.ranW
	if first {
		memo = a.domW
	}
	if v, ok := memo[n]; ok {
		return v
	}
	var v bool
	switch n.Op {
	case OpBase:
		switch n.Name {
		case "co":
			v = !a.stores
		case "rf":
			// with stores deleted: a read that remains keeps its
			// source (no load outside a cycle reads its stores)
			v = first
		case "fr":
			v = !first && !a.stores
		}
	case OpEmpty:
		v = true
	case OpUnion:
		v = a.end(n.Kids[0], first) && a.end(n.Kids[1], first)
	case OpInter:
		v = a.end(n.Kids[0], first) || a.end(n.Kids[1], first)
	case OpDiff:
		v = a.end(n.Kids[0], first)
	case OpSeq:
		// with stores deleted, the partner of the endpoint is the
		// middle event, which may go
		if a.stores {
			v = false
		} else if first {
			v = a.dom(n.Kids[0])
		} else {
			v = a.ran(n.Kids[1])
		}
	case OpCart:
		if first {
			v = a.set(n.Kids[0])
		} else {
			v = a.set(n.Kids[1])
		}
	case OpInverse:
		v = a.end(n.Kids[0], !first)
	case OpPlus:
		v = a.end(n.Kids[0], first) && !a.stores
	case OpIdOf:
		v = a.set(n.Kids[0])
	case OpRecRef:
		r := a.recGroup(n.Rec)
		if first {
			v = r.domW[n.Index]
		} else {
			v = r.ranW[n.Index]
		}
	}
	if n.Op != OpRecRef {
		memo[n] = v
	}
	return v
}

// CoherentPerLocation reports whether every consistent execution of m is
// sequentially consistent per location: some check is "acyclic r" with r
// a union that contains po-loc (po & loc, or po), rf, co and fr (each as itself,
// or split into its internal and external parts). Then a thread's stores
// to one location take effect in program order (co), and a read reads the
// latest store before it in program order or a store co-after that one —
// what fair progress's "superseded" case needs (encode/catfair.go). Or
// some check is C11's coherence "irreflexive h; e?" (or "h; e") with h ⊇
// po and e the closure of a union with rf, co and fr among its operands
// (rc11's hb; eco?): that implies the same (docs/semantics.md, "Retry
// rounds that store, on cat models").
func CoherentPerLocation(m *Model) bool { return CoherenceCheck(m) >= 0 }

// CoherenceCheck is the index in m.Constraints of the first check that
// makes m coherent per location (CoherentPerLocation), or -1.
func CoherenceCheck(m *Model) int {
	for i, k := range m.Constraints {
		if !k.Flag && !k.Negated && k.Kind == Irreflexive && c11Coherence(k.Expr) {
			return i
		}
		if k.Flag || k.Negated || k.Kind != Acyclic {
			continue
		}
		terms := UnionTerms(k.Expr)
		has := func(name string) bool {
			in, ext := false, false
			for _, t := range terms {
				if isBase(t, name) {
					return true
				}
				if t.Op == OpInter && isBase(t.Kids[0], name) {
					in = in || isBase(t.Kids[1], "int")
					ext = ext || isBase(t.Kids[1], "ext")
				}
			}
			return in && ext
		}
		poLoc := false
		for _, t := range terms {
			poLoc = poLoc || isBase(t, "po") || t.Op == OpInter &&
				(isBase(t.Kids[0], "po") && isBase(t.Kids[1], "loc") || isBase(t.Kids[0], "loc") && isBase(t.Kids[1], "po"))
		}
		if poLoc && has("rf") && has("co") && has("fr") {
			return i
		}
	}
	return -1
}
