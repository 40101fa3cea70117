package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

// ablationConfig is one column group of the ablation table (issue 12):
// the performance changes switched on one after the other. Deterministic
// lazy unrolling and merged concrete serial mining have no switch, so
// every configuration has them.
type ablationConfig struct {
	name, what   string
	solver       sat.Backend
	transitivity axioms.Transitivity
	noSymmetry   bool
	noPool       bool // identical threads ordered, pool blocks not
}

var ablationConfigs = []ablationConfig{
	{"A", "baseline: --solver gini --transitivity eager --symmetry=false", sat.Gini, axioms.Eager, true, false},
	{"B", fmt.Sprintf("A + --solver auto (gini, then CaDiCaL after %d conflicts)", sat.DefaultEscalateAfter), sat.Auto, axioms.Eager, true, false},
	{"C", "B + --transitivity sparse (chordal)", sat.Auto, axioms.Sparse, true, false},
	{"D", "C + identical threads ordered (--symmetry without the pool part)", sat.Auto, axioms.Sparse, false, true},
	{"E", "D + untouched pool blocks ordered: --symmetry, today's default", sat.Auto, axioms.Sparse, false, false},
}

// apply sets the configuration's switches on a job.
func (c ablationConfig) apply(j job) job {
	j.Solver, j.Transitivity, j.NoSymmetry, j.NoPoolSymmetry = c.solver, c.transitivity, c.noSymmetry, c.noPool
	return j
}

// ablationRow is a test with a Fig. 8.4 row.
type ablationRow struct {
	datatype, test string
	paper          *paperRow
}

// sortSmallestFirst orders rows by their 2007 time (stable), so that an
// interrupted run has the cheap rows.
func sortSmallestFirst(rows []ablationRow) {
	sort.SliceStable(rows, func(i, k int) bool { return rows[i].paper.totalSeconds < rows[k].paper.totalSeconds })
}

// runner runs one job in its own process (runChild; a fake in tests).
type runner func(context.Context, job) (*outcome, error)

// runAblation runs every row under every configuration (base gives the
// directory, variant, model and timeout) and prints a Markdown table, one
// line per row as soon as it is done, then the CPU sums over the rows
// every configuration answered. It reports false when the configurations
// disagree on a verdict (PASS against FAIL) or a run failed.
func runAblation(ctx context.Context, w io.Writer, rows []ablationRow, base job, configs []ablationConfig, run runner) (bool, error) {
	for _, c := range configs {
		fmt.Fprintf(w, "- %s = %s\n", c.name, c.what)
	}
	fmt.Fprintf(w, "\nCPU s = user+sys of the test's process; `(c)`: CaDiCaL answered the final query; `>%s (x)`: no answer within the timeout, x CPU s used.\n\n", seconds(base.Timeout))
	head, rule := "| test |", "|---|"
	for _, c := range configs {
		head += fmt.Sprintf(" %s clauses | %s CPU s |", c.name, c.name)
		rule += "---:|---:|"
	}
	fmt.Fprintln(w, head+" verdict | 2007 s |")
	fmt.Fprintln(w, rule+"---|---:|")
	sums := make([]time.Duration, len(configs))
	var complete int
	var mismatches, partial []string
	ok := true
	for _, r := range rows {
		outs := make([]*outcome, len(configs))
		cells := make([]string, len(configs))
		for i, c := range configs {
			j := base
			j.Datatype, j.Test = r.datatype, r.test
			o, err := run(ctx, c.apply(j))
			if ctx.Err() != nil {
				return false, ctx.Err()
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "bench: %s/%s config %s: %v\n", r.datatype, r.test, c.name, err)
				ok = false
				cells[i] = "ERROR | ERROR"
				continue
			}
			outs[i] = o
			cells[i] = ablationCells(o, base.Timeout)
		}
		verdict, agree, answered := commonVerdict(configs, outs)
		if !agree {
			ok = false
			mismatches = append(mismatches, r.datatype+" "+r.test)
		}
		if answered {
			complete++
			for i, o := range outs {
				sums[i] += o.CPU
			}
		} else {
			partial = append(partial, r.datatype+" "+r.test)
		}
		fmt.Fprintf(w, "| %s %s | %s | %s | %s |\n", r.datatype, r.test, strings.Join(cells, " | "), verdict, r.paper.total)
		if f, isFile := w.(*os.File); isFile {
			f.Sync()
		}
	}
	fmt.Fprintf(w, "\nSum of CPU s over the %d of %d rows every configuration answered:", complete, len(rows))
	for i, c := range configs {
		fmt.Fprintf(w, " %s %.2f", c.name, sums[i].Seconds())
		if i+1 < len(configs) {
			fmt.Fprint(w, " ·")
		}
	}
	fmt.Fprintln(w, ".")
	if len(partial) > 0 {
		fmt.Fprintf(w, "Not answered by every configuration: %s.\n", strings.Join(partial, ", "))
	}
	if len(mismatches) > 0 {
		fmt.Fprintf(w, "**VERDICT MISMATCH** (a bug) in: %s.\n", strings.Join(mismatches, ", "))
	}
	return ok, nil
}

