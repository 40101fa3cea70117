package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

// job is one test to run in a child process.
type job struct {
	Dir, Datatype, Variant, Test, Model string
	Timeout                             time.Duration
	Solver                              sat.Backend
	// The zero values are the defaults: sparse transitivity, symmetry
	// breaking on (-ablation switches them off).
	Transitivity axioms.Transitivity
	NoSymmetry   bool
	// NoPoolSymmetry: order identical threads but not the pool's blocks.
	NoPoolSymmetry bool
	// LogQueries prints the check's query log on stderr (-log-queries).
	LogQueries bool
}

// outcome is what a child reports on stdout, plus what its parent measured.
type outcome struct {
	Verdict mining.Verdict
	Reason  string
	Message string
	Stats   mining.Stats
	// Measured by the parent from the child's resource usage.
	Wall, CPU time.Duration // CPU: user + system
	MaxRSS    int64         // bytes
}

// childFlag makes the bench run one job (JSON on its command line) and
// print its outcome as JSON: each test gets a fresh process, so that one
// test's heap and CaDiCaL's memory cannot slow down or inflate the next,
// and its CPU time and peak RSS are its own.
const childFlag = "-child-job"

// runChild runs j in a child process (this executable) and measures it.
// The child enforces j.Timeout itself (INCONCLUSIVE); a child that
// overruns it by a minute is killed.
func runChild(ctx context.Context, j job) (*outcome, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	spec, err := json.Marshal(j)
	if err != nil {
		return nil, err
	}
	if j.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, j.Timeout+time.Minute)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, self, childFlag, string(spec))
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = os.Stderr
	start := time.Now()
	runErr := cmd.Run()
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		return nil, runErr
	}
	var o outcome
	if err := json.Unmarshal(out.Bytes(), &o); err != nil {
		if runErr == nil {
			runErr = err
		}
		return nil, fmt.Errorf("%s/%s: %v", j.Datatype, j.Test, runErr)
	}
	o.Wall = wall
	o.CPU = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		o.MaxRSS = ru.Maxrss * 1024 // Linux reports KiB
	}
	return &o, nil
}

// childMain runs the job given after childFlag and prints its outcome.
func childMain(spec string) {
	var j job
	if err := json.Unmarshal([]byte(spec), &j); err != nil {
		fail(err)
	}
	// one Go processor, as checkfence run uses (cmd/checkfence/procs.go),
	// so that the row measures what the command costs
	if j.Solver != sat.Portfolio && os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}
	ctx, stop := interruptible()
	defer stop()
	r, err := runJob(ctx, j)
	if err != nil {
		fail(err)
	}
	o := outcome{Verdict: r.Verdict, Reason: r.Reason, Message: r.Message, Stats: r.Stats}
	if err := json.NewEncoder(os.Stdout).Encode(o); err != nil {
		fail(err)
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		os.Exit(130)
	}
}

// runJob checks one test in this process.
func runJob(ctx context.Context, j job) (*mining.Result, error) {
	v, err := datatypes.NewVariant(j.Dir, j.Datatype, j.Variant)
	if err != nil {
		return nil, err
	}
	p, err := v.Load()
	if err != nil {
		return nil, err
	}
	test, err := p.Test(j.Test)
	if err != nil {
		return nil, err
	}
	opt, err := p.Options(j.Model, 0, j.Timeout)
	if err != nil {
		return nil, err
	}
	opt.Solver = sat.SolverOptions{Backend: j.Solver}
	opt.Axioms.Transitivity, opt.NoSymmetry, opt.NoPoolSymmetry = j.Transitivity, j.NoSymmetry, j.NoPoolSymmetry
	if j.LogQueries {
		opt.OnQuery = func(e mining.QueryEvent) { fmt.Fprintln(os.Stderr, queryLine(j, e)) }
	}
	return mining.Check(ctx, p.Prog, test, opt)
}

// queryLine is one line of the query log (-log-queries), in the fields of
// checkfence run --log-queries, prefixed by the row.
func queryLine(j job, e mining.QueryEvent) string {
	line := fmt.Sprintf("%s row=%s/%s round=%d serial=%v", e.Kind, j.Datatype, j.Test, e.Round, e.Serial)
	if e.Kind == mining.EventQuery {
		line += fmt.Sprintf(" phase=%s result=%s conflicts=%d budget=%d solver=%s", e.Phase, e.Result, e.Conflicts, e.Budget, e.Backend)
	}
	return line + fmt.Sprintf(" vars=%d clauses=%d cpu=%.3fs", e.Vars, e.Clauses, e.CPU.Seconds())
}

// testNames lists the tests of a data type's .tst file in order.
func testNames(dir, datatype string) ([]string, error) {
	v, err := datatypes.NewVariant(dir, datatype, "fenced")
	if err != nil {
		return nil, err
	}
	p, err := v.Load()
	if err != nil {
		return nil, err
	}
	var names []string
	for _, t := range p.Tests.Tests {
		names = append(names, t.Name)
	}
	return names, nil
}

// solverName is what the solver column shows: the backend that answered
// the final query, and the --solver choice when it was auto.
func solverName(choice sat.Backend, used string) string {
	if used == "" {
		used = "-"
	}
	if choice == sat.Auto {
		return strings.TrimSpace(used + " (auto)")
	}
	return used
}
