package lsl

import (
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/checkfence/checkfence/diag"
)

// OpRef names an operation (a procedure without parameters or results) in a
// test.
type OpRef struct {
	Name string
	Pos  diag.Pos
}

// Test is one symbolic test (SPEC §4): Init runs first on its own thread,
// then the Threads run concurrently, then Final runs after all of them.
type Test struct {
	Name    string
	Init    []OpRef
	Threads [][]OpRef
	Final   []OpRef
	Pos     diag.Pos
	// Program: the test is a whole program (a pthread main) rather than
	// operations of a data type; it has no serial executions to compare
	// with, so only assertions, runtime errors, deadlocks and livelocks
	// are checked.
	Program bool
	// Detached marks the concurrent threads (by index into Threads) that
	// a program's main returns without joining: the program ends while
	// they run, so one that blocks or goes round a cycle forever is no
	// deadlock or livelock (docs/semantics.md, "Threads main does not
	// join"). nil: none.
	Detached []bool
	// Leaks: every lsl_malloc block must be free when the test ends (its
	// last thread ends: final, or the only thread of a sequential
	// program); one still allocated is a memory leak (docs/semantics.md,
	// "Memory leaks").
	Leaks bool
}

// TestFile is a parsed .tst file.
type TestFile struct {
	File  string
	Tests []*Test
}

type tstFileAST struct {
	Tests []*tstTestAST `parser:"@@*"`
}

// The final operations stop where the next "test NAME =" begins, so that an
// operation may still be called "test".
type tstTestAST struct {
	Pos   lexer.Position
	Name  tstName     `parser:"\"test\" @@ \"=\""`
	Init  []tstName   `parser:"@@* \"(\""`
	Items []tstItem   `parser:"@@*"`
	Close tstCloseTok `parser:"@@"`
	Final []tstName   `parser:"( (?! \"test\" Name \"=\" ) @@ )*"`
}

type tstName struct {
	Pos  lexer.Position
	Name string `parser:"@Name"`
}

// tstItem is an operation or a "|" between threads.
type tstItem struct {
	Pos  lexer.Position
	Bar  bool   `parser:"  @\"|\""`
	Name string `parser:"| @Name"`
}

type tstCloseTok struct {
	Pos   lexer.Position
	Paren string `parser:"@\")\""`
}

// tstParser is built on first use (see lslParser).
var tstParser = sync.OnceValue(func() *participle.Parser[tstFileAST] {
	return participle.MustBuild[tstFileAST](
		participle.Lexer(tstLexer),
		participle.UseLookahead(0),
	)
})

// parseTSTTokens builds the tree of a .tst file: by parseTSTFast when it
// accepts, else by participle, which also words the errors.
func parseTSTTokens(filename string, tokens []lexer.Token) (*tstFileAST, error) {
	if ast, ok := parseTSTFast(tokens); ok {
		return ast, nil
	}
	return parseTSTParticiple(filename, tokens)
}

func parseTSTParticiple(filename string, tokens []lexer.Token) (*tstFileAST, error) {
	peek, err := lexer.Upgrade(&sliceLexer{tokens: tokens})
	if err != nil {
		return nil, convertParseError(filename, err)
	}
	ast, err := tstParser().ParseFromLexer(peek)
	if err != nil {
		return nil, convertParseError(filename, err)
	}
	return ast, nil
}

