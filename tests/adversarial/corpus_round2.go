package adversarial

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// roundTwoCases are the wrong results, limits and messages of issue 50:
// zero-length arrays, SIGTERM, clang under --max-memory, --json on input
// errors, byte order marks, and cc's and LSL's messages that did not say
// what was wrong where.
func roundTwoCases() []*Case {
	// a quick test first, then one that runs until it is stopped
	slowTst := "test B = ( wx ry | wy rx )\ntest A = ( " + strings.TrimSuffix(strings.Repeat("wx ry | ", 50)+strings.Repeat("wy rx | ", 50), "| ") + ")\n"
	term := func(name, category string, files map[string]string, args []string, want Want) *Case {
		return &Case{Name: name, Category: category, Files: files, Args: args, Interrupt: time.Second, Signal: syscall.SIGTERM, Want: want}
	}
	cs := []*Case{
		// zero-length arrays have no element
		cRun("int a[0] global", "int a[0];\nvoid w(void) { a[0] = 1; }\n", verdict(1, "out-of-bounds index: `a\\[0\\]` \\(a has 0 elements\\)")),
		cRun("int a[0] local", "int X;\nvoid w(void) { int a[0]; a[0] = 1; X = a[0]; }\n", verdict(1, "out-of-bounds index")),
		cRun("int a[0] variable index", "int a[0];\nint i;\nvoid w(void) { a[i] = 1; }\n", verdict(1, "out-of-bounds index")),

		// SIGTERM is Ctrl-C: the results so far, then exit 143
		term("SIGTERM writes JUnit, SARIF and HTML", "tst", map[string]string{"a.lsl": sbLSL, "t.tst": slowTst},
			[]string{"run", "a.lsl", "t.tst", "--junit", "r.xml", "--sarif", "r.sarif", "--html", "h"},
			Want{Exit: 143, Msg: `(?m)^B +FAIL`, Limit: interruptWall}),
		term("SIGTERM with --json", "tst", map[string]string{"a.lsl": sbLSL, "t.tst": slowTst},
			[]string{"run", "a.lsl", "t.tst", "--json"}, Want{Exit: 143, Msg: `"name": "B"`, Limit: interruptWall}),
		term("SIGTERM in the front end", "c", map[string]string{"a.c": macroBomb(30), "t.tst": oneOpTest},
			[]string{"run", "a.c", "t.tst"}, Want{Exit: 143, OrExit: []int{2}, Limit: interruptWall}),
		term("SIGTERM in mining", "lsl", map[string]string{"a.lsl": "proc w() { %r := choose 0 .. 9223372036854775807\nobserve output \"r\" %r }\n", "t.tst": oneOpTest},
			[]string{"run", "a.lsl", "t.tst"}, Want{Exit: 143, Limit: interruptWall}),
		term("SIGTERM in litmus", "litmus", map[string]string{"a.litmus": wideLitmus(200)},
			[]string{"litmus", "a.litmus"}, Want{Exit: 143, Limit: interruptWall}),
		term("SIGTERM in fences", "c", map[string]string{"a.c": protos + "int x;\nvoid w(void) { lsl_fence(\"full\"); while (1) x = x + 1; }\n", "t.tst": oneOpTest},
			[]string{"fences", "a.c", "t.tst", "--max-unroll", "100000"}, Want{Exit: 143, Limit: interruptWall}),

		// --json answers on stdout when the input is bad
		cliRun("--json on an input error", Want{Exit: 2, Msg: `"error": \{\s*"pos": "a\.lsl:2:\d+",\s*"message": "unknown global @Y"`}, "run", "a.lsl", "t.tst", "--json"),
		cliRun("--json on an unknown flag", Want{Exit: 2, Msg: `"error": \{\s*"pos": null,\s*"message": "unknown flag: --frob`}, "run", "a.lsl", "t.tst", "--json", "--frob"),
		cliRun("--json on a missing test file", Want{Exit: 2, Msg: `"pos": "none\.tst:1:1"`}, "run", "a.lsl", "none.tst", "--json"),
		cliRun("--json on a missing litmus file", Want{Exit: 2, Msg: `"pos": "none\.litmus:1:1"`}, "litmus", "none.litmus", "--json"),
		cliRun("--json on a bad --model", Want{Exit: 2, Msg: `"error": \{\s*"pos": null,\s*"message": ".*nosuch`}, "run", "a.lsl", "t.tst", "--json", "--model", "nosuch"),

		// a UTF-8 byte order mark is accepted in every input
		&Case{Name: "BOM in .tst and .lsl", Category: "tst", Files: map[string]string{"a.lsl": bom + sbLSL, "t.tst": bom + sbTst},
			Args: []string{"run", "a.lsl", "t.tst"}, Want: verdict(1, "FAIL")},
		&Case{Name: "BOM in .mm", Category: "mm", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst, "m.mm": bom + mmHead + scAxioms + "end model\n"},
			Args: []string{"run", "a.lsl", "t.tst", "--model", "m.mm"}, Want: verdict(0, "PASS")},
		&Case{Name: "BOM in a litmus test", Category: "litmus", Files: map[string]string{"a.litmus": bom + sbLitmus},
			Args: []string{"litmus", "a.litmus", "--model", "sc"}, Want: verdict(0, "No")},
		&Case{Name: "BOM in .c", Category: "c", Files: map[string]string{"a.c": bom + cOK, "t.tst": oneOpTest},
			Args: []string{"run", "a.c", "t.tst"}, Want: verdict(0, "PASS")},
		&Case{Name: "BOM in a --spec file", Category: "tst", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst, "s.lsl": bom + sbLSL},
			Args: []string{"run", "a.lsl", "t.tst", "--spec", "s.lsl"}, Want: verdict(1, "FAIL")},

		// messages at the user's text, in the user's words
		lslRun("zext width in a register", "global X\nproc w() {\n  %w := 8\n  %y := zext(1, %w)\n  store @X, %y\n}\n", oneOpTest, inputErrAt("a.lsl", 4, "zext needs a constant width")),
		lslRun("sext width 64", "global X\nproc w() {\n  %y := sext(1, 64)\n  store @X, %y\n}\n", oneOpTest, inputErrAt("a.lsl", 3, "sext needs a constant width")),
		llRun("shl i128 by 100", "@X = global i32 0\n@Y = global i128 0\ndefine void @w() {\n  %x = load i32, i32* @X\n  %y = zext i32 %x to i128\n  %z = shl i128 %y, 100\n  store i128 %z, i128* @Y\n  ret void\n}\n",
			Want{Exit: 3, Msg: `INCONCLUSIVE[\s\S]*a\.ll:6.*shift by 100`}),
		cRun("pasted number 1e", "#define P(x, y) x ## y\nint X;\nvoid w(void) { X = P(1, e); }\n", inputErrAt("a.c", 3, "exponent has no digits in 1e")),
		cRun("pasted number 0xg", "#define P(x, y) x ## y\nint X;\nvoid w(void) { X = P(0x, g); }\n", inputErrAt("a.c", 3, `invalid suffix "xg" on integer constant 0xg`)),
		cRun("octal 089", "int X;\nvoid w(void) { X = 089; }\n", inputErrAt("a.c", 2, `invalid digit "8" in octal constant 089`)),
		cRun("number 1.5e", "int X;\nvoid w(void) { X = 1.5e; }\n", inputErrAt("a.c", 2, "exponent has no digits")),
		cRun("index of a single object", "int v;\nint X;\nvoid w(void) { X = (&v)[1]; }\n", inputErrAt("a.c", 3, "index `\\(&v\\)\\[1\\]` on &v, which points to a single object")),
		cRun("index of malloc's single object", protos+"#include <stdlib.h>\nint X;\nvoid w(void) { X = ((int *)malloc(sizeof(int)))[2]; }\n", inputErrAt("a.c", 4, "index .* on the result of malloc")),
		cRun("unbalanced #if", "#if (1\n#endif\nint X;\nvoid w(void) { X = 1; }\n", inputErrAt("a.c", 1, "unbalanced parentheses")),
		cRun("range designator in an array of arrays", "int a[4][4] = { [0 ... 1][0 ... 1] = 1 };\nvoid w(void) { a[0][0] = 2; }\n", inputErrAt("a.c", 1, `range designator`)),
		cRun("conflicting typedefs", "typedef int T;\ntypedef long T;\nvoid w(void) { }\n", inputErrAt("a.c", 2, "conflicting types for 'T': long here, but int in the previous declaration at a.c:1:13")),
		cRun("conflicting globals", "int X;\nlong X;\nvoid w(void) { }\n", inputErrAt("a.c", 2, "conflicting types for 'X': long here, but int")),
		cRun("duplicate case", "int X;\nvoid w(void) { switch (X) { case 1: X = 2; break; case 1: X = 3; break; } }\n", inputErrAt("a.c", 2, "duplicate case value 1")),
		cRun("duplicate case by value", "int X;\nvoid w(void) { switch (X) { case 2: break; case 1 + 1: X = 3; } }\n", inputErrAt("a.c", 2, "duplicate case value 2")),
		cRun("two defaults", "int X;\nvoid w(void) { switch (X) { default: break; default: X = 3; } }\n", inputErrAt("a.c", 2, "a second default label")),
		cRun("too few macro arguments", "#define M(a, b) ((a) + (b))\nint X;\nvoid w(void) { X = M(1); }\n", inputErrAt("a.c", 3, "macro M takes 2 arguments, but only 1 is given")),
		cRun("too few macro arguments, still C", "#define M(a, b) a\nint X;\nvoid w(void) { X = M(1); }\n", inputErrAt("a.c", 3, "macro M takes 2 arguments, but only 1 is given")),
		cRun("too many macro arguments", "#define M(a) a\nint X;\nvoid w(void) { X = M(1, 2); }\n", inputErrAt("a.c", 3, "macro M takes 1 argument, but 2 are given")),
		cRun("right macro arguments", "#define M(a, b) ((a) + (b))\n#define N() 1\n#define V(a, ...) a\nint X;\nvoid w(void) { X = M((1, 2), 3) + N() + V(1) + V(1, 2, 3); }\n", verdict(0, "PASS")),
		litmusRun("C litmus with a label", "C lab\n{ x = 0; y = 0; }\nP0(int *x, int *y) {\n  WRITE_ONCE(*x, 1);\nL1:\n  WRITE_ONCE(*y, 1);\n}\nP1(int *x, int *y) {\n  int r0 = READ_ONCE(*y);\n  int r1 = READ_ONCE(*x);\n}\nexists (1:r0=1 /\\ 1:r1=0)\n",
			verdict(0, "No"), "--model", "sc"),
	}
	for _, c := range cs {
		switch c.Name {
		case "SIGTERM writes JUnit, SARIF and HTML":
			c.Check = all2(contains("r.xml", `name="B"`), contains("r.sarif", `"version"`), contains("h/index.html", "test-B.html"))
		case "--json on an input error":
			c.Files["a.lsl"] = "global X\nproc w() { store @Y, 1 }\n"
			c.Files["t.tst"] = oneOpTest
		}
	}
	// clang under --max-memory (when clang-14 is installed)
	clang := &Case{Name: "clang under --max-memory", Category: "c", Files: map[string]string{"a.c": macroBomb(24), "t.tst": oneOpTest},
		Setup: needClang, Args: []string{"run", "a.c", "t.tst", "--frontend", "clang", "--max-memory", "300M", "--timeout", "20s"},
		// on a loaded machine clang may reach the timeout first
		Want: Want{Exit: 3, Msg: `INCONCLUSIVE[\s\S]*(clang(-\d+)? needed more than 300 MiB \(--max-memory\)|within 20s \(--timeout\))`, Limit: 25 * time.Second, MaxMemory: smallMemory}}
	cs = append(cs, clang)
	return cs
}

const bom = "\ufeff"

// needClang skips a case when clang-14 is not installed.
func needClang(string) error {
	if _, err := exec.LookPath("clang-14"); err != nil {
		return errSkip
	}
	return nil
}

// contains checks that a file the command wrote holds text.
func contains(name, text string) func(string, *Outcome) string {
	return func(dir string, _ *Outcome) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return name + " was not written"
		}
		if !strings.Contains(string(b), text) {
			return name + " lacks " + text
		}
		return ""
	}
}
