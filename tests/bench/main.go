// Command bench runs every test of the five data types of the
// dissertation's ch. 8 (tests/datatypes) and prints the columns of its
// Fig. 8.4 (unrolled instructions, loads and stores, CNF variables and
// clauses, observations, time) beside the dissertation's numbers, with
// the ratio of the total times:
//
//	go run ./tests/bench [-filter REGEX] [-timeout 10m] [-model relaxed] [-spec]
//	go run ./tests/bench -check tests/datatypes/expected.csv [-timeout 10m]
//	go run ./tests/bench -pthread [-pthread-models sc,relaxed] [-filter msq_2] [-timeout 10m] [-accesses]
//
// -filter selects tests by "datatype/test" (e.g. "msn/Tpc" or "^lazylist/").
// With -spec the observations are mined from each data type's sequential
// reference implementation (ref.c) instead of the implementation. The
// dissertation's times exclude lazy unrolling and were measured on a
// 3 GHz Pentium 4; ours include everything. Run it from the repository
// root (or pass -dir).
//
// -pthread prints the pthread table instead (pthread.go): C11 MS queue and
// Treiber stack programs at 1+1 … 3+3 threads through clang, with the CPU
// seconds of each check and an empty column for GenMC's figures.
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

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

func main() {
	filter := flag.String("filter", "", "run only tests whose datatype/test matches this regular expression")
	timeout := flag.Duration("timeout", 10*time.Minute, "give up on a test after this long")
	model := flag.String("model", "relaxed", "built-in memory model")
	spec := flag.Bool("spec", false, "mine observations from ref.c (--spec)")
	dir := flag.String("dir", "tests/datatypes", "directory of the data types")
	fig := flag.String("fig84", "tests/bench/fig84.csv", "the dissertation's Fig. 8.4")
	check := flag.String("check", "", "check the rows of this expected.csv instead")
	slowAfter := flag.Duration("slow-after", 5*time.Second, "with -check: mark rows that take longer as slow")
	pthread := flag.Bool("pthread", false, "print the pthread table (tests/llvm/pthread/c11) instead")
	pthreadDir := flag.String("pthread-dir", "tests/llvm/pthread/c11", "with -pthread: the directory of the programs")
	pthreadModels := flag.String("pthread-models", "sc,relaxed", "with -pthread: comma-separated built-in models")
	accesses := flag.Bool("accesses", false, "with -pthread: list each row's events by source access")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *pthread {
		re, err := regexp.Compile(*filter)
		if err != nil {
			fail(err)
		}
		ok, err := runPthread(ctx, os.Stdout, *pthreadDir, strings.Split(*pthreadModels, ","), re, *timeout, *accesses)
		if err != nil {
			fail(err)
		}
		if !ok {
			os.Exit(1)
		}
		return
	}
	if *check != "" {
		ok, err := checkExpected(ctx, *dir, *check, *timeout, *slowAfter)
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
	fmt.Printf("model %s, %s, timeout %v per test; paper: dissertation Fig. 8.4\n\n", *model, variant, *timeout)
	w := os.Stdout
	printHeader(w)
	failed := false
	for _, name := range datatypes.Names {
		v, err := datatypes.NewVariant(*dir, name, variant)
		if err != nil {
			fail(err)
		}
		p, err := v.Load()
		if err != nil {
			fail(err)
		}
		for _, test := range p.Tests.Tests {
			if !re.MatchString(name + "/" + test.Name) {
				continue
			}
			r, err := p.Check(ctx, test, *model, 0, *timeout)
			if err != nil {
				fail(err)
			}
			printRow(w, name, r, paper[name+"/"+test.Name])
			if r.Verdict == mining.Fail {
				failed = true
			}
			if ctx.Err() != nil {
				os.Exit(130)
			}
		}
	}
	if failed {
		os.Exit(1)
	}
}

// The columns have fixed widths so that rows can be printed as soon as
// each test is done.
const (
	headFormat = "%-9s %-7s %-26s %6s %6s %6s %9s %10s %6s %9s %9s | %6s %6s %6s %7s %9s %9s %7s\n"
	rowFormat  = "%-9s %-7s %-26s %6d %6d %6d %9d %10d %6d %9.2f %9.2f | "
	paperCols  = "%6s %6s %6s %7s %9s %9s %7s\n"
)

func printHeader(w io.Writer) {
	fmt.Fprintf(w, headFormat, "data type", "test", "verdict", "instrs", "loads", "stores", "vars", "clauses", "obs",
		"mine [s]", "total [s]", "instrs", "loads", "stores", "vars", "clauses", "total [s]", "ratio")
	fmt.Fprintf(w, "%-120s| %s\n", "ours", "dissertation (Fig. 8.4); ratio = our total / theirs")
}

func printRow(w io.Writer, name string, r *mining.Result, p *paperRow) {
	s := r.Stats
	verdict := string(r.Verdict)
	if r.Reason != "" {
		verdict += " (" + r.Reason + ")"
	}
	fmt.Fprintf(w, rowFormat, name, r.Test, verdict,
		s.Instrs, s.Loads, s.Stores, s.Vars, s.Clauses, s.Observations, s.Mine.Seconds(), s.Total.Seconds())
	if p == nil {
		fmt.Fprintf(w, paperCols, "-", "-", "-", "-", "-", "-", "")
		return
	}
	fmt.Fprintf(w, paperCols, p.instrs, p.loads, p.stores, p.vars, p.clauses, p.total, ratio(s.Total, p))
}

// ratio is our total time over the paper's; a paper time printed as an
// upper bound ("<0.1") gives a lower bound on the ratio.
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
