package litmusrun

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"time"

	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/internal/source"
)

// Outcome is what running one file gave.
type Outcome struct {
	File   string
	Test   *litmus.Test // nil if the file could not be read or parsed
	Result *Result      // nil on any error
	// Err is an input error (*diag.Error) or, with TimedOut, the timeout,
	// or, with OverMemory, limits.ErrMemoryLimit.
	Err        error
	TimedOut   bool
	OverMemory bool // the process exceeded SuiteOptions.MaxMemory while it ran
}

// SuiteOptions control RunFiles.
type SuiteOptions struct {
	Options
	Jobs    int           // parallel workers (default GOMAXPROCS)
	Timeout time.Duration // per test (0: none)
	// MaxMemory: a test is given up (OverMemory) when the process's memory
	// exceeds this many bytes while it runs (0: no limit). The tests that
	// run in parallel share the process, so all of them are given up.
	MaxMemory int64
}

// RunFiles reads and runs every file on opt.Jobs workers and calls done
// with each outcome, in the order of files, as soon as it and all
// earlier ones are known. It returns early when ctx is canceled.
func RunFiles(ctx context.Context, files []string, opt SuiteOptions, done func(Outcome)) {
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	jobs = max(1, min(jobs, len(files))) // no idle workers
	outcomes := make([]chan Outcome, len(files))
	for i := range outcomes {
		outcomes[i] = make(chan Outcome, 1)
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				outcomes[i] <- runFile(ctx, files[i], opt)
			}
		}()
	}
	go func() {
		defer close(work)
		for i := range files {
			select {
			case work <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	for i := range files {
		select {
		case o := <-outcomes[i]:
			done(o)
		case <-ctx.Done():
			wg.Wait()
			return
		}
	}
	wg.Wait()
}

func runFile(ctx context.Context, file string, opt SuiteOptions) Outcome {
	o := Outcome{File: file}
	src, err := source.ReadSource(file)
	if err != nil {
		o.Err = err
		return o
	}
	o.Test, o.Err = litmus.Parse(file, src)
	if o.Err != nil {
		return o
	}
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	guarded, stop := limits.GuardMemory(ctx, opt.MaxMemory)
	defer stop()
	o.Result, o.Err = Run(guarded, o.Test, opt.Options)
	switch {
	case o.Err == nil:
	case ctx.Err() != nil:
		o.Result, o.TimedOut, o.Err = nil, true, ctx.Err()
	case errors.Is(context.Cause(guarded), limits.ErrMemoryLimit):
		o.Result, o.OverMemory, o.Err = nil, true, limits.ErrMemoryLimit
	}
	return o
}
