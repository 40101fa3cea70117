package cfront

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"strconv"
	"strings"
	"sync"
	_ "unsafe" // go:linkname checkAST

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/limits"
	cc "modernc.org/cc/v4"
)

var (
	abiOnce sync.Once
	abi     *cc.ABI
	abiErr  error
)

// targetABI is the fixed target: linux/amd64 (LP64). It decides sizeof.
func targetABI() (*cc.ABI, error) {
	abiOnce.Do(func() { abi, abiErr = cc.NewABI("linux", "amd64") })
	return abi, abiErr
}

// parseUnit preprocesses, parses and type checks one translation unit.
// cc panics on some invalid programs; that is reported as an error in the
// file.
func parseUnit(src Source, fsys *sourceFS) (ast *cc.AST, err error) {
	defer func() {
		if r := recover(); r != nil {
			ast = nil
			err = diag.ErrorList{{Pos: diag.Pos{File: src.Name}, Msg: fmt.Sprintf("the C type checker failed on this file (%v)", r)}}
		}
	}()
	a, err := targetABI()
	if err != nil {
		return nil, err
	}
	cfg := &cc.Config{
		ABI:             a,
		FS:              fsys,
		IncludePaths:    []string{"", sysDir},
		SysIncludePaths: []string{sysDir},
	}
	sources := func() []cc.Source {
		return []cc.Source{
			{Name: predefinedName, Value: predefinedSource()},
			{Name: src.Name, Value: padSource(src.Text)},
			{Name: sentinelName, Value: sentinelSource},
		}
	}
	if err := prescan(src, fsys); err != nil {
		return nil, err
	}
	parsed := parseSinglePass(src, fsys, cfg, sources)
	if parsed != nil {
		if err := limits.Canceled(fsys.ctx, "the C front end (preprocessing)"); err != nil {
			return nil, err
		}
	} else if parsed, err = parseTwoPasses(src, fsys, cfg, sources); err != nil {
		return nil, err
	}
	if errs := recursiveStructs(parsed); len(errs) > 0 {
		return nil, errs
	}
	if errs := notAssignable(parsed); len(errs) > 0 {
		return nil, errs
	}
	if errs := atomicTypes(parsed); len(errs) > 0 {
		return nil, errs
	}
	if errs := badNumbers(parsed); len(errs) > 0 {
		return nil, errs
	}
	if err := limits.Canceled(fsys.ctx, "the C front end (parsing)"); err != nil {
		return nil, err
	}
	ast, err = typeCheck(parsed, cfg, sources)
	if err != nil {
		return nil, convertCCError(src, fsys, err)
	}
	return ast, nil
}

// parseSinglePass parses a unit with cc.Parse alone, when its scan allows
// (see planSinglePass); nil when it does not, or when anything goes wrong
// (an error, a panic, a file the scan did not see): then the two passes
// say what it is, as they always did.
func parseSinglePass(src Source, fsys *sourceFS, cfg *cc.Config, sources func() []cc.Source) (parsed *cc.AST) {
	if !singlePassEnabled {
		return nil
	}
	plan := planSinglePass(src, fsys)
	if plan == nil {
		return nil
	}
	opens, refused := maps.Clone(fsys.opens), maps.Clone(fsys.refused)
	defer func() {
		fsys.single = nil
		if r := recover(); r != nil {
			parsed = nil
		}
		if parsed == nil {
			fsys.opens, fsys.refused = opens, refused
		}
	}()
	fsys.single = plan
	parsed, err := cc.Parse(cfg, sources())
	if err != nil {
		return nil
	}
	return parsed
}

// singlePassEnabled lets tests compare the single pass with the two.
var singlePassEnabled = true

