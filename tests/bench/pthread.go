package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"syscall"
	"time"

	"github.com/checkfence/checkfence/frontend"
	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// pthreadRows are the C11 programs of tests/llvm/pthread (paths relative
// to it), checked as pthread programs through clang (issue 17). c11/: an
// MS queue with n enqueuers + m dequeuers (2+2+2: and two threads that
// enqueue and then dequeue), a Treiber stack with pushers + poppers, and
// their bugs. c11bench/ (issue 52): the same data structures with
// harnesses that check more (values in range, none twice, FIFO order per
// enqueuer, a drain in main, a node counter taken with atomic_fetch_add),
// with and without freeing the nodes at the end, at 2+2, 3+3, 2+2+2 (three
// threads that each enqueue/push and then dequeue/pop) and 4+4, and their
// bugs. genmc is GenMC v0.11.0's CPU seconds on sc / rc11 for programs of
// the same shape written outside the project (issue 52), for comparison.
var pthreadRows = []struct {
	file string
	want mining.Verdict
	// passOnSC: a bug whose wrong value only a weak model shows (relaxed
	// publication); the plain accesses to the node race on sc too, so
	// with the race check (C11 programs) it fails there as a data race
	passOnSC bool
	genmc    string
}{
	{file: "c11/msq_1_1.c", want: mining.Pass},
	{file: "c11/msq_2_1.c", want: mining.Pass},
	{file: "c11/msq_2_2.c", want: mining.Pass},
	{file: "c11/msq_3_2.c", want: mining.Pass},
	{file: "c11/msq_3_3.c", want: mining.Pass},
	{file: "c11/msq_2_2_2.c", want: mining.Pass},
	{file: "c11/msq_2_2_bug.c", want: mining.Fail},
	{file: "c11/treiber_2_2.c", want: mining.Pass},
	{file: "c11/treiber_3_3.c", want: mining.Pass},
	{file: "c11/treiber_2_2_bug.c", want: mining.Fail},
	{file: "c11bench/msq_2_2.c", want: mining.Pass, genmc: "0.13 / 0.13"},
	{file: "c11bench/msq_2_2_free.c", want: mining.Pass, genmc: "0.22 / 0.25"},
	{file: "c11bench/msq_fifo.c", want: mining.Pass},
	{file: "c11bench/msq_fifo_bug.c", want: mining.Fail},
	{file: "c11bench/msq_2_2_store_bug.c", want: mining.Fail, genmc: "0.05-0.23 / 0.05"},
	{file: "c11bench/msq_2_2_relaxed_bug.c", want: mining.Fail, passOnSC: true, genmc: "0.05-0.23 / 0.05"},
	{file: "c11bench/msq_3_3.c", want: mining.Pass, genmc: "31.5 / 32.6"},
	{file: "c11bench/msq_3_3_free.c", want: mining.Pass},
	{file: "c11bench/msq_2_2_2.c", want: mining.Pass},
	{file: "c11bench/msq_2_2_2_free.c", want: mining.Pass},
	{file: "c11bench/msq_4_4.c", want: mining.Pass, genmc: "> 600 / > 600"},
	{file: "c11bench/msq_4_4_free.c", want: mining.Pass},
	{file: "c11bench/treiber_2_2.c", want: mining.Pass},
	{file: "c11bench/treiber_2_2_free.c", want: mining.Pass, genmc: "0.07 / 0.06"},
	{file: "c11bench/treiber_2_2_store_bug.c", want: mining.Fail, genmc: "0.05-0.23 / 0.05"},
	{file: "c11bench/treiber_2_2_relaxed_bug.c", want: mining.Fail, passOnSC: true, genmc: "0.05-0.23 / 0.05"},
	{file: "c11bench/treiber_3_3.c", want: mining.Pass, genmc: "0.61 / 0.65"},
	{file: "c11bench/treiber_3_3_free.c", want: mining.Pass},
	{file: "c11bench/treiber_2_2_2.c", want: mining.Pass, genmc: "1.90 / 2.03"},
	{file: "c11bench/treiber_2_2_2_free.c", want: mining.Pass},
	{file: "c11bench/treiber_4_4.c", want: mining.Pass, genmc: "152 / 159"},
	{file: "c11bench/treiber_4_4_free.c", want: mining.Pass},
}

// pthreadConfig is how the pthread table runs.
type pthreadConfig struct {
	dir    string
	models []string
	filter *regexp.Regexp
	// timeout is each check's budget in CPU seconds of this process
	// (user+sys, so that other jobs on the machine do not end a row
	// early); a check still running then is cut off and its cell reads
	// "timeout". Wall time is capped at twenty times the budget (a busy machine).
	timeout  time.Duration
	accesses bool
}

