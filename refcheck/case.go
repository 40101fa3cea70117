package refcheck

import (
	"fmt"
	"os"
	"strings"

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
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseCase(path, src)
}

// ParseCase parses a case file.
func ParseCase(name string, src []byte) (*Case, error) {
	c := &Case{Name: name, Source: string(src)}
	var tests []string
	for _, line := range strings.Split(string(src), "\n") {
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
			return nil, fmt.Errorf("%s: unknown directive //# %s", name, word)
		}
	}
	if len(tests) == 0 {
		return nil, fmt.Errorf("%s: no //# test directive", name)
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
