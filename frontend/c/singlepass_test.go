package cfront

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/lsl"
)

// translateBothWays translates srcs with the single pass allowed and with
// the two passes only, and fails unless both give the same program or the
// same error. A single pass that does not end within the time limit fails
// too (cc's parser loops when its token stream ends early).
func translateBothWays(t *testing.T, srcs []Source) {
	t.Helper()
	result := func(single bool) string {
		singlePassEnabled = single
		defer func() { singlePassEnabled = true }()
		done := make(chan string, 1)
		go func() {
			p, err := TranslateSources(srcs)
			if err != nil {
				done <- "error: " + err.Error()
				return
			}
			done <- lsl.Format(p, lsl.PrintOptions{})
		}()
		select {
		case r := <-done:
			return r
		case <-time.After(20 * time.Second):
			t.Fatalf("translation (single pass %v) did not end:\n%s", single, srcs[0].Text)
			return ""
		}
	}
	if one, two := result(true), result(false); one != two {
		t.Errorf("single pass:\n%s\ntwo passes:\n%s", one, two)
	}
}

// TestSinglePassMatchesTwoPasses: every C file of the repository, and
// hostile input, translates to the same program or error either way; the
// data type tests are planned for one pass.
func TestSinglePassMatchesTwoPasses(t *testing.T) {
	var files []string
	for _, root := range []string{"testdata", "../../tests"} {
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".c") {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 20 {
		t.Fatalf("only %d C files found", len(files))
	}
	planned := 0
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src := Source{Name: file, Text: b}
		if planSinglePass(src, &sourceFS{mem: map[string][]byte{file: b}}) != nil {
			planned++
		}
		translateBothWays(t, []Source{src})
	}
	t.Logf("%d of %d files planned for one pass", planned, len(files))
	for _, dir := range []string{"ms2", "msn", "lazylist", "harris"} {
		file := filepath.Join("../../tests/datatypes", dir, dir+".c")
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if planSinglePass(Source{Name: file, Text: b}, &sourceFS{mem: map[string][]byte{file: b}}) == nil {
			t.Errorf("%s needs two passes", file)
		}
	}
}

// TestSinglePassRefused: input whose preprocessing could end cc's token
// stream early or expand without bound gets two passes, and the same
// result as before.
func TestSinglePassRefused(t *testing.T) {
	for _, src := range []string{
		"#include\n**pp=counter;",                            // cc's parser loops on this without two passes
		"struct s { int *\n#include \"missing.h\"\n",         // a missing file
		"#include <missing.h>\nint x;\n",                     // … in sysDir
		"#define H \"missing.h\"\n#include H\nint x;\n",      // a computed include
		"#include_next <stddef.h>\nstruct s { int *\n",       // #include_next
		"#line 1 \"sub/x.c\"\n#include \"test.c\"\nint x;\n", // #line
		"#if __has_include(\"missing.h\")\n#endif\nint x;\n",
		"#ifndef G\n#define G\n#include \"test.c\"\n#endif\nint x;\n", // includes itself
		"#define D(x) x x\nint x = D(D(D(1)));\n",                     // nesting multiplies
		"#define D(x) x x\n#define E(y) D(y)\nint x = E(1);\n",
		"#define D(x) x x\n#define F D\nint x = F(1);\n",
		"#define A B\n#define B A\nint A;\n", // recursive
		"#define S(x) #x\nchar *s = S(a);\n",
		"#define P(a, b) a ## b\nint P(x, y);\n",
		"int x;\r\nint y;\r\n",
		"// comment \\\n#include \"missing.h\"\nint x;\n",
		"int a??(1??);\n",
		"%:include <missing.h>\nint x;\n",
		"/* include */ int x;\n",
	} {
		if planSinglePass(cSource(src), &sourceFS{mem: map[string][]byte{"test.c": []byte(src)}}) != nil {
			t.Errorf("planned for one pass:\n%s", src)
		}
		translateBothWays(t, []Source{cSource(src)})
	}
	for _, src := range []string{
		"#include <checkfence.h>\n#include <assert.h>\n#include <stdlib.h>\nint x;\n",
		"#define D(x) x x\nint x = D(1 + 2);\n",
		"#define F(x) (x)\nint x = F(F(F(1)));\n",
		"#ifndef G\n#define G\n#endif\n#pragma once\nint x;\n#error stop\n",
		"struct node { int v; struct node *next; };\n#include <lsl_protos.h>\nstruct node *f(int *p) { return lsl_get_struct_pointer(struct node, v, p); }\n",
	} {
		if planSinglePass(cSource(src), &sourceFS{mem: map[string][]byte{"test.c": []byte(src)}}) == nil {
			t.Errorf("not planned for one pass:\n%s", src)
		}
		translateBothWays(t, []Source{cSource(src)})
	}
}

// TestSinglePassBound: the bound on the expansion refuses what could pass
// maxPreprocessed.
func TestSinglePassBound(t *testing.T) {
	src := macroChain(14) + "int x = " + strings.Repeat("A14 + ", 300) + "0;\n" // 32767 * 300 tokens
	if planSinglePass(cSource(src), &sourceFS{mem: map[string][]byte{"test.c": []byte(src)}}) != nil {
		t.Errorf("a program of 10^7 tokens is planned for one pass")
	}
}

// TestSinglePassAbort: in a single pass, sourceFS stops cc when it asks
// for a file the scan did not see or does not find one in sysDir.
func TestSinglePassAbort(t *testing.T) {
	for _, name := range []string{sysDir + "/missing.h", sysDir + "/stddef.h", "test.c"} {
		fsys := &sourceFS{mem: map[string][]byte{"test.c": []byte("int x;\n")}, single: &singlePass{files: map[string][]byte{}}}
		func() {
			defer func() {
				if r := recover(); !errors.Is(asError(r), errSinglePassAbortForTest) {
					t.Errorf("Open(%q): recovered %v, want singlePassAbort", name, r)
				}
			}()
			_, _ = fsys.Open(name)
		}()
	}
	fsys := &sourceFS{single: &singlePass{files: map[string][]byte{"a.h": []byte("int a;\n")}}}
	if f, err := fsys.Open("a.h"); err != nil {
		t.Fatal(err)
	} else if fi, err := f.Stat(); err != nil || fi.Size() != 7 {
		t.Errorf("Open(a.h) = %v, %v, want the scanned file", fi, err)
	}
	// A file that is not there is fine outside sysDir: cc tries sysDir next.
	if _, err := fsys.Open("missing.h"); err != nil {
		t.Error(err)
	}
}

var errSinglePassAbortForTest = errors.New("singlePassAbort")

func asError(r any) error {
	if _, ok := r.(singlePassAbort); ok {
		return errSinglePassAbortForTest
	}
	return nil
}

// FuzzSinglePass: the single pass and the two passes agree on any input,
// and the single pass never loops.
func FuzzSinglePass(f *testing.F) {
	files, _ := filepath.Glob("testdata/*/*.c")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		"#include <checkfence.h>\nint x; void f(void) { lsl_lock(&x); }",
		"#include \"fuzz.c\"\n",
		"#define D(x) x x\nint x = D(1);\n",
		"#define F(a, b) a b a\nint x = F(1, 2);\n",
		"#include\n**pp=counter;",
		"struct node { struct node *",
		"#include <stdlib.h>\nvoid f(void) { int *p = malloc(4); }\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		translateBothWays(t, []Source{{Name: "fuzz.c", Text: data}})
	})
}
