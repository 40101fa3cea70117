package diff

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// TestLivelockEscapeDifferential compares the narrow exception for
// livelocks (encode/livelockescape.go) with the broad one it replaces
// (encode.Options.BroadLivelockEscape) on the fair-progress corners, the
// livelock regressions and random programs rich in retry loops: after lazy
// unrolling and at bounds one above it, where livelocks repeat their
// rounds, both must give the same observations, errors, deadlocks and
// cut-off loops.
func TestLivelockEscapeDifferential(t *testing.T) {
	var jobs []Job
	for _, pat := range []string{"../testdata/corners/fair_*.lsl", "../testdata/regress/livelock_*.lsl"} {
		files, err := filepath.Glob(pat)
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no cases: %v", pat, err)
		}
		for _, f := range files {
			if _, slow := slowCorners[filepath.Base(f)]; !slow {
				jobs = append(jobs, Job{File: f})
			}
		}
	}
	for i := range livelockCases {
		jobs = append(jobs, Job{File: fmt.Sprintf("livelock:%d", i)})
	}
	jobs = append(jobs, seedJobs(16, 6, 7000, Job{Reload: true})...)
	jobs = append(jobs, seedJobs(16, 6, 9000, Job{Silent: true})...)
	jobs = append(jobs, seedJobs(16, 6, 9800, Job{Spurious: true})...)
	jobs = append(jobs, seedJobs(16, 6, 1, Job{})...)
	compared, deadlocks := 0, 0
	for _, j := range jobs {
		c, err := livelockCase(j)
		if err != nil {
			t.Fatalf("%s: %v", j, err)
		}
		for _, test := range c.Tests {
			for _, name := range []string{"sc", "tso", "relaxed"} {
				if len(c.Models) > 0 && !slices.Contains(c.Models, name) {
					continue
				}
				m, ok := memmodel.Builtin(name)
				if !ok {
					t.Fatalf("no model %s", name)
				}
				ok, deadlock := compareLivelockEscape(t, fmt.Sprintf("%s %s %s", j, test.Name, name), c, test, m)
				if ok {
					compared++
				}
				if deadlock {
					deadlocks++
				}
			}
		}
	}
	t.Logf("%d programs: %d tests and models compared, %d with a deadlock or livelock at raised bounds", len(jobs), compared, deadlocks)
	if compared < len(jobs) || deadlocks == 0 {
		t.Errorf("compared only %d tests and models of %d programs, %d with a deadlock", compared, len(jobs), deadlocks)
	}
}

// compareLivelockEscape compares the two forms on one test and model; it
// reports whether both sides answered, and whether they saw a deadlock or
// livelock at the raised bounds.
func compareLivelockEscape(t *testing.T, what string, c *refcheck.Case, test *lsl.Test, m *memmodel.Model) (ok, deadlock bool) {
	t.Helper()
	run := func(broad bool, bounds lsl.Bounds) (*mining.ExecutionSet, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		opt := mining.Options{Options: encode.Options{BroadLivelockEscape: broad}, Model: m}
		if bounds == nil {
			return mining.Executions(ctx, c.Prog, test, opt, false)
		}
		return mining.ExecutionsAt(ctx, c.Prog, test, opt, false, bounds)
	}
	pair := func(bounds lsl.Bounds) (narrow, broad *mining.ExecutionSet, ok bool) {
		narrow, err := run(false, bounds)
		if err != nil {
			t.Logf("%s: %v", what, err)
			return nil, nil, false
		}
		broad, err = run(true, bounds)
		if err != nil {
			t.Logf("%s: %v", what, err)
			return nil, nil, false
		}
		return narrow, broad, true
	}
	narrow, broad, ok := pair(nil)
	if !ok {
		return false, false
	}
	if d := executionSetDiff(narrow, broad); d != "" {
		t.Errorf("%s, lazy unrolling: narrow and broad livelock exceptions differ: %s\n%s", what, d, c.Source)
		return true, false
	}
	u, err := lsl.Unroll(c.Prog, mining.ThreadSpecs(test), lsl.UnrollOptions{Bounds: narrow.Bounds})
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	raised := lsl.Bounds{}
	for k, li := range u.Loops {
		raised[k] = li.Bound + 1
	}
	if len(raised) == 0 {
		return true, false
	}
	narrow, broad, ok = pair(raised)
	if !ok {
		return false, false
	}
	if d := executionSetDiff(narrow, broad); d != "" {
		t.Errorf("%s, bounds %v: narrow and broad livelock exceptions differ: %s\n%s", what, raised, d, c.Source)
	}
	return true, broad.AnyDeadlock
}

