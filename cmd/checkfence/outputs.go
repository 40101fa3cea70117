package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/checkfence/checkfence/diag"
)

// Output files (--junit, --sarif, the pages of --html) are checked before
// anything runs: one that is a directory, or that is an input file of the
// run (--junit a.c would replace the program with a report), is refused
// naming its flag, instead of failing or destroying the input after the
// run.

// outputFile is an output path and the flag that named it.
type outputFile struct{ flag, path string }

// checkOutputs refuses outputs that are directories, that lie in a
// missing directory, that are one of the inputs, or that two flags name.
// htmlDir is the --html directory ("" if none): its pages are checked
// against the inputs too.
func checkOutputs(inputs []string, outs []outputFile, htmlDir string) error {
	seen := map[string]string{}
	for _, o := range outs {
		if o.path == "" {
			continue
		}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("%s %s: %s", o.flag, quoteName(o.path), fmt.Sprintf(format, args...))
		}
		if fi, err := os.Stat(o.path); err == nil && fi.IsDir() {
			return bad("is a directory; give the name of the file to write")
		}
		if fi, err := os.Stat(filepath.Dir(o.path)); err != nil || !fi.IsDir() {
			return bad("the directory %s does not exist", quoteName(filepath.Dir(o.path)))
		}
		for _, in := range inputs {
			if sameFile(in, o.path) {
				return bad("is an input file of this run; give another file name for the report")
			}
		}
		abs, _ := filepath.Abs(o.path)
		if other, ok := seen[abs]; ok {
			return bad("%s names the same file", other)
		}
		seen[abs] = o.flag
	}
	if htmlDir != "" {
		for _, in := range inputs {
			base := filepath.Base(in)
			page := base == "index.html" || strings.HasPrefix(base, "test-") && strings.HasSuffix(base, ".html")
			if page && sameFile(filepath.Dir(in), htmlDir) {
				return fmt.Errorf("--html %s: the pages would replace the input file %s; give another directory", quoteName(htmlDir), quoteName(in))
			}
		}
	}
	return nil
}

// sameFile reports whether a and b name the same file: the same inode
// when both exist (through links), else the same absolute path.
func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// modelFile is the --model value when it names a file (not a built-in
// model).
func modelFile(model string) []string {
	if strings.HasSuffix(model, ".cat") || strings.HasSuffix(model, ".mm") {
		return []string{model}
	}
	return nil
}

// quoteName quotes a file name with control characters (diag.QuoteFileName).
func quoteName(name string) string { return diag.QuoteFileName(name) }
