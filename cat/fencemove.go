package cat

// A fence moved over a read (docs/semantics.md, "Reload rounds: the load's
// fence moved over the compare-and-swap"). The reduction of a reload round
// maps the moved load L' to C, the re-reading compare-and-swap, and each
// fence after L' to a fence after C with the same tags. RISC-V compiles an
// acquire load to `lw; fence r,rw` and an acquire compare-and-swap to one
// `amocas.aq`, with no fence after it, so Treiber's pop had no match and
// kept its rounds. There the fence after L' can be the original fence F
// after L, which the reduction keeps: the reduced execution R is then the
// execution Z (the original without L and the round's other events, which
// FairProgressSafe shows consistent) with F moved from just before C to
// just after it, and C carrying L's tags `to` instead of its own `from`.
//
// FenceMoveKeepsConsistent decides from the model's checks and flags that
// R is consistent whenever Z is and fires the same flags. It is an
// analysis of how each node's value may change from Z to R:
//
//   - po loses (F, C) and gains (C, F); loc, rf, co, fr, int, ext, id and
//     the rmw relations do not change (F has no location, C's store does
//     not execute); the dependencies may only lose pairs (the reload
//     rule's conditions make each dependency of L' one of C's);
//   - a set differs only at C, by C's tags (retag's membership of C under
//     `to` in R and `from` in Z), or where a domain or range differs;
//   - a relation node may lose pairs, and may gain: the pair (C, F); pairs
//     (C, y) with y after C (po-after C in Z, hence after F in R) of some
//     event classes; pairs (x, F); or anything.
//
// The gains that matter are C's new fence edges: `[R]; po; [F]; po; [M]`
// relates C to every access after it in R. They are absorbed at a union
// whose value in Z already holds every (C, y) with y after C of those
// classes: RISC-V's `[acquire]; po; [M]` does, for an `amocas.aq` read. A
// lower bound tracks such terms: `[S]; po; [T]` holds every (C, y) with y
// after C of the classes T contains entirely, when S holds C in Z.
//
// Every check must not gain (an acyclic, irreflexive or empty relation or
// set stays so when it loses), a negated check must not lose, and every
// flag must not change at all.

// moveDiff is how a relation node may change from Z to R.
type moveDiff struct {
	any   bool    // may gain any pair
	cf    bool    // may gain (C, F)
	after evClass // may gain (C, y), y after C, of these classes
	toF   bool    // may gain pairs (x, F)
	lose  bool    // may lose pairs
}

func (d moveDiff) gains() bool { return d.any || d.cf || d.after != 0 || d.toF }

func (d moveDiff) join(e moveDiff) moveDiff {
	return moveDiff{any: d.any || e.any, cf: d.cf || e.cf, after: d.after | e.after, toF: d.toF || e.toF, lose: d.lose || e.lose}
}

var moveAny = moveDiff{any: true, lose: true}

// fenceMoveMutant, set only by tests, takes every gain of (C, F) or of C's
// later pairs as absorbed at a union.
var fenceMoveMutant = false

// fenceMove is one run of the analysis.
type fenceMove struct {
	r     *retag            // C's membership: a under to (R), b under from (Z)
	fence map[string]string // F's tags
	rels  map[*Node]moveDiff
	sets  map[*Node]setDiff
	low   map[*Node]evClass
}

// FenceMoveKeepsConsistent reports whether an execution in which a fence
// carrying tags fence comes just before a read C carrying tags from, C
// half of no executed AMO, stays consistent, with the same flags, when the
// fence comes just after C and C carries tags to instead.
func (m *Model) FenceMoveKeepsConsistent(fence, to, from []string) bool {
	if IsAMOHalf(to) {
		return false // the moved load is never an AMO's half
	}
	fm := newFenceMove(fence, to, from)
	for _, k := range m.Constraints {
		var gain, lose bool
		if k.Expr.Kind == KSet {
			s := fm.set(k.Expr)
			gain = s.others || !s.eq && s.a != triF && s.b != triT
			lose = s.others || !s.eq && s.b != triF && s.a != triT
		} else {
			d := fm.rel(k.Expr)
			gain, lose = d.gains(), d.lose
		}
		switch {
		case k.Flag && (gain || lose):
			return false
		case !k.Negated && gain, k.Negated && lose:
			return false
		}
	}
	return true
}

func newFenceMove(fence, to, from []string) *fenceMove {
	return &fenceMove{
		r: &retag{tagA: tagMembership(to), tagB: tagMembership(from),
			sets: map[*Node]setDiff{}, rels: map[*Node]relDiff{}, classes: map[*Node]evClass{}, ends: map[[2]int]evClass{}},
		fence: tagMembership(fence),
		rels:  map[*Node]moveDiff{}, sets: map[*Node]setDiff{}, low: map[*Node]evClass{},
	}
}