// parseTwoPasses preprocesses a unit on its own before parsing it.
// Preprocessing errors (a missing include) end cc's token stream early,
// where its parser can loop; so preprocess alone first. The output is
// counted: parsing repeats the preprocessing, so a program whose expansion
// is too large is refused here.
func parseTwoPasses(src Source, fsys *sourceFS, cfg *cc.Config, sources func() []cc.Source) (*cc.AST, error) {
	out := &preprocessed{ctx: fsys.ctx}
	if err := cc.Preprocess(cfg, sources(), out); err != nil {
		if errors.Is(err, errPreprocessedTooLarge) {
			return nil, diag.ErrorList{{Pos: diag.Pos{File: src.Name, Line: 1, Col: 1}, Msg: fmt.Sprintf(
				"the preprocessed program is larger than %d MiB (a macro that expands without bound?)", maxPreprocessed>>20)}}
		}
		if err := limits.Canceled(fsys.ctx, "the C front end (preprocessing)"); err != nil {
			return nil, err
		}
		return nil, convertCCError(src, fsys, err)
	}
	if err := limits.Canceled(fsys.ctx, "the C front end (preprocessing)"); err != nil {
		return nil, err
	}
	parsed, err := cc.Parse(cfg, sources())
	if err != nil {
		return nil, convertCCError(src, fsys, err)
	}
	return parsed, nil
}

// typeCheck type checks the parse tree of sources, as the second half of
// cc.Translate does (cc.Translate is cc.Parse followed by the check, and
// the rest only with cfg.EvalAllMacros). The front end has the tree from
// cc.Parse already, for the prechecks that must come before type checking,
// so it checks that tree instead of parsing the unit once more: a third
// of cc's time (the preprocessor included) in every run.
// TestTypeCheckMatchesTranslate compares the two on every C file at hand.
var typeCheck = func(parsed *cc.AST, cfg *cc.Config, sources func() []cc.Source) (*cc.AST, error) {
	if err := checkAST(parsed, cfg); err != nil {
		return nil, err
	}
	return parsed, nil
}

// checkAST is cc's unexported type checker, (*cc.AST).check, at the cc
// version go.mod pins (TestCCVersionForCheckAST fails on another: check
// that the method and its signature are still the same, then update the
// test).
//
//go:linkname checkAST modernc.org/cc/v4.(*AST).check
func checkAST(ast *cc.AST, cfg *cc.Config) error

// maxPreprocessed bounds the preprocessor's output.
const maxPreprocessed = 64 << 20

var errPreprocessedTooLarge = errors.New("preprocessed program too large")

// preprocessed counts the preprocessor's output and stops it when it grows
// too large or the context is done.
type preprocessed struct {
	ctx context.Context
	n   int
}

func (p *preprocessed) Write(b []byte) (int, error) {
	p.n += len(b)
	if p.n > maxPreprocessed {
		return 0, errPreprocessedTooLarge
	}
	if p.n&0xffff < len(b) && p.ctx != nil && p.ctx.Err() != nil {
		return 0, p.ctx.Err()
	}
	return len(b), nil
}

// padSource ends a source with two newlines: cc's scanner loops forever
// when an escape sequence in a string or character literal swallows the
// last newline of a file (a file ending in a quote and a backslash).
func padSource(b []byte) []byte {
	out := make([]byte, len(b), len(b)+2)
	copy(out, b)
	return append(out, '\n', '\n')
}

// The sentinel source follows every unit. cc's parser can loop forever
// when a file ends inside a declarator ("struct s { int *"); the sentinel's
// tokens end such loops, and for a complete file it is just one more
// (ignored) declaration. Errors reported in it mean the file ended early.
const (
	sentinelName   = "<end of file>"
	sentinelSource = "int __checkfence_end_of_file;\n"
)

// The patterns are compiled on first use: only an erroneous program needs
// them, and compiling them at start-up costs every run.
var (
	ccErrLine   = lazyRegexp(`^(.*?):(\d+):(\d+): (.*)$`)
	ccErrSuffix = lazyRegexp(`\s*\([A-Za-z0-9_]+\.go:\d+:[^)]*\)\s*$`)
	// ccLiteralRange is the strconv error cc passes on for a huge literal.
	ccLiteralRange = lazyRegexp(`^strconv\.Parse\w+: parsing "([^"]*)": value out of range$`)
	// ccIncludeNotFound is cc's message for an #include it cannot open.
	ccIncludeNotFound = lazyRegexp(`^include file not found: (["<](.*)[">])$`)
)

