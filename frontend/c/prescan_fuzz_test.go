package cfront

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// FuzzPrescan: the scan for include cycles and macro bombs takes any
// input without panicking, reports only positioned input errors, and its
// tokenizer covers the input (every token lies within the text).
func FuzzPrescan(f *testing.F) {
	for _, s := range []string{
		"#define A0 x\n#define A1 A0 A0\nint A1;\n",
		"#define F(a, b) a b a\nint x = F(1, 2);\n",
		"#include \"fuzz.c\"\n",
		"#ifndef G\n#define G\n#include \"fuzz.c\"\n#endif\n",
		"#pragma once\n#include \"fuzz.c\"\n",
		"/* unterminated", "\"unterminated\\", "'\\", "#define\n#undef\n#include\n",
		"#define A B\n#define B A\nint A;\n", "a\\\nb /* c\n d */ \"e\\\"f\" 'g'",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := &sourceFS{mem: map[string][]byte{"fuzz.c": data}}
		err := prescan(Source{Name: "fuzz.c", Text: data}, fsys)
		if err != nil && !diag.IsInputError(err) {
			t.Fatalf("error of type %T: %v", err, err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "fuzz.c:") {
			t.Fatalf("error outside the file: %v", err)
		}
		lines := strings.Count(string(data), "\n") + 1
		for _, ln := range logicalLines(data) {
			for _, tok := range ln.toks {
				if tok.line < 1 || tok.line > lines || tok.text == "" {
					t.Fatalf("token %+v outside the input", tok)
				}
			}
		}
	})
}