// isIdent reports whether s is an identifier ([A-Za-z_][A-Za-z0-9_]*).
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// ParseTests parses a .tst file. It reports syntax errors, empty threads,
// operation names that are not identifiers and duplicate test names.
func ParseTests(filename string, src []byte) (tf *TestFile, err error) {
	defer func() {
		if r := recover(); r != nil {
			tf = nil
			err = diag.ErrorList{diag.ErrorfCode(diag.Pos{File: filename, Line: 1, Col: 1}, diag.CodeInternal, "internal parser error: %v", r)}
		}
	}()
	tokens, err := scanTST(filename, string(src))
	if err != nil {
		return nil, err
	}
	ast, err := parseTSTTokens(filename, tokens)
	if err != nil {
		return nil, err
	}
	var errs diag.ErrorList
	ops := func(names []tstName) []OpRef {
		var out []OpRef
		for _, n := range names {
			if !isIdent(n.Name) {
				errs = append(errs, diag.ErrorfCode(lslPos(n.Pos), diag.CodeInvalidName, "invalid operation name %s", n.Name))
			}
			out = append(out, OpRef{Name: n.Name, Pos: lslPos(n.Pos)})
		}
		return out
	}
	tf = &TestFile{File: filename}
	seen := map[string]*Test{}
	for _, ta := range ast.Tests {
		t := &Test{Name: ta.Name.Name, Pos: lslPos(ta.Name.Pos), Init: ops(ta.Init), Final: ops(ta.Final)}
		if prev := seen[t.Name]; prev != nil {
			errs = append(errs, diag.ErrorfCode(t.Pos, diag.CodeDuplicateDecl, "duplicate test %s (previous definition at %s)", t.Name, prev.Pos))
		} else {
			seen[t.Name] = t
		}
		var thread []tstName
		endThread := func(end lexer.Position) {
			if len(thread) == 0 {
				errs = append(errs, diag.ErrorfCode(lslPos(end), diag.CodeInvalidConstruct, "empty thread in test %s", t.Name))
			}
			t.Threads = append(t.Threads, ops(thread))
			thread = nil
		}
		for _, it := range ta.Items {
			if it.Bar {
				endThread(it.Pos)
				continue
			}
			thread = append(thread, tstName{Pos: it.Pos, Name: it.Name})
		}
		endThread(ta.Close.Pos)
		tf.Tests = append(tf.Tests, t)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if len(tf.Tests) == 0 {
		// checking nothing and answering with an empty table would look
		// like success
		return nil, diag.ErrorList{diag.ErrorfCode(diag.Pos{File: filename, Line: 1, Col: 1}, diag.CodeInvalidConstruct,
			"no tests in this file (a test reads: test NAME = ( OP OP | OP OP ))")}
	}
	return tf, nil
}

// Check verifies that every operation of every test is a procedure of p
// without parameters and results.
func (tf *TestFile) Check(p *Program) error {
	var errs diag.ErrorList
	for _, t := range tf.Tests {
		all := append(append([]OpRef(nil), t.Init...), t.Final...)
		for _, th := range t.Threads {
			all = append(all, th...)
		}
		for _, op := range all {
			proc := p.Proc(op.Name)
			switch {
			case proc == nil:
				errs = append(errs, diag.ErrorfCode(op.Pos, diag.CodeUndeclared, "unknown operation %s", op.Name))
			case len(proc.Params) > 0:
				errs = append(errs, diag.ErrorfCode(op.Pos, diag.CodeInvalidConstruct, "operation %s has parameters (an operation must be a procedure without parameters and results)", op.Name))
			case len(proc.Results) > 0:
				errs = append(errs, diag.ErrorfCode(op.Pos, diag.CodeInvalidConstruct, "operation %s has results (an operation must be a procedure without parameters and results)", op.Name))
			}
		}
	}
	return errs.Err()
}

// Select returns the tests named in names (the --test flags), in that order
// and without repetitions, or every test when names is empty. An unknown
// name is an error that lists the available tests.
func (tf *TestFile) Select(names []string) ([]*Test, error) {
	if len(names) == 0 {
		return tf.Tests, nil
	}
	byName := map[string]*Test{}
	var all []string
	for _, t := range tf.Tests {
		byName[t.Name] = t
		all = append(all, t.Name)
	}
	var out []*Test
	var unknown []string
	taken := map[string]bool{}
	for _, n := range names {
		t := byName[n]
		switch {
		case t == nil:
			unknown = append(unknown, n)
		case !taken[n]:
			taken[n] = true
			out = append(out, t)
		}
	}
	if len(unknown) > 0 {
		// An input error without position: the name came from the command line.
		return nil, &diag.Error{Code: diag.CodeUndeclared, Msg: "unknown test " + strings.Join(unknown, ", ") + " (tests in " +
			tf.File + ": " + strings.Join(all, ", ") + ")"}
	}
	return out, nil
}
