package tests

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck/diff"
	"github.com/checkfence/checkfence/tests/datatypes"
)

// The tests of this file run the same checks on each SAT backend and
// require the same answers: gini against CaDiCaL (and the portfolio on the
// litmus table). They need CaDiCaL compiled in (make test does that when
// libcadical-dev is installed); the other tests run on the default routing.

// solverBackends are the backends compared; it skips t without CaDiCaL.
func solverBackends(t *testing.T, withPortfolio bool) []sat.Backend {
	t.Helper()
	if !sat.CadicalCompiled() {
		t.Skip("CaDiCaL is not compiled in: go test -tags cadical (make test does this when libcadical-dev is installed)")
	}
	bs := []sat.Backend{sat.Gini, sat.Cadical}
	if withPortfolio {
		bs = append(bs, sat.Portfolio)
	}
	return bs
}

func withSolver(opt mining.Options, b sat.Backend) mining.Options {
	opt.Solver = sat.SolverOptions{Backend: b}
	return opt
}

// TestBackendsLitmus checks the litmus verdict table and the observation
// sets of every litmus test on every model with each backend.
func TestBackendsLitmus(t *testing.T) {
	backends := solverBackends(t, true)
	prog, tf := load(t, "litmus/litmus.tst", "litmus/litmus.lsl")
	for mi, mname := range litmusModels {
		m := model(t, mname)
		for _, test := range tf.Tests {
			opt := mining.Options{Options: encode.Options{Axioms: axioms.Options{Encoding: axioms.Optimized, Transitivity: axioms.Eager}}, Model: m}
			var ref string
			for _, b := range backends {
				r := check(t, prog, test, withSolver(opt, b))
				if want := litmusVerdicts[test.Name][mi]; r.Verdict != want {
					t.Errorf("%s on %s with %s: %s, want %s", test.Name, mname, b, r.Verdict, want)
				}
				set, err := mining.Executions(context.Background(), prog, test, withSolver(opt, b), false)
				if err != nil {
					t.Fatal(err)
				}
				got := describeSet(set)
				if b == backends[0] {
					ref = got
				} else if got != ref {
					t.Errorf("%s on %s: %s finds\n%s\n%s finds\n%s", test.Name, mname, b, got, backends[0], ref)
				}
			}
		}
	}
}

// describeSet prints an execution set canonically.
func describeSet(set *mining.ExecutionSet) string {
	var obs []string
	for _, o := range set.Observations {
		obs = append(obs, o.Canon())
	}
	slices.Sort(obs)
	obs = slices.Compact(obs)
	return fmt.Sprintf("error %v, deadlock %v, bounds %v, observations:\n%s", set.AnyError, set.AnyDeadlock, set.Bounds, strings.Join(obs, "\n"))
}

// backendDiffSeeds is the sample of refcheck's random programs compared:
// those of refcheck/diff's TestDiffRandom, which compares them with the
// reference checker on the default routing.
const backendDiffSeeds = 250

// TestBackendsRefcheckSample runs random programs of the differential
// tests with gini and with CaDiCaL: same execution sets (observations,
// errors, deadlocks, loop bounds) and same verdicts, on every model of the
// case. Cases that time out or crash the engine are refcheck/diff's
// business and are skipped here.
func TestBackendsRefcheckSample(t *testing.T) {
	backends := solverBackends(t, false)
	n := backendDiffSeeds
	if testing.Short() {
		n /= 4
	}
	compared := 0
	for seed := int64(1); seed <= int64(n); seed++ {
		c, err := diff.Job{Seed: seed}.Case()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		models := c.Models
		if len(models) == 0 {
			models = axioms.BuiltinNames()
		}
		for _, test := range c.Tests {
			for _, mname := range models {
				m, ok := memmodel.Builtin(mname)
				if !ok {
					continue
				}
				opt := mining.Options{Model: m}
				var answers []string
				for _, b := range backends {
					a, ok := backendAnswer(c.Prog, test, withSolver(opt, b))
					if !ok {
						break
					}
					answers = append(answers, a)
				}
				if len(answers) < len(backends) {
					continue
				}
				compared++
				for i := 1; i < len(answers); i++ {
					if answers[i] != answers[0] {
						t.Errorf("seed %d, %s on %s: %s says\n%s\n%s says\n%s\n%s", seed, test.Name, mname,
							backends[i], answers[i], backends[0], answers[0], c.Source)
					}
				}
			}
		}
	}
	if compared < n {
		t.Errorf("only %d (test, model) pairs compared on %d programs", compared, n)
	}
	t.Logf("%d programs, %d (test, model) pairs compared", n, compared)
}

