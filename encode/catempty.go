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

// staticallyEmpty reports whether node n (a relation or a set) holds no
// pair or event in any model of the encoding. It encodes only base
// relations and sets.
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
	case cat.OpBase, cat.OpTag:
		if n.Kind == cat.KSet {
			v = ci.set(n, polUpper).empty(ci.c)
		} else {
			v = ci.rel(n, polUpper).empty(ci.c)
		}
	case cat.OpSeq, cat.OpInter, cat.OpCart:
		v = ci.staticallyEmpty(n.Kids[0]) || ci.staticallyEmpty(n.Kids[1])
	case cat.OpUnion:
		v = ci.staticallyEmpty(n.Kids[0]) && ci.staticallyEmpty(n.Kids[1])
	case cat.OpDiff, cat.OpInverse, cat.OpPlus, cat.OpIdOf, cat.OpDomain, cat.OpRange:
		v = ci.staticallyEmpty(n.Kids[0])
	}
	// OpStar and OpOpt hold the identity; OpComplement, OpUniverse,
	// OpRecRef: taken as non-empty
	ci.emptyMemo[n] = v
	return v
}
