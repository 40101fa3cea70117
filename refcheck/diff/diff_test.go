package diff

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// The test binary doubles as the worker process of RunIsolated.
const workerEnv = "CHECKFENCE_DIFF_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		if err := Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runIsolated runs jobs in worker processes, in parallel, and returns
// their outcomes in job order.
func runIsolated(t *testing.T, cfg Config, jobs []Job) []Outcome {
	t.Helper()
	ch := make(chan Job)
	go func() {
		defer close(ch)
		for _, j := range jobs {
			ch <- j
		}
	}()
	byJob := map[Job]Outcome{}
	err := RunIsolated(context.Background(), []string{os.Args[0]}, []string{workerEnv + "=1"}, cfg, runtime.GOMAXPROCS(0), ch, func(o Outcome) {
		byJob[o.Job] = o
	})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]Outcome, len(jobs))
	for i, j := range jobs {
		out[i] = byJob[j]
	}
	return out
}

// problems lists what is wrong with an outcome: disagreements, a crash, a
// case that cannot be built.
func problems(o Outcome) []string {
	src := ""
	if c, err := o.Job.Case(); err == nil {
		src = "\n" + c.Source
	}
	switch {
	case o.Err != "":
		return []string{o.Job.String() + ": " + o.Err}
	case o.Crash != "":
		return []string{fmt.Sprintf("%s: the engine crashed its process:\n%s%s", o.Job, tail(o.Crash, 3), src)}
	case o.Report == nil:
		return []string{o.Job.String() + ": no outcome"}
	}
	var out []string
	for _, d := range o.Report.Disagreements {
		out = append(out, d.String()+src)
	}
	return out
}

// checkOutcome fails the test for every problem of o, unless known names
// the engine bug behind them: then it skips. CHECKFENCE_KNOWN=1 fails on
// known bugs too, to check a fix.
func checkOutcome(t *testing.T, o Outcome, known string) {
	t.Helper()
	ps := problems(o)
	if os.Getenv("CHECKFENCE_KNOWN") != "" {
		known = ""
	}
	if known != "" && len(ps) > 0 {
		t.Skipf("known engine bug (%s): %d disagreements or crashes, the first:\n%s", known, len(ps), ps[0])
	}
	for _, p := range ps {
		t.Error(p)
	}
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestRegressions replays every disagreement found so far: each file in
// testdata/regress must agree on every model and encoding. A file with a
// "//# known" directive shows an engine bug that is not fixed yet: its
// subtest is skipped while the bug shows, and fails once it no longer does
// (remove the directive then).
func TestRegressions(t *testing.T) {
	files, err := filepath.Glob("../testdata/regress/*.lsl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no regression cases: %v", err)
	}
	cases := map[string]*refcheck.Case{}
	var jobs []Job
	for _, f := range files {
		c, err := refcheck.ReadCase(f)
		if err != nil {
			t.Fatal(err)
		}
		cases[f] = c
		jobs = append(jobs, Job{File: f})
	}
	outcomes := runIsolated(t, Config{Verdicts: true, Timeout: time.Minute}, jobs)
	for i, f := range files {
		o, c := outcomes[i], cases[f]
		t.Run(filepath.Base(f), func(t *testing.T) {
			// The signature that recognizes the bug in random programs
			// must recognize its own regression case.
			for _, b := range KnownBugs {
				if b.Regress == filepath.Base(f) && len(problems(o)) > 0 && len(KnownBugList{b}.Explain(o)) == 0 {
					t.Errorf("KnownBugs entry %q does not recognize its regression case", b.Name)
				}
			}
			checkOutcome(t, o, c.Known)
			if c.Known != "" && len(problems(o)) == 0 {
				t.Errorf("the known bug (%s) no longer shows: remove the //# known directive", c.Known)
			}
		})
	}
}

// slowCorners are the corner cases on which the reference takes minutes
// of CPU: make test runs them on the models given here, make check-full
// (CHECKFENCE_FULL=1) on all of their own. fair_chain_poll.lsl's reference
// takes about 30 CPU s per model (refcheck.Explore's order search);
// fair_chain_rw.lsl takes 12 CPU s on relaxed and 32 on rmo (15 on the
// other three together).
var slowCorners = map[string]string{
	"fair_chain_poll.lsl": "sc",
	"fair_chain_rw.lsl":   "sc tso pso",
}

