package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// TextOptions control the terminal trace.
type TextOptions struct {
	Color bool // ANSI colours (only on a terminal)
}

// WriteTrace writes the execution of a result (the counterexample of a FAIL
// or the witness of a PASS) as text: per thread the operations with their
// observations, under each its loads, stores and fences with source line,
// C-level address, value and (for loads) the store read; then the memory
// order.
func WriteTrace(w io.Writer, r *mining.Result, opt TextOptions) {
	x, e := r.Trace, r.Enc
	if x == nil || e == nil {
		return
	}
	u := e.U
	if r.Verdict == mining.Fail {
		fmt.Fprintf(w, "counterexample for %s (%s):\n", r.Test, r.Reason)
		if r.Message != "" {
			fmt.Fprintf(w, "  %s\n", r.Message)
		}
	} else {
		fmt.Fprintf(w, "witness execution for %s:\n", r.Test)
	}
	for ti, th := range x.Threads {
		fmt.Fprintf(w, "  thread %s (%s)\n", th.Name, th.Status)
		for _, op := range th.Ops {
			fmt.Fprintf(w, "    %s\n", opLine(op, u))
			for _, ev := range op.Events {
				fmt.Fprintf(w, "      %s\n", eventLine(ev, x, u))
			}
			if f := x.Failure; f != nil && r.Verdict == mining.Fail && f.Thread == ti && f.Op == op.Index {
				fmt.Fprintf(w, "      ** %s: %s: %s\n", f.Pos, f.Reason, f.Msg)
			}
		}
	}
	if len(x.Order) > 0 {
		var parts []string
		for _, ii := range x.Order {
			ev := x.Events[ii]
			parts = append(parts, fmt.Sprintf("%s:%s %s", x.Threads[ev.Thread].Name, ev.Kind, ev.AddrName))
		}
		fmt.Fprintf(w, "  memory order: %s\n", strings.Join(parts, ", "))
	}
	if r.Observation != nil {
		name := func(i int) string { return u.Threads[i].Name }
		fmt.Fprintf(w, "  observed:  %s\n", r.Observation.Format(name, u.BaseName))
		fmt.Fprintf(w, "  serial executions produce %d observations:\n", len(r.Mined))
		for i, o := range r.Mined {
			if i == 20 {
				fmt.Fprintf(w, "    … %d more\n", len(r.Mined)-i)
				break
			}
			fmt.Fprintf(w, "    %s\n", o.Format(name, u.BaseName))
		}
	}
}

func opLine(op *encode.OpTrace, u *lsl.Unrolled) string {
	var fields []string
	for _, it := range op.Obs {
		if it.Key.Kind != lsl.ObsLabel {
			fields = append(fields, it.Key.Name+"="+it.Value.Format(u.BaseName))
		}
	}
	return op.Name + "(" + strings.Join(fields, ", ") + ")"
}

func eventLine(ev *encode.Event, x *encode.Execution, u *lsl.Unrolled) string {
	pos := ev.Pos.String()
	if ev.Kind == "fence" {
		return fmt.Sprintf("%-18s fence %s", pos, ev.Fence)
	}
	val := ev.Value.Format(u.BaseName)
	s := fmt.Sprintf("%-18s %-5s %s = %s", pos, ev.Kind, ev.AddrName, val)
	if ev.Expr != "" {
		s += "   [" + ev.Expr + "]"
	}
	if ev.Kind == "load" {
		if ev.Source < 0 {
			s += "   (initial value)"
		} else if src, ok := x.Events[ev.Source]; ok {
			s += fmt.Sprintf("   (from %s, %s)", x.Threads[src.Thread].Name, src.Pos)
		}
	}
	return s
}
