package cfront

import (
	"reflect"
	"sync"

	"github.com/checkfence/checkfence/diag"
	cc "modernc.org/cc/v4"
	"modernc.org/token"
)

var (
	tokenType = reflect.TypeOf(cc.Token{})
	nodeType  = reflect.TypeOf((*cc.Node)(nil)).Elem()
)

// walkNodes calls f for n and, depth first, for every AST node below it
// (tokens excluded). If f returns false, the children of that node are
// skipped. cc has no visitor, so this walks exported fields by reflection;
// which fields can hold a node is worked out once per struct type
// (nodeFieldsOf), as reflect's field lookups cost more than the walk.
//
// A whole translation unit is walked seven times (prechecks, typedefs,
// names, allocations): it is listed once in walk order (flatUnit) and
// later walks go down that list.
func walkNodes(n cc.Node, f func(cc.Node) bool) {
	if tu, ok := n.(*cc.TranslationUnit); ok && tu != nil {
		flatUnit(tu).walk(f)
		return
	}
	walkTree(n, f)
}

// walkTree is walkNodes by reflection.
func walkTree(n cc.Node, f func(cc.Node) bool) {
	if n == nil {
		return
	}
	v := reflect.ValueOf(n)
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return
	}
	if !f(n) {
		return
	}
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return
	}
	v = v.Elem()
	for _, i := range nodeFieldsOf(v.Type()) {
		fv := v.Field(i)
		if (fv.Kind() == reflect.Pointer || fv.Kind() == reflect.Interface) && fv.IsNil() {
			continue
		}
		if c, ok := fv.Interface().(cc.Node); ok {
			walkTree(c, f)
		}
	}
}

// flatTree lists the nodes of a tree in walk order; end[i] is the index
// after the subtree of nodes[i].
type flatTree struct {
	nodes []cc.Node
	end   []int32
}

func (t *flatTree) walk(f func(cc.Node) bool) {
	for i := 0; i < len(t.nodes); {
		if f(t.nodes[i]) {
			i++
		} else {
			i = int(t.end[i])
		}
	}
}

// flatUnits keeps the lists of the last few units walked. The syntax tree
// does not change after parsing: cc's type checker records what it finds
// in unexported fields, which walks do not see
// (TestWalkNodesMatchesPlainWalk compares the list made before type
// checking with a walk after it, on the C files of the repository).
var flatUnits struct {
	sync.Mutex
	recent [4]struct {
		root *cc.TranslationUnit
		tree *flatTree
	}
	next int
}

func flatUnit(tu *cc.TranslationUnit) *flatTree {
	flatUnits.Lock()
	defer flatUnits.Unlock()
	for _, r := range flatUnits.recent {
		if r.root == tu {
			return r.tree
		}
	}
	t := &flatTree{}
	// each node is listed, then its children's subtrees (walkTree's order)
	var add func(n cc.Node)
	add = func(n cc.Node) {
		i := len(t.nodes)
		t.nodes = append(t.nodes, n)
		t.end = append(t.end, 0)
		first := true
		walkTree(n, func(c cc.Node) bool {
			if first { // n itself
				first = false
				return true
			}
			add(c)
			return false // add walked c's subtree
		})
		t.end[i] = int32(len(t.nodes))
	}
	add(tu)
	r := &flatUnits.recent[flatUnits.next]
	r.root, r.tree = tu, t
	flatUnits.next = (flatUnits.next + 1) % len(flatUnits.recent)
	return t
}

// nodeFields maps a struct type to the indices of its fields that can hold
// a node: exported, not a token, and of an interface type or of a type
// that implements cc.Node (a field of any other type never does). The
// fields are those the plain reflective walk visits, in the same order.
var nodeFields sync.Map // reflect.Type → []int

func nodeFieldsOf(t reflect.Type) []int {
	if idx, ok := nodeFields.Load(t); ok {
		return idx.([]int)
	}
	var idx []int
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() || sf.Type == tokenType {
			continue
		}
		if sf.Type.Kind() == reflect.Interface || sf.Type.Implements(nodeType) {
			idx = append(idx, i)
		}
	}
	nodeFields.Store(t, idx)
	return idx
}

// srcText is the C source text of n, tokens separated by single spaces
// where the source had white space (used for load/store expressions and
// assertion messages).
func srcText(n cc.Node) string {
	if n == nil {
		return ""
	}
	return cc.NodeSource(n)
}

// lslPos converts a cc position.
func lslPos(p token.Position) diag.Pos {
	return diag.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}

// nodePos is the position of n (invalid when n has none).
func nodePos(n cc.Node) (p diag.Pos) {
	if n == nil {
		return p
	}
	v := reflect.ValueOf(n)
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return p
	}
	defer func() {
		// Position methods of incomplete nodes can panic ("internal error").
		if recover() != nil {
			p = diag.Pos{}
		}
	}()
	return lslPos(n.Position())
}

// stripParens removes redundant parentheses around an expression.
func stripParens(e cc.ExpressionNode) cc.ExpressionNode {
	for {
		p, ok := e.(*cc.PrimaryExpression)
		if !ok || p.Case != cc.PrimaryExpressionExpr {
			return e
		}
		l, ok := p.ExpressionList.(*cc.ExpressionList)
		if ok {
			if l.ExpressionList != nil {
				return e // a comma expression
			}
			e = l.AssignmentExpression
			continue
		}
		e = p.ExpressionList
	}
}