// TestCorners compares engine and reference on hand-written programs
// that reach semantic corners the generator does not: every kind of value
// and runtime error, allocation, loops, locks, composite CAS, dependencies.
func TestCorners(t *testing.T) {
	files, err := filepath.Glob("../testdata/corners/*.lsl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corner cases: %v", err)
	}
	var jobs []Job
	for _, f := range files {
		j := Job{File: f}
		if m, ok := slowCorners[filepath.Base(f)]; ok && os.Getenv("CHECKFENCE_FULL") == "" {
			j.Models = m
		}
		jobs = append(jobs, j)
	}
	for name := range slowCorners {
		if !slices.Contains(files, filepath.Join("../testdata/corners", name)) {
			t.Errorf("slowCorners names %s, which is not a corner case", name)
		}
	}
	for _, o := range runIsolated(t, Config{Verdicts: true, Timeout: time.Minute}, jobs) {
		t.Run(filepath.Base(o.Job.File), func(t *testing.T) {
			checkOutcome(t, o, strings.Join(Known(o), "; "))
		})
	}
}

// TestDiffRandom compares the engine with the reference on random
// programs: 250 with CHECKFENCE_FULL=1, 125 in make test, 50 with -short,
// CHECKFENCE_DIFF_N for a long run (make fuzz-diff N=…), starting at seed
// CHECKFENCE_DIFF_SEED (1). Programs that only show a known engine bug
// (KnownBugs) are logged.
func TestDiffRandom(t *testing.T) {
	n, first := sampleCount(250, 50), int64(1)
	if s := os.Getenv("CHECKFENCE_DIFF_N"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("CHECKFENCE_DIFF_N: %v", err)
		}
	}
	if s := os.Getenv("CHECKFENCE_DIFF_SEED"); s != "" {
		var err error
		if first, err = strconv.ParseInt(s, 10, 64); err != nil {
			t.Fatalf("CHECKFENCE_DIFF_SEED: %v", err)
		}
	}
	var jobs []Job
	for s := first; s < first+int64(n); s++ {
		jobs = append(jobs, Job{Seed: s})
	}
	compared, skipped, known := map[string]int{}, 0, 0
	for _, o := range runIsolated(t, Config{Verdicts: true, Timeout: time.Minute}, jobs) {
		if o.Report != nil {
			if o.Report.Skipped != "" {
				skipped++
			}
			for m, k := range o.Report.Compared {
				compared[m] += k
			}
		}
		names := Known(o)
		if len(names) > 0 && os.Getenv("CHECKFENCE_KNOWN") == "" {
			known++
			t.Logf("%s: known engine bug: %s", o.Job, strings.Join(names, "; "))
			continue
		}
		for _, p := range problems(o) {
			t.Error(p)
		}
	}
	t.Logf("%d programs (seeds %d..%d): %d too large for the reference, %d showing only known engine bugs; compared per model: %v",
		n, first, first+int64(n)-1, skipped, known, compared)
	for m, k := range compared {
		if k < n*9/10 {
			t.Errorf("model %s compared on only %d of %d programs", m, k, n)
		}
	}
}

// TestDiffFairness compares, on random programs whose loops all have a
// bound (so lazy unrolling converges either way), the engine with the
// reference both with fair progress and without it: the two settings must
// give the same observations, failures and verdicts (each side is checked
// against the reference, in each setting). 60 programs (seedJobs: 30 in
// make test, 20 with -short).
func TestDiffFairness(t *testing.T) {
	jobs := seedJobs(60, 20, 5000, Job{Bounded: true})
	for _, unfair := range []bool{false, true} {
		cfg := Config{Verdicts: true, Timeout: time.Minute, Unfair: unfair}
		checkJobs(t, fmt.Sprintf("unfair=%v", unfair), cfg, jobs)
	}
}

// checkJobs runs jobs under cfg and reports, prefixed by label, every
// problem of an outcome that shows no known engine bug.
func checkJobs(t *testing.T, label string, cfg Config, jobs []Job) {
	t.Helper()
	for _, o := range runIsolated(t, cfg, jobs) {
		if names := Known(o); len(names) > 0 {
			continue
		}
		for _, p := range problems(o) {
			t.Errorf("%s: %s", label, p)
		}
	}
}

