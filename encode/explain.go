package encode

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// Runtime errors in a C programmer's words: "null dereference: `next` is 0"
// rather than the LSL operation that failed. Operands are named by the C
// variable their register stands for, or by the C expression of the load
// that produced them; values are printed as C sees them (0, undefined, a
// pointer).

// namer finds C-level names for the registers of one unrolled thread.
type namer struct {
	defs map[lsl.Reg][]lsl.Stmt // the statements that assign each register
	body *lsl.Block
	base func(int64) string
}

func newNamer(th *lsl.Thread, base func(int64) string) *namer {
	n := &namer{defs: map[lsl.Reg][]lsl.Stmt{}, body: th.Body, base: base}
	lsl.Walk(th.Body, func(s lsl.Stmt) bool {
		switch s := s.(type) {
		case *lsl.Assign:
			n.defs[s.Dst] = append(n.defs[s.Dst], s)
		case *lsl.Load:
			n.defs[s.Dst] = append(n.defs[s.Dst], s)
		case *lsl.Choose:
			n.defs[s.Dst] = append(n.defs[s.Dst], s)
		}
		return true
	})
	return n
}

// name is the C name of an operand: the variable its register holds
// (registers of the front ends are named after C variables, with an
// activation suffix "$n"), else the C expression of the load it was read
// by, following copies; "" when there is none.
func (n *namer) name(o lsl.Operand) string {
	return n.nameDepth(o, 0)
}

func (n *namer) nameDepth(o lsl.Operand, depth int) string {
	r, ok := o.(lsl.Reg)
	if !ok || depth > 8 {
		return ""
	}
	if v := varName(r); v != "" {
		return v
	}
	name := ""
	for i, d := range n.defs[r] {
		var this string
		switch d := d.(type) {
		case *lsl.Load:
			this = d.Expr
		case *lsl.Assign:
			if d.Op == lsl.OpCopy && len(d.Args) == 1 {
				this = n.nameDepth(d.Args[0], depth+1)
			}
		}
		if this == "" || (i > 0 && this != name) {
			return "" // no name, or different names on different paths
		}
		name = this
	}
	return name
}

// varName is the C variable a register stands for: "%next$4" is next;
// temporaries ("%t.3$4", "%value.addr$2", "%5") have none.
func varName(r lsl.Reg) string {
	s := strings.TrimPrefix(string(r), "%")
	if i := strings.IndexByte(s, '$'); i >= 0 {
		s = s[:i]
	}
	if s == "" || s == "result" || s == "ret" {
		return ""
	}
	for i, c := range s {
		switch {
		case c == '_', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return ""
		}
	}
	return s
}

// accessExpr is the C expression of the load or store that uses the
// address an Assign computes ("next->value" for the offset of next's
// value field), or "".
func (n *namer) accessExpr(a *lsl.Assign) string {
	found := ""
	lsl.Walk(n.body, func(s lsl.Stmt) bool {
		if found != "" {
			return false
		}
		switch s := s.(type) {
		case *lsl.Load:
			if s.Addr == lsl.Operand(a.Dst) && s.Expr != "" {
				found = s.Expr
			}
		case *lsl.Store:
			if s.Addr == lsl.Operand(a.Dst) && s.Expr != "" {
				found = s.Expr
			}
		}
		return true
	})
	return found
}

// value prints a value as C sees it.
func (n *namer) value(v lsl.Value) string {
	switch v.Kind {
	case lsl.KUndef:
		return "undefined"
	case lsl.KNum:
		return fmt.Sprint(v.Num)
	case lsl.KPtr:
		return "the pointer " + v.Format(n.base)
	}
	return "the packed value " + v.Format(n.base)
}

// is says what an operand holds: "`next` is 0", or just "0" unnamed.
func (n *namer) is(o lsl.Operand, v lsl.Value) string {
	if name := n.name(o); name != "" {
		return "`" + name + "` is " + n.value(v)
	}
	return ""
}

// withIs appends ": `x` is v" to msg when the operand has a name.
func (n *namer) withIs(msg string, o lsl.Operand, v lsl.Value) string {
	if s := n.is(o, v); s != "" {
		return msg + ": " + s
	}
	return msg
}

// deref words a load, store or address computation through a value that is
// not a pointer; expr is the C expression accessed ("" if unknown).
func (n *namer) deref(ptr lsl.Operand, v lsl.Value, expr string) string {
	var what string
	switch {
	case v.Kind == lsl.KNum && v.Num == 0:
		what = "null dereference"
	case v.Kind == lsl.KUndef:
		what = "dereference of an uninitialised pointer"
	case v.Kind == lsl.KNum:
		what = "dereference of a number that is not a pointer"
	default:
		what = "dereference of a packed value"
	}
	if name := n.name(ptr); name != "" {
		msg := what + ": `" + name + "` is " + n.value(v)
		if expr != "" && !strings.Contains(expr, name) {
			msg += " (in `" + expr + "`)"
		}
		return msg
	}
	if expr != "" {
		return what + " in `" + expr + "`"
	}
	if v.Kind == lsl.KNum && v.Num != 0 {
		return what + " (" + n.value(v) + ")"
	}
	return what
}

