package cat

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/limits"
)

// Built-in names: the base sets and relations every candidate execution
// interprets (see Execution and doc.go).
var (
	baseSets = map[string]bool{"R": true, "W": true, "M": true, "F": true, "IW": true, "FW": true}
	baseRels = map[string]bool{
		"po": true, "rf": true, "co": true, "fr": true, "loc": true, "int": true, "ext": true,
		"id": true, "addr": true, "data": true, "ctrl": true, "amo": true, "lxsx": true, "rmw": true,
		"si": true, "stxn": true,
	}
	builtinFuns = map[string]bool{"domain": true, "range": true}
)

// diffValues is herd's different-values(r): the pairs of r whose events
// have different values (check.go, test).
const diffValues = "different-values"

// BaseNames lists the built-in sets and relations.
func BaseNames() (sets, rels []string) {
	for n := range baseSets {
		sets = append(sets, n)
	}
	for n := range baseRels {
		rels = append(rels, n)
	}
	sort.Strings(sets)
	sort.Strings(rels)
	return sets, rels
}

// value is what a name is bound to: a node or a function.
type value struct {
	node *Node
	fn   *closure
}

type closure struct {
	name   string
	params []string
	body   expr
	env    *env
}

// env is a persistent list of bindings, innermost first.
type env struct {
	parent *env
	name   string
	val    value
}

func (e *env) bind(name string, v value) *env { return &env{parent: e, name: name, val: v} }

func (e *env) lookup(name string) (value, bool) {
	for ; e != nil; e = e.parent {
		if e.name == name {
			return e.val, true
		}
	}
	return value{}, false
}

// compiler binds names, checks types and builds the hash-consed IR.
type compiler struct {
	m      *Model
	intern map[string]*Node
	tags   map[string]bool
	loader *loader
	depth  int // function application depth (to stop runaway recursion)
	// calls memoizes function applications by closure and arguments, so
	// that nested calls do not re-expand the same body.
	calls map[callKey]*Node
	poll  *limits.Poller // the loader's limits, polled at each expression
	temps int            // placeholders made to infer the kinds of let rec
}

type callKey struct {
	fn   *closure
	args string
}

func newCompiler(name string, ld *loader) *compiler {
	return &compiler{
		m:      &Model{Name: name, Uses: map[string]bool{}},
		intern: map[string]*Node{},
		tags:   map[string]bool{},
		loader: ld,
		calls:  map[callKey]*Node{},
		poll:   &limits.Poller{},
	}
}

func (c *compiler) node(op Op, kind Kind, name string, kids ...*Node) *Node {
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(op)))
	b.WriteByte('/')
	b.WriteString(strconv.Itoa(int(kind)))
	b.WriteByte('/')
	b.WriteString(name)
	for _, k := range kids {
		b.WriteByte('/')
		b.WriteString(strconv.Itoa(k.ID))
	}
	key := b.String()
	if n, ok := c.intern[key]; ok {
		return n
	}
	n := &Node{ID: len(c.m.Nodes), Op: op, Kind: kind, Name: name, Kids: kids}
	c.m.Nodes = append(c.m.Nodes, n)
	c.intern[key] = n
	return n
}

func (c *compiler) empty(k Kind) *Node { return c.node(OpEmpty, k, "") }

// stmts compiles the statements of one file in env e.
func (c *compiler) stmts(f *file, e *env, stack []string) (*env, error) {
	for _, s := range f.Stmts {
		var err error
		switch s := s.(type) {
		case *includeStmt:
			var inc *file
			inc, err = c.loader.include(f.Path, s, stack)
			if err == nil {
				c.m.Files = append(c.m.Files, inc.Path)
				e, err = c.stmts(inc, e, append(stack, inc.Path))
			}
		case *letStmt:
			e, err = c.letBinds(s, e)
		case *testStmt:
			err = c.test(s, e)
		case *showStmt:
		}
		if err != nil {
			return nil, err
		}
	}
	return e, nil
}

