package llvmfront

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/checkfence/checkfence/diag"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
)

// maxSource bounds the size of an .ll file we parse.
const maxSource = 64 << 20

// parseModule parses LLVM IR assembly. Every failure, including a panic
// inside the parser, is an *diag.Error at the best position known.
func parseModule(name string, src []byte) (m *ir.Module, err error) {
	at := func(line int, code diag.ErrorCode, format string, args ...any) error {
		return diag.ErrorfCode(diag.Pos{File: name, Line: line, Col: 1}, code, format, args...)
	}
	if len(src) > maxSource {
		return nil, at(1, diag.CodeFileTooLarge, "file too large (%d bytes)", len(src))
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		return nil, at(bytes.Count(src[:i], []byte("\n"))+1, diag.CodeCompiler, "NUL character in the file (not LLVM IR text)")
	}
	if line := opaquePointerLine(src); line > 0 {
		// retypeOpaque gives every ptr a type before
		return nil, at(line, diag.CodeInternal, "internal error: a pointer of the opaque-pointer IR was left without a type")
	}
	defer func() {
		if r := recover(); r != nil {
			m = nil
			line, msg := parseErrorLine(fmt.Errorf("%v", r), src)
			err = readError(name, src, line, "cannot parse LLVM IR: %s", msg)
		}
	}()
	m, err = asm.ParseBytes(name, stripReturnAlign(src))
	if err != nil {
		line, msg := parseErrorLine(err, src)
		return nil, readError(name, src, line, "cannot parse LLVM IR: %s", msg)
	}
	if line := firstContentLine(src); line > 0 && emptyModule(m) {
		// llir accepts some text that is not IR at all as an empty module
		return nil, at(line, diag.CodeCompiler, "cannot parse LLVM IR: nothing in this file is LLVM IR")
	}
	stripArgAttrs(m)
	return m, nil
}

// returnAlign finds the alignment attributes before the callee or the
// function name of a call, define or declare line: the return attributes
// (and, for calls whose arguments name a global first, some argument
// attributes).
var returnAlign = lazyRegexp(`\balign [0-9]+ `)

// stripReturnAlign removes align attributes from the return values of
// calls and function definitions and declarations, which llir v0.3.6
// cannot parse there ("call noundef nonnull align 8 dereferenceable(8)
// %T** @f()": clang-14 writes them for every C++ function that returns a
// reference). Alignment says nothing the front end uses. Lines keep their
// numbers.
func stripReturnAlign(src []byte) []byte {
	if !bytes.Contains(src, []byte(" align ")) {
		return src
	}
	lines := bytes.Split(src, []byte("\n"))
	changed := false
	for i, l := range lines {
		start := -1
		t := bytes.TrimLeft(l, " \t")
		switch {
		case bytes.HasPrefix(t, []byte("define ")), bytes.HasPrefix(t, []byte("declare ")):
			start = len(l) - len(t)
		default:
			if j := bytes.Index(l, []byte("call ")); j >= 0 {
				start = j
			}
		}
		if start < 0 {
			continue
		}
		at := bytes.IndexByte(l[start:], '@')
		if at < 0 || !bytes.Contains(l[start:start+at], []byte(" align ")) {
			continue
		}
		head := returnAlign().ReplaceAll(l[start:start+at], nil)
		lines[i] = append(append(append([]byte{}, l[:start]...), head...), l[start+at:]...)
		changed = true
	}
	if !changed {
		return src
	}
	return bytes.Join(lines, []byte("\n"))
}

// emptyModule reports whether m holds nothing at all.
func emptyModule(m *ir.Module) bool {
	return len(m.Funcs) == 0 && len(m.Globals) == 0 && len(m.TypeDefs) == 0 && len(m.Aliases) == 0 &&
		len(m.IFuncs) == 0 && len(m.MetadataDefs) == 0 && len(m.NamedMetadataDefs) == 0 &&
		len(m.AttrGroupDefs) == 0 && m.SourceFilename == "" && m.TargetTriple == "" && m.DataLayout == ""
}