// TestCompareNotices makes sure the harness reports a difference: the
// reference is given relaxed where the engine checks sc.
func TestCompareNotices(t *testing.T) {
	c, err := refcheck.ParseCase("sb", []byte(`//# test SB = ( a | b )
global X
global Y
proc a() { store @X, 1  %r0 := load @Y  observe output "r0" %r0 }
proc b() { store @Y, 1  %r1 := load @X  observe output "r1" %r1 }
`))
	if err != nil {
		t.Fatal(err)
	}
	rep := Compare(context.Background(), c, Config{Models: []string{"sc"}, Encodings: Encodings[:1], Verdicts: true})
	if len(rep.Disagreements) != 0 {
		t.Fatalf("sc against sc: %v", rep.Disagreements)
	}
	rep = Compare(context.Background(), c, Config{Models: []string{"sc"}, Encodings: Encodings[:1], Verdicts: true, refModel: map[string]string{"sc": "relaxed"}})
	whats := map[string]bool{}
	for _, d := range rep.Disagreements {
		whats[d.What] = true
	}
	if !whats["observations"] {
		t.Errorf("sc against relaxed: disagreements %v, want observations", rep.Disagreements)
	}
}

// TestDiffReloadRounds compares engine and reference on programs rich in
// the C11 retry idiom (refcheck.ReloadGen), with fair progress's reload
// rounds and without them: each setting must agree with the reference.
// 40 programs (seedJobs: 20 in make test, 15 with -short).
func TestDiffReloadRounds(t *testing.T) {
	jobs := seedJobs(40, 15, 7000, Job{Reload: true})
	for _, noReload := range []bool{false, true} {
		cfg := Config{Verdicts: true, Timeout: time.Minute, NoReload: noReload}
		checkJobs(t, fmt.Sprintf("noReload=%v", noReload), cfg, jobs)
	}
}

// TestDiffSilentRMW compares engine and reference on programs rich in
// test-and-set spins (refcheck.SilentGen), whose failed rounds store
// silently (docs/semantics.md, "Silent read-modify-writes"): only the
// rule makes them converge, so both sides must state it alike.
func TestDiffSilentRMW(t *testing.T) {
	jobs := seedJobs(40, 15, 9000, Job{Silent: true})
	checkJobs(t, "silent", Config{Verdicts: true, Timeout: time.Minute}, jobs)
}

// TestDiffFaintCounters compares engine and reference on programs whose
// wait loops count their rounds in registers nothing reads
// (refcheck.FaintGen; docs/semantics.md, "Faint registers"): the engine
// deletes the counters when it unrolls, the reference keeps them out of
// its live sets; without either the loops never converge.
func TestDiffFaintCounters(t *testing.T) {
	jobs := seedJobs(40, 15, 9500, Job{Faint: true})
	checkJobs(t, "faint", Config{Verdicts: true, Timeout: time.Minute}, jobs)
}

// TestDiffSpuriousWakeups compares engine and reference on programs whose
// wait loops choose in each round that goes round whether it woke
// spuriously (refcheck.SpuriousGen; docs/semantics.md, "Condition
// variables"): a cycle with such a round is never a livelock on either
// side. Here the other choice repeats the same accesses, so the verdicts
// would agree without the rule too; the corner fair_spurious_lock.lsl is
// the case they do not.
func TestDiffSpuriousWakeups(t *testing.T) {
	jobs := seedJobs(40, 15, 9800, Job{Spurious: true})
	checkJobs(t, "spurious", Config{Verdicts: true, Timeout: time.Minute}, jobs)
}

// TestDiffSeparators compares engine and reference on litmus-like
// programs with fences and atomic blocks of every shape between their
// accesses (refcheck.SmallSepGen: a CAS that may fail, an exchange, blocks
// that only load or only store), where what a model orders through each
// decides the observations.
func TestDiffSeparators(t *testing.T) {
	jobs := seedJobs(40, 15, 9900, Job{Separators: true})
	checkJobs(t, "separators", Config{Verdicts: true, Timeout: time.Minute}, jobs)
}