// letBinds binds the names of a let or let rec.
func (c *compiler) letBinds(s *letStmt, e *env) (*env, error) {
	if s.Rec {
		return c.letRec(s, e)
	}
	return c.let(s, e)
}

func (c *compiler) let(s *letStmt, e *env) (*env, error) {
	// the bindings of one let see the outer environment only
	out := e
	for _, b := range s.Binds {
		if b.Fun {
			out = out.bind(b.Name, value{fn: &closure{name: b.Name, params: b.Params, body: b.Body, env: e}})
			continue
		}
		n, err := c.expr(b.Body, e)
		if err != nil {
			return nil, err
		}
		if n.Label == "" && n.Op != OpBase && n.Op != OpTag {
			n.Label = b.Name
		}
		out = out.bind(b.Name, value{node: n})
	}
	return out, nil
}

func (c *compiler) letRec(s *letStmt, e *env) (*env, error) {
	g := &RecGroup{}
	kinds := make([]Kind, len(s.Binds))
	for i, b := range s.Binds {
		if b.Fun {
			return nil, diag.ErrorfCode(b.Pos, diag.CodeUnsupported, "recursive functions are not supported")
		}
		kinds[i] = KAny
	}
	// Infer the kinds first: compile the bodies with the variables of
	// unknown kind standing for 0 (which takes the kind its context
	// needs) until no kind changes; a kind still unknown is a relation.
	// The nodes made for that belong to a scratch compiler.
	scratch := newCompiler(c.m.Name, c.loader)
	for pass := 0; pass <= len(s.Binds); pass++ {
		inner := e
		for i, b := range s.Binds {
			var v *Node
			if kinds[i] == KAny {
				v = scratch.empty(KAny)
			} else {
				scratch.temps++ // a distinct negative ID: memoized nodes never mix two
				v = &Node{ID: -scratch.temps, Op: OpRecRef, Kind: kinds[i], Name: b.Name}
			}
			inner = inner.bind(b.Name, value{node: v})
		}
		changed := false
		for i, b := range s.Binds {
			if kinds[i] != KAny {
				continue
			}
			if n, err := scratch.expr(b.Body, inner); err == nil && n.Kind != KAny {
				kinds[i], changed = n.Kind, true
			}
		}
		if !changed {
			break
		}
	}
	for i := range kinds {
		if kinds[i] == KAny {
			kinds[i] = KRel
		}
	}
	// Compile with these kinds; a body of another kind fixes the guess
	// and the group is compiled again.
	for attempt := 0; attempt < 2; attempt++ {
		g.Names, g.Vars, g.Bodies = nil, nil, nil
		inner := e
		for i, b := range s.Binds {
			v := &Node{ID: len(c.m.Nodes), Op: OpRecRef, Kind: kinds[i], Name: b.Name, Rec: g, Index: i, Label: b.Name}
			c.m.Nodes = append(c.m.Nodes, v)
			g.Names = append(g.Names, b.Name)
			g.Vars = append(g.Vars, v)
			inner = inner.bind(b.Name, value{node: v})
		}
		changed := false
		for i, b := range s.Binds {
			n, err := c.expr(b.Body, inner)
			if err != nil {
				return nil, err
			}
			if n.Kind == KAny {
				n = c.empty(kinds[i])
			}
			if n.Kind != kinds[i] {
				kinds[i] = n.Kind
				changed = true
			}
			g.Bodies = append(g.Bodies, n)
		}
		if !changed {
			if err := checkMonotone(s, g); err != nil {
				return nil, err
			}
			out := e
			for i, b := range s.Binds {
				out = out.bind(b.Name, value{node: g.Vars[i]})
			}
			return out, nil
		}
	}
	return nil, diag.ErrorfCode(s.Pos, diag.CodeType, "cannot determine whether the recursive definitions are sets or relations")
}

