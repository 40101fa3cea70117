package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/mining"
)

// The configurations switch on one change each, cumulatively, and end at
// the defaults (the zero values of job).
func TestAblationConfigs(t *testing.T) {
	want := []job{
		{Solver: sat.Gini, Transitivity: axioms.Eager, NoSymmetry: true},
		{Solver: sat.Auto, Transitivity: axioms.Eager, NoSymmetry: true},
		{Solver: sat.Auto, Transitivity: axioms.Sparse, NoSymmetry: true},
		{NoPoolSymmetry: true},
		{},
	}
	if len(ablationConfigs) != len(want) {
		t.Fatalf("%d configurations, want %d", len(ablationConfigs), len(want))
	}
	for i, c := range ablationConfigs {
		if got := c.apply(job{}); got != want[i] {
			t.Errorf("config %s: job %+v, want %+v", c.name, got, want[i])
		}
	}
}

// fakeRuns answers each (test, config) from a table, keyed by the test
// and the job's switches, and records the jobs it was given.
type fakeRuns struct {
	out  map[string]*outcome
	jobs []job
}

func (f *fakeRuns) run(_ context.Context, j job) (*outcome, error) {
	f.jobs = append(f.jobs, j)
	key := j.Test + "/" + configOf(j)
	if o, ok := f.out[key]; ok {
		return o, nil
	}
	return nil, errors.New("no fake outcome for " + key)
}

// configOf names the configuration whose switches j has.
func configOf(j job) string {
	for _, c := range ablationConfigs {
		if c.apply(j) == j {
			return c.name
		}
	}
	return "?"
}

func pass(clauses int, cpu float64, solver string) *outcome {
	return &outcome{Verdict: mining.Pass, Stats: mining.Stats{Clauses: clauses, Solver: solver}, CPU: time.Duration(cpu * float64(time.Second))}
}

func TestRunAblation(t *testing.T) {
	timeout := &outcome{Verdict: mining.Inconclusive, Reason: "timeout", CPU: 121500 * time.Millisecond}
	fail := &outcome{Verdict: mining.Fail, Stats: mining.Stats{Clauses: 7}, CPU: time.Second}
	f := &fakeRuns{out: map[string]*outcome{
		"T0/A": pass(100, 1, "gini"), "T0/B": pass(100, 1.5, "gini"), "T0/C": pass(60, 0.5, "gini"), "T0/D": pass(60, 0.25, "gini"), "T0/E": pass(60, 0.25, "gini"),
		"T1/A": timeout, "T1/B": pass(900, 30, "cadical"), "T1/C": pass(500, 20, "cadical"), "T1/D": pass(500, 10, "gini"), "T1/E": pass(510, 5, "gini"),
		"T2/A": pass(8, 1, "gini"), "T2/B": pass(8, 1, "gini"), "T2/C": fail, "T2/D": pass(7, 1, "gini"), "T2/E": pass(7, 1, "gini"),
	}}
	rows := []ablationRow{
		{"ms2", "T0", &paperRow{total: "0.1"}},
		{"ms2", "T1", &paperRow{total: "0.8"}},
		{"msn", "T2", &paperRow{total: "3.9"}},
	}
	var out bytes.Buffer
	base := job{Dir: "d", Variant: "fenced", Model: "relaxed", Timeout: 2 * time.Minute}
	ok, err := runAblation(context.Background(), &out, rows, base, ablationConfigs, f.run)
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		t.Error("a verdict mismatch was reported as agreement")
	}
	if len(f.jobs) != 15 {
		t.Fatalf("%d runs, want 15", len(f.jobs))
	}
	for _, j := range f.jobs {
		if j.Dir != "d" || j.Variant != "fenced" || j.Model != "relaxed" || j.Timeout != 2*time.Minute {
			t.Errorf("job lost the base settings: %+v", j)
		}
	}
	text := out.String()
	for _, want := range []string{
		"| test | A clauses | A CPU s | B clauses | B CPU s | C clauses | C CPU s | D clauses | D CPU s | E clauses | E CPU s | verdict | 2007 s |",
		"| ms2 T0 | 100 | 1.00 | 100 | 1.50 | 60 | 0.50 | 60 | 0.25 | 60 | 0.25 | PASS | 0.1 |",
		"| ms2 T1 | – | >120s (121.50) | 900 | 30.00 (c) | 500 | 20.00 (c) | 500 | 10.00 | 510 | 5.00 | PASS | 0.8 |",
		"| msn T2 | 8 | 1.00 | 8 | 1.00 | 7 | 1.00 | 7 | 1.00 | 7 | 1.00 | **VERDICT MISMATCH** A=PASS B=PASS C=FAIL D=PASS E=PASS | 3.9 |",
		// T1 is left out of the sums: A gave no answer.
		"Sum of CPU s over the 2 of 3 rows every configuration answered: A 2.00 · B 2.50 · C 1.50 · D 1.25 · E 1.25.",
		"Not answered by every configuration: ms2 T1.",
		"**VERDICT MISMATCH** (a bug) in: msn T2.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
}

// A run that fails (no outcome) is marked in its cells, makes the result
// false, and the other configurations still run.
func TestRunAblationError(t *testing.T) {
	f := &fakeRuns{out: map[string]*outcome{"T0/A": pass(1, 1, "gini"), "T0/C": pass(1, 1, "gini"), "T0/D": pass(1, 1, "gini"), "T0/E": pass(1, 1, "gini")}}
	var out bytes.Buffer
	ok, err := runAblation(context.Background(), &out, []ablationRow{{"ms2", "T0", &paperRow{total: "0.1"}}}, job{}, ablationConfigs, f.run)
	if err != nil || ok {
		t.Fatalf("ok %v, err %v; want false, nil", ok, err)
	}
	if !strings.Contains(out.String(), "| ms2 T0 | 1 | 1.00 | ERROR | ERROR | 1 | 1.00 |") || len(f.jobs) != 5 {
		t.Errorf("%d runs, output:\n%s", len(f.jobs), out.String())
	}
}

func TestSortSmallestFirst(t *testing.T) {
	rows := []ablationRow{
		{"a", "big", &paperRow{totalSeconds: 9}},
		{"a", "x", &paperRow{totalSeconds: 0.5}},
		{"a", "y", &paperRow{totalSeconds: 0.5}},
	}
	sortSmallestFirst(rows)
	if rows[0].test != "x" || rows[1].test != "y" || rows[2].test != "big" {
		t.Errorf("order %s %s %s", rows[0].test, rows[1].test, rows[2].test)
	}
}

// The switches reach the check: eager transitivity gives more clauses
// than sparse on a real test, with the same verdict.
func TestRunJobTransitivity(t *testing.T) {
	base := job{Dir: "../datatypes", Datatype: "msn", Variant: "fenced", Test: "T0", Model: "relaxed", Solver: sat.Gini}
	sparse, err := runJob(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	eager := base
	eager.Transitivity, eager.NoSymmetry = axioms.Eager, true
	full, err := runJob(context.Background(), eager)
	if err != nil {
		t.Fatal(err)
	}
	if sparse.Verdict != mining.Pass || full.Verdict != mining.Pass {
		t.Errorf("verdicts %s (sparse) and %s (eager), want PASS", sparse.Verdict, full.Verdict)
	}
	if full.Stats.Clauses <= sparse.Stats.Clauses {
		t.Errorf("eager transitivity %d clauses, sparse %d: want more", full.Stats.Clauses, sparse.Stats.Clauses)
	}
}
