package adversarial

import (
	"fmt"
	"strings"
	"time"
)

// limitCases are inputs that take unbounded time or memory in some phase
// (front end, unrolling, range analysis, mining, axiom expansion, solving):
// run with --timeout 2s --max-memory 300M, each must end INCONCLUSIVE (or
// with its answer) within the limits.
func limitCases() []*Case {
	answerOrLimit := answerOrLimit()
	errOrLimit := Want{Exit: 3, OrExit: []int{2}, Msg: `(?m)^a\.c:\d+:\d+: |INCONCLUSIVE`, Limit: limitWall, MaxMemory: smallMemory}
	cs := []*Case{
		cRun("nondet over all ints", protos+"int X;\nvoid w(void) { int v = lsl_nondet(-2147483647, 2147483647); lsl_observe_output(\"v\", v); X = v; }\n", limitHit(), limitFlags...),
		cRun("nondet over all ints, unobserved", protos+"int X;\nvoid w(void) { int v = lsl_nondet(-2147483647, 2147483647); X = (v == 3); }\n", answerOrLimit, limitFlags...),
		lslRun("choice up to 2^63", "proc w() { %r := choose 0 .. 9223372036854775807\nobserve output \"r\" %r }\n", oneOpTest, limitHit(), limitFlags...),
		cRun("comma expression of 20000 operands", "int x;\nvoid w(void) { x = ("+strings.TrimSuffix(strings.Repeat("x, ", 20000), ", ")+"); }\n", answerOrLimit, limitFlags...),
		cRun("comma expression of 10000 operands", "int x;\nvoid w(void) { x = ("+strings.TrimSuffix(strings.Repeat("x, ", 10000), ", ")+"); }\n", answerOrLimit, limitFlags...),
		cRun("10000 nested ifs", nestedIfs(10000), answerOrLimit, limitFlags...),
		// the LSL parser limits nesting to 500 levels
		lslRun("10000 nested ifs in LSL", "global X\nproc w() {\n%c := load @X\n"+strings.Repeat("if %c { ", 10000)+"store @X, 1 "+strings.Repeat("} ", 10000)+"\n}\n", oneOpTest, inputErrAt("a.lsl", 4, "nested"), limitFlags...),
		lslRun("400 nested ifs in LSL", "global X\nproc w() {\n%c := load @X\n"+strings.Repeat("if %c { ", 400)+"store @X, 1 "+strings.Repeat("} ", 400)+"\n}\n", oneOpTest, answerOrLimit, limitFlags...),
		cRun("macro expanding to 2^30 tokens", macroBomb(30), errOrLimit, limitFlags...),
		cRun("macro expanding to 2^20 tokens", macroBomb(20), errOrLimit, limitFlags...),
		cRun("loop forever", "int x;\nvoid w(void) { while (1) x = x + 1; }\n", limitHit(), limitFlags...),
		// the recursion is raised round by round: on a quick machine
		// --max-unroll (64) comes before --timeout 2s, and either limit
		// is the answer
		cRun("unbounded recursion", "int x;\nvoid r(void) { x = x + 1; r(); }\nvoid w(void) { r(); }\n",
			Want{Exit: 3, Msg: `INCONCLUSIVE[\s\S]*(within 2s|--max-memory|--timeout|--max-unroll)`, Limit: limitWall, MaxMemory: smallMemory}, limitFlags...),
		cRun("loop forever, serial part slow", "int x;\nvoid w(void) { int i = 0; while (1) { x = x + i; i = i + 1; } }\n", limitHit(), "--timeout", "2s", "--max-memory", "300M", "--max-unroll", "1000"),
		&Case{Name: "100 threads", Category: "tst", Files: map[string]string{"a.lsl": sbLSL, "t.tst": "test A = ( " + strings.TrimSuffix(strings.Repeat("wx ry | ", 50)+strings.Repeat("wy rx | ", 50), "| ") + ")\n"},
			Args: append([]string{"run", "a.lsl", "t.tst"}, limitFlags...), Want: answerOrLimit},
		&Case{Name: "100 threads, interrupted", Category: "tst", Files: map[string]string{"a.lsl": sbLSL, "t.tst": "test A = ( " + strings.TrimSuffix(strings.Repeat("wx ry | ", 50)+strings.Repeat("wy rx | ", 50), "| ") + ")\n"},
			Args: []string{"run", "a.lsl", "t.tst"}, Interrupt: time.Second, Want: Want{Exit: 130, OrExit: []int{0, 1}, Limit: interruptWall}},
		&Case{Name: "mine nondet over all ints", Category: "c", Files: map[string]string{"a.c": protos + "void w(void) { int v = lsl_nondet(-2147483647, 2147483647); lsl_observe_output(\"v\", v); }\n", "t.tst": oneOpTest},
			Args: append([]string{"mine", "a.c", "t.tst"}, limitFlags...), Want: limitHit()},
		&Case{Name: "fences on a loop forever", Category: "c", Files: map[string]string{"a.c": protos + "int x;\nvoid w(void) { lsl_fence(\"full\"); while (1) x = x + 1; }\n", "t.tst": oneOpTest},
			Args: append([]string{"fences", "a.c", "t.tst"}, limitFlags...), Want: Want{Exit: 3, OrExit: []int{1}, Msg: "INCONCLUSIVE", Limit: limitWall, MaxMemory: smallMemory}},
		&Case{Name: "interrupt a loop forever", Category: "c", Files: map[string]string{"a.c": "int x;\nvoid w(void) { while (1) x = x + 1; }\n", "t.tst": oneOpTest},
			Args: []string{"run", "a.c", "t.tst", "--max-unroll", "100000"}, Interrupt: time.Second, Want: Want{Exit: 130, Limit: interruptWall}},
		&Case{Name: "interrupt the front end", Category: "c", Files: map[string]string{"a.c": macroBomb(30), "t.tst": oneOpTest},
			Args: []string{"run", "a.c", "t.tst"}, Interrupt: time.Second, Want: Want{Exit: 130, OrExit: []int{2}, Limit: interruptWall}},
		&Case{Name: "interrupt mining", Category: "lsl", Files: map[string]string{"a.lsl": "proc w() { %r := choose 0 .. 9223372036854775807\nobserve output \"r\" %r }\n", "t.tst": oneOpTest},
			Args: []string{"run", "a.lsl", "t.tst"}, Interrupt: time.Second, Want: Want{Exit: 130, Limit: interruptWall}},
		&Case{Name: "litmus 200 threads", Category: "litmus", Files: map[string]string{"a.litmus": wideLitmus(200)},
			Args: []string{"litmus", "a.litmus", "--timeout", "2s"}, Want: Want{Exit: 3, OrExit: []int{0}, Msg: "timed out|Ok|No", Limit: limitWall}},
		&Case{Name: "interrupt litmus", Category: "litmus", Files: map[string]string{"a.litmus": wideLitmus(200)},
			Args: []string{"litmus", "a.litmus"}, Interrupt: time.Second, Want: Want{Exit: 130, Limit: interruptWall}},
		mmRun("axiom over 7 variables, limited", quantModel(7), answerOrLimit),
		&Case{Name: "many operations per thread", Category: "tst", Files: map[string]string{"a.lsl": sbLSL, "t.tst": "test A = ( " + strings.Repeat("wx ry ", 150) + "| " + strings.Repeat("wy rx ", 150) + ")\n"},
			Args: append([]string{"run", "a.lsl", "t.tst"}, limitFlags...), Want: answerOrLimit},
		cRun("pool allocation in a loop", protos+"#include <stdlib.h>\nint *p;\nvoid w(void) { int i; for (i = 0; i < 40; i++) { p = malloc(sizeof(int)); *p = i; } }\n", answerOrLimit, limitFlags...),
	}
	for _, c := range cs {
		if c.Name == "axiom over 7 variables, limited" {
			c.Args = append(c.Args, limitFlags...)
		}
	}
	return cs
}

// nestedIfs is a C operation with n nested ifs.
func nestedIfs(n int) string {
	return "int x;\nvoid w(void) {\n" + strings.Repeat("if (x) ", n) + "x = 1;\n}\n"
}

// macroBomb defines A0 … An, each twice the one before: An expands to 2^n
// tokens.
func macroBomb(n int) string {
	var b strings.Builder
	b.WriteString("#define A0 x\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "#define A%d A%d A%d\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "int x;\nvoid w(void) { A%d; }\n", n)
	return b.String()
}

// answerOrLimit: a verdict, or INCONCLUSIVE within the limits.
func answerOrLimit() Want {
	return Want{Exit: 3, OrExit: []int{0, 1}, Msg: `PASS|FAIL|INCONCLUSIVE`, Limit: limitWall, MaxMemory: smallMemory}
}