func (c *compiler) test(s *testStmt, e *env) error {
	if a, ok := s.Expr.(*appExpr); ok && a.Fun == diffValues && s.Flag {
		// herd's different-values compares the values of events, which
		// the encoding does not expose to cat models: the flag is not
		// computed (it restricts no execution) and the model says so
		c.m.Unchecked = append(c.m.Unchecked, s.Name)
		return nil
	}
	n, err := c.expr(s.Expr, e)
	if err != nil {
		return err
	}
	if n.Kind == KAny {
		n = c.empty(KRel)
	}
	if n.Kind == KSet {
		if s.Kind != Empty {
			return diag.ErrorfCode(s.Expr.position(), diag.CodeType, "%s needs a relation, but %s is a set", s.Kind, exprString(s.Expr))
		}
	}
	c.m.Constraints = append(c.m.Constraints, &Constraint{Pos: s.Pos, Kind: s.Kind, Negated: s.Negated, Flag: s.Flag, Expr: n, Name: s.Name})
	return nil
}

func exprString(x expr) string {
	switch x := x.(type) {
	case *nameExpr:
		return x.Name
	case *appExpr:
		return x.Fun + "(…)"
	}
	return "the expression"
}

// unify gives 0 the kind of the other operand.
func (c *compiler) unify(a, b *Node) (*Node, *Node) {
	if a.Kind == KAny && b.Kind != KAny {
		a = c.empty(b.Kind)
	}
	if b.Kind == KAny && a.Kind != KAny {
		b = c.empty(a.Kind)
	}
	return a, b
}

func (c *compiler) wantRel(n *Node, x expr, what string) (*Node, error) {
	switch n.Kind {
	case KAny:
		return c.empty(KRel), nil
	case KSet:
		if n.Op == OpTag {
			return nil, diag.ErrorfCode(x.position(), diag.CodeType, "%s needs a relation, but %s is not defined (an undefined name is an event tag, a set)", what, n.Name)
		}
		return nil, diag.ErrorfCode(x.position(), diag.CodeType, "%s needs a relation, but %s is a set (use [%s] for its identity relation)", what, exprString(x), exprString(x))
	}
	return n, nil
}

func (c *compiler) wantSet(n *Node, x expr, what string) (*Node, error) {
	switch n.Kind {
	case KAny:
		return c.empty(KSet), nil
	case KRel:
		return nil, diag.ErrorfCode(x.position(), diag.CodeType, "%s needs a set, but %s is a relation", what, exprString(x))
	}
	return n, nil
}

func (c *compiler) expr(x expr, e *env) (*Node, error) {
	// Function calls are expanded here: a model can make the expansion
	// take exponential time (each f(k) calling f(k-1) on two different
	// arguments), so it stops at the limits.
	if err := c.poll.Check(); err != nil {
		return nil, err
	}
	switch x := x.(type) {
	case *nameExpr:
		return c.name(x, e)
	case *constExpr:
		if x.Universe {
			return c.node(OpUniverse, KSet, ""), nil
		}
		return c.empty(KAny), nil
	case *bracketExpr:
		n, err := c.expr(x.X, e)
		if err != nil {
			return nil, err
		}
		if n, err = c.wantSet(n, x.X, "[…]"); err != nil {
			return nil, err
		}
		if n.Op == OpEmpty {
			return c.empty(KRel), nil
		}
		return c.node(OpIdOf, KRel, "", n), nil
	case *unExpr:
		return c.unary(x, e)
	case *binExpr:
		return c.binary(x, e)
	case *appExpr:
		return c.app(x, e)
	case *letExpr:
		inner, err := c.letBinds(x.Let, e)
		if err != nil {
			return nil, err
		}
		return c.expr(x.Body, inner)
	}
	panic(fmt.Sprintf("cat: unknown expression %T", x))
}