// set is a set node's membership of C in R (a) and Z (b). F's membership
// is the same in both (its tags do not change), and so is every other
// event's, but where a domain or range of a changing relation differs.
func (fm *fenceMove) set(n *Node) setDiff {
	if v, ok := fm.sets[n]; ok {
		return v
	}
	var v setDiff
	switch n.Op {
	case OpTag, OpBase, OpUniverse, OpEmpty:
		v = fm.r.set(n)
	case OpUnion, OpInter, OpDiff, OpComplement:
		v = setOp(n, fm.set)
	case OpDomain, OpRange:
		if d := fm.rel(n.Kids[0]); d.gains() || d.lose {
			v = setDiff{a: triX, b: triX, others: true}
		} else {
			v = fm.r.set(n) // only C's tags can change it
		}
	default:
		v = setDiff{a: triX, b: triX, others: true}
	}
	if fm.r.class(n)&clRead == 0 {
		v.a, v.b, v.eq = triF, triF, !v.others
	}
	fm.sets[n] = v
	return v
}

// fenceIn is F's membership of a set node (the same in R and Z).
func (fm *fenceMove) fenceIn(n *Node) tri {
	switch n.Op {
	case OpTag:
		return memberOf(fm.fence[n.Name])
	case OpBase:
		if n.Name == "F" {
			return triT
		}
		if _, ok := baseSetClass[n.Name]; ok {
			return triF
		}
		return triX
	case OpUniverse:
		return triT
	case OpEmpty:
		return triF
	case OpUnion:
		return or3(fm.fenceIn(n.Kids[0]), fm.fenceIn(n.Kids[1]))
	case OpInter:
		return and3(fm.fenceIn(n.Kids[0]), fm.fenceIn(n.Kids[1]))
	case OpDiff:
		return and3(fm.fenceIn(n.Kids[0]), not3(fm.fenceIn(n.Kids[1])))
	case OpComplement:
		return not3(fm.fenceIn(n.Kids[0]))
	}
	return triX
}

// unchangedBase are the base relations that are the same in R and Z; the
// dependencies may only lose pairs.
var unchangedBase = map[string]bool{
	"rf": true, "co": true, "fr": true, "loc": true, "int": true, "ext": true, "id": true,
	"rmw": true, "amo": true, "lxsx": true, "si": true, "stxn": true,
}

// rel is how a relation node may change from Z to R.
func (fm *fenceMove) rel(n *Node) moveDiff {
	if v, ok := fm.rels[n]; ok {
		return v
	}
	r := fm.r
	var v moveDiff
	switch n.Op {
	case OpBase:
		switch {
		case n.Name == "po":
			v = moveDiff{cf: true, lose: true}
		case n.Name == "addr" || n.Name == "data" || n.Name == "ctrl":
			v = moveDiff{lose: true}
		case unchangedBase[n.Name]:
		default:
			v = moveAny
		}
	case OpUniverse, OpEmpty:
	case OpIdOf:
		s := fm.set(n.Kids[0])
		switch {
		case s.others:
			v = moveAny
		case !s.eq:
			v = moveDiff{any: s.a != triF && s.b != triT, lose: s.b != triF && s.a != triT}
		}
	case OpCart:
		if !fm.set(n.Kids[0]).same() || !fm.set(n.Kids[1]).same() {
			v = moveAny
		}
	case OpUnion:
		v = fm.rel(n.Kids[0]).join(fm.rel(n.Kids[1]))
		if !v.any {
			v.after &^= fm.lower(n) // Z holds them already
			if fenceMoveMutant {
				v.after, v.cf = 0, false
			}
		}
	case OpInter:
		v = fm.rel(n.Kids[0]).join(fm.rel(n.Kids[1]))
	case OpDiff:
		a, b := fm.rel(n.Kids[0]), fm.rel(n.Kids[1])
		v = a
		v.any = v.any || b.lose
		v.lose = a.lose || b.gains()
	case OpComplement:
		k := fm.rel(n.Kids[0])
		v = moveDiff{any: k.lose, lose: k.gains()}
	case OpInverse:
		k := fm.rel(n.Kids[0])
		v = moveDiff{any: k.gains(), lose: k.lose}
	case OpSeq:
		v = fm.seq(n.Kids[0], n.Kids[1])
	case OpOpt:
		v = fm.rel(n.Kids[0])
	case OpPlus, OpStar:
		v = fm.closure(n.Kids[0])
	default: // a recursion variable, or a node the analysis does not know
		v = moveAny
	}
	// A gain vanishes where the node cannot hold it.
	if !v.any {
		if r.pre(n, clAll)&clRead == 0 {
			v.cf, v.after = false, 0
		}
		post := r.post(n, clRead)
		if post&clFence == 0 {
			v.cf = false
		}
		v.after &= post
		if r.post(n, clAll)&clFence == 0 {
			v.toF = false
		}
	}
	fm.rels[n] = v
	return v
}

