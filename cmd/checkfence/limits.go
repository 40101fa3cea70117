package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// Limits outside the checks. --timeout, --max-memory and Ctrl-C also hold
// while the front ends read the program: they get the same budget as one
// test. The front ends poll their context, but the parsers they use (cc
// for C, llir for LLVM IR) do not take one and can run for minutes on
// hostile input (a macro that expands to 2^30 tokens, 3000 nested struct
// types); so a load runs in a goroutine that the command stops waiting for
// when the limit is reached. The command then reports and exits, which
// ends the abandoned work.

// loadGrace is how long a load may take to notice its context is done
// before it is abandoned.
const loadGrace = 200 * time.Millisecond

// loadLimits are the limits of the front-end phase of a command.
type loadLimits struct {
	ctx        context.Context // canceled by Ctrl-C
	timeout    time.Duration   // 0: none
	maxMemory  int64           // 0: none
	keepPool   bool            // --leaks=on: mallocs stay pool blocks (frontend.Options)
	maxThreads int             // --max-threads (frontend.Options.ThreadRounds)
}

// interrupted is canceled by Ctrl-C (SIGINT) from the start of main (nil
// when the commands run inside tests).
var interrupted context.Context

// interruptible returns a context canceled by Ctrl-C, and the function
// that releases it.
func interruptible() (context.Context, context.CancelFunc) {
	if interrupted != nil {
		return context.WithCancel(interrupted)
	}
	return notifyInterrupt(context.Background())
}

// run calls load under the limits. When they are reached it returns a
// *limits.CanceledError naming the phase (load's own, or phase).
func runLimited[T any](lim *loadLimits, phase string, load func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	ctx := lim.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	if lim.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, lim.timeout)
		defer cancel()
	}
	ctx, stop := limits.GuardMemory(ctx, lim.maxMemory)
	defer stop()
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{zero, fmt.Errorf("internal error in %s: %v", phase, r)}
			}
		}()
		v, err := load(ctx)
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
	}
	select {
	case r := <-done:
		if r.err == nil || errors.Is(r.err, limits.ErrCanceled) {
			return r.v, r.err
		}
	case <-time.After(loadGrace):
	}
	return zero, &limits.CanceledError{Phase: phase, Cause: context.Cause(ctx)}
}

// frontEndPhase names the front ends that read files.
func frontEndPhase(files []string, frontendName string) string {
	kinds := map[string]bool{}
	var names []string
	add := func(n string) {
		if !kinds[n] {
			kinds[n] = true
			names = append(names, n)
		}
	}
	for _, f := range files {
		switch ext := strings.ToLower(filepath.Ext(f)); {
		case ext == ".c" && frontendName == frontendClang, ext == ".cpp", ext == ".cc", ext == ".cxx":
			add("clang and the LLVM front end")
		case ext == ".c":
			add("the C front end")
		case ext == ".ll":
			add("the LLVM front end")
		case ext == ".lsl":
			add("the LSL parser")
		default:
			add("the front end")
		}
	}
	return strings.Join(names, " and ")
}

// limitError is a limit reached before any test ran. Tests lists the
// tests that were to run (nil when not yet known).
type limitError struct {
	err   *limits.CanceledError
	tests []*lsl.Test
}

func (e *limitError) Error() string { return e.err.Error() }

func (e *limitError) Unwrap() error { return e.err }

// limitReason maps a cancellation to the INCONCLUSIVE reason and message
// (or reports an interruption).
func limitReason(ce *limits.CanceledError, lim *loadLimits) (reason, msg string, interrupted bool) {
	switch {
	case errors.Is(ce.Cause, limits.ErrMemoryLimit):
		return mining.ReasonMemory, fmt.Sprintf("%s needed more than %d MiB (--max-memory)", ce.Phase, lim.maxMemory>>20), false
	case errors.Is(ce.Cause, context.DeadlineExceeded):
		return mining.ReasonTimeout, fmt.Sprintf("%s did not finish within %v (--timeout)", ce.Phase, lim.timeout), false
	}
	return mining.ReasonInterrupted, "interrupted in " + ce.Phase, true
}

// reportLimit reports a limit reached while loading: INCONCLUSIVE rows
// for the tests (or one line when they are not known), exit 3; or exit
// 130 after Ctrl-C. It returns the exit error, or nil when err is no such
// limit.
func reportLimit(err error, lim *loadLimits, stdout, stderr io.Writer, rows func([]*mining.Result) error) error {
	var ce *limits.CanceledError
	if !errors.As(err, &ce) {
		return nil
	}
	reason, msg, interrupted := limitReason(ce, lim)
	if interrupted {
		fmt.Fprintf(stderr, "checkfence: %s\n", msg)
		return exitError{exitInterrupted}
	}
	var le *limitError
	if errors.As(err, &le) && len(le.tests) > 0 && rows != nil {
		var results []*mining.Result
		for _, t := range le.tests {
			results = append(results, &mining.Result{Test: t.Name, Verdict: mining.Inconclusive, Reason: reason, Message: msg})
		}
		if err := rows(results); err != nil {
			return err
		}
		return exitError{exitInconclusive}
	}
	fmt.Fprintf(stdout, "INCONCLUSIVE (%s): %s\n", reason, msg)
	return exitError{exitInconclusive}
}