// executionSetDiff describes how two execution sets differ ("" if not).
func executionSetDiff(a, b *mining.ExecutionSet) string {
	canon := func(es *mining.ExecutionSet) []string {
		var out []string
		for _, o := range es.Observations {
			out = append(out, o.Canon())
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	var d []string
	if oa, ob := canon(a), canon(b); !slices.Equal(oa, ob) {
		d = append(d, fmt.Sprintf("observations %s / %s", setDiff(oa, ob), setDiff(ob, oa)))
	}
	if a.AnyError != b.AnyError {
		d = append(d, fmt.Sprintf("errors %v / %v", a.AnyError, b.AnyError))
	}
	if a.AnyDeadlock != b.AnyDeadlock {
		d = append(d, fmt.Sprintf("deadlock %v / %v", a.AnyDeadlock, b.AnyDeadlock))
	}
	if !slices.Equal(a.Pruned, b.Pruned) {
		d = append(d, fmt.Sprintf("pruned %s / %s", joinLoops(a.Pruned), joinLoops(b.Pruned)))
	}
	return strings.Join(d, "; ")
}

// livelockCases are livelocks behind rounds that read values that are not
// final yet, in a loop alone, after another loop, inside an outer loop and
// around an inner one.
var livelockCases = []string{
	`//# test T = ( never | inc ) get
global X
proc inc() {
    l: {
        %o := load @X
        %n := add(%o, 1)
        atomic { %c := load @X  %ok := eq(%c, %o)  if %ok { store @X, %n } }
        if %ok { } else { continue l }
    }
}
proc never() {
    observe label "never"
    l: {
        %o := load @X
        %w := add(%o, 1)
        atomic { %c := load @X  %ok := eq(%c, %w)  if %ok { store @X, %o } }
        if %ok { } else { continue l }
    }
}
proc get() { %x := load @X  observe output "x" %x }`,
	`//# test T = ( wait | set ) get
global X
global Y
proc set() { store @X, 1  store @Y, 2 }
proc wait() {
    first: {
        %x := load @X
        %z := eq(%x, 0)
        if %z { continue first }
    }
    second: {
        %a := load @X
        %b := load @Y
        %d := ne(%a, %b)
        if %d { continue second }
    }
    observe output "a" %a
}
proc get() { %y := load @Y  observe output "y" %y }`,
	`//# test T = ( outer | set )
global X
global Y
proc set() { store @X, 1  store @Y, 1 }
proc outer() {
    o: {
        %r := load @X
        i: {
            %a := load @Y
            %b := load @X
            %d := ne(%a, %b)
            if %d { continue i }
        }
        %z := eq(%r, 0)
        if %z { continue o }
    }
    store @Y, 3
}`,
	`//# test T = ( spin | set ) get
global X
global Y
proc set() { store @X, 1  store @Y, 1  store @X, 2 }
proc spin() {
    s: {
        n: {
            %x := load @X
            %z := eq(%x, 0)
            if %z { continue n }
        }
        %y := load @Y
        %w := eq(%y, 1)
        if %w { continue s }
    }
    observe output "y" %y
}
proc get() { %x := load @X  observe output "x" %x }`,
}

// livelockCase builds the case of a job, or of one of livelockCases.
func livelockCase(j Job) (*refcheck.Case, error) {
	var i int
	if _, err := fmt.Sscanf(j.File, "livelock:%d", &i); err == nil {
		return refcheck.ParseCase(j.File, []byte(livelockCases[i]))
	}
	return j.Case()
}
