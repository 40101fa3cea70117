package refcheck

import (
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/source"
	"github.com/checkfence/checkfence/lsl"
)

// Case is a program with its tests: a generated program or a regression
// file. The file is LSL text with directives in comments:
//
//	//# test T = init ( a | b c ) final   (one or more, .tst syntax)
//	//# models relaxed rmo                (optional: only these models)
//	//# known <text>                      (optional: a known engine bug)
type Case struct {
	Name   string
	Source string
	Prog   *lsl.Program
	Tests  []*lsl.Test
	Models []string
	Known  string
}

// ReadCase reads and parses the case file path.
func ReadCase(path string) (*Case, error) {
	src, err := source.ReadSource(path)
	if err != nil {
		return nil, err
	}
	return ParseCase(path, src)
}

// ParseCase parses a case file. Its errors are *diag.Error values with
// a code (diag.Codes): a directive the format does not have, or no test
// directive, is CodeSyntax; the program's and the tests' own errors are
// lsl's.
func ParseCase(name string, src []byte) (*Case, error) {
	c := &Case{Name: name, Source: string(src)}
	var tests []string
	for i, line := range strings.Split(string(src), "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "//#")
		if !ok {
			continue
		}
		rest = strings.TrimSpace(rest)
		word, arg, _ := strings.Cut(rest, " ")
		switch word {
		case "test":
			tests = append(tests, rest)
		case "models":
			c.Models = strings.Fields(arg)
		case "known":
			c.Known = strings.TrimSpace(arg)
		default:
			pos := diag.Pos{File: name, Line: i + 1, Col: strings.Index(line, "//#") + 1}
			return nil, diag.ErrorfCode(pos, diag.CodeSyntax, "unknown directive //# %s", word)
		}
	}
	if len(tests) == 0 {
		return nil, diag.ErrorfCode(diag.Pos{File: name, Line: 1, Col: 1}, diag.CodeSyntax, "no //# test directive")
	}
	prog, err := lsl.Parse(name, src)
	if err != nil {
		return nil, err
	}
	if err := prog.Check(); err != nil {
		return nil, err
	}
	tf, err := lsl.ParseTests(name, []byte(strings.Join(tests, "\n")))
	if err != nil {
		return nil, err
	}
	if err := tf.Check(prog); err != nil {
		return nil, err
	}
	c.Prog, c.Tests = prog, tf.Tests
	return c, nil
}
