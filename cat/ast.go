package cat

import (
	"github.com/checkfence/checkfence/diag"
)

// The syntax tree of one .cat file, before includes are resolved and names
// are bound (check.go).

// file is a parsed .cat file.
type file struct {
	Path  string
	Title string // the identity at the top: a name and/or a string
	Stmts []stmt
}

type stmt interface{ position() diag.Pos }

// letStmt is "let b1 and b2 …" or "let rec b1 and b2 …".
type letStmt struct {
	Pos   diag.Pos
	Rec   bool
	Binds []*binding
}

// binding is "name = e" or "name(p1, …, pk) = e" (a function).
type binding struct {
	Pos    diag.Pos
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
	Pos     diag.Pos
	Flag    bool
	Negated bool
	Kind    TestKind
	Expr    expr
	Name    string
}

// includeStmt is include "file".
type includeStmt struct {
	Pos  diag.Pos
	Path string
}

// showStmt is show/unshow: display directives, ignored.
type showStmt struct{ Pos diag.Pos }

func (s *letStmt) position() diag.Pos     { return s.Pos }
func (s *testStmt) position() diag.Pos    { return s.Pos }
func (s *includeStmt) position() diag.Pos { return s.Pos }
func (s *showStmt) position() diag.Pos    { return s.Pos }

type expr interface{ position() diag.Pos }

// nameExpr is a variable: a let-bound name, a built-in relation or set, or
// a tag.
type nameExpr struct {
	Pos  diag.Pos
	Name string
}

// constExpr is 0 (the empty relation or set) or _ (the set of all events).
type constExpr struct {
	Pos      diag.Pos
	Universe bool
}

// binExpr is a binary operator: | & \ ; * (cartesian product) ++.
type binExpr struct {
	Pos  diag.Pos
	Op   string
	L, R expr
}

// unExpr is ~e (complement) or a postfix operator: + * ? ^-1.
type unExpr struct {
	Pos diag.Pos
	Op  string
	X   expr
}

// bracketExpr is [e]: the identity relation on a set.
type bracketExpr struct {
	Pos diag.Pos
	X   expr
}

// appExpr is a function application f(a1, …, ak).
type appExpr struct {
	Pos  diag.Pos
	Fun  string
	Args []expr
}

// letExpr is "let [rec] b1 and … in Body".
type letExpr struct {
	Pos  diag.Pos
	Let  *letStmt
	Body expr
}

func (e *letExpr) position() diag.Pos     { return e.Pos }
func (e *nameExpr) position() diag.Pos    { return e.Pos }
func (e *constExpr) position() diag.Pos   { return e.Pos }
func (e *binExpr) position() diag.Pos     { return e.Pos }
func (e *unExpr) position() diag.Pos      { return e.Pos }
func (e *bracketExpr) position() diag.Pos { return e.Pos }
func (e *appExpr) position() diag.Pos     { return e.Pos }
