package adversarial

import (
	"fmt"
	"strings"
)

// tstCases are malformed test files (against a valid sb.lsl).
func tstCases() []*Case {
	cs := []*Case{
		tstRun("empty", "", inputErrAt("t.tst", 1, "no test")),
		tstRun("only comments", "// nothing here\n/* or here */\n", inputErrAt("t.tst", 1, "no test")),
		tstRun("only whitespace", "\n\n   \n", inputErrAt("t.tst", 1, "no test")),
		tstRun("missing equals", "test A ( wx )\n", inputErrAt("t.tst", 1, "")),
		tstRun("missing name", "test = ( wx )\n", inputErrAt("t.tst", 1, "")),
		tstRun("unclosed parenthesis", "test A = ( wx | wy\n", inputErr("t.tst")),
		tstRun("extra closing parenthesis", "test A = ( wx ) )\n", inputErrAt("t.tst", 1, "")),
		tstRun("nested parentheses", "test A = ( ( wx ) )\n", inputErrAt("t.tst", 1, "")),
		tstRun("unknown operation", "test A = ( wx | nosuch )\n", inputErrAt("t.tst", 1, "nosuch")),
		tstRun("duplicate test", "test A = ( wx )\ntest A = ( wy )\n", inputErrAt("t.tst", 2, "")),
		tstRun("empty thread list", "test A = ( )\n", inputErrAt("t.tst", 1, "empty thread")),
		tstRun("empty threads between bars", "test A = ( wx | | wy )\n", inputErrAt("t.tst", 1, "empty thread")),
		tstRun("keyword only", "test\n", inputErr("t.tst")),
		tstRun("garbage", "@@@ !!! ###\n", inputErrAt("t.tst", 1, "")),
		tstRun("NUL bytes", "test A = ( wx )\n\x00\x00\n", inputErrAt("t.tst", 2, "")),
		tstRun("invalid UTF-8", "test A = ( wx \xff\xfe )\n", inputErrAt("t.tst", 1, "")),
		tstRun("unterminated comment", "test A = ( wx )\n/* never closed\n", inputErr("t.tst")),
		tstRun("operation with arguments", "test A = ( wx(1) )\n", inputErrAt("t.tst", 1, "")),
		tstRun("operation that takes parameters", "test A = ( p )\n", inputErrAt("t.tst", 1, "")),
		tstRun("long test name", fmt.Sprintf("test %s = ( wx )\n", strings.Repeat("A", 10000)), verdict(0, "PASS")),
		tstRun("10000 operations in one thread", "test A = ( "+strings.Repeat("wx ", 10000)+")\n", Want{Exit: 3, OrExit: []int{0}, Msg: "INCONCLUSIVE|PASS", Limit: limitWall, MaxMemory: smallMemory}, limitFlags...),
		tstRun("1000 tests", manyTests(1000), verdict(0, "PASS"), "--model", "sc", "--test", "T999"),
		tstRun("unknown --test", sbTst, usageErr("Nope"), "--test", "Nope"),
		tstRun("final without init", "test A = ( wx | wy ) rx ry\n", verdict(0, "PASS")),
		tstRun("operation named test", "test A = ( wx ) test\n", inputErr("t.tst")),
		&Case{Name: "test file is a directory", Category: "tst", Files: map[string]string{"a.lsl": sbLSL}, Setup: mkdir("t.tst"),
			Args: []string{"run", "a.lsl", "t.tst"}, Want: inputErrAt("t.tst", 1, "directory")},
		&Case{Name: "test file links to /dev/zero", Category: "tst", Files: map[string]string{"a.lsl": sbLSL}, Setup: symlink("/dev/zero", "t.tst"),
			Args: []string{"run", "a.lsl", "t.tst"}, Want: inputErrAt("t.tst", 1, "not a regular file")},
		&Case{Name: "test file links to /dev/urandom", Category: "tst", Files: map[string]string{"a.lsl": sbLSL}, Setup: symlink("/dev/urandom", "t.tst"),
			Args: []string{"run", "a.lsl", "t.tst"}, Want: inputErrAt("t.tst", 1, "not a regular file")},
		&Case{Name: "test file is a FIFO", Category: "tst", Files: map[string]string{"a.lsl": sbLSL}, Setup: mkfifo("t.tst"),
			Args: []string{"run", "a.lsl", "t.tst"}, Want: inputErrAt("t.tst", 1, "not a regular file")},
		&Case{Name: "test file of 17 MiB", Category: "tst", Files: map[string]string{"a.lsl": sbLSL}, Setup: bigText("t.tst", "// padding padding padding padding\n", 17<<20),
			Args: []string{"run", "a.lsl", "t.tst"}, Want: inputErrAt("t.tst", 1, "(too large|MiB)")},
		&Case{Name: "test file missing", Category: "tst", Files: map[string]string{"a.lsl": sbLSL},
			Args: []string{"run", "a.lsl", "t.tst"}, Want: inputErrAt("t.tst", 1, "no such file")},
		&Case{Name: "test file unreadable", Category: "tst", Files: map[string]string{"a.lsl": sbLSL, "t.tst": sbTst}, Setup: unreadable("t.tst"),
			Args: []string{"run", "a.lsl", "t.tst"}, Want: inputErrAt("t.tst", 1, "")},
		&Case{Name: "test file only", Category: "tst", Files: map[string]string{"t.tst": sbTst},
			Args: []string{"run", "t.tst"}, Want: usageErr("implementation")},
	}
	for _, c := range cs {
		if c.Name == "operation that takes parameters" {
			c.Files["a.lsl"] = sbLSL + "proc p(%a) { }\n"
		}
	}
	return cs
}

func manyTests(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "test T%d = ( wx ry | wy rx )\n", i)
	}
	return b.String()
}
