package cat

import (
	"slices"
	"strconv"
	"strings"
)

// Retagging one read in one direction (docs/semantics.md, "Reload rounds:
// tags that only add order"). ReadRetagUnseen asks that no check or flag
// can tell the two tag sets apart. The reduction of a reload round needs
// less: that the execution X' in which C carries L's tags a (instead of
// its own b) is consistent whenever X is, and has the flags X has. That
// holds when every check's relation can only lose pairs from X to X' (an
// acyclic, irreflexive or empty relation stays so), and every flag's is
// unchanged. RISC-V's and x86's compare-and-swap reads carry tags (X and
// AMO, A) that only add order: each occurs in the models only positively,
// so a plain load in their place orders less.
//
// The analysis is a polarity one over the DAG: for each node, whether
// its value may lose elements from X to X', and whether it may gain some.
// A tag loses when C carries it in X but perhaps not in X', gains in the
// converse; base sets and relations do not depend on C's tags (C is a
// read that is no half of an executed AMO: a reload round executes no
// store of C's block); every operator but complement and the right side
// of a difference is monotone, those two swap losing and gaining; a let
// rec group that is monotone in its variables moves as its bodies do with
// the variables held fixed (by induction over the Kleene iteration), and
// any other group may do anything.

// moves is how a node's value may change from X to X': it may lose
// elements (mayLose), gain some (mayGain), both, or neither.
type moves uint8

const (
	mayLose moves = 1 << iota
	mayGain
	anyMove = mayLose | mayGain
)

func (m moves) swapped() moves {
	var out moves
	if m&mayLose != 0 {
		out |= mayGain
	}
	if m&mayGain != 0 {
		out |= mayLose
	}
	return out
}

// retagMoves is one run of the polarity analysis: tagsX are C's tags in X,
// tagsY in X'.
type retagMoves struct {
	tagsX, tagsY map[string]string // tag name -> membership descriptor
	memo         map[*Node]moves   // the current scope's: global, or a group's bodies'
	groups       map[*RecGroup]moves
	inside       map[*RecGroup]bool
}

// ReadRetagKeepsConsistent reports whether an execution in which one read
// C, half of no executed AMO, carries tags from stays consistent and keeps
// its flags when C carries tags to instead: every check either cannot
// tell the two apart (ReadRetagUnseen's analysis) or can only lose pairs
// (an acyclic, irreflexive or empty relation or set stays so; a negated
// check can only gain them), and every flag has the same value.
func (m *Model) ReadRetagKeepsConsistent(to, from []string) bool {
	if sameTagSet(to, from) {
		return true
	}
	if IsAMOHalf(to) {
		return false // the moved load is never an AMO's half
	}
	r := &retag{
		tagA: tagMembership(to), tagB: tagMembership(from),
		sets: map[*Node]setDiff{}, rels: map[*Node]relDiff{}, classes: map[*Node]evClass{}, ends: map[[2]int]evClass{},
	}
	d := newRetagMoves(to, from)
	for _, k := range m.Constraints {
		if k.Expr.Kind == KSet {
			if r.set(k.Expr).same() {
				continue
			}
		} else if !r.rel(k.Expr).diff {
			continue
		}
		mv := d.node(k.Expr)
		allowed := mayLose
		if k.Negated {
			allowed = mayGain
		}
		if k.Flag {
			allowed = 0
		}
		if mv&^allowed != 0 {
			return false
		}
	}
	return true
}

// newRetagMoves starts the analysis of C carrying tags to instead of from.
func newRetagMoves(to, from []string) *retagMoves {
	return &retagMoves{tagsX: tagMembership(from), tagsY: tagMembership(to),
		memo: map[*Node]moves{}, groups: map[*RecGroup]moves{}, inside: map[*RecGroup]bool{}}
}

// node is how n may move.
func (d *retagMoves) node(n *Node) moves {
	if v, ok := d.memo[n]; ok {
		return v
	}
	var v moves
	switch n.Op {
	case OpBase, OpUniverse, OpEmpty:
	case OpTag:
		x, y := d.tagsX[n.Name], d.tagsY[n.Name]
		if !descSubset(x, y) {
			v |= mayLose
		}
		if !descSubset(y, x) {
			v |= mayGain
		}
	case OpUnion, OpInter, OpSeq, OpCart, OpInverse, OpPlus, OpStar, OpOpt, OpIdOf, OpDomain, OpRange:
		for _, k := range n.Kids {
			v |= d.node(k)
		}
	case OpDiff:
		v = d.node(n.Kids[0]) | d.node(n.Kids[1]).swapped()
	case OpComplement:
		v = d.node(n.Kids[0]).swapped()
	case OpRecRef:
		v = d.group(n.Rec)
	default:
		v = anyMove
	}
	d.memo[n] = v
	return v
}

// group is how the variables of g may move: as their bodies do with g's
// own variables held fixed, when g is monotone in them. While g's bodies
// are analysed its variables count as fixed, so their nodes get a memo of
// their own (a node of a body may be shared with an expression outside
// it). A group's bodies refer to no later group, so the groups they refer
// to do not depend on g's variables.
func (d *retagMoves) group(g *RecGroup) moves {
	if d.inside[g] {
		return 0
	}
	if v, ok := d.groups[g]; ok {
		return v
	}
	if !g.Monotone() {
		d.groups[g] = anyMove
		return anyMove
	}
	d.inside[g] = true
	outer := d.memo
	d.memo = map[*Node]moves{}
	var v moves
	for _, b := range g.Bodies {
		v |= d.node(b)
	}
	d.memo = outer
	delete(d.inside, g)
	d.groups[g] = v
	return v
}

// descSubset reports whether membership descriptor x (tagMembership) puts
// C in the tag only where y does: "" is never, "1" always, ",i,j" under
// selectors i and j.
func descSubset(x, y string) bool {
	switch {
	case x == "" || y == "1" || x == y:
		return true
	case x == "1" || y == "":
		return false
	}
	ys := selectorIDs(y)
	for _, id := range selectorIDs(x) {
		if !slices.Contains(ys, id) {
			return false
		}
	}
	return true
}

func selectorIDs(desc string) []int {
	var out []int
	for _, f := range strings.Split(desc, ",") {
		if id, err := strconv.Atoi(f); err == nil {
			out = append(out, id)
		}
	}
	return out
}
