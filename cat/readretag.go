package cat

import (
	"slices"
	"strconv"

	"github.com/checkfence/checkfence/lsl"
)

// Retagging one read (docs/semantics.md, "Reload rounds: tags a model does
// not see on a read"). The encoder's reload rule moves a load L to the
// place of a later load C of the same address and gives the moved event
// C's role in the execution but L's tags. ReadRetagUnseen says when that
// is invisible to the model: when every check and flag has the same value
// on two executions that differ only in that one read event carries tags
// a in one and b in the other. rc11 gives REL no meaning on a read (its
// sw starts at a write or a fence), so a relaxed load and a release CAS's
// read are the same read to it; an acquire load and a relaxed CAS's read
// are not.
//
// The analysis is abstract interpretation over the model's DAG, with the
// changed read called C:
//   - a set's value for C in each execution (in, out, unknown), whether the
//     two are known equal, and whether the set may differ at events other
//     than C;
//   - a relation's difference: none, only pairs whose first event is C,
//     only pairs whose second is C, or any;
//   - the classes of events (plain reads, writes, fences) each set may hold
//     and each relation may relate, tag-blind, so the same in both
//     executions: a difference at C vanishes where C, a plain read, cannot
//     be (rc11's [REL]; ([F]; po)?; rs holds no pair from a read).
//
// A read that is half of an AMO (both a read and a write, amo.go) is left
// to the exact comparison.

// evClass is a set of event classes.
type evClass uint8

const (
	clRead  evClass = 1 << iota // reads that are not half of an AMO
	clWrite                     // writes, and both halves of an AMO
	clFence
	clAll = clRead | clWrite | clFence
)

// baseSetClass are the classes of the base sets' events.
var baseSetClass = map[string]evClass{
	"R": clRead | clWrite, "W": clWrite, "M": clRead | clWrite, "F": clFence, "IW": clWrite, "FW": clWrite,
}

// baseRelEnds are the classes of the first and second events of the base
// relations whose ends are known (the others may relate any events).
var baseRelEnds = map[string][2]evClass{
	"rf":   {clWrite, clRead | clWrite},
	"co":   {clWrite, clWrite},
	"fr":   {clRead | clWrite, clWrite},
	"rmw":  {clRead | clWrite, clWrite},
	"amo":  {clRead | clWrite, clWrite},
	"lxsx": {clRead | clWrite, clWrite},
	"loc":  {clRead | clWrite, clRead | clWrite}, // a fence has no location
}

// tri is a three-valued membership.
type tri uint8

const (
	triF tri = iota
	triT
	triX // unknown
)

func and3(a, b tri) tri {
	switch {
	case a == triF || b == triF:
		return triF
	case a == triT && b == triT:
		return triT
	}
	return triX
}

func not3(a tri) tri {
	switch a {
	case triF:
		return triT
	case triT:
		return triF
	}
	return triX
}

func or3(a, b tri) tri { return not3(and3(not3(a), not3(b))) }

// setDiff is a set's value for C in the two executions (a, b), whether
// they are known equal, and whether the set may differ elsewhere.
type setDiff struct {
	a, b   tri
	eq     bool
	others bool
}

func (s setDiff) same() bool { return s.eq && !s.others }

// combine applies op to the memberships of x and y.
func combine(x, y setDiff, op func(tri, tri) tri) setDiff {
	r := setDiff{a: op(x.a, y.a), b: op(x.b, y.b), others: x.others || y.others}
	r.eq = x.eq && y.eq || r.a != triX && r.a == r.b
	return r
}

// setOp is the difference of a union, intersection, difference or
// complement of sets, from its operands' (kid).
func setOp(n *Node, kid func(*Node) setDiff) setDiff {
	switch n.Op {
	case OpUnion:
		return combine(kid(n.Kids[0]), kid(n.Kids[1]), or3)
	case OpInter:
		return combine(kid(n.Kids[0]), kid(n.Kids[1]), and3)
	case OpDiff:
		y := kid(n.Kids[1])
		y.a, y.b = not3(y.a), not3(y.b)
		return combine(kid(n.Kids[0]), y, and3)
	}
	v := kid(n.Kids[0]) // complement
	v.a, v.b = not3(v.a), not3(v.b)
	return v
}

// relDiff is where a relation may differ: nowhere (!diff), only in pairs
// whose first event is C (left), whose second is C (right), or anywhere.
type relDiff struct{ diff, left, right bool }

var relAny = relDiff{diff: true}

func joinRel(x, y relDiff) relDiff {
	switch {
	case !x.diff:
		return y
	case !y.diff:
		return x
	}
	return relDiff{diff: true, left: x.left && y.left, right: x.right && y.right}
}