// firstContentLine is the first line that is not blank or a comment (0 if
// none).
func firstContentLine(src []byte) int {
	for i, l := range strings.Split(string(src), "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, ";") {
			return i + 1
		}
	}
	return 0
}

// stripArgAttrs replaces call arguments that carry attributes (noundef,
// zeroext, …) by their values, so that every use of a value is the value
// itself.
func stripArgAttrs(m *ir.Module) {
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				if c, ok := in.(*ir.InstCall); ok {
					for i, a := range c.Args {
						if x, ok := a.(*ir.Arg); ok {
							c.Args[i] = x.Value
						}
					}
				}
			}
		}
	}
}

// Compiled on first use, by an erroneous program only (not at start-up).
var (
	syntaxErrLine = lazyRegexp(`syntax error at line (\d+)`)
	// llir's message for a name used but never defined
	undefinedIdent = lazyRegexp(`unable to locate (local|global) identifier "([^"]+)"(?: of "([^"]+)")?`)
	// an index operand that is a constant expression: ", i64 sub ("
	gepExprIndex = lazyRegexp(`, i[0-9]+ [a-z]+ ((nuw|nsw|exact) )*\(`)
)

func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// parseErrorLine extracts the line of a parser error and a message without
// the parser's own file prefix. llir gives no line for an undefined name:
// it is the first line that uses the name.
func parseErrorLine(err error, src []byte) (int, string) {
	msg := err.Error()
	if i := strings.LastIndex(msg, "into an AST: "); i >= 0 {
		msg = msg[i+len("into an AST: "):]
	}
	lines := strings.Split(string(src), "\n")
	line := 1
	if m := syntaxErrLine().FindStringSubmatch(msg); m != nil {
		if n, e := strconv.Atoi(m[1]); e == nil && n > 0 {
			line = n
		}
		if line <= len(lines) {
			text := strings.TrimSpace(lines[line-1])
			switch {
			case text == "}":
				msg = "unexpected \"}\": the last basic block of the function has no terminator (ret, br, switch or unreachable)"
			case text != "":
				if len(text) > 60 {
					text = text[:60] + "…"
				}
				msg = fmt.Sprintf("syntax error in %q", text)
			}
		}
		return line, msg
	}
	if strings.Contains(msg, "gep index type") {
		// llir names no line: the first getelementptr with an index that
		// is a constant expression
		for i, l := range lines {
			if strings.Contains(l, "getelementptr") && gepExprIndex().MatchString(l) {
				return i + 1, msg
			}
		}
	}
	if m := undefinedIdent().FindStringSubmatch(msg); m != nil {
		name := m[2]
		what := name + " is used but never defined"
		if m[3] != "" {
			what += " in " + m[3]
		}
		return useLine(lines, name), what
	}
	return line, msg
}

// useLine is the first line where the name (%x or @x) occurs as a whole
// word, other than in a comment (1 if none).
func useLine(lines []string, name string) int {
	for i, l := range lines {
		if c := strings.IndexByte(l, ';'); c >= 0 {
			l = l[:c]
		}
		for k := 0; ; {
			j := strings.Index(l[k:], name)
			if j < 0 {
				break
			}
			j += k
			end := j + len(name)
			if end == len(l) || !isWordByte(l[end]) {
				return i + 1
			}
			k = end
		}
	}
	return 1
}

// opaquePointerLine returns the first line that uses the opaque pointer
// type "ptr" (LLVM 15 and later), or 0. Comments and strings are skipped.
func opaquePointerLine(src []byte) int {
	line := 1
	inString := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			line++
			inString = false
		case inString:
			if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == ';':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			i--
		case c == 'p' && i+3 <= len(src) && string(src[i:i+3]) == "ptr":
			before := byte(' ')
			if i > 0 {
				before = src[i-1]
			}
			after := byte(' ')
			if i+3 < len(src) {
				after = src[i+3]
			}
			if !isWordByte(before) && before != '%' && before != '@' && before != '!' && before != '#' && !isWordByte(after) && after != ':' {
				return line
			}
		}
	}
	return 0
}

