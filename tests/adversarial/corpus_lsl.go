package adversarial

import (
	"strings"
)

// lslCases are malformed and hostile LSL programs.
func lslCases() []*Case {
	w := func(body string) string { return "global X\nproc w() {\n" + body + "\n}\n" }
	return []*Case{
		lslRun("empty file", "", oneOpTest, inputErrAt("t.tst", 1, "unknown operation w")),
		lslRun("unknown basic function", w("%r := frobnicate(1)"), oneOpTest, inputErrAt("a.lsl", 3, "frobnicate")),
		lslRun("missing closing brace", "proc w() {\n", oneOpTest, inputErr("a.lsl")),
		lslRun("stray token", "proc w() { } }\n", oneOpTest, inputErrAt("a.lsl", 1, "")),
		lslRun("unknown global", w("store @Nope, 1"), oneOpTest, inputErrAt("a.lsl", 3, "Nope")),
		lslRun("break to unknown label", w("break nowhere"), oneOpTest, inputErrAt("a.lsl", 3, "nowhere")),
		lslRun("continue to unknown label", w("continue nowhere"), oneOpTest, inputErrAt("a.lsl", 3, "nowhere")),
		lslRun("call unknown procedure", w("call nosuch()"), oneOpTest, inputErrAt("a.lsl", 3, "nosuch")),
		lslRun("wrong number of arguments", "proc f(%a) { }\n"+w("call f(1, 2)"), oneOpTest, inputErrAt("a.lsl", 4, "")),
		lslRun("duplicate procedure", "proc w() { }\nproc w() { }\n", oneOpTest, inputErrAt("a.lsl", 2, "")),
		lslRun("duplicate global", "global X\nglobal X\nproc w() { }\n", oneOpTest, inputErrAt("a.lsl", 2, "")),
		lslRun("empty choice range", w("%r := choose 3 .. 1"), oneOpTest, inputErrAt("a.lsl", 3, "empty choice")),
		lslRun("integer literal too large", w("%r := 99999999999999999999999"), oneOpTest, inputErrAt("a.lsl", 3, "")),
		lslRun("unterminated string", w("observe label \"abc"), oneOpTest, inputErr("a.lsl")),
		lslRun("unterminated comment", w("/* never closed"), oneOpTest, inputErr("a.lsl")),
		lslRun("NUL bytes", "proc w() { }\n\x00\x00\n", oneOpTest, inputErrAt("a.lsl", 2, "")),
		lslRun("invalid UTF-8", "proc w() { \xff\xfe }\n", oneOpTest, inputErrAt("a.lsl", 1, "")),
		lslRun("load from a number", w("%r := load 5"), oneOpTest, verdict(1, "FAIL")),
		lslRun("store through undefined register", w("store %p, 1"), oneOpTest, verdict(1, "FAIL")),
		lslRun("assert false", w("assert 0 \"boom\""), oneOpTest, verdict(1, "FAIL")),
		lslRun("abort", w("abort \"unreachable\""), oneOpTest, verdict(1, "FAIL")),
		// every execution is discarded: nothing to compare with (docs/semantics.md)
		lslRun("assume false", w("assume 0"), oneOpTest, verdict(3, "no serial execution")),
		lslRun("unknown fence kind", w("fence sideways"), oneOpTest, inputErrAt("a.lsl", 3, "")),
		lslRun("unknown struct", w("%n := alloc fresh nosuch_t"), oneOpTest, inputErrAt("a.lsl", 3, "nosuch_t")),
		// LSL structs only name fields (pointers are lists of offsets, there is
		// no layout), so a struct that contains itself is harmless
		lslRun("self-containing struct", "struct s { a: s }\nglobal g : s { 0.0.0 = 3 }\nproc w() { %n := alloc fresh s\nstore %n, 1 }\n", oneOpTest, verdict(0, "PASS")),
		lslRun("deep nested blocks", w(strings.Repeat("{ ", 3000)+strings.Repeat("} ", 3000)), oneOpTest, inputErrAt("a.lsl", 3, "nested")),
		lslRun("nested blocks", w(strings.Repeat("{ ", 300)+strings.Repeat("} ", 300)), oneOpTest, verdict(0, "PASS")),
		lslRun("deep expression operands", w("%r := add(1, 2)\n"+strings.Repeat("%r := add(%r, %r)\n", 2000)+"observe output \"r\" %r"), oneOpTest, verdict(0, "PASS")),
		lslRun("unlabelled continue", w("continue"), oneOpTest, inputErr("a.lsl")),
		lslRun("result count mismatch", "proc f() -> (%a) { %a := 1 }\n"+w("%x, %y := call f()"), oneOpTest, inputErrAt("a.lsl", 4, "")),
		lslRun("numthreads and threadid", w("%n := numthreads()\n%t := threadid()\nobserve output \"n\" %n"), oneOpTest, verdict(0, "PASS")),
		lslRun("full-range choice unobserved", w("%r := choose -9223372036854775808 .. 9223372036854775807\n%c := eq(%r, 5)\nstore @X, %c"), oneOpTest,
			Want{Exit: 0, OrExit: []int{3}, Msg: "PASS|INCONCLUSIVE", Limit: limitWall, MaxMemory: smallMemory}, limitFlags...),
		&Case{Name: "LSL file links to /dev/zero", Category: "lsl", Files: map[string]string{"t.tst": oneOpTest}, Setup: symlink("/dev/zero", "a.lsl"),
			Args: []string{"run", "a.lsl", "t.tst"}, Want: inputErrAt("a.lsl", 1, "not a regular file")},
		&Case{Name: "LSL file is a directory", Category: "lsl", Files: map[string]string{"t.tst": oneOpTest}, Setup: mkdir("a.lsl"),
			Args: []string{"run", "a.lsl", "t.tst"}, Want: inputErrAt("a.lsl", 1, "directory")},
		&Case{Name: "LSL file of 17 MiB", Category: "lsl", Files: map[string]string{"t.tst": oneOpTest}, Setup: bigText("a.lsl", "// padding padding padding padding\n", 17<<20),
			Args: []string{"run", "a.lsl", "t.tst"}, Want: inputErrAt("a.lsl", 1, "(too large|MiB)")},
		&Case{Name: "LSL file is a FIFO", Category: "lsl", Files: map[string]string{"t.tst": oneOpTest}, Setup: mkfifo("a.lsl"),
			Args: []string{"run", "a.lsl", "t.tst"}, Want: inputErrAt("a.lsl", 1, "not a regular file")},
		&Case{Name: "lsl command on a bad file", Category: "lsl", Files: map[string]string{"a.lsl": w("%r := frobnicate(1)")},
			Args: []string{"lsl", "a.lsl"}, Want: inputErrAt("a.lsl", 3, "frobnicate")},
		&Case{Name: "lsl command on /dev/zero", Category: "lsl", Setup: symlink("/dev/zero", "a.lsl"),
			Args: []string{"lsl", "a.lsl"}, Want: inputErrAt("a.lsl", 1, "not a regular file")},
	}
}
