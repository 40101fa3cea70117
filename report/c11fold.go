package report

import (
	"slices"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// C11 programs on .mm models. The front ends give an atomic access of a
// C11 program its memory order as a tag and surround it with the fences
// of the order's mapping (tagged mm-only; frontend/llvm/doc.go, "Atomics
// and orderings"), which the .mm models see. A trace that listed those
// fences would show, on every atomic line, fences the user never wrote;
// text traces show the order on the access instead ("store release",
// "fence acquire") and leave the mapping's fences out unless -v.

// c11Names are the C11 names of the order tags.
var c11Names = map[string]string{"RLX": "relaxed", "CON": "consume", "ACQ": "acquire", "REL": "release", "ACQ_REL": "acq_rel", "SC": "seq_cst"}

// c11Mark reads an event's C11 order (its C11 name, "" if none) and
// whether it is a fence of the mapping.
func c11Mark(ev *trace.Event) (order string, mapFence bool) {
	if ev.Kind == "fence" && slices.Contains(ev.C11, lsl.TagMMOnly) {
		return "", true
	}
	return c11Names[lsl.C11Order(ev.C11)], false
}

// hidden reports whether a text trace leaves ev out: a fence of the C11
// mapping, unless verbose.
func (tt *textTrace) hidden(ev *eventView) bool {
	return ev != nil && ev.MapFence && !tt.opt.Verbose
}

// hasMapFences reports whether r's trace folds the fences of the C11
// mapping (not trace.Execution.C11AsEvents: a .mm model) and has some.
func hasMapFences(r *mining.Result) bool {
	if r.Trace == nil || r.Trace.Program == nil || r.Trace.C11AsEvents {
		return false
	}
	for _, ev := range r.Trace.Events {
		if _, mapFence := c11Mark(ev); mapFence {
			return true
		}
	}
	return false
}
