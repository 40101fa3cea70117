// Command bench runs every test of the five data types of the
// dissertation's ch. 8 (tests/datatypes) and prints the columns of its
// Fig. 8.4 (unrolled instructions, loads and stores, CNF variables and
// clauses, observations, time) beside the dissertation's numbers:
//
//	go run [-tags cadical] ./tests/bench [-filter REGEX] [-timeout 10m] [-model relaxed] [-spec] [-solver auto]
//	go run [-tags cadical] ./tests/bench -check tests/datatypes/expected.csv [-timeout 10m]
//	go run -tags cadical ./tests/bench -ablation [-filter REGEX] [-timeout 120s]
//	go run [-tags cadical] ./tests/bench -pthread [-pthread-models sc,relaxed,rc11] [-filter msq_2] [-timeout 10m] [-accesses]

// -filter selects tests by "datatype/test" (e.g. "msn/Tpc" or "^lazylist/").
// With -spec the observations are mined from each data type's sequential
// reference implementation (ref.c) instead of the implementation. -solver
// is checkfence's --solver; the solver column names the backend that
// answered the final query. Each test runs in its own process (the bench
// re-executes itself), which reports wall seconds, CPU seconds (user +
// system, the figure that means something on a shared machine) and peak
// RSS; the ratio is our CPU seconds over the dissertation's total. The
// dissertation's times exclude lazy unrolling and were measured on a
// 3 GHz Pentium 4; ours include everything. Run it from the repository
// root (or pass -dir).
//
// -pthread prints the pthread table instead (pthread.go): C11 MS queue and
// Treiber stack programs at 1+1 … 4+4 threads through clang, with the CPU
// seconds of each check on each model and GenMC's figures of issue 52;
// there -timeout is each check's budget of CPU seconds, and a check that
// spends it reads "timeout".
//
// -ablation prints, for every test with a Fig. 8.4 row (smallest 2007
// time first), the clauses and CPU seconds under cumulative configurations
// that switch on issue 12's changes one by one (ablation.go); -solver is
// then ignored, and a verdict on which they disagree makes the exit status 1.
//
// -check runs every row of an expected.csv, slow ones included, prints it
// as it should read (with the time taken) and exits 1 if a verdict
// disagrees: the slow job of CI, and the way to maintain that file.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"time"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == childFlag {
		childMain(os.Args[2])
		return
	}
	filter := flag.String("filter", "", "run only tests whose datatype/test matches this regular expression")
	timeout := flag.Duration("timeout", 10*time.Minute, "give up on a test after this long")
	model := flag.String("model", "relaxed", "built-in memory model")
	spec := flag.Bool("spec", false, "mine observations from ref.c (--spec)")
	solver := flag.String("solver", "auto", "SAT solver (checkfence --solver): auto, gini, cadical or portfolio")
	dir := flag.String("dir", "tests/datatypes", "directory of the data types")
	fig := flag.String("fig84", "tests/bench/fig84.csv", "the dissertation's Fig. 8.4")
	check := flag.String("check", "", "check the rows of this expected.csv instead")
	slowAfter := flag.Duration("slow-after", 5*time.Second, "with -check: mark rows that take longer as slow")
	pthread := flag.Bool("pthread", false, "print the pthread table (tests/llvm/pthread/c11 and c11bench) instead")
	pthreadDir := flag.String("pthread-dir", "tests/llvm/pthread", "with -pthread: the directory of the programs")
	pthreadModels := flag.String("pthread-models", "sc,relaxed,rc11", "with -pthread: comma-separated built-in models (.mm or cat: rc11, arm8, …)")
	accesses := flag.Bool("accesses", false, "with -pthread: list each row's events by source access")
	ablation := flag.Bool("ablation", false, "run each Fig. 8.4 row under the cumulative configurations of ablation.go and print a Markdown table")
	logQueries := flag.Bool("log-queries", false, "print each test's query log on stderr (as checkfence run --log-queries: phase, answer, conflicts, solver, CPU per query)")
	flag.Parse()
	backend, err := sat.ParseBackend(*solver)
	if err != nil {
		fail(err)
	}
	ctx, stop := interruptible()
	defer stop()
	if *pthread {
		re, err := regexp.Compile(*filter)
		if err != nil {
			fail(err)
		}
		ok, err := runPthread(ctx, os.Stdout, pthreadConfig{dir: *pthreadDir, models: strings.Split(*pthreadModels, ","), filter: re,
			timeout: *timeout, accesses: *accesses})
		if err != nil {
			fail(err)
		}
		if !ok {
			os.Exit(1)
		}
		return
	}
	if *check != "" {
		ok, err := checkExpected(ctx, *dir, *check, *timeout, *slowAfter, backend)
		if err != nil {
			fail(err)
		}
		if !ok {
			os.Exit(1)
		}
		return
	}
	re, err := regexp.Compile(*filter)
	if err != nil {
		fail(err)
	}
	paper, err := readFig84(*fig)
	if err != nil {
		fail(err)
	}
	variant := "fenced"
	if *spec {
		variant = "spec"
	}
	if *ablation {
		ok, err := ablationMain(ctx, *dir, re, paper, job{Dir: *dir, Variant: variant, Model: *model, Timeout: *timeout})
		if err != nil {
			fail(err)
		}
		if !ok {
			os.Exit(1)
		}
		return
	}
	fmt.Printf("model %s, %s, --solver %s, timeout %v per test, one process per test; paper: dissertation Fig. 8.4\n\n", *model, variant, *solver, *timeout)
	w := os.Stdout
	printHeader(w)
	failed := false
	for _, name := range datatypes.Names {
		tests, err := testNames(*dir, name)
		if err != nil {
			fail(err)
		}
		for _, test := range tests {
			if !re.MatchString(name + "/" + test) {
				continue
			}
			o, err := runChild(ctx, job{Dir: *dir, Datatype: name, Variant: variant, Test: test, Model: *model, Timeout: *timeout, Solver: backend, LogQueries: *logQueries})
			if ctx.Err() != nil {
				os.Exit(130)
			}
			if err != nil {
				fail(err)
			}
			printRow(w, name, test, o, backend, paper[name+"/"+test])
			if o.Verdict == mining.Fail {
				failed = true
			}
		}
	}
	if failed {
		os.Exit(1)
	}
}