func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// convertCCError turns cc's error text (one message per line, with the Go
// source location of the check appended) into an diag.ErrorList. Lines
// without a position are cc's follow-up noise; they are kept only when no
// line has a position.
func convertCCError(src Source, fsys *sourceFS, err error) error {
	file := src.Name
	var list, noPos, noise diag.ErrorList
	early := false
	seen := map[string]bool{}
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(ccErrSuffix().ReplaceAllString(line, ""))
		if line == "" || seen[line] {
			continue
		}
		seen[line] = true
		if m := ccErrLine().FindStringSubmatch(line); m != nil {
			if m[1] == sentinelName {
				early = true
				continue
			}
			ln, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			e := &diag.Error{Pos: diag.Pos{File: m[1], Line: ln, Col: col}, Msg: strings.TrimSuffix(m[4], ":"), Code: diag.CodeCompiler}
			if lit := ccLiteralRange().FindStringSubmatch(e.Msg); lit != nil {
				text := lit[1]
				if e.Pos.File == src.Name {
					if t := tokenAt(src.Text, e.Pos.Line, e.Pos.Col); t != "" {
						text = t
					}
				}
				e.Msg = fmt.Sprintf("integer constant %s is too large (constants have at most 64 bits)", text)
				e.Code = diag.CodeBadLiteral
			}
			if inc := ccIncludeNotFound().FindStringSubmatch(e.Msg); inc != nil {
				e.Code = diag.CodeNoFile
			}
			if inc := ccIncludeNotFound().FindStringSubmatch(e.Msg); inc != nil && fsys != nil {
				if why := fsys.whyRefused(inc[2]); why != "" {
					e.Msg = fmt.Sprintf("cannot #include %s: %s", inc[1], why)
				}
			}
			mendCCMessage(src, e) // ccmessages.go
			if isCCNoise(m[4]) {
				e.Msg = "cannot parse this (" + m[4] + ")"
				noise = append(noise, e)
			} else {
				list = append(list, e)
			}
			continue
		}
		if isCCNoise(line) {
			continue
		}
		noPos = append(noPos, &diag.Error{Pos: diag.Pos{File: file}, Msg: line, Code: diag.CodeCompiler})
	}
	if len(list) == 0 && early {
		list = append(list, &diag.Error{Pos: endPos(src), Msg: "unexpected end of file", Code: diag.CodeSyntax})
	}
	if len(list) == 0 {
		list = noPos
	}
	if len(list) == 0 {
		list = noise
	}
	if len(list) == 0 {
		if e := mendUnpositioned(src, err.Error()); e != nil {
			list = append(list, e)
		} else {
			list = append(list, &diag.Error{Pos: diag.Pos{File: file}, Msg: "cannot parse: " + err.Error(), Code: diag.CodeCompiler})
		}
	}
	return list
}

// endPos is the position just after the last character of a source.
func endPos(src Source) diag.Pos {
	text := strings.TrimRight(string(src.Text), "\n")
	line := strings.Count(text, "\n") + 1
	col := len(text) - strings.LastIndex(text, "\n")
	return diag.Pos{File: src.Name, Line: line, Col: col}
}

// isCCNoise recognizes cc's messages about itself ("TODO", "internal
// error"), which follow real errors or report input it cannot handle.
func isCCNoise(msg string) bool {
	return strings.HasPrefix(msg, "TODO") || strings.Contains(msg, "internal error")
}

// tokenAt is the number or identifier at line:col of src ("" if none).
func tokenAt(src []byte, line, col int) string {
	lines := strings.Split(string(src), "\n")
	if line < 1 || line > len(lines) || col < 1 || col > len(lines[line-1]) {
		return ""
	}
	l := lines[line-1][col-1:]
	end := 0
	for end < len(l) && isIdentChar(l[end]) {
		end++
	}
	return l[:end]
}