func (c *compiler) name(x *nameExpr, e *env) (*Node, error) {
	if v, ok := e.lookup(x.Name); ok {
		if v.fn != nil {
			return nil, diag.ErrorfCode(x.Pos, diag.CodeType, "%s is a function; call it as %s(…)", x.Name, x.Name)
		}
		return v.node, nil
	}
	if builtinFuns[x.Name] {
		return nil, diag.ErrorfCode(x.Pos, diag.CodeType, "%s is a function; call it as %s(…)", x.Name, x.Name)
	}
	if baseSets[x.Name] {
		c.m.Uses[x.Name] = true
		return c.node(OpBase, KSet, x.Name), nil
	}
	if baseRels[x.Name] {
		c.m.Uses[x.Name] = true
		return c.node(OpBase, KRel, x.Name), nil
	}
	// Any other name is a tag: the set of events annotated with it.
	c.tags[x.Name] = true
	return c.node(OpTag, KSet, x.Name), nil
}

func (c *compiler) unary(x *unExpr, e *env) (*Node, error) {
	n, err := c.expr(x.X, e)
	if err != nil {
		return nil, err
	}
	if x.Op == "~" {
		if n.Kind == KAny {
			return nil, diag.ErrorfCode(x.Pos, diag.CodeInvalidConstruct, "~0 is ambiguous: say ~(0 & some set or relation)")
		}
		return c.node(OpComplement, n.Kind, "", n), nil
	}
	what := map[string]string{"+": "the closure +", "*": "the closure *", "?": "the option ?", "^-1": "the inverse ^-1"}[x.Op]
	if n, err = c.wantRel(n, x.X, what); err != nil {
		return nil, err
	}
	switch x.Op {
	case "+":
		if n.Op == OpEmpty {
			return n, nil
		}
		return c.node(OpPlus, KRel, "", n), nil
	case "*":
		return c.node(OpStar, KRel, "", n), nil
	case "?":
		return c.node(OpOpt, KRel, "", n), nil
	}
	if n.Op == OpEmpty {
		return n, nil
	}
	return c.node(OpInverse, KRel, "", n), nil
}

func (c *compiler) binary(x *binExpr, e *env) (*Node, error) {
	if x.Op == "++" {
		return nil, diag.ErrorfCode(x.Pos, diag.CodeUnsupported, "++ (list concatenation) is not supported")
	}
	l, err := c.expr(x.L, e)
	if err != nil {
		return nil, err
	}
	r, err := c.expr(x.R, e)
	if err != nil {
		return nil, err
	}
	switch x.Op {
	case "*":
		if l, err = c.wantSet(l, x.L, "the cartesian product *"); err != nil {
			return nil, err
		}
		if r, err = c.wantSet(r, x.R, "the cartesian product *"); err != nil {
			return nil, err
		}
		if l.Op == OpEmpty || r.Op == OpEmpty {
			return c.empty(KRel), nil
		}
		return c.node(OpCart, KRel, "", l, r), nil
	case ";":
		if l, err = c.wantRel(l, x.L, "the sequence ;"); err != nil {
			return nil, err
		}
		if r, err = c.wantRel(r, x.R, "the sequence ;"); err != nil {
			return nil, err
		}
		if l.Op == OpEmpty || r.Op == OpEmpty {
			return c.empty(KRel), nil
		}
		return c.node(OpSeq, KRel, "", l, r), nil
	}
	l, r = c.unify(l, r)
	if l.Kind != r.Kind {
		for _, n := range []*Node{l, r} {
			if n.Op == OpTag {
				return nil, diag.ErrorfCode(x.Pos, diag.CodeType, "%s combines a set with a relation: %s is not defined (an undefined name is an event tag, a set)", x.Op, n.Name)
			}
		}
		return nil, diag.ErrorfCode(x.Pos, diag.CodeType, "%s combines a %s (%s) with a %s (%s)", x.Op, l.Kind, exprString(x.L), r.Kind, exprString(x.R))
	}
	switch x.Op {
	case "|":
		if l.Op == OpEmpty {
			return r, nil
		}
		if r.Op == OpEmpty || l == r {
			return l, nil
		}
		return c.node(OpUnion, l.Kind, "", l, r), nil
	case "&":
		if l.Op == OpEmpty || l == r {
			return l, nil
		}
		if r.Op == OpEmpty {
			return r, nil
		}
		return c.node(OpInter, l.Kind, "", l, r), nil
	case "\\":
		if l.Op == OpEmpty || r.Op == OpEmpty {
			return l, nil
		}
		if l == r {
			return c.empty(l.Kind), nil
		}
		return c.node(OpDiff, l.Kind, "", l, r), nil
	}
	panic("cat: unknown operator " + x.Op)
}

