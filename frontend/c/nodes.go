package cfront

import (
	"reflect"
	"sync"

	"github.com/checkfence/checkfence/lsl"
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
func walkNodes(n cc.Node, f func(cc.Node) bool) {
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
			walkNodes(c, f)
		}
	}
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
func lslPos(p token.Position) lsl.Pos {
	return lsl.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}

// nodePos is the position of n (invalid when n has none).
func nodePos(n cc.Node) (p lsl.Pos) {
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
			p = lsl.Pos{}
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