// runPthread prints the pthread table: for every program and model its
// verdict, the size of the final encoding, the lazy-unrolling rounds and
// the CPU seconds (user+sys of this process while checking it, so
// compilation by clang is not counted; data races checked as checkfence
// run checks them, a race a FAIL), then one line per program with
// the CPU seconds of each model side by side and GenMC's. It reports
// whether every verdict is the expected one (a timeout counts as
// expected).
func runPthread(ctx context.Context, w io.Writer, cfg pthreadConfig) (bool, error) {
	dir, models, filter, timeout := cfg.dir, cfg.models, cfg.filter, cfg.timeout
	tmp, err := os.MkdirTemp("", "bench-pthread")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(tmp)
	const format = "%-34s %-8s %-22s %6s %6s %6s %9s %10s %6s %8s\n"
	fmt.Fprintf(w, "pthread programs (%s, --frontend clang), timeout %v CPU per check\n\n", dir, timeout)
	fmt.Fprintf(w, format, "program", "model", "verdict", "instrs", "loads", "stores", "vars", "clauses", "rounds", "CPU [s]")
	ok := true
	var summary []string
	for _, row := range pthreadRows {
		if !filter.MatchString(row.file) {
			continue
		}
		lls, err := llvmfront.Compile([]string{filepath.Join(dir, row.file)}, tmp)
		if err != nil {
			return false, err
		}
		prog, err := frontend.Load(lls)
		if err != nil {
			return false, err
		}
		test, err := llvmfront.PthreadTest(prog)
		if err != nil {
			return false, err
		}
		line := fmt.Sprintf("%-34s", row.file)
		for _, name := range models {
			opt := mining.Options{Witness: cfg.accesses} // the trace's program is the final unrolling
			if mining.C11Semantics(prog) {
				opt.Races = mining.RacesFail // as checkfence run does
			}
			m, found := memmodel.Builtin(name) // a .mm model, rc11, or a hardware model compiling C11 (docs/models.md)
			if !found {
				return false, fmt.Errorf("no built-in model %s", name)
			}
			opt.Model = m
			before := cpuTime()
			r, timedOut, err := checkWithin(ctx, prog, test, opt, timeout)
			if err != nil {
				return false, err
			}
			cpu := cpuTime() - before
			s := r.Stats
			verdict := string(r.Verdict)
			if r.Reason != "" {
				verdict += " (" + r.Reason + ")"
			}
			want := row.want
			if row.passOnSC && name == "sc" && opt.Races != mining.RacesFail {
				want = mining.Pass
			}
			cell := fmt.Sprintf("%.2f", cpu.Seconds())
			switch {
			case timedOut:
				cell = "timeout"
				verdict = "timeout"
			case r.Verdict == mining.Inconclusive:
				cell = "> " + cell
			case r.Verdict != want:
				verdict += " WRONG"
				cell += " WRONG"
				ok = false
			}
			fmt.Fprintf(w, format, row.file, name, verdict, fmt.Sprint(s.Instrs), fmt.Sprint(s.Loads), fmt.Sprint(s.Stores),
				fmt.Sprint(s.Vars), fmt.Sprint(s.Clauses), fmt.Sprint(s.Rounds), fmt.Sprintf("%.2f", cpu.Seconds()))
			if cfg.accesses && r.Trace != nil && r.Trace.Program != nil {
				printAccesses(w, r.Trace.Program)
			}
			line += fmt.Sprintf(" | %-8s %10s", name, cell)
			if ctx.Err() != nil {
				return ok, ctx.Err()
			}
		}
		if row.genmc != "" {
			line += " | GenMC sc / rc11: " + row.genmc
		}
		summary = append(summary, line)
	}
	fmt.Fprintf(w, "\nCPU seconds by model (GenMC: issue 52, programs of the same shape written outside the project)\n\n")
	for _, line := range summary {
		fmt.Fprintln(w, line)
	}
	return ok, nil
}

// checkWithin is mining.Check with a budget of CPU seconds of this
// process (the checks run one at a time) and twenty times as many wall
// seconds; timedOut says that the budget ended the check.
func checkWithin(ctx context.Context, prog *lsl.Program, test *lsl.Test, opt mining.Options, budget time.Duration) (r *mining.Result, timedOut bool, err error) {
	if budget <= 0 {
		r, err = mining.Check(ctx, prog, test, opt)
		return r, false, err
	}
	opt.Timeout = 20 * budget
	errBudget := errors.New("CPU budget spent")
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	done := make(chan struct{})
	defer close(done)
	start := cpuTime()
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if cpuTime()-start > budget {
					cancel(errBudget)
					return
				}
			}
		}
	}()
	r, err = mining.Check(ctx, prog, test, opt)
	if err == nil && r.Verdict == mining.Inconclusive && (errors.Is(context.Cause(ctx), errBudget) || r.Reason == mining.ReasonTimeout) {
		timedOut = true
	}
	return r, timedOut, err
}

// printAccesses lists the loads, stores and fences of the final
// unrolling by source position and C expression: how many events each
// source-level access became after unrolling.
func printAccesses(w io.Writer, u *lsl.Unrolled) {
	count := map[string]int{}
	for _, th := range u.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			switch st := s.(type) {
			case *lsl.Load:
				count[fmt.Sprintf("%-5v %v %s", "load", st.Position(), st.Expr)]++
			case *lsl.Store:
				count[fmt.Sprintf("%-5v %v %s", "store", st.Position(), st.Expr)]++
			case *lsl.Fence:
				count[fmt.Sprintf("%-5v %v", "fence", st.Position())]++
			}
			return true
		})
	}
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(w, "    %4d  %s\n", count[k], k)
	}
}

// cpuTime is the user+sys CPU time of this process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
