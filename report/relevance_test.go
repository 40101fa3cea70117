package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// onPath lists the reordered pairs of a result as "thread: first addr /
// overtaken addr", split by whether the failure depends on them.
func onPath(t *testing.T, r *mining.Result) (on, off []string) {
	t.Helper()
	tr := newTrace(r)
	if tr.rel == nil {
		t.Fatal("no relevance computed for a FAIL with its encoding")
	}
	for _, ro := range tr.reorders {
		s := ro.First.Thread.Name + ": " + ro.First.Kind + " " + ro.First.Addr + " / " + ro.Overtaken.Kind + " " + ro.Overtaken.Addr
		if ro.OnPath {
			on = append(on, s)
		} else {
			off = append(off, s)
		}
	}
	return on, off
}

// The failure of handoff.c depends on the data and flag accesses; the
// harness local v, which only its own thread touches, is folded away.
// Whether the counterexample reorders v's accesses at all is the solver's
// choice: the plain order graph's run does (the restricted graph's, the
// default, happens not to), so the test takes that run, which has
// reorderings on both sides of the path.
func TestReorderingsOnPathConsistency(t *testing.T) {
	r := result(t, checkWith(t, "handoff.c", "handoff.tst", "relaxed", "plain order graph", func(o *mining.Options) {
		o.Axioms.PlainOrderGraph = true
	}), "Handoff")
	if r.Verdict != mining.Fail || r.Reason != mining.ReasonConsistency {
		t.Fatalf("%s %s, want FAIL consistency", r.Verdict, r.Reason)
	}
	on, off := onPath(t, r)
	// The failure needs t1's stores or t2's loads (or both) reordered;
	// which ones the solver's execution reorders is its choice.
	allowed := map[string]bool{"t2: load data / load flag": true, "t1: store flag / store data": true}
	if len(on) == 0 {
		t.Errorf("no reordering on the path")
	}
	for _, s := range on {
		if !allowed[s] {
			t.Errorf("%q is on the path, want only the data and flag accesses there", s)
		}
	}
	for _, s := range off {
		if !strings.Contains(s, "v#1") {
			t.Errorf("%q is off the path, want only the accesses of the harness local v#1 there", s)
		}
	}
	if len(off) == 0 {
		t.Error("the harness local's reorderings are on the path")
	}

	var short, long bytes.Buffer
	WriteTrace(&short, r, TextOptions{})
	WriteTrace(&long, r, TextOptions{Verbose: true})
	if strings.Contains(short.String(), "load v#1 = 0 (#") {
		t.Errorf("without -v the harness local's reorderings are listed:\n%s", short.String())
	}
	if !strings.Contains(short.String(), "not on the path to the failure (-v shows them)") {
		t.Errorf("without -v no folded line:\n%s", short.String())
	}
	if !strings.Contains(long.String(), "not on the path to the failure:\n") || !strings.Contains(long.String(), "load v#1 = 0 (#") {
		t.Errorf("with -v the folded reorderings are missing:\n%s", long.String())
	}

	jt := TraceJSON(r)
	for _, jr := range jt.Reorderings {
		if jr.OnPath == nil {
			t.Fatal("JSON reordering without on_path")
		}
	}
	if n := len(jt.Reorderings); n < 2 || !*jt.Reorderings[0].OnPath || *jt.Reorderings[n-1].OnPath {
		t.Errorf("JSON reorderings do not list those on the path first")
	}

	dir := t.TempDir()
	if err := WriteHTML(dir, "relaxed", []*mining.Result{r}); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, PageFiles([]*mining.Result{r})[0]))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), fmt.Sprintf(`<details class="more-reo"><summary>%d more not on the path to the failure</summary>`, len(off))) {
		t.Error("HTML page does not fold the reorderings off the path")
	}
}

// For a runtime error the path starts at the failing comparison: publish.c
// fails on n->next, so the late store of n->value (which nobody reads)
// does not matter.
func TestReorderingsOnPathRuntimeError(t *testing.T) {
	r := result(t, check(t, "publish.c", "publish.tst", "relaxed"), "Publish")
	if r.Verdict != mining.Fail || r.Reason != mining.ReasonRuntimeError {
		t.Fatalf("%s %s, want FAIL runtime-error", r.Verdict, r.Reason)
	}
	on, off := onPath(t, r)
	if len(on) == 0 {
		t.Fatalf("nothing on the path; off: %q", off)
	}
	for _, s := range on {
		if strings.HasSuffix(s, ".value") {
			t.Errorf("%q is on the path, but nothing reads the value field", s)
		}
	}
	for _, s := range append(on, off...) {
		if strings.Contains(s, "load node_t#1.next") && !contains(on, s) {
			t.Errorf("%q, the load whose value fails the check, is off the path", s)
		}
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// On tso, Peterson's lock fails when a thread's read of the other's flag
// (or of the turn) takes effect before its own stores: that store→load
// reordering is what the failure depends on, through the wait loop whose
// exit lets both threads into the critical section (exitsBefore).
func TestReorderingsOnPathPeterson(t *testing.T) {
	r := result(t, check(t, "peterson.c", "peterson.tst", "tso"), "T2")
	if r.Verdict != mining.Fail {
		t.Fatalf("%s %s, want FAIL", r.Verdict, r.Reason)
	}
	on, off := onPath(t, r)
	storeLoad := 0
	for _, s := range on {
		if strings.Contains(s, ": load flag[") || strings.Contains(s, ": load turn") {
			storeLoad++
		}
	}
	if storeLoad == 0 {
		t.Errorf("no store→load reordering of the lock on the path: on %q, off %q", on, off)
	}
}
