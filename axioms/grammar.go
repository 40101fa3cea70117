package axioms

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar of .mm files. It only captures the shape of the
// text; check.go resolves names, sorts and arities and builds the AST.

// mmParser is built on first use: building the lexer and parser at package
// init cost every command, `version` included, a few milliseconds.
var mmParser = sync.OnceValue(func() *participle.Parser[gModel] {
	mmLexer := lexer.MustSimple([]lexer.SimpleRule{
		{Name: "Comment", Pattern: `//[^\n]*|/\*([^*]|\*+[^*/])*\*+/`},
		{Name: "Whitespace", Pattern: `[ \t\r\n\f]+`},
		// A label starts an axiom; it cannot be confused with "<=>".
		{Name: "Label", Pattern: `<[A-Za-z0-9_']+>`},
		{Name: "Op", Pattern: `<=>|=>|[~&|=(),:.]`},
		{Name: "Keyword", Pattern: `(model|predefined|exists|forall|require|end|set|predicate|relation|true|false)\b`},
		{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_]*'*`},
	})
	return participle.MustBuild[gModel](
		participle.Lexer(mmLexer),
		participle.Elide("Comment", "Whitespace"),
		// The grammar is LL(1); without backtracking, syntax errors are
		// reported at the first token that cannot continue the input.
		participle.UseLookahead(0),
	)
})

type gModel struct {
	Pos        lexer.Position
	Name       *gIdent     `parser:"\"model\" @@"`
	Predefined []*gDecl    `parser:"( \"predefined\" @@* )?"`
	Exists     []*gDecl    `parser:"( \"exists\" @@* )?"`
	Forall     []*gVarDecl `parser:"( \"forall\" @@* )?"`
	Require    []*gAxiom   `parser:"( \"require\" @@* )?"`
	End        bool        `parser:"@\"end\" \"model\""`
}

type gIdent struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

type gDecl struct {
	Pos    lexer.Position
	Kind   string    `parser:"@(\"set\" | \"predicate\" | \"relation\")"`
	Name   *gIdent   `parser:"@@"`
	Params []*gIdent `parser:"( \"(\" @@ ( \",\" @@ )* \")\" )?"`
}

type gVarDecl struct {
	Pos   lexer.Position
	Names []*gIdent `parser:"@@ ( \",\" @@ )*"`
	Sort  *gIdent   `parser:"\":\" @@"`
}

type gAxiom struct {
	Pos   lexer.Position
	Label string `parser:"@Label"`
	Body  *gIff  `parser:"@@"`
}

type gIff struct {
	Pos  lexer.Position
	Left *gImp   `parser:"@@"`
	Rest []*gImp `parser:"( \"<=>\" @@ )*"`
}

type gImp struct {
	Pos   lexer.Position
	Left  *gOr  `parser:"@@"`
	Right *gImp `parser:"( \"=>\" @@ )?"`
}

type gOr struct {
	Pos   lexer.Position
	Terms []*gAnd `parser:"@@ ( \"|\" @@ )*"`
}

type gAnd struct {
	Pos   lexer.Position
	Terms []*gUnary `parser:"@@ ( \"&\" @@ )*"`
}

type gUnary struct {
	Pos   lexer.Position
	Not   *gUnary `parser:"  \"~\" @@"`
	Quant *gQuant `parser:"| @@"`
	Atom  *gAtom  `parser:"| @@"`
}

type gQuant struct {
	Pos  lexer.Position
	Kind string    `parser:"@(\"forall\" | \"exists\")"`
	Vars []*gIdent `parser:"@@ ( \",\" @@ )*"`
	Sort *gIdent   `parser:"\":\" @@"`
	Body *gIff     `parser:"\".\" @@"`
}

type gAtom struct {
	Pos   lexer.Position
	True  bool  `parser:"  @\"true\""`
	False bool  `parser:"| @\"false\""`
	Paren *gIff `parser:"| \"(\" @@ \")\""`
	Ref   *gRef `parser:"| @@"`
}

// gRef is an application name(X, ...) or an equality X = Y; both start
// with an identifier, and factoring it out keeps the grammar LL(1), so
// syntax errors are reported where they occur.
type gRef struct {
	Pos  lexer.Position
	Name *gIdent   `parser:"@@"`
	Args []*gIdent `parser:"( \"(\" @@ ( \",\" @@ )* \")\""`
	Eq   *gIdent   `parser:"| \"=\" @@ )"`
}