func isWordByte(c byte) bool {
	return c == '_' || c == '.' || c == '$' || c == '-' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// instLines maps the instructions of every function defined in the text to
// their lines, for positions when there is no debug information. The map
// is left empty for a function whose text does not line up with its
// parsed instructions.
func instLines(src []byte, m *ir.Module) map[any]int {
	out := map[any]int{}
	lines := strings.Split(string(src), "\n")
	defs := map[string]int{} // function name → index of its define line
	for i, l := range lines {
		if strings.HasPrefix(l, "define ") {
			if name := definedName(l); name != "" {
				defs[name] = i
			}
		}
	}
	for _, f := range m.Funcs {
		start, ok := defs[f.Name()]
		if !ok || len(f.Blocks) == 0 {
			continue
		}
		out[f] = start + 1
		var body []int
		inSwitch := false
		for i := start + 1; i < len(lines); i++ {
			l := lines[i]
			t := strings.TrimSpace(l)
			if t == "}" && !inSwitch {
				break
			}
			if inSwitch {
				if strings.Contains(t, "]") {
					inSwitch = false
				}
				continue
			}
			if t == "" || strings.HasPrefix(t, ";") || (l != "" && l[0] != ' ' && l[0] != '\t') {
				continue // blank, comment or block label
			}
			for k := castsOnLine(l); k >= 0; k-- {
				body = append(body, i+1) // the casts the rewrite of opaque pointers put there, then the instruction
			}
			if strings.HasPrefix(t, "switch ") && strings.Contains(t, "[") && !strings.Contains(t, "]") {
				inSwitch = true
			}
		}
		n := 0
		for _, b := range f.Blocks {
			n += len(b.Insts) + 1
		}
		if n != len(body) {
			continue
		}
		k := 0
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				out[in] = body[k]
				k++
			}
			out[b.Term] = body[k]
			k++
		}
	}
	return out
}

// castsOnLine counts the instructions the rewrite of opaque pointers put
// on a line before its instruction (named castPrefix…).
func castsOnLine(l string) int {
	n := 0
	for k := 0; ; {
		j := strings.Index(l[k:], castPrefix)
		if j < 0 {
			return n
		}
		k += j + len(castPrefix)
		for k < len(l) && '0' <= l[k] && l[k] <= '9' {
			k++
		}
		if strings.HasPrefix(l[k:], " = ") {
			n++
		}
	}
}

// definedName extracts the function name from a define line.
func definedName(l string) string {
	i := strings.Index(l, "@")
	if i < 0 {
		return ""
	}
	rest := l[i+1:]
	if strings.HasPrefix(rest, "\"") {
		j := strings.Index(rest[1:], "\"")
		if j < 0 {
			return ""
		}
		return rest[1 : j+1]
	}
	j := strings.IndexByte(rest, '(')
	if j < 0 {
		return ""
	}
	return rest[:j]
}

// describe quotes an instruction for an error message.
func describe(x any) string {
	if s, ok := x.(interface{ LLString() string }); ok {
		t := s.LLString()
		if i := strings.Index(t, ", !"); i >= 0 {
			t = t[:i]
		}
		if len(t) > 120 {
			t = t[:117] + "..."
		}
		return fmt.Sprintf("%q", t)
	}
	return fmt.Sprintf("%T", x)
}

// defLines maps the globals (@x) and types (%t) defined at the start of a
// line to that line, for positions when there is no debug information.
func defLines(src []byte) map[string]int {
	out := map[string]int{}
	for i, l := range strings.Split(string(src), "\n") {
		if len(l) < 2 || l[0] != '@' && l[0] != '%' {
			continue
		}
		end := 1
		for end < len(l) && (isWordByte(l[end]) || l[end] == '"') {
			end++
		}
		if _, ok := out[l[:end]]; !ok && strings.HasPrefix(strings.TrimSpace(l[end:]), "=") {
			out[l[:end]] = i + 1
		}
	}
	return out
}