// interruptible is a context that Ctrl-C cancels.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// The columns have fixed widths so that rows can be printed as soon as
// each test is done.
const (
	headFormat = "%-9s %-7s %-26s %6s %6s %6s %9s %10s %6s %-16s %8s %8s %8s %7s | %6s %6s %6s %7s %9s %9s %7s\n"
	rowFormat  = "%-9s %-7s %-26s %6d %6d %6d %9d %10d %6d %-16s %8.2f %8.2f %8.2f %7d | "
	paperCols  = "%6s %6s %6s %7s %9s %9s %7s\n"
)

func printHeader(w io.Writer) {
	fmt.Fprintf(w, headFormat, "data type", "test", "verdict", "instrs", "loads", "stores", "vars", "clauses", "obs",
		"solver", "mine [s]", "wall [s]", "cpu [s]", "rss[MB]", "instrs", "loads", "stores", "vars", "clauses", "total [s]", "ratio")
	fmt.Fprintf(w, "%-157s| %s\n", "ours (cpu = user + sys of the test's process; rss = its peak)", "dissertation (Fig. 8.4); ratio = our cpu / their total")
}

func printRow(w io.Writer, name, test string, o *outcome, choice sat.Backend, p *paperRow) {
	s := o.Stats
	verdict := string(o.Verdict)
	if o.Reason != "" {
		verdict += " (" + o.Reason + ")"
	}
	fmt.Fprintf(w, rowFormat, name, test, verdict,
		s.Instrs, s.Loads, s.Stores, s.Vars, s.Clauses, s.Observations, solverName(choice, s.Solver),
		s.Mine.Seconds(), o.Wall.Seconds(), o.CPU.Seconds(), o.MaxRSS>>20)
	if p == nil {
		fmt.Fprintf(w, paperCols, "-", "-", "-", "-", "-", "-", "")
		return
	}
	fmt.Fprintf(w, paperCols, p.instrs, p.loads, p.stores, p.vars, p.clauses, p.total, ratio(o.CPU, p))
}

// ratio is our CPU time over the paper's total; a paper time printed as
// an upper bound ("<0.1") gives a lower bound on the ratio.
func ratio(ours time.Duration, p *paperRow) string {
	if p.totalSeconds <= 0 {
		return ""
	}
	q := fmt.Sprintf("%.2f", ours.Seconds()/p.totalSeconds)
	if p.totalIsBound {
		q = ">" + q
	}
	return q
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(2)
}
