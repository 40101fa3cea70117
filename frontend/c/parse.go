package cfront

import (
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
func parseUnit(src Source, fsys *sourceFS) (*cc.AST, error) {
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
	ast, err := cc.Translate(cfg, []cc.Source{
		{Name: predefinedName, Value: predefinedSource()},
		{Name: src.Name, Value: src.Text},
	})
	if err != nil {
		return nil, convertCCError(src.Name, err)
	}
	return ast, nil
}

var (
	ccErrLine   = regexp.MustCompile(`^(.*?):(\d+):(\d+): (.*)$`)
	ccErrSuffix = regexp.MustCompile(`\s*\([A-Za-z0-9_]+\.go:\d+:[^)]*\)\s*$`)
)

// convertCCError turns cc's error text (one message per line, with the Go
// source location of the check appended) into an lsl.ErrorList. Lines
// without a position are cc's follow-up noise; they are kept only when no
// line has a position.
func convertCCError(file string, err error) error {
	var list, noPos lsl.ErrorList
	seen := map[string]bool{}
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(ccErrSuffix.ReplaceAllString(line, ""))
		if line == "" || seen[line] {
			continue
		}
		seen[line] = true
		if m := ccErrLine.FindStringSubmatch(line); m != nil {
			ln, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			list = append(list, &lsl.Error{Pos: lsl.Pos{File: m[1], Line: ln, Col: col}, Msg: m[4]})
			continue
		}
		if strings.HasPrefix(line, "TODO") || strings.Contains(line, "internal error") {
			continue
		}
		noPos = append(noPos, &lsl.Error{Pos: lsl.Pos{File: file}, Msg: line})
	}
	if len(list) == 0 {
		list = noPos
	}
	if len(list) == 0 {
		list = append(list, &lsl.Error{Pos: lsl.Pos{File: file}, Msg: "cannot parse: " + err.Error()})
	}
	return list
}
