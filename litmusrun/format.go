package litmusrun

import (
	"fmt"
	"io"
	"strings"

	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/trace"
)

// kindWord is herd's word for what the condition says of the state:
// exists Allowed, ~exists Forbidden, forall Required.
func kindWord(q litmus.Quantifier) string {
	switch q {
	case litmus.Exists:
		return "Allowed"
	case litmus.NotExists:
		return "Forbidden"
	}
	return "Required"
}

// WriteResult prints r the way herd does (test kind, reachable states,
// Ok/No, witness counts, condition, observation), followed by the witness
// execution when there is one.
func WriteResult(w io.Writer, r *Result) {
	t := r.Test
	var b strings.Builder
	fmt.Fprintf(&b, "Test %s %s\n", t.Name, kindWord(t.Cond.Quant))
	fmt.Fprintf(&b, "States %d\n", len(r.States))
	for _, s := range r.States {
		b.WriteString(t.FormatState(s) + "\n")
	}
	if r.Holds {
		b.WriteString("Ok\n")
	} else {
		b.WriteString("No\n")
	}
	fmt.Fprintf(&b, "Witnesses\nPositive: %d Negative: %d\n", r.Positive, r.Negative)
	fmt.Fprintf(&b, "Condition %s\n", t.Cond)
	obs := "Sometimes"
	switch {
	case r.Positive == 0:
		obs = "Never"
	case r.Negative == 0:
		obs = "Always"
	}
	for _, f := range r.Flags {
		fmt.Fprintf(&b, "Flag %s\n", f)
	}
	fmt.Fprintf(&b, "Observation %s %s %d %d\n", t.Name, obs, r.Positive, r.Negative)
	if r.Witness != nil {
		what := "Witness"
		if t.Cond.Quant != litmus.Exists {
			what = "Counterexample"
		}
		fmt.Fprintf(&b, "%s: %s\n", what, t.FormatState(*r.WitnessState))
		b.WriteString(FormatExecution(t, r.Witness))
	}
	io.WriteString(w, b.String())
}

// FormatExecution renders an execution: per thread its accesses and
// fences, each access named by a letter, loads with the access they read
// from, then the memory order.
func FormatExecution(t *litmus.Test, x *trace.Execution) string {
	names := map[int]string{} // instruction index → letter
	var b strings.Builder
	next := 0
	label := func() string {
		s := ""
		for n := next; ; n = n/26 - 1 {
			s = string(rune('a'+n%26)) + s
			if n < 26 {
				break
			}
		}
		next++
		return s
	}
	for _, th := range x.Threads {
		for _, op := range th.Ops {
			for _, ev := range op.Events {
				if ev.Kind != "fence" {
					names[ev.Instr] = label()
				}
			}
		}
	}
	for ti, th := range x.Threads {
		title := th.Name
		if ti < len(t.Threads) {
			title = t.Threads[ti]
		}
		first := true
		for _, op := range th.Ops {
			for _, ev := range op.Events {
				head := ""
				if first {
					head = title
					first = false
				}
				fmt.Fprintf(&b, "  %-6s %s\n", head, describeEvent(t, x, ev, names))
			}
		}
	}
	var order []string
	for _, ii := range x.Order {
		if n, ok := names[ii]; ok {
			order = append(order, n)
		}
	}
	if len(order) > 0 {
		fmt.Fprintf(&b, "  memory order: %s\n", strings.Join(order, " < "))
	}
	return b.String()
}

func describeEvent(t *litmus.Test, x *trace.Execution, ev *trace.Event, names map[int]string) string {
	lock := ""
	if ev.Atomic != 0 {
		lock = " (atomic)"
	}
	switch ev.Kind {
	case "fence":
		return "fence " + ev.Fence.String()
	case "store":
		return fmt.Sprintf("%s: W %s=%s%s", names[ev.Instr], ev.AddrName, t.FormatValue(ev.Value), lock)
	}
	src := "initial value"
	if ev.Source >= 0 {
		src = "from " + names[ev.Source]
		if s, ok := x.Events[ev.Source]; ok && s.Thread == ev.Thread {
			src += " (same thread)"
		}
	}
	return fmt.Sprintf("%s: R %s=%s%s  %s", names[ev.Instr], ev.AddrName, t.FormatValue(ev.Value), lock, src)
}
