package cat

import "github.com/checkfence/checkfence/lsl"

// The syntax tree of one .cat file, before includes are resolved and names
// are bound (check.go).

// file is a parsed .cat file.
type file struct {
	Path  string
	Title string // the identity at the top: a name and/or a string
	Stmts []stmt
}

type stmt interface{ position() lsl.Pos }

// letStmt is "let b1 and b2 …" or "let rec b1 and b2 …".
type letStmt struct {
	Pos   lsl.Pos
	Rec   bool
	Binds []*binding
}

// binding is "name = e" or "name(p1, …, pk) = e" (a function).
type binding struct {
	Pos    lsl.Pos
	Name   string
	Params []string // nil for a value binding
	Fun    bool
	Body   expr
}

// TestKind is the check of a constraint.
type TestKind uint8

const (
	Acyclic TestKind = iota + 1
	Irreflexive
	Empty
)

func (k TestKind) String() string {
	switch k {
	case Acyclic:
		return "acyclic"
	case Irreflexive:
		return "irreflexive"
	case Empty:
		return "empty"
	}
	return "?"
}

// testStmt is "[flag] [~]acyclic|irreflexive|empty e [as name]".
type testStmt struct {
	Pos     lsl.Pos
	Flag    bool
	Negated bool
	Kind    TestKind
	Expr    expr
	Name    string
}

// includeStmt is include "file".
type includeStmt struct {
	Pos  lsl.Pos
	Path string
}

// showStmt is show/unshow: display directives, ignored.
type showStmt struct{ Pos lsl.Pos }

func (s *letStmt) position() lsl.Pos     { return s.Pos }
func (s *testStmt) position() lsl.Pos    { return s.Pos }
func (s *includeStmt) position() lsl.Pos { return s.Pos }
func (s *showStmt) position() lsl.Pos    { return s.Pos }

type expr interface{ position() lsl.Pos }

// nameExpr is a variable: a let-bound name, a built-in relation or set, or
// a tag.
type nameExpr struct {
	Pos  lsl.Pos
	Name string
}

// constExpr is 0 (the empty relation or set) or _ (the set of all events).
type constExpr struct {
	Pos      lsl.Pos
	Universe bool
}

// binExpr is a binary operator: | & \ ; * (cartesian product) ++.
type binExpr struct {
	Pos  lsl.Pos
	Op   string
	L, R expr
}

// unExpr is ~e (complement) or a postfix operator: + * ? ^-1.
type unExpr struct {
	Pos lsl.Pos
	Op  string
	X   expr
}

// bracketExpr is [e]: the identity relation on a set.
type bracketExpr struct {
	Pos lsl.Pos
	X   expr
}

// appExpr is a function application f(a1, …, ak).
type appExpr struct {
	Pos  lsl.Pos
	Fun  string
	Args []expr
}

// letExpr is "let [rec] b1 and … in Body".
type letExpr struct {
	Pos  lsl.Pos
	Let  *letStmt
	Body expr
}

func (e *letExpr) position() lsl.Pos     { return e.Pos }
func (e *nameExpr) position() lsl.Pos    { return e.Pos }
func (e *constExpr) position() lsl.Pos   { return e.Pos }
func (e *binExpr) position() lsl.Pos     { return e.Pos }
func (e *unExpr) position() lsl.Pos      { return e.Pos }
func (e *bracketExpr) position() lsl.Pos { return e.Pos }
func (e *appExpr) position() lsl.Pos     { return e.Pos }
