package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// A cat model's FAIL says why the model allows it: a cycle of program
// order and communication steps, each starting where the last ended and
// closing on the first access, and the program-order steps the model's
// checks do not order (the edges its cycle lacks).
func TestCatWhy(t *testing.T) {
	for _, c := range []struct {
		model, test, check string
	}{
		// MPops, not MP: MP's operations make two accesses each, so some
		// of its counterexamples are sequentially consistent (x=1, y=0 is
		// not serializable but SC allows it) and have no cycle to explain;
		// which counterexample the solver finds is not fixed. MPops's
		// serial executions are the SC ones, so each of its
		// counterexamples has a cycle.
		{"arm8", "MPops", "external"},
		{"riscv", "MPops", "main"},
		{"power", "2+2W", ""},
		{"rc11", "2+2W", ""},
	} {
		r := result(t, check(t, "mp.lsl", "mp.tst", c.model), c.test)
		if r.Verdict != mining.Fail {
			t.Fatalf("%s on %s: %s, want FAIL", c.test, c.model, r.Verdict)
		}
		w := newCatWhy(newTrace(r))
		if w == nil {
			t.Fatalf("%s on %s: no explanation", c.test, c.model)
		}
		po, com := 0, 0
		for i, st := range w.cycle {
			if i > 0 && st.from != w.cycle[i-1].to {
				t.Errorf("%s on %s: step %d does not start where step %d ended", c.test, c.model, i, i-1)
			}
			if st.rel == "po" {
				po++
				if st.from.Thread != st.to.Thread {
					t.Errorf("%s on %s: a po step across threads", c.test, c.model)
				}
			} else {
				com++
			}
		}
		if n := len(w.cycle); w.cycle[n-1].to != w.cycle[0].from || po == 0 || com == 0 {
			t.Errorf("%s on %s: not a cycle of po and communication: %+v", c.test, c.model, w.cycle)
		}
		if len(w.loose) == 0 {
			t.Errorf("%s on %s: no program-order step is said to be unordered", c.test, c.model)
		}
		for _, l := range w.loose {
			if l.step.rel != "po" || !strings.Contains(strings.Join(l.checks, " "), c.check) {
				t.Errorf("%s on %s: %+v, want a po step not in %s", c.test, c.model, l, c.check)
			}
		}
		var b bytes.Buffer
		WriteTrace(&b, r, TextOptions{Model: c.model, Legend: true})
		out, legend, _ := strings.Cut(b.String(), "How to read a trace (cat model):")
		if !strings.Contains(out, "why "+c.model+" allows it") {
			t.Errorf("%s on %s: the trace does not explain:\n%s", c.test, c.model, b.String())
		}
		// the legend names the model too
		if !strings.Contains(legend, "why "+c.model+" allows it") {
			t.Errorf("%s on %s: the legend does not name the model:\n%s", c.test, c.model, legend)
		}
	}
	// a .mm model's trace lists reorderings instead
	r := result(t, check(t, "mp.lsl", "mp.tst", "relaxed"), "MP")
	if newCatWhy(newTrace(r)) != nil {
		t.Error("an explanation for a .mm model's trace")
	}
}