// seq: R's a;b is within Z_a;Z_b, R_a;G_b and G_a;R_b, where G are the
// gains (a pair of R's composition not in Z's has a step that is not in
// Z; take the last such step).
func (fm *fenceMove) seq(a, b *Node) moveDiff {
	r := fm.r
	da, db := fm.rel(a), fm.rel(b)
	v := moveDiff{lose: da.lose || db.lose}
	// G_a; R_b
	if da.any {
		return moveAny
	}
	fwd, strict := forward(b)
	if da.cf { // (C, F); (F, z)
		switch {
		case b.Op == OpIdOf:
			if fm.fenceIn(b.Kids[0]) != triF {
				v.cf = true
			}
		case fwd: // z is F or after it in R: after C in Z
			v.cf = v.cf || !strict
			v.after |= r.post(b, clFence)
		default:
			return moveAny
		}
	}
	if da.after != 0 { // (C, y); (y, z) with y after C
		if !fwd {
			return moveAny
		}
		v.after |= r.post(b, da.after)
	}
	if da.toF { // (x, F); (F, z)
		switch {
		case b.Op == OpIdOf:
			v.toF = v.toF || fm.fenceIn(b.Kids[0]) != triF
		case r.post(b, clFence) == 0:
		default:
			return moveAny
		}
	}
	// R_a; G_b
	if db.any {
		return moveAny
	}
	if db.cf || db.after != 0 {
		switch {
		case r.post(a, clAll)&clRead == 0: // nothing of a ends at C
		case a.Op == OpIdOf: // (C, C) in R_a: C's gains pass
			if fm.set(a.Kids[0]).a != triF {
				v.cf = v.cf || db.cf
				v.after |= db.after
			}
		case db.after == 0: // (x, C); (C, F)
			v.toF = true
		default:
			return moveAny
		}
	}
	if db.toF { // (w, x); (x, F)
		v.toF = true
	}
	return v
}

// closure: a path of R's k+ not in Z's has a gained step. When C ends no
// step of k, a step gained at C is the path's first, and the steps after
// it go forward from y or F.
func (fm *fenceMove) closure(k *Node) moveDiff {
	r := fm.r
	d := fm.rel(k)
	if !d.gains() {
		return moveDiff{lose: d.lose}
	}
	fwd, _ := forward(k)
	if d.any || d.toF || !fwd || r.post(k, clAll)&clRead != 0 {
		return moveAny
	}
	v := moveDiff{cf: d.cf, lose: d.lose}
	start := d.after
	if d.cf {
		start |= r.post(k, clFence) // (C, F) then steps from F
	}
	v.after = start
	for {
		next := v.after | r.post(k, v.after)
		if next == v.after {
			break
		}
		v.after = next
	}
	return v
}

// forward reports whether every pair (x, y) of n, in every execution, has
// x before y in program order or x = y (fwd), and never x = y (strict).
func forward(n *Node) (fwd, strict bool) {
	switch n.Op {
	case OpBase:
		switch n.Name {
		case "po", "addr", "data", "ctrl":
			return true, true
		case "id":
			return true, false
		}
	case OpEmpty:
		return true, true
	case OpIdOf:
		return true, false
	case OpUnion:
		f1, s1 := forward(n.Kids[0])
		f2, s2 := forward(n.Kids[1])
		return f1 && f2, s1 && s2
	case OpInter:
		f1, s1 := forward(n.Kids[0])
		f2, s2 := forward(n.Kids[1])
		return f1 || f2, s1 || s2
	case OpDiff:
		return forward(n.Kids[0])
	case OpSeq:
		f1, s1 := forward(n.Kids[0])
		f2, s2 := forward(n.Kids[1])
		return f1 && f2, f1 && f2 && (s1 || s2)
	case OpPlus:
		return forward(n.Kids[0])
	case OpStar, OpOpt:
		f, _ := forward(n.Kids[0])
		return f, false
	}
	return false, false
}

// lower is a lower bound of a relation node's value in Z: the classes K
// such that it holds every (C, y) with y of class K after C.
func (fm *fenceMove) lower(n *Node) evClass {
	if v, ok := fm.low[n]; ok {
		return v
	}
	var v evClass
	switch n.Op {
	case OpBase:
		if n.Name == "po" {
			v = clAll
		}
	case OpSeq:
		x, y := n.Kids[0], n.Kids[1]
		switch {
		case x.Op == OpIdOf && fm.set(x.Kids[0]).b == triT:
			v = fm.lower(y)
		case y.Op == OpIdOf:
			v = fm.lower(x) & fullClass(y.Kids[0])
		}
	case OpUnion:
		v = fm.lower(n.Kids[0]) | fm.lower(n.Kids[1])
	case OpInter:
		v = fm.lower(n.Kids[0]) & fm.lower(n.Kids[1])
	case OpPlus, OpStar, OpOpt:
		v = fm.lower(n.Kids[0])
	}
	fm.low[n] = v
	return v
}

// fullClass are the event classes all of whose events a set node holds.
func fullClass(n *Node) evClass {
	switch n.Op {
	case OpBase:
		switch n.Name {
		case "R":
			return clRead
		case "W":
			return clWrite
		case "M":
			return clRead | clWrite
		case "F":
			return clFence
		}
	case OpUniverse:
		return clAll
	case OpUnion:
		return fullClass(n.Kids[0]) | fullClass(n.Kids[1])
	case OpInter:
		return fullClass(n.Kids[0]) & fullClass(n.Kids[1])
	}
	return 0
}