// ablationCells is a configuration's clauses and CPU cells.
func ablationCells(o *outcome, timeout time.Duration) string {
	clauses := "–"
	if o.Stats.Clauses > 0 {
		clauses = fmt.Sprint(o.Stats.Clauses)
	}
	cpu := fmt.Sprintf("%.2f", o.CPU.Seconds())
	switch {
	case o.Verdict == mining.Inconclusive && o.Reason == "timeout":
		cpu = fmt.Sprintf(">%s (%s)", seconds(timeout), cpu)
	case o.Verdict == mining.Inconclusive:
		cpu = fmt.Sprintf("INCONCLUSIVE %s (%s)", o.Reason, cpu)
	case strings.Contains(o.Stats.Solver, "cadical"):
		cpu += " (c)"
	}
	return clauses + " | " + cpu
}

// commonVerdict is the verdict the configurations that answered agree on
// (or, when they disagree, a loud list of all of them), whether they
// agree, and whether every configuration answered.
func commonVerdict(configs []ablationConfig, outs []*outcome) (string, bool, bool) {
	var verdicts []mining.Verdict
	all := true
	for _, o := range outs {
		if o == nil || o.Verdict == mining.Inconclusive {
			all = false
			continue
		}
		verdicts = append(verdicts, o.Verdict)
	}
	if len(verdicts) == 0 {
		return "no answer", true, false
	}
	for _, v := range verdicts[1:] {
		if v != verdicts[0] {
			var each []string
			for i, o := range outs {
				if o != nil {
					each = append(each, configs[i].name+"="+string(o.Verdict))
				}
			}
			return "**VERDICT MISMATCH** " + strings.Join(each, " "), false, all
		}
	}
	return string(verdicts[0]), true, all
}

// ablationMain lists the tests of dir with a Fig. 8.4 row that match re,
// smallest first, and runs the ablation on them in child processes.
func ablationMain(ctx context.Context, dir string, re *regexp.Regexp, paper map[string]*paperRow, base job) (bool, error) {
	if !slices.Contains(sat.CompiledBackends(), sat.Cadical) {
		return false, fmt.Errorf("-ablation needs CaDiCaL (go run -tags cadical): without it --solver auto is gini and B would repeat A")
	}
	var rows []ablationRow
	for _, name := range datatypes.Names {
		tests, err := testNames(dir, name)
		if err != nil {
			return false, err
		}
		for _, test := range tests {
			if p := paper[name+"/"+test]; p != nil && re.MatchString(name+"/"+test) {
				rows = append(rows, ablationRow{name, test, p})
			}
		}
	}
	sortSmallestFirst(rows)
	fmt.Printf("Ablation: model %s, %s, timeout %s per run, one process per run, %d rows (smallest 2007 time first); %s\n\n",
		base.Model, base.Variant, seconds(base.Timeout), len(rows), time.Now().UTC().Format("2006-01-02 15:04 MST"))
	return runAblation(ctx, os.Stdout, rows, base, ablationConfigs, runChild)
}

// seconds prints a timeout as the table's unit: 2m0s as 120s.
func seconds(d time.Duration) string { return fmt.Sprintf("%gs", d.Seconds()) }
