package adversarial

import (
	"fmt"
	"strings"
)

const protos = "#include <lsl_protos.h>\n"

// cCases are malformed and hostile C programs.
func cCases() []*Case {
	cs := []*Case{
		cRun("empty file", "", inputErrAt("t.tst", 1, "unknown operation w")),
		cRun("only comments", "/* nothing */\n// here\n", inputErrAt("t.tst", 1, "unknown operation w")),
		cRun("syntax error", "int x = ;\nvoid w(void) {}\n", inputErrAt("a.c", 1, "")),
		cRun("missing semicolon", "int x\nvoid w(void) {}\n", inputErr("a.c")),
		cRun("unbalanced brace", "void w(void) { if (1) { }\n", inputErr("a.c")),
		cRun("stray closing brace", "void w(void) { } }\n", inputErrAt("a.c", 1, "")),
		cRun("double negation of a literal", "int x;\nvoid w(void) {\nx = --1;\n}\n", inputErrAt("a.c", 3, "")),
		cRun("increment of a constant", "int x;\nvoid w(void) {\nx = ++1;\n}\n", inputErrAt("a.c", 3, "")),
		cRun("deep unary chain", "int x;\nvoid w(void) {\nx = "+strings.Repeat("-", 5000)+"1;\n}\n", cOneError("a.c", 3)),
		cRun("deep parentheses", "int x;\nvoid w(void) {\nx = "+strings.Repeat("(", 3000)+"1"+strings.Repeat(")", 3000)+";\n}\n", verdict(0, "PASS")),
		cRun("unclosed deep parentheses", "int x;\nvoid w(void) {\nx = "+strings.Repeat("(", 3000)+"1;\n}\n", inputErr("a.c")),
		cRun("deep nested blocks", "void w(void) {\n"+strings.Repeat("{", 3000)+strings.Repeat("}", 3000)+"\n}\n", verdict(0, "PASS")),
		cRun("huge integer literal", "int x;\nvoid w(void) {\nx = 99999999999999999999999999;\n}\n", inputErrAt("a.c", 3, "(too large|out of range|does not fit)")),
		cRun("huge hex literal", "int x;\nvoid w(void) {\nx = 0xFFFFFFFFFFFFFFFFFFFFFFFF;\n}\n", inputErrAt("a.c", 3, "(too large|out of range|does not fit)")),
		cRun("variable length array", "void w(void) {\nint n = 3;\nint a[n];\na[0] = 1;\n}\n", cOneError("a.c", 3)),
		cRun("include a directory", "#include \"sub\"\nvoid w(void) {}\n", inputErrAt("a.c", 1, "directory")),
		cRun("include itself", "#include \"a.c\"\nvoid w(void) {}\n", inputErrAt("a.c", 1, "(nest|deep|itself|levels)")),
		cRun("include missing", "#include \"nosuch.h\"\nvoid w(void) {}\n", inputErrAt("a.c", 1, "not found")),
		cRun("include system header", "#include <string.h>\nvoid w(void) {}\n", inputErrAt("a.c", 1, "not found")),
		cRun("include stdio.h", "#include <stdio.h>\nvoid w(void) { printf(\"%d\\n\", 1); }\n", verdict(0, "PASS")),
		cRun("include /dev/zero", "#include \"/dev/zero\"\nvoid w(void) {}\n", inputErrAt("a.c", 1, "(not a regular file|device|cannot)")),
		cRun("atomic int", "_Atomic int x;\nvoid w(void) { x = 1; }\n", verdict(0, "PASS")),
		cRun("atomic qualifier on a local", "void w(void) { _Atomic int y = 0; y = 1; }\n", verdict(0, "PASS")),
		cRun("atomic pointer target", "_Atomic int *p;\nvoid w(void) {}\n", inputErrAt("a.c", 1, "unsupported: _Atomic")),
		cRun("union", "union u { int a; int b; };\nunion u v;\nvoid w(void) { v.a = 1; }\n", inputErrAt("a.c", 2, "unions")),
		cRun("float", "float f;\nvoid w(void) { f = 1; }\n", inputErrAt("a.c", 1, "floating point")),
		cRun("function pointer", "void w(void) { int (*fp)(int); }\n", inputErrAt("a.c", 1, "function pointers")),
		cRun("varargs", "int v(int a, ...) { return a; }\nvoid w(void) { v(1, 2); }\n", inputErrAt("a.c", 1, "variadic")),
		cRun("backward goto", "int x;\nvoid w(void) { L: x++; if (x < 3) goto L; }\n", inputErrAt("a.c", 2, "backward")),
		cRun("computed goto", "void w(void) { void *p = 0; goto *p; }\n", inputErrAt("a.c", 1, "computed goto")),
		cRun("inline assembly", "void w(void) { __asm__(\"nop\"); }\n", inputErrAt("a.c", 1, "assembly")),
		cRun("bit-field", "struct s { int a:3; } x;\nvoid w(void) {}\n", inputErrAt("a.c", 1, "bit-field")),
		cRun("struct containing itself", "struct s { struct s x; };\nvoid w(void) {}\n", inputErrAt("a.c", 1, "")),
		cRun("3000 nested struct types", nestedStructs(3000), answerOrLimit(), limitFlags...),
		cRun("unknown fence", protos+"void w(void) { lsl_fence(\"sideways\"); }\n", inputErrAt("a.c", 2, "unknown fence")),
		cRun("nondet bounds reversed", protos+"void w(void) { int k = lsl_nondet(3, 1); }\n", inputErrAt("a.c", 2, "lower bound")),
		cRun("nondet not constant", protos+"int n;\nvoid w(void) { int k = lsl_nondet(0, n); }\n", inputErrAt("a.c", 3, "constant")),
		cRun("operation with parameters", "void w(int a) { }\n", inputErrAt("t.tst", 1, "parameters")),
		cRun("undeclared identifier", "void w(void) { y = 1; }\n", inputErrAt("a.c", 1, "")),
		cRun("call undefined function", "int g(void);\nvoid w(void) { g(); }\n", inputErrAt("a.c", 2, "never defined")),
		cRun("duplicate function", "void w(void) {}\nvoid w(void) {}\n", inputErrAt("a.c", 2, "more than once")),
		cRun("error directive", "#error stop here\nvoid w(void) {}\n", inputErrAt("a.c", 1, "stop here")),
		cRun("unterminated if directive", "#if 1\nvoid w(void) {}\n", inputErr("a.c")),
		cRun("unterminated comment", "void w(void) {}\n/* never closed\n", inputErr("a.c")),
		cRun("unterminated string", "void w(void) { lsl_fence(\"full); }\n", inputErr("a.c")),
		cRun("NUL bytes", "void w(void) {}\n\x00\x00\x00int y;\n", inputErr("a.c")),
		cRun("invalid UTF-8", "void w(void) {}\n\xff\xfe int y;\n", inputErr("a.c")),
		cRun("string literal as a value", "void w(void) { char *s = \"abc\"; }\n", inputErrAt("a.c", 1, "string literals")),
		cRun("division by constant zero", "int x;\nvoid w(void) { x = 1 / 0; }\n", verdict(1, "FAIL")),
		cRun("huge array global", "int a[1000000000];\nvoid w(void) { a[5] = 1; }\n", verdict(0, "PASS")),
		cRun("huge shift", "int x;\nvoid w(void) { x = 1 << 100; }\n", verdict(0, "PASS|FAIL")),
		cRun("long identifier", fmt.Sprintf("int %s;\nvoid w(void) { %[1]s = 1; }\n", strings.Repeat("v", 100000)), verdict(0, "PASS")),
		cRun("10000 statements", "int x;\nvoid w(void) {\n"+strings.Repeat("x = x + 1;\n", 10000)+"}\n", answerOrLimit(), limitFlags...),
		cRun("switch with 2000 cases", switchCases(2000), answerOrLimit(), limitFlags...),
		cRun("recursive macro", "#define A A\nint A;\nvoid w(void) {}\n", verdict(0, "PASS")),
		cRun("K&R definition", "int f(a) int a; { return a; }\nvoid w(void) { f(1); }\n", inputErrAt("a.c", 1, "K&R")),
		cRun("thread-local", "_Thread_local int x;\nvoid w(void) { x = 1; }\n", verdict(0, "PASS")),
		cRun("thread-local in a function", "void w(void) { static _Thread_local int x; x = 1; }\n", inputErrAt("a.c", 1, "unsupported: .*thread-local")),
		cRun("negative array size", "int a[-1];\nvoid w(void) {}\n", inputErrAt("a.c", 1, "")),
		cRun("use after free", protos+"#include <stdlib.h>\nvoid w(void) { int *p = malloc(sizeof(int)); free(p); *p = 1; }\n", verdict(1, "use after free")),
		cRun("assertion fails", protos+"void w(void) { lsl_assert(false); }\n", verdict(1, "FAIL")),
		&Case{Name: "C file is a directory", Category: "c", Files: map[string]string{"t.tst": oneOpTest}, Setup: mkdir("a.c"),
			Args: []string{"run", "a.c", "t.tst"}, Want: inputErrAt("a.c", 1, "directory")},
		&Case{Name: "C file is a FIFO", Category: "c", Files: map[string]string{"t.tst": oneOpTest}, Setup: mkfifo("a.c"),
			Args: []string{"run", "a.c", "t.tst"}, Want: inputErrAt("a.c", 1, "not a regular file")},
		&Case{Name: "C file links to /dev/zero", Category: "c", Files: map[string]string{"t.tst": oneOpTest}, Setup: symlink("/dev/zero", "a.c"),
			Args: []string{"run", "a.c", "t.tst"}, Want: inputErrAt("a.c", 1, "not a regular file")},
		&Case{Name: "C file links to /dev/urandom", Category: "c", Files: map[string]string{"t.tst": oneOpTest}, Setup: symlink("/dev/urandom", "a.c"),
			Args: []string{"run", "a.c", "t.tst"}, Want: inputErrAt("a.c", 1, "not a regular file")},
		&Case{Name: "C file of 17 MiB", Category: "c", Files: map[string]string{"t.tst": oneOpTest}, Setup: sparse("a.c", 17<<20),
			Args: []string{"run", "a.c", "t.tst"}, Want: inputErrAt("a.c", 1, "(too large|MiB)")},
		&Case{Name: "C file unreadable", Category: "c", Files: map[string]string{"a.c": cOK, "t.tst": oneOpTest}, Setup: unreadable("a.c"),
			Args: []string{"run", "a.c", "t.tst"}, Want: inputErrAt("a.c", 1, "")},
		&Case{Name: "C file missing", Category: "c", Files: map[string]string{"t.tst": oneOpTest},
			Args: []string{"run", "a.c", "t.tst"}, Want: inputErrAt("a.c", 1, "no such file")},
		&Case{Name: "header is a directory", Category: "c", Files: map[string]string{"a.c": "#include \"h.h\"\nvoid w(void) {}\n", "t.tst": oneOpTest},
			Setup: mkdir("h.h"), Args: []string{"run", "a.c", "t.tst"}, Want: inputErrAt("a.c", 1, "directory")},
		&Case{Name: "two files define w", Category: "c", Files: map[string]string{"a.c": cOK, "b.c": "void w(void) {}\n", "t.tst": oneOpTest},
			Args: []string{"run", "a.c", "b.c", "t.tst"}, Want: inputErr("b.c")},
	}
	for _, c := range cs {
		if c.Name == "include a directory" {
			c.Setup = mkdir("sub")
		}
	}
	return cs
}

// cOneError: exactly one positioned error at line of file, without the
// C front end's internal-error noise.
func cOneError(file string, line int) Want {
	w := inputErrAt(file, line, "")
	w.Msg = fmt.Sprintf(`^%s:%d:\d+: [^\n]*\n$`, file, line)
	return w
}

// nestedStructs declares n struct types, each holding the previous one.
func nestedStructs(n int) string {
	var b strings.Builder
	b.WriteString("struct s0 { int a; };\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "struct s%d { struct s%d in; int a; };\n", i, i-1)
	}
	fmt.Fprintf(&b, "struct s%d g;\nvoid w(void) { g.a = 1; }\n", n-1)
	return b.String()
}

func switchCases(n int) string {
	var b strings.Builder
	b.WriteString("int x;\nvoid w(void) {\nswitch (x) {\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "case %d: x = %d; break;\n", i, i+1)
	}
	b.WriteString("}\n}\n")
	return b.String()
}