// backendAnswer is the execution set and verdict of one test, or false
// when the engine gives none within a minute or panics.
func backendAnswer(prog *lsl.Program, test *lsl.Test, opt mining.Options) (answer string, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	set, err := mining.Executions(ctx, prog, test, opt, false)
	if err != nil {
		return "", false
	}
	opt.Timeout = time.Minute
	r, err := mining.Check(context.Background(), prog, test, opt)
	if err != nil || r.Verdict == mining.Inconclusive {
		return "", false
	}
	return fmt.Sprintf("%s %s\n%s", r.Verdict, r.Reason, describeSet(set)), true
}

// TestBackendsDatatypes checks the fast rows of datatypes/expected.csv
// starting on gini. TestDatatypeVerdicts checks them with the default
// (auto), which starts every formula of sat.DefaultEscalateClauses clauses
// or more on CaDiCaL, as most of these rows' formulas are; here auto
// never starts by size, so each query runs on gini until it takes
// DefaultEscalateAfter conflicts (most answer before: gini's verdicts),
// and the few hard ones then finish on CaDiCaL.
func TestBackendsDatatypes(t *testing.T) {
	solverBackends(t, false)
	programs := map[string]*datatypes.Program{}
	n := 0
	for _, row := range expectedRows(t) {
		if row.Slow {
			continue
		}
		// make test checks every third row (TestDatatypeVerdicts checks
		// them all); make check-full (CHECKFENCE_FULL=1) every row.
		if n++; (n-1)%backendStride() != 0 {
			continue
		}
		p, test := rowProgram(t, programs, row)
		r, err := p.CheckRow(context.Background(), test, row, datatypeTimeout, func(o *mining.Options) {
			o.Solver = sat.SolverOptions{Backend: sat.Auto, EscalateClauses: -1}
		})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != row.Verdict || r.Reason != row.Reason {
			t.Errorf("expected.csv:%d (%s) starting on gini: got %s %s (%s), want %s %s", row.Line, row, r.Verdict, r.Reason, r.Message, row.Verdict, row.Reason)
		}
	}
}

// TestBackendsC11 checks C11 pthread programs with gini alone and with
// the default (auto), which starts formulas of sat.DefaultEscalateClauses
// clauses or more on CaDiCaL: the same verdicts and reasons, the auto run
// answered on CaDiCaL (so the start on CaDiCaL is what is compared), and
// every counterexample a real execution.
func TestBackendsC11(t *testing.T) {
	solverBackends(t, false)
	needClang(t)
	for _, c := range []struct{ file, model string }{
		{"c11bench/msq_2_2_store_bug.c", "relaxed"},
		{"c11bench/msq_2_2_relaxed_bug.c", "sc"},
	} {
		t.Run(c.file+"/"+c.model, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, c.file)
			opt := mining.Options{Model: model(t, c.model), Timeout: datatypeTimeout}
			onGini := check(t, prog, test, withSolver(opt, sat.Gini))
			onAuto := check(t, prog, test, withSolver(opt, sat.Auto))
			if a, b := verdictCode(onGini), verdictCode(onAuto); a != b {
				t.Errorf("gini says %s, auto says %s", a, b)
			}
			if onAuto.Stats.Solver != string(sat.Cadical) {
				t.Errorf("auto answered on %q with %d clauses, want CaDiCaL", onAuto.Stats.Solver, onAuto.Stats.Clauses)
			}
			for _, r := range []*mining.Result{onGini, onAuto} {
				if err := r.CheckCounterexample(); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// backendStride is 1 with CHECKFENCE_FULL=1 (make check-full), 3 in make
// test: TestBackendsDatatypes then checks every third fast row with CaDiCaL.
func backendStride() int {
	if os.Getenv("CHECKFENCE_FULL") != "" {
		return 1
	}
	return 3
}
