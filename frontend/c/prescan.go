package cfront

import (
	"fmt"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/source"
)

// Before cc runs, a unit and the files it includes with #include "…" are
// scanned for two things cc cannot stop once started:
//
// Include cycles. cc has no include depth limit, so a file that includes
// itself (directly or through others) without an include guard is read
// forever. An #include outside any conditional that leads back to a file
// on the current include stack is such a cycle (with a guard, the
// #include is inside the guard's #ifndef; cc ignores #pragma once), and is
// reported at the #include.
//
// Macro bombs. cc expands a macro into a token list in memory, and does it
// slowly: "#define A1 A0 A0 … #define A30 A29 A29" makes one use of A30
// 2^30 tokens, minutes and gigabytes before anything can stop it. Every
// use of a macro whose expansion would be longer than maxMacroTokens is
// reported at the use. The scan ignores conditionals (a definition in any
// branch counts) and counts a function-like macro's parameters as one
// token each: it catches chains of definitions, not blow-ups through
// arguments, which the time and memory limits stop instead.

// maxMacroTokens bounds the expansion of one macro use.
const maxMacroTokens = 1 << 16

type macroDef struct {
	params map[string]bool // nil for an object-like macro
	body   []string        // identifiers as themselves, other tokens as ""
	// arity is the number of parameters of a function-like macro, -1 when
	// it is variadic or was defined with different numbers (in
	// conditional branches): its calls are then not counted.
	arity int
}

type macroScan struct {
	fsys    *sourceFS
	defs    map[string]*macroDef
	sizes   map[string]int64 // memo, cleared when a definition changes
	visited map[string]bool  // files scanned (each once per unit)
	stack   []string         // the include stack
	once    map[string]bool  // files with #pragma once
	err     *diag.Error
}

// prescan scans a unit for unconditional include cycles and for uses of
// macros that expand too far.
func prescan(src Source, fsys *sourceFS) error {
	m := &macroScan{fsys: fsys, defs: map[string]*macroDef{}, sizes: map[string]int64{},
		visited: map[string]bool{}, once: map[string]bool{}}
	m.file(src.Name, src.Text)
	if m.err != nil {
		return diag.ErrorList{m.err}
	}
	return nil
}

// file scans one file: its directives in order, and the macro uses in its
// other lines.
func (m *macroScan) file(name string, text []byte) {
	m.visited[name] = true
	m.stack = append(m.stack, name)
	defer func() { m.stack = m.stack[:len(m.stack)-1] }()
	depth := 0 // conditional nesting
	for _, ln := range logicalLines(text) {
		if m.err != nil {
			return
		}
		toks := ln.toks
		if len(toks) > 1 && toks[0].text == "#" {
			switch toks[1].text {
			case "if", "ifdef", "ifndef":
				depth++
			case "endif":
				depth--
			case "pragma":
				if len(toks) > 2 && toks[2].text == "once" {
					m.once[name] = true
				}
			}
		}
		if len(toks) > 0 && toks[0].text == "#" {
			m.directive(name, toks[1:], depth)
			continue
		}
		for k, t := range toks {
			if !isIdentStart(t.text) {
				continue
			}
			d, ok := m.defs[t.text]
			if !ok {
				continue
			}
			if depth == 0 && d.params != nil && d.arity >= 0 {
				if e := macroArgCount(name, toks[k:], d.arity); e != nil {
					m.err = e
					return
				}
			}
			if n := m.size(t.text, map[string]bool{}); n > maxMacroTokens {
				m.err = &diag.Error{Pos: diag.Pos{File: name, Line: t.line, Col: t.col},
					Msg: fmt.Sprintf("macro %s expands to %s tokens (at most %d are allowed)", t.text, describeCount(n), maxMacroTokens), Code: diag.CodeUnsupported}
				return
			}
		}
	}
}

func (m *macroScan) directive(file string, toks []ctok, depth int) {
	if len(toks) == 0 {
		return
	}
	switch toks[0].text {
	case "define":
		if len(toks) < 2 || !isIdentStart(toks[1].text) {
			return
		}
		d := &macroDef{}
		rest := toks[2:]
		if len(rest) > 0 && rest[0].text == "(" && rest[0].adjacent {
			d.params = map[string]bool{}
			k := 1
			for ; k < len(rest) && rest[k].text != ")"; k++ {
				if isIdentStart(rest[k].text) {
					d.params[rest[k].text] = true
					d.arity++
				}
				if rest[k].text == "." {
					d.arity = -1 // ... : variadic
				}
			}
			if d.arity < 0 || len(d.params) < d.arity {
				d.arity = -1
			}
			if old, ok := m.defs[toks[1].text]; ok && old.params != nil && old.arity != d.arity {
				d.arity = -1
			}
			rest = rest[min(k+1, len(rest)):]
		}
		for _, t := range rest {
			if isIdentStart(t.text) {
				d.body = append(d.body, t.text)
			} else {
				d.body = append(d.body, "")
			}
		}
		m.defs[toks[1].text] = d
		clear(m.sizes)
	case "undef":
		if len(toks) >= 2 {
			delete(m.defs, toks[1].text)
			clear(m.sizes)
		}
	case "include":
		if len(toks) >= 2 && strings.HasPrefix(toks[1].text, `"`) {
			m.include(file, toks[1], depth)
		}
	}
}

