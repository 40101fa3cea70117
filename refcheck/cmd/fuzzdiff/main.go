// Command fuzzdiff is the long mode of the differential test: it compares
// the SAT engine with the explicit-state reference checker (package
// refcheck) on many random programs, or replays case files, and reports
// every disagreement with the program text and seed.
//
//	go run ./refcheck/cmd/fuzzdiff -n 2000            # seeds 1..2000
//	go run ./refcheck/cmd/fuzzdiff -duration 10m -large
//	go run ./refcheck/cmd/fuzzdiff refcheck/testdata/regress/*.lsl
//
// Each case runs in a worker process, so an engine that kills its process
// (a log.Fatal in the SAT solver) is reported as a crash of that case and
// the run goes on. Disagreeing cases are written to -out as case files
// that refcheck/diff's regression test replays once moved to
// refcheck/testdata/regress.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/checkfence/checkfence/refcheck/diff"
)

func main() {
	n := flag.Int("n", 200, "number of random programs (ignored with -duration or files)")
	seed := flag.Int64("seed", 1, "first seed")
	large := flag.Bool("large", false, "larger programs (refcheck.LargeGen)")
	unfair := flag.Bool("unfair", false, "without fair progress on both sides (programs get bounded loops only)")
	reload := flag.Bool("reload", false, "programs rich in reload loops (refcheck.ReloadGen)")
	push := flag.Bool("push", false, "pushes of fresh nodes and readers of them (refcheck.PushGen)")
	fenced := flag.Bool("fenced", false, "a full fence after every access and atomic block of the generated programs (refcheck.GenConfig.FullyFenced)")
	silent := flag.Bool("silent", false, "programs rich in test-and-set spins (refcheck.SilentGen)")
	faint := flag.Bool("faint", false, "wait loops with counters nothing reads (refcheck.FaintGen)")
	chain := flag.Bool("chain", false, "wait loops whose rounds are chains of read-modify-writes (refcheck.ChainGen)")
	spurious := flag.Bool("spurious", false, "wait loops whose rounds may wake spuriously (refcheck.SpuriousGen)")
	sep := flag.Bool("sep", false, "fences and atomic blocks of every shape between accesses (refcheck.SmallSepGen)")
	noReload := flag.Bool("noreload", false, "fair progress without its reload rounds on both sides")
	noStoringReload := flag.Bool("nostoringreload", false, "reload rounds only when they store nothing, on both sides")
	duration := flag.Duration("duration", 0, "run random programs until this much time has passed")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "worker processes")
	verdicts := flag.Bool("verdicts", true, "also compare mining.Check verdicts")
	models := flag.String("models", "", "comma-separated built-in models (default: all)")
	timeout := flag.Duration("timeout", 2*time.Minute, "per engine call")
	out := flag.String("out", "", "directory for the case files of disagreements")
	child := flag.Bool("child", false, "internal: serve jobs on stdin/stdout")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *child {
		if err := diff.Serve(ctx, os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		return
	}
	cfg := diff.Config{Verdicts: *verdicts, Timeout: *timeout, Unfair: *unfair, NoReload: *noReload, NoStoringReload: *noStoringReload}
	if *models != "" {
		cfg.Models = strings.Split(*models, ",")
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	jobs := make(chan diff.Job)
	start := time.Now()
	go func() {
		defer close(jobs)
		if flag.NArg() > 0 {
			for _, f := range flag.Args() {
				jobs <- diff.Job{File: f}
			}
			return
		}
		for s := *seed; ; s++ {
			if *duration > 0 {
				if time.Since(start) > *duration {
					return
				}
			} else if s >= *seed+int64(*n) {
				return
			}
			select {
			case jobs <- diff.Job{Seed: s, Large: *large, Bounded: *unfair, Reload: *reload, Push: *push, Silent: *silent, Faint: *faint, Chain: *chain, Spurious: *spurious, Separators: *sep, Fenced: *fenced}:
			case <-ctx.Done():
				return
			}
		}
	}()

	var sum summary
	sum.compared, sum.verdicts, sum.known = map[string]int{}, map[string]int{}, map[string]int{}
	err = diff.RunIsolated(ctx, []string{self, "-child"}, nil, cfg, *workers, jobs, func(o diff.Outcome) {
		sum.add(o, *out)
		if sum.cases%100 == 0 {
			fmt.Fprintf(os.Stderr, "%d cases, %v\n", sum.cases, time.Since(start).Round(time.Second))
		}
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	sum.print(time.Since(start))
	if sum.bad > 0 {
		os.Exit(1)
	}
}

type summary struct {
	cases, skipped, bad, crashes int
	known                        map[string]int
	compared, verdicts           map[string]int
	ref, engine                  time.Duration
}

func (s *summary) add(o diff.Outcome, out string) {
	s.cases++
	if o.Report != nil && o.Report.Skipped == "" {
		for m, k := range o.Report.Compared {
			s.compared[m] += k
		}
		for v, k := range o.Report.Verdicts {
			s.verdicts[v] += k
		}
		s.ref += o.Report.Ref
		s.engine += o.Report.Engine
	}
	if names := diff.Known(o); len(names) > 0 {
		for _, n := range names {
			s.known[n]++
		}
		fmt.Printf("=== %s: known engine bug: %s\n", o.Job, strings.Join(names, "; "))
		return
	}
	switch {
	case o.Err != "":
		s.bad++
		fmt.Printf("=== %s: cannot build the case: %s\n", o.Job, o.Err)
		return
	case o.Crash != "":
		s.bad++
		s.crashes++
		fmt.Printf("=== %s: the engine crashed the worker process:\n%s\n", o.Job, lastLines(o.Crash, 3))
	case o.Report.Skipped != "":
		s.skipped++
		return
	default:
		if len(o.Report.Disagreements) == 0 {
			return
		}
		s.bad++
		fmt.Printf("=== %s: %d disagreements\n", o.Job, len(o.Report.Disagreements))
		for _, d := range o.Report.Disagreements {
			fmt.Println(d)
		}
	}
	c, err := o.Job.Case()
	if err != nil {
		return
	}
	fmt.Println(c.Source)
	if out != "" {
		name := filepath.Join(out, strings.ReplaceAll(strings.ReplaceAll(o.Job.String(), " ", "_"), "(", "")+".lsl")
		name = strings.ReplaceAll(name, ")", "")
		if err := os.MkdirAll(out, 0o755); err == nil {
			os.WriteFile(name, []byte(c.Source), 0o644)
		}
	}
}

func (s *summary) print(elapsed time.Duration) {
	fmt.Printf("%d cases in %v: %d with new disagreements or crashes (%d crashes), %d skipped (too large for the reference)\n",
		s.cases, elapsed.Round(time.Second), s.bad, s.crashes, s.skipped)
	var known []string
	for k := range s.known {
		known = append(known, k)
	}
	sort.Strings(known)
	for _, k := range known {
		fmt.Printf("  %d cases show only the known engine bug: %s\n", s.known[k], k)
	}
	var models []string
	for m := range s.compared {
		models = append(models, m)
	}
	sort.Strings(models)
	for _, m := range models {
		fmt.Printf("  model %-8s compared on %d programs\n", m, s.compared[m])
	}
	var vs []string
	for v := range s.verdicts {
		vs = append(vs, v)
	}
	sort.Strings(vs)
	for _, v := range vs {
		fmt.Printf("  reference verdict %-32s %d\n", v, s.verdicts[v])
	}
	fmt.Printf("  time in the reference %v, in mining.Executions %v\n", s.ref.Round(time.Millisecond), s.engine.Round(time.Millisecond))
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
