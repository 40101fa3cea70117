package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"syscall"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/frontend"
	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// pthreadRows are the C11 programs of tests/llvm/pthread/c11 (an MS queue
// with n enqueuers + m dequeuers (2+2+2: and two threads that enqueue
// and then dequeue), a Treiber stack with pushers + poppers,
// and their bugs), checked as pthread programs through clang (issue 17).
var pthreadRows = []struct {
	file string
	want mining.Verdict
}{
	{"msq_1_1.c", mining.Pass},
	{"msq_2_1.c", mining.Pass},
	{"msq_2_2.c", mining.Pass},
	{"msq_3_2.c", mining.Pass},
	{"msq_3_3.c", mining.Pass},
	{"msq_2_2_2.c", mining.Pass},
	{"msq_2_2_bug.c", mining.Fail},
	{"treiber_2_2.c", mining.Pass},
	{"treiber_3_3.c", mining.Pass},
	{"treiber_2_2_bug.c", mining.Fail},
}

// runPthread prints the pthread table: for every program and model its
// verdict, the size of the final encoding, the lazy-unrolling rounds and
// the CPU seconds (user+sys of this process while checking it, so
// compilation by clang is not counted), with an empty column for GenMC's
// figures, which users fill in from their own runs. It reports whether
// every verdict is the expected one.
func runPthread(ctx context.Context, w io.Writer, dir string, models []string, filter *regexp.Regexp, timeout time.Duration, accesses bool) (bool, error) {
	tmp, err := os.MkdirTemp("", "bench-pthread")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(tmp)
	const format = "%-18s %-8s %-22s %6s %6s %6s %9s %10s %6s %8s | %s\n"
	fmt.Fprintf(w, "pthread programs (%s, --frontend clang), timeout %v per row\n\n", dir, timeout)
	fmt.Fprintf(w, format, "program", "model", "verdict", "instrs", "loads", "stores", "vars", "clauses", "rounds", "CPU [s]", "GenMC [s] (executions)")
	ok := true
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
		for _, name := range models {
			opt := mining.Options{Timeout: timeout}
			if m, found := axioms.Builtin(name); found {
				opt.Model = m
			} else if c, found := cat.Builtin(name); found {
				opt.Cat = c // rc11, or a hardware model compiling C11 (docs/models.md)
			} else {
				return false, fmt.Errorf("no built-in model %s", name)
			}
			before := cpuTime()
			r, err := mining.Check(ctx, prog, test, opt)
			if err != nil {
				return false, err
			}
			cpu := cpuTime() - before
			s := r.Stats
			verdict := string(r.Verdict)
			if r.Reason != "" {
				verdict += " (" + r.Reason + ")"
			}
			if r.Verdict != row.want && r.Verdict != mining.Inconclusive {
				verdict += " WRONG"
				ok = false
			}
			fmt.Fprintf(w, format, row.file, name, verdict, fmt.Sprint(s.Instrs), fmt.Sprint(s.Loads), fmt.Sprint(s.Stores),
				fmt.Sprint(s.Vars), fmt.Sprint(s.Clauses), fmt.Sprint(s.Rounds), fmt.Sprintf("%.2f", cpu.Seconds()), "")
			if accesses && r.Enc != nil {
				printAccesses(w, r.Enc)
			}
			if ctx.Err() != nil {
				return ok, ctx.Err()
			}
		}
	}
	return ok, nil
}

// printAccesses lists the loads, stores and fences of the final
// encoding by source position and C expression: how many events each
// source-level access became after unrolling.
func printAccesses(w io.Writer, e *encode.Encoding) {
	count := map[string]int{}
	for _, in := range e.Instrs {
		key := fmt.Sprintf("%-5v %v", in.Kind, in.Stmt.Position())
		switch st := in.Stmt.(type) {
		case *lsl.Load:
			key += " " + st.Expr
		case *lsl.Store:
			key += " " + st.Expr
		}
		count[key]++
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