// TestReloadRoundsApply checks that the rule is what makes the retry loops
// of fair_reload_cas.lsl converge early: with it, every loop needs one
// iteration on sc; without it, some loop needs more, with the same
// observations.
func TestReloadRoundsApply(t *testing.T) {
	src, err := os.ReadFile("../testdata/corners/fair_reload_cas.lsl")
	if err != nil {
		t.Fatal(err)
	}
	c, err := refcheck.ParseCase("fair_reload_cas", src)
	if err != nil {
		t.Fatal(err)
	}
	sc, _ := memmodel.Builtin("sc")
	for _, test := range c.Tests {
		with, err := mining.Executions(context.Background(), c.Prog, test, mining.Options{Model: sc}, false)
		if err != nil {
			t.Fatal(err)
		}
		without, err := mining.Executions(context.Background(), c.Prog, test, mining.Options{Options: encode.Options{NoReloadRounds: true}, Model: sc}, false)
		if err != nil {
			t.Fatal(err)
		}
		for loop, b := range with.Bounds {
			if b > 1 {
				t.Errorf("%s: loop %s needs bound %d with reload rounds, want 1", test.Name, loop, b)
			}
		}
		higher := false
		for loop, b := range without.Bounds {
			higher = higher || b > max(with.Bounds[loop], 1)
		}
		if !higher {
			t.Errorf("%s: bounds %v without reload rounds, %v with: the rule changed nothing", test.Name, without.Bounds, with.Bounds)
		}
		if !slices.Equal(canons(with), canons(without)) {
			t.Errorf("%s: observations differ with reload rounds", test.Name)
		}
	}
}

// canons lists the canonical forms of an execution set's observations.
func canons(s *mining.ExecutionSet) []string {
	var out []string
	for _, o := range s.Observations {
		out = append(out, o.Canon())
	}
	slices.Sort(out)
	return out
}

// TestGiniModelError: on gini_sat_model.lsl gini v1.0.4 reaches a model
// that violates a clause (it used to exit the process). With gini alone
// (no escalation to CaDiCaL) the engine solves again on a new instance
// and must give the reference's observations and failures on every model.
func TestGiniModelError(t *testing.T) {
	c, err := refcheck.ReadCase("../testdata/regress/gini_sat_model.lsl")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range axioms.BuiltinNames() {
		m, _ := memmodel.Builtin(name)
		for _, serial := range []bool{true, false} {
			es, err := mining.Executions(context.Background(), c.Prog, c.Tests[0], mining.Options{Model: m, Solver: sat.SolverOptions{Backend: sat.Gini}}, serial)
			if err != nil {
				t.Fatalf("%s serial=%v: %v", name, serial, err)
			}
			var rs *refcheck.Set
			if serial {
				rs, err = refcheck.Serial(c.Prog, c.Tests[0], es.Bounds, false)
			} else {
				rs, err = refcheck.Explore(c.Prog, c.Tests[0], m.Axiomatic(), refcheck.Options{Bounds: es.Bounds})
			}
			if err != nil {
				t.Fatalf("%s serial=%v: reference: %v", name, serial, err)
			}
			var got []string
			for _, o := range es.Observations {
				got = append(got, o.Canon())
			}
			sort.Strings(got)
			if strings.Join(got, "\n") != strings.Join(rs.Observations, "\n") || es.AnyError != (len(rs.ErrorReasons) > 0) {
				t.Errorf("%s serial=%v: engine %v (error %v), reference %v (errors %v)", name, serial, got, es.AnyError, rs.Observations, rs.ErrorReasons)
			}
		}
	}
}

// seedJobs lists generated programs of the kind job marks, at seeds
// base+1 … base+k: k is n with CHECKFENCE_FULL=1 (make check-full), short
// with -short, and half of n otherwise (make test, which must stay within
// its 10-minute budget; make fuzz-diff runs thousands of seeds).
func seedJobs(n, short int, base int64, job Job) []Job {
	n = sampleCount(n, short)
	var jobs []Job
	for s := int64(1); s <= int64(n); s++ {
		job.Seed = base + s
		jobs = append(jobs, job)
	}
	return jobs
}

// sampleCount is how many of n generated programs a differential test
// runs: all with CHECKFENCE_FULL=1 (make check-full), short with -short,
// half otherwise (make test).
func sampleCount(n, short int) int {
	switch {
	case os.Getenv("CHECKFENCE_FULL") != "":
		return n
	case testing.Short():
		return short
	}
	return (n + 1) / 2
}
