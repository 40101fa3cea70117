package encode

import "github.com/checkfence/checkfence/cat"

// Statically empty relations. A composition, intersection or closure with
// an operand that holds no pair in any execution of the program holds none
// either, and is not encoded: power's prop is (W * W & propbase) | (com*;
// propbase*; ffence; hb*), and on a program without a sync fence ffence is
// empty, but com* and propbase* were closed first (1.9 M of the 8.8 M
// clauses of the c11bench msq_fifo_bug on power). The rules read only the
// base relations and sets, which every model encodes anyway; a closure,
// complement or recursion variable is taken as possibly non-empty.

// staticallyEmpty reports whether relation node n holds no pair in any
// model of the encoding. It encodes only base relations and sets.
func (ci *CatInstance) staticallyEmpty(n *cat.Node) bool {
	if ci.emptyMemo == nil {
		ci.emptyMemo = map[*cat.Node]bool{}
	}
	if v, ok := ci.emptyMemo[n]; ok {
		return v
	}
	var v bool
	switch n.Op {
	case cat.OpEmpty:
		v = true
	case cat.OpBase:
		v = ci.rel(n, polUpper).empty(ci.c)
	case cat.OpSeq, cat.OpInter:
		v = ci.staticallyEmpty(n.Kids[0]) || ci.staticallyEmpty(n.Kids[1])
	case cat.OpUnion:
		v = ci.staticallyEmpty(n.Kids[0]) && ci.staticallyEmpty(n.Kids[1])
	case cat.OpDiff, cat.OpInverse, cat.OpPlus:
		v = ci.staticallyEmpty(n.Kids[0])
	case cat.OpCart:
		v = ci.staticallyEmptySet(n.Kids[0]) || ci.staticallyEmptySet(n.Kids[1])
	case cat.OpIdOf:
		v = ci.staticallyEmptySet(n.Kids[0])
	}
	// OpStar and OpOpt hold the identity; OpComplement, OpRecRef: unknown
	ci.emptyMemo[n] = v
	return v
}

// staticallyEmptySet is staticallyEmpty for a set node.
func (ci *CatInstance) staticallyEmptySet(n *cat.Node) bool {
	if ci.emptyMemo == nil {
		ci.emptyMemo = map[*cat.Node]bool{}
	}
	if v, ok := ci.emptyMemo[n]; ok {
		return v
	}
	var v bool
	switch n.Op {
	case cat.OpEmpty:
		v = true
	case cat.OpBase, cat.OpTag:
		v = ci.set(n, polUpper).empty(ci.c)
	case cat.OpInter:
		v = ci.staticallyEmptySet(n.Kids[0]) || ci.staticallyEmptySet(n.Kids[1])
	case cat.OpUnion:
		v = ci.staticallyEmptySet(n.Kids[0]) && ci.staticallyEmptySet(n.Kids[1])
	case cat.OpDiff:
		v = ci.staticallyEmptySet(n.Kids[0])
	case cat.OpDomain, cat.OpRange:
		v = ci.staticallyEmpty(n.Kids[0])
	}
	ci.emptyMemo[n] = v
	return v
}