// retag is one run of the analysis.
type retag struct {
	tagA, tagB map[string]string // tag name -> membership descriptor
	sets       map[*Node]setDiff
	rels       map[*Node]relDiff
	classes    map[*Node]evClass
	ends       map[[2]int]evClass // (node ID, X, pre/post) memo
}

// ReadRetagUnseen reports whether every check and flag of m has the same
// value on two executions that differ only in the tags of one read, a
// in one and b in the other (tags as events carry them: a conditional
// tag, lsl.ParseCondTag, is a member of its name under its selector).
func (m *Model) ReadRetagUnseen(a, b []string) bool {
	if IsAMOHalf(a) || IsAMOHalf(b) {
		return sameTagSet(a, b)
	}
	r := &retag{
		tagA: tagMembership(a), tagB: tagMembership(b),
		sets: map[*Node]setDiff{}, rels: map[*Node]relDiff{}, classes: map[*Node]evClass{}, ends: map[[2]int]evClass{},
	}
	for _, k := range m.Constraints {
		if k.Expr.Kind == KSet {
			if !r.set(k.Expr).same() {
				return false
			}
		} else if r.rel(k.Expr).diff {
			return false
		}
	}
	return true
}

func sameTagSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

// tagMembership describes each tag name's membership: "1" for a tag
// carried outright, else the sorted selectors under which it is carried.
func tagMembership(tags []string) map[string]string {
	conds := map[string][]int{}
	out := map[string]string{}
	for _, t := range tags {
		if id, name, ok := lsl.ParseCondTag(t); ok {
			conds[name] = append(conds[name], id)
			continue
		}
		out[t] = "1"
	}
	for name, ids := range conds {
		if out[name] == "1" {
			continue
		}
		slices.Sort(ids)
		ids = slices.Compact(ids)
		d := ""
		for _, id := range ids {
			d += "," + strconv.Itoa(id)
		}
		out[name] = d
	}
	return out
}

func memberOf(desc string) tri {
	switch desc {
	case "":
		return triF
	case "1":
		return triT
	}
	return triX
}

// set is the difference of a set node.
func (r *retag) set(n *Node) setDiff {
	if v, ok := r.sets[n]; ok {
		return v
	}
	var v setDiff
	switch n.Op {
	case OpTag:
		da, db := r.tagA[n.Name], r.tagB[n.Name]
		v = setDiff{a: memberOf(da), b: memberOf(db), eq: da == db}
	case OpBase:
		m := triX
		if c, ok := baseSetClass[n.Name]; ok {
			m = triF
			if c&clRead != 0 {
				m = triT
			}
		}
		v = setDiff{a: m, b: m, eq: true}
	case OpUniverse:
		v = setDiff{a: triT, b: triT, eq: true}
	case OpEmpty:
		v = setDiff{a: triF, b: triF, eq: true}
	case OpUnion, OpInter, OpDiff, OpComplement:
		v = setOp(n, r.set)
	case OpDomain, OpRange:
		d := r.rel(n.Kids[0])
		atC := d.left // every differing pair has C first
		if n.Op == OpRange {
			atC = d.right
		}
		v = setDiff{a: triX, b: triX, eq: !d.diff, others: d.diff && !atC}
	default: // a recursion variable, or a node the analysis does not know
		v = setDiff{a: triX, b: triX, others: true}
	}
	if r.class(n)&clRead == 0 { // C cannot be in it
		v.a, v.b, v.eq = triF, triF, true
	}
	r.sets[n] = v
	return v
}

