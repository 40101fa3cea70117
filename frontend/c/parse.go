package cfront

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/checkfence/checkfence/lsl"
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
			err = lsl.ErrorList{{Pos: lsl.Pos{File: src.Name}, Msg: fmt.Sprintf("the C type checker failed on this file (%v)", r)}}
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
	// Preprocessing errors (a missing include) end cc's token stream early,
	// where its parser can loop; so preprocess alone first.
	if err := cc.Preprocess(cfg, sources(), io.Discard); err != nil {
		return nil, convertCCError(src, err)
	}
	parsed, err := cc.Parse(cfg, sources())
	if err != nil {
		return nil, convertCCError(src, err)
	}
	if errs := recursiveStructs(parsed); len(errs) > 0 {
		return nil, errs
	}
	ast, err = cc.Translate(cfg, sources())
	if err != nil {
		return nil, convertCCError(src, err)
	}
	return ast, nil
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

var (
	ccErrLine   = regexp.MustCompile(`^(.*?):(\d+):(\d+): (.*)$`)
	ccErrSuffix = regexp.MustCompile(`\s*\([A-Za-z0-9_]+\.go:\d+:[^)]*\)\s*$`)
)

// convertCCError turns cc's error text (one message per line, with the Go
// source location of the check appended) into an lsl.ErrorList. Lines
// without a position are cc's follow-up noise; they are kept only when no
// line has a position.
func convertCCError(src Source, err error) error {
	file := src.Name
	var list, noPos, noise lsl.ErrorList
	early := false
	seen := map[string]bool{}
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(ccErrSuffix.ReplaceAllString(line, ""))
		if line == "" || seen[line] {
			continue
		}
		seen[line] = true
		if m := ccErrLine.FindStringSubmatch(line); m != nil {
			if m[1] == sentinelName {
				early = true
				continue
			}
			ln, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			e := &lsl.Error{Pos: lsl.Pos{File: m[1], Line: ln, Col: col}, Msg: strings.TrimSuffix(m[4], ":")}
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
		noPos = append(noPos, &lsl.Error{Pos: lsl.Pos{File: file}, Msg: line})
	}
	if len(list) == 0 && early {
		list = append(list, &lsl.Error{Pos: endPos(src), Msg: "unexpected end of file"})
	}
	if len(list) == 0 {
		list = noPos
	}
	if len(list) == 0 {
		list = noise
	}
	if len(list) == 0 {
		list = append(list, &lsl.Error{Pos: lsl.Pos{File: file}, Msg: "cannot parse: " + err.Error()})
	}
	return list
}

// endPos is the position just after the last character of a source.
func endPos(src Source) lsl.Pos {
	text := strings.TrimRight(string(src.Text), "\n")
	line := strings.Count(text, "\n") + 1
	col := len(text) - strings.LastIndex(text, "\n")
	return lsl.Pos{File: src.Name, Line: line, Col: col}
}

// isCCNoise recognizes cc's messages about itself ("TODO", "internal
// error"), which follow real errors or report input it cannot handle.
func isCCNoise(msg string) bool {
	return strings.HasPrefix(msg, "TODO") || strings.Contains(msg, "internal error")
}
