package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
)

// progress shows what a check is doing on stderr, only when it is a terminal.
type progress struct {
	w     io.Writer
	on    bool
	last  time.Time
	shown bool
}

func newProgress(w io.Writer, enabled bool) *progress {
	// the progress line writes its own control sequences to the
	// terminal itself and escapes its text
	if u, ok := w.(interface{ Unwrap() io.Writer }); ok {
		w = u.Unwrap()
	}
	p := &progress{w: w}
	if f, ok := w.(*os.File); ok && enabled {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	return p
}

func (p *progress) update(pr mining.Progress) {
	if !p.on || time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	msg := report.EscapeControl(progressLine(pr))
	fmt.Fprintf(p.w, "\r\033[K%s", msg)
	p.shown = true
}

func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// clearing returns log (nil stays nil) with the progress line cleared
// before each entry, so that the two do not share a line.
func (p *progress) clearing(log func(mining.QueryEvent)) func(mining.QueryEvent) {
	if log == nil {
		return nil
	}
	return func(e mining.QueryEvent) {
		p.clear()
		log(e)
	}
}

// progressLine is the one-line status of a check: the test, the phase, the
// unrolling round, what the phase works on (the loop whose bound is being
// raised), the observations mined so far and the time spent.
func progressLine(pr mining.Progress) string {
	msg := fmt.Sprintf("%s: %s", pr.Test, pr.Phase)
	if pr.Round > 0 {
		msg += fmt.Sprintf(" (unroll round %d)", pr.Round)
	}
	if pr.Detail != "" {
		msg += ": " + pr.Detail
	}
	if pr.Observations > 0 {
		msg += fmt.Sprintf(", %d observations", pr.Observations)
	}
	return msg + fmt.Sprintf(", %.1fs", pr.Elapsed.Seconds())
}
