package tests

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
)

// A whole program has no observations, so a nondeterministic choice that
// only steers it (a branch, a register) is visible nowhere but in its own
// trace row: "choose  __VERIFIER_nondet_bool() = 0", in program order
// before the thread's later accesses, and under "choices" in --json.
func TestNondetChoicesInTrace(t *testing.T) {
	needClang(t)
	prog, test := loadPthread(t, "verifier/nondet_trace.c")
	for _, m := range []string{"sc", "relaxed", "arm8"} {
		r := check(t, prog, test, modelOptions(t, m))
		if r.Verdict != mining.Fail {
			t.Fatalf("%s: %s, want FAIL (%s)", m, r.Verdict, r.Message)
		}
		var b strings.Builder
		report.WriteTrace(&b, r, report.TextOptions{})
		out := b.String()
		choice := strings.Index(out, "choose  __VERIFIER_nondet_bool() = 0")
		store := strings.Index(out, "store   x = 2")
		if choice < 0 || store < 0 || choice > store {
			t.Errorf("%s: the writer's choice is not shown before its store:\n%s", m, out)
		}
		if !strings.Contains(out, "choose  __VERIFIER_nondet_int() = 3") {
			t.Errorf("%s: main's choice is not shown:\n%s", m, out)
		}
		var got []string
		for _, th := range report.TraceJSON(r).Threads {
			for _, op := range th.Ops {
				for _, c := range op.Choices {
					got = append(got, th.Name+": "+c.Expr+" = "+c.Value)
				}
			}
		}
		if want := "t1: __VERIFIER_nondet_bool() = 0|t2: __VERIFIER_nondet_int() = 3"; strings.Join(got, "|") != want {
			t.Errorf("%s: JSON choices %q, want %q", m, strings.Join(got, "|"), want)
		}
	}
}
