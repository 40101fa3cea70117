package main

import (
	"context"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// Ctrl-C (SIGINT) and SIGTERM (what CI systems and timeout(1) send to
// cancel a job) both stop the checks: the command writes the rows, JSON,
// JUnit, SARIF and HTML of the tests done so far and exits 130 after
// SIGINT, 143 (128 + 15) after SIGTERM, as a shell reports a job killed
// by that signal.

// exitTerminated is the exit status after SIGTERM.
const exitTerminated = 143

// terminated is set when SIGTERM arrived.
var terminated atomic.Bool

// notifyInterrupt returns a context canceled by SIGINT or SIGTERM, and the
// function that stops listening.
func notifyInterrupt(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case s := <-ch:
			if s == syscall.SIGTERM {
				terminated.Store(true)
			}
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel()
	}
}

// interruptStatus is the exit status of a command stopped by a signal.
func interruptStatus() int {
	if terminated.Load() {
		return exitTerminated
	}
	return exitInterrupted
}