// undefinedOperands is the uninitialised-value message of an operation
// whose operands include undefined values: "comparison with an
// uninitialised value: `top` is undefined".
func (n *namer) undefinedOperands(what string, ops []lsl.Operand, vals []lsl.Value) string {
	var names []string
	for i, v := range vals {
		if v.Kind != lsl.KUndef {
			continue
		}
		if name := n.name(ops[i]); name != "" {
			names = append(names, "`"+name+"`")
		}
	}
	msg := what + " an uninitialised value"
	switch len(names) {
	case 0:
		return msg
	case 1:
		return msg + ": " + names[0] + " is undefined"
	}
	return msg + ": " + strings.Join(names, " and ") + " are undefined"
}

// assignMessage words the failure of an Assign on the decoded operands
// (the empty string: no C-level wording applies).
func (n *namer) assignMessage(s *lsl.Assign, args []lsl.Value) string {
	if len(args) != len(s.Args) {
		return ""
	}
	kind := func(i int) lsl.Kind { return args[i].Kind }
	anyKind := func(k lsl.Kind) bool {
		for _, a := range args {
			if a.Kind == k {
				return true
			}
		}
		return false
	}
	switch s.Op {
	case lsl.OpOffset, lsl.OpGetOffset, lsl.OpGetBase, lsl.OpBaseOf:
		if kind(0) != lsl.KPtr {
			return n.deref(s.Args[0], args[0], n.accessExpr(s))
		}
		if s.Op == lsl.OpOffset && kind(1) == lsl.KUndef {
			return n.withIs("array index is an uninitialised value", s.Args[1], args[1])
		}
		if s.Op == lsl.OpOffset && kind(1) != lsl.KNum {
			return n.withIs("array index is not a number", s.Args[1], args[1])
		}
	case lsl.OpDiv, lsl.OpMod:
		if kind(1) == lsl.KNum && args[1].Num == 0 {
			return n.withIs("division by zero", s.Args[1], args[1])
		}
	case lsl.OpEq, lsl.OpNe:
		switch {
		case anyKind(lsl.KUndef):
			return n.undefinedOperands("comparison with", s.Args, args)
		case anyKind(lsl.KComp):
			return "comparison of a packed value with a plain one"
		case anyKind(lsl.KPtr) && anyKind(lsl.KNum):
			i := 0
			if kind(0) != lsl.KNum {
				i = 1
			}
			return n.withIs("comparison of a pointer with a nonzero number", s.Args[i], args[i])
		}
	case lsl.OpSelect:
		if kind(0) == lsl.KUndef {
			return n.withIs("choice on an uninitialised value", s.Args[0], args[0])
		}
	case lsl.OpShl, lsl.OpShr:
		if kind(1) == lsl.KNum && kind(0) == lsl.KNum {
			return n.withIs(fmt.Sprintf("shift by %d bits", args[1].Num), s.Args[1], args[1])
		}
	case lsl.OpGet, lsl.OpSet:
		return ""
	}
	// arithmetic and ordering on values that are not numbers
	what := "arithmetic on"
	if s.Op == lsl.OpLt || s.Op == lsl.OpLe {
		what = "comparison with"
	}
	switch {
	case anyKind(lsl.KUndef):
		return n.undefinedOperands(what, s.Args, args)
	case anyKind(lsl.KPtr):
		for i := range args {
			if kind(i) == lsl.KPtr {
				return n.withIs(what+" a pointer (pointers only take field and index offsets)", s.Args[i], args[i])
			}
		}
	case anyKind(lsl.KComp):
		return what + " a packed value"
	}
	return ""
}

// truthMessage words a branch, assertion or assumption on a value that is
// neither a number nor a pointer.
func (n *namer) truthMessage(s lsl.Stmt, cond lsl.Operand, v lsl.Value) string {
	what := "branch on"
	switch s.(type) {
	case *lsl.Assert:
		what = "assertion on"
	case *lsl.Assume:
		what = "assumption on"
	}
	if v.Kind == lsl.KUndef {
		return n.undefinedOperands(what, []lsl.Operand{cond}, []lsl.Value{v})
	}
	return what + " a packed value"
}

// freeMessage words a free of a value that is not a pointer.
func (n *namer) freeMessage(ptr lsl.Operand, v lsl.Value) string {
	if v.Kind == lsl.KUndef {
		return n.withIs("free of an uninitialised pointer", ptr, v)
	}
	return n.withIs("free of a value that is not a pointer", ptr, v)
}

// observeMessage words the observation of an uninitialised value:
// "lsl_observe_output(\"value\", v) of an uninitialised value: `v` is
// undefined".
func (n *namer) observeMessage(s *lsl.Observe) string {
	if name := n.name(s.Val); name != "" {
		return fmt.Sprintf("lsl_observe_%s(%q, %s) of an uninitialised value: `%s` is undefined", s.Kind, s.Name, name, name)
	}
	return fmt.Sprintf("lsl_observe_%s(%q, …) of an uninitialised value", s.Kind, s.Name)
}