// include scans a file named by #include "name", found as cc finds it
// (relative to the working directory or the including file's directory),
// once per unit; an include of a file on the stack, outside conditionals,
// is a cycle.
func (m *macroScan) include(from string, arg ctok, depth int) {
	name := strings.Trim(arg.text, `"`)
	if path.IsAbs(name) {
		if m.fsys.absolute == nil {
			m.fsys.absolute = map[string]bool{}
		}
		m.fsys.absolute[path.Clean(name)] = true
	}
	for _, cand := range []string{name, path.Join(path.Dir(from), name)} {
		if slices.Contains(m.stack, cand) {
			if depth == 0 {
				cycle := strings.Join(append(m.stack[slices.Index(m.stack, cand):], cand), " → ")
				msg := fmt.Sprintf("#include %s includes itself without an include guard (%s), endlessly", arg.text, cycle)
				if m.once[cand] {
					msg += "; #pragma once is not supported: use #ifndef/#define/#endif"
				}
				m.err = &diag.Error{Pos: diag.Pos{File: from, Line: arg.line, Col: arg.col}, Msg: msg, Code: diag.CodeInvalidConstruct}
			}
			return
		}
		if m.visited[cand] {
			return
		}
		if b, ok := m.fsys.mem[cand]; ok {
			m.file(cand, b)
			return
		}
		if source.NotRegular(cand) != "" {
			continue
		}
		if _, err := os.Stat(cand); err != nil {
			continue
		}
		b, err := source.ReadSource(cand)
		if err != nil {
			return // the preprocessor reports it
		}
		m.file(cand, b)
		return
	}
}

// macroArgCount checks the arguments of a call of a function-like macro
// of arity parameters at toks[0] (its name), when the call's parentheses
// close on the same line: cc reports too many arguments but takes too few
// as empty ones, so M(1) for M(a, b) expanded to a program with a hole.
func macroArgCount(file string, toks []ctok, arity int) *diag.Error {
	if len(toks) < 2 || toks[1].text != "(" {
		return nil // the name alone is no call
	}
	args, depth, empty := 1, 0, true
	for _, t := range toks[1:] {
		switch t.text {
		case "(":
			depth++
			if depth == 1 {
				continue
			}
		case ")":
			depth--
			if depth == 0 {
				if empty && arity <= 1 {
					return nil // M() of a macro of one (empty) or no parameter
				}
				if args == arity {
					return nil
				}
				name := toks[0]
				what := fmt.Sprintf("only %d", args)
				if args > arity {
					what = fmt.Sprint(args)
				}
				return &diag.Error{Pos: diag.Pos{File: file, Line: name.line, Col: name.col},
					Msg: fmt.Sprintf("macro %s takes %d argument%s, but %s %s given", name.text, arity, plural(arity), what, isAre(args)), Code: diag.CodeArgCount}
			}
		case ",":
			if depth == 1 {
				args++
			}
		}
		empty = false
	}
	return nil // the call goes on after this line
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// size is the number of tokens a use of macro name expands to (saturating
// far above the limit); a macro being expanded is not expanded again.
func (m *macroScan) size(name string, active map[string]bool) int64 {
	if n, ok := m.sizes[name]; ok {
		return n
	}
	d := m.defs[name]
	active[name] = true
	var n int64
	for _, t := range d.body {
		switch {
		case t == "" || d.params[t] || active[t] || m.defs[t] == nil:
			n++
		default:
			n += m.size(t, active)
		}
		if n > 1<<50 {
			n = 1 << 50
		}
	}
	delete(active, name)
	m.sizes[name] = n
	return n
}

func describeCount(n int64) string {
	for k := 62; k > 20; k-- {
		if n >= 1<<k {
			return fmt.Sprintf("more than 2^%d", k)
		}
	}
	return fmt.Sprint(n)
}

// A minimal C tokenizer for the scan: identifiers, numbers, string and
// character literals, one token per other character; comments and line
// continuations removed; tokens grouped by logical line.

type ctok struct {
	text      string
	line, col int
	adjacent  bool // no space before it
}

type logicalLine struct{ toks []ctok }

func isIdentStart(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func logicalLines(src []byte) []logicalLine {
	// One string and one token array back every token and line: the scan
	// runs on every unit and every header, before cc.
	text := string(src)
	toks := make([]ctok, 0, min(len(src)/6, 1<<14)+1)
	var starts []int // where each line's tokens start in toks
	line, col := 1, 1
	adjacent := false
	i := 0
	advance := func(n int) {
		for k := 0; k < n && i < len(src); k++ {
			if src[i] == '\n' {
				line++
				col = 1
			} else {
				col++
			}
			i++
		}
	}
	starts = append(starts, 0)
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			advance(2)
		case c == '\n':
			starts = append(starts, len(toks))
			advance(1)
			adjacent = false
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			advance(1)
			adjacent = false
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				advance(1)
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			advance(2)
			for i < len(src) && !(src[i] == '*' && i+1 < len(src) && src[i+1] == '/') {
				advance(1)
			}
			advance(2)
			adjacent = false
		default:
			start, l, cl := i, line, col
			switch {
			case isIdentChar(c):
				for i < len(src) && isIdentChar(src[i]) {
					advance(1)
				}
			case c == '"' || c == '\'':
				advance(1)
				for i < len(src) && src[i] != c && src[i] != '\n' {
					if src[i] == '\\' {
						advance(1)
					}
					advance(1)
				}
				advance(1)
			default:
				advance(1)
			}
			toks = append(toks, ctok{text: text[start:i], line: l, col: cl, adjacent: adjacent})
			adjacent = true
		}
	}
	lines := make([]logicalLine, len(starts))
	for k, start := range starts {
		end := len(toks)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		if start < end {
			lines[k].toks = toks[start:end:end]
		}
	}
	return lines
}