// rel is the difference of a relation node.
func (r *retag) rel(n *Node) relDiff {
	if v, ok := r.rels[n]; ok {
		return v
	}
	var v relDiff
	switch n.Op {
	case OpBase, OpUniverse, OpEmpty:
		// tag-blind
	case OpIdOf:
		s := r.set(n.Kids[0])
		switch {
		case s.others:
			v = relAny
		case !s.eq:
			v = relDiff{diff: true, left: true, right: true}
		}
	case OpCart:
		x, y := r.set(n.Kids[0]), r.set(n.Kids[1])
		dx, dy := !x.eq, !y.eq
		switch {
		case x.others || y.others || dx && dy:
			v = relAny
		case dx:
			v = relDiff{diff: true, left: true}
		case dy:
			v = relDiff{diff: true, right: true}
		}
	case OpUnion, OpInter, OpDiff:
		v = joinRel(r.rel(n.Kids[0]), r.rel(n.Kids[1]))
	case OpComplement:
		v = r.rel(n.Kids[0])
	case OpInverse:
		k := r.rel(n.Kids[0])
		v = relDiff{diff: k.diff, left: k.right, right: k.left}
	case OpSeq:
		a, b := n.Kids[0], n.Kids[1]
		da, db := r.rel(a), r.rel(b)
		var p1, p2 relDiff
		if da.diff { // pairs (x, y) of a's difference, then (y, z) of b
			switch {
			case da.right && r.pre(b, clAll)&clRead == 0:
			case da.left:
				p1 = relDiff{diff: true, left: true}
			default:
				p1 = relAny
			}
		}
		if db.diff {
			switch {
			case db.left && r.post(a, clAll)&clRead == 0:
			case db.right:
				p2 = relDiff{diff: true, right: true}
			default:
				p2 = relAny
			}
		}
		v = joinRel(p1, p2)
	case OpPlus, OpStar, OpOpt:
		k := n.Kids[0]
		d := r.rel(k)
		if d.diff {
			// a path's differing step (C, y) is its first one when C
			// cannot end a step, and (x, C) its last when C cannot start one
			v = relDiff{diff: true,
				left:  d.left && (n.Op == OpOpt || r.post(k, clAll)&clRead == 0),
				right: d.right && (n.Op == OpOpt || r.pre(k, clAll)&clRead == 0)}
		}
	default:
		v = relAny
	}
	if v.diff && v.left && r.pre(n, clAll)&clRead == 0 || v.diff && v.right && r.post(n, clAll)&clRead == 0 {
		v = relDiff{}
	}
	r.rels[n] = v
	return v
}

// class over-approximates the classes of a set node's events.
func (r *retag) class(n *Node) evClass {
	if v, ok := r.classes[n]; ok {
		return v
	}
	v := clAll
	switch n.Op {
	case OpBase:
		if c, ok := baseSetClass[n.Name]; ok {
			v = c
		}
	case OpEmpty:
		v = 0
	case OpUnion:
		v = r.class(n.Kids[0]) | r.class(n.Kids[1])
	case OpInter:
		v = r.class(n.Kids[0]) & r.class(n.Kids[1])
	case OpDiff:
		v = r.class(n.Kids[0])
	case OpDomain:
		v = r.pre(n.Kids[0], clAll)
	case OpRange:
		v = r.post(n.Kids[0], clAll)
	}
	r.classes[n] = v
	return v
}

// pre over-approximates the classes of the first events of the pairs of
// relation n whose second event is in x; post the second events of those
// whose first is in x.
func (r *retag) pre(n *Node, x evClass) evClass  { return r.end(n, x, true) }
func (r *retag) post(n *Node, x evClass) evClass { return r.end(n, x, false) }

func (r *retag) end(n *Node, x evClass, pre bool) evClass {
	if x == 0 {
		return 0
	}
	key := [2]int{n.ID, int(x) << 1}
	if pre {
		key[1] |= 1
	}
	if v, ok := r.ends[key]; ok {
		return v
	}
	r.ends[key] = clAll // a cycle through a recursion is unknown
	v := clAll
	switch n.Op {
	case OpEmpty:
		v = 0
	case OpBase:
		if n.Name == "id" {
			v = x
		} else if e, ok := baseRelEnds[n.Name]; ok {
			from, to := e[1], e[0]
			if !pre {
				from, to = e[0], e[1]
			}
			v = 0
			if from&x != 0 {
				v = to
			}
		}
	case OpUnion:
		v = r.end(n.Kids[0], x, pre) | r.end(n.Kids[1], x, pre)
	case OpInter:
		v = r.end(n.Kids[0], x, pre) & r.end(n.Kids[1], x, pre)
	case OpDiff:
		v = r.end(n.Kids[0], x, pre)
	case OpSeq:
		if pre {
			v = r.pre(n.Kids[0], r.pre(n.Kids[1], x))
		} else {
			v = r.post(n.Kids[1], r.post(n.Kids[0], x))
		}
	case OpCart:
		from, to := n.Kids[1], n.Kids[0]
		if !pre {
			from, to = n.Kids[0], n.Kids[1]
		}
		v = 0
		if r.class(from)&x != 0 {
			v = r.class(to)
		}
	case OpInverse:
		v = r.end(n.Kids[0], x, !pre)
	case OpIdOf:
		v = r.class(n.Kids[0]) & x
	case OpPlus, OpStar, OpOpt:
		v = r.end(n.Kids[0], x, pre)
		if n.Op != OpOpt {
			for {
				w := v | r.end(n.Kids[0], v, pre)
				if w == v {
					break
				}
				v = w
			}
		}
		if n.Op != OpPlus {
			v |= x
		}
	}
	r.ends[key] = v
	return v
}