const maxCallDepth = 64

func (c *compiler) app(x *appExpr, e *env) (*Node, error) {
	if v, ok := e.lookup(x.Fun); ok {
		if v.fn == nil {
			return nil, diag.ErrorfCode(x.Pos, diag.CodeType, "%s is a %s, not a function", x.Fun, v.node.Kind)
		}
		fn := v.fn
		if len(x.Args) != len(fn.params) {
			return nil, diag.ErrorfCode(x.Pos, diag.CodeArgCount, "%s takes %d argument(s), got %d", x.Fun, len(fn.params), len(x.Args))
		}
		inner := fn.env.bind(fn.name, v) // a function may call itself by name, but not loop
		key := callKey{fn: fn}
		for i, a := range x.Args {
			n, err := c.expr(a, e)
			if err != nil {
				return nil, err
			}
			inner = inner.bind(fn.params[i], value{node: n})
			key.args += strconv.Itoa(n.ID) + "/" + strconv.Itoa(int(n.Kind)) + ","
		}
		if n, ok := c.calls[key]; ok {
			return n, nil
		}
		c.depth++
		defer func() { c.depth-- }()
		if c.depth > maxCallDepth {
			return nil, diag.ErrorfCode(x.Pos, diag.CodeTooDeep, "calls of %s nest too deeply (recursive function?)", x.Fun)
		}
		n, err := c.expr(fn.body, inner)
		if err == nil {
			c.calls[key] = n
		}
		return n, c.atCall(err, x, fn)
	}
	if x.Fun == diffValues {
		return nil, diag.ErrorfCode(x.Pos, diag.CodeUnsupported, "%s (which compares the values of events) is supported only as the whole expression of a flag, which is then not computed", x.Fun)
	}
	if !builtinFuns[x.Fun] {
		return nil, diag.ErrorfCode(x.Pos, diag.CodeUndeclared, "unknown function %s", x.Fun)
	}
	if len(x.Args) != 1 {
		return nil, diag.ErrorfCode(x.Pos, diag.CodeArgCount, "%s takes 1 argument, got %d", x.Fun, len(x.Args))
	}
	n, err := c.expr(x.Args[0], e)
	if err != nil {
		return nil, err
	}
	if n, err = c.wantRel(n, x.Args[0], x.Fun); err != nil {
		return nil, err
	}
	if n.Op == OpEmpty {
		return c.empty(KSet), nil
	}
	if x.Fun == "domain" {
		return c.node(OpDomain, KSet, "", n), nil
	}
	return c.node(OpRange, KSet, "", n), nil
}

// atCall moves an error in the body of a function defined in another file
// (a built-in one, stdlib's fencerel) to the call in the user's file:
// the user wrote the call, not the body.
func (c *compiler) atCall(err error, x *appExpr, fn *closure) error {
	le, ok := err.(*diag.Error)
	if !ok || le.Pos.File == x.Pos.File {
		return err
	}
	var args []string
	for i, a := range x.Args {
		if i < len(fn.params) {
			args = append(args, fn.params[i]+" = "+exprString(a))
		}
	}
	return diag.ErrorfCode(x.Pos, le.Code, "%s(…): %s (with %s; in the definition of %s at %s)", x.Fun, le.Msg, strings.Join(args, ", "), x.Fun, le.Pos)
}

func (c *compiler) finish() *Model {
	for t := range c.tags {
		c.m.Tags = append(c.m.Tags, t)
	}
	sort.Strings(c.m.Tags)
	return c.m
}
