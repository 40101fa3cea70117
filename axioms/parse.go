package axioms

import (
	"errors"
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/checkfence/checkfence/diag"
)

// Parse reads a .mm memory model. Syntax, name, sort and arity errors are
// reported as *diag.Error (or diag.ErrorList for several) with the position
// of the offending symbol.
func Parse(filename string, src []byte) (*Model, error) {
	if g, ok := parseFast(filename, src); ok {
		return check(filename, g)
	}
	g, err := mmParser().ParseBytes(filename, src)
	if err != nil {
		return nil, syntaxError(filename, err)
	}
	return check(filename, g)
}

func syntaxError(filename string, err error) error {
	var perr participle.Error
	if errors.As(err, &perr) {
		p := perr.Position()
		return &diag.Error{Pos: diag.Pos{File: filename, Line: p.Line, Col: p.Column}, Msg: readableMessage(perr.Message()), Code: diag.CodeSyntax}
	}
	return &diag.Error{Pos: diag.Pos{File: filename}, Msg: err.Error(), Code: diag.CodeSyntax}
}

// grammarNames translates the grammar's node names, which participle puts
// into its messages, into words.
var grammarNames = map[string]string{
	"GIff": "formula", "GImp": "formula", "GOr": "formula", "GAnd": "formula",
	"GUnary": "formula", "GAtom": "formula", "GQuant": "quantifier",
	"GRef": "application or equality", "GIdent": "identifier",
	"GDecl": "declaration", "GVarDecl": "variable declaration", "GAxiom": "axiom",
}

var grammarNameRE = regexp.MustCompile(`\bG[A-Z][A-Za-z]*\b`)

func readableMessage(msg string) string {
	msg = grammarNameRE.ReplaceAllStringFunc(msg, func(s string) string {
		if w, ok := grammarNames[s]; ok {
			return w
		}
		return s
	})
	msg = strings.ReplaceAll(msg, `token "<EOF>"`, "end of file")
	return strings.TrimPrefix(msg, "lexer: ")
}
