package report

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// Why a cat model allows an execution. A .mm trace lists the reordered
// pairs (an access that takes effect before an earlier one of its
// thread); a cat model has no memory order, so its traces say what made
// the failure possible in the model's own terms: a cycle of program
// order and communication (rf: a load reads a store; co: a store
// overwrites another; fr: a load reads a value a store then overwrites),
// which sequential consistency forbids, and for each program-order step
// of it the checks of the model (acyclic ob as external, acyclic psc as
// sc, …) whose relation does not order the two accesses: the edges
// missing from the model's cycle, which a fence, a dependency or a
// stronger access would add. The relations come with the trace
// (trace.CatGraph: evaluated on the decoded candidate execution, the
// reference semantics).

// catWhy is the explanation of one execution.
type catWhy struct {
	model string
	cycle []catStep // the cycle, each step from the last one's target
	// loose are the program-order steps of the cycle with the checks
	// that do not order them (at least one each)
	loose []catLoose
}

type catStep struct {
	from, to *eventView
	rel      string // po, rf, co or fr
}

type catLoose struct {
	step   catStep
	checks []string // "external (acyclic ob)"
}

// newCatWhy explains the execution of a cat model's FAIL; nil when there
// is nothing to say (no candidate execution, or no cycle: a failure that
// sequential consistency has too).
func newCatWhy(t *traceView) *catWhy {
	r := t.res
	if r.Verdict != mining.Fail {
		return nil
	}
	g := r.Trace.CatGraph()
	if g == nil {
		return nil
	}
	n := len(g.Instrs)
	view := make([]*eventView, n)
	for k, ii := range g.Instrs {
		if ii >= 0 {
			if ev := t.events[ii]; ev != nil && ev.Kind != "fence" && !ev.AfterRace {
				view[k] = ev
			}
		}
	}
	// the graph: po within a thread, and the communication relations
	type edge struct {
		to  int
		rel string
	}
	adj := make([][]edge, n)
	for _, name := range []string{"po", "rf", "co", "fr"} {
		for _, p := range g.Rels[name] {
			a, b := view[p[0]], view[p[1]]
			if a == nil || b == nil || name == "po" && a.Thread != b.Thread {
				continue
			}
			adj[p[0]] = append(adj[p[0]], edge{p[1], name})
		}
	}
	// the shortest cycle through some node (breadth first from each)
	var best []catStep
	for s := 0; s < n; s++ {
		if view[s] == nil {
			continue
		}
		prev := make([]int, n)
		via := make([]string, n)
		for i := range prev {
			prev[i] = -2
		}
		queue := []int{s}
		prev[s] = -1
		found := -1
		for len(queue) > 0 && found < 0 {
			u := queue[0]
			queue = queue[1:]
			for _, e := range adj[u] {
				if e.to == s {
					found, via[s] = u, e.rel
					break
				}
				if prev[e.to] == -2 {
					prev[e.to], via[e.to] = u, e.rel
					queue = append(queue, e.to)
				}
			}
		}
		if found < 0 {
			continue
		}
		var cyc []catStep
		cyc = append(cyc, catStep{view[found], view[s], via[s]})
		for v := found; v != s; v = prev[v] {
			cyc = append(cyc, catStep{view[prev[v]], view[v], via[v]})
		}
		for i, j := 0, len(cyc)-1; i < j; i, j = i+1, j-1 {
			cyc[i], cyc[j] = cyc[j], cyc[i]
		}
		if best == nil || len(cyc) < len(best) {
			best = cyc
		}
	}
	if best == nil {
		return nil
	}
	w := &catWhy{model: g.Model, cycle: best}
	index := map[*eventView]int{}
	for k, v := range view {
		if v != nil {
			index[v] = k
		}
	}
	// the acyclicity checks whose relation has every communication step
	// of the cycle: the program-order steps are what each of them lacks
	// for a cycle (when none has them all, every check)
	checks := g.Checks
	var relevant []trace.CatCheck
	for _, c := range checks {
		all := true
		for _, st := range best {
			all = all && (st.rel == "po" || c.Orders(index[st.from], index[st.to]))
		}
		if all {
			relevant = append(relevant, c)
		}
	}
	if len(relevant) > 0 {
		checks = relevant
	}
	for _, st := range best {
		if st.rel != "po" {
			continue
		}
		var names []string
		for _, c := range checks {
			if !c.Orders(index[st.from], index[st.to]) {
				names = append(names, c.Name)
			}
		}
		if len(names) > 0 {
			w.loose = append(w.loose, catLoose{st, names})
		}
	}
	return w
}

// catAccess names an access of the cycle: "t1 store x = 1 (sb.c:3)".
func catAccess(ev *eventView) string {
	kind := ev.Kind
	if ev.C11 != "" {
		kind += " " + ev.C11
	}
	return fmt.Sprintf("%s %s %s = %s (%s)", ev.Thread.Name, kind, ev.Addr, ev.Value, ev.Where)
}

// catRelWords says what a step of the cycle means.
var catRelWords = map[string]string{
	"po": "then, in its thread (po)",
	"rf": "is read by (rf)",
	"co": "is overwritten by (co)",
	"fr": "reads a value overwritten by (fr)",
}

// write prints the explanation under a text trace.
func (w *catWhy) write(b *strings.Builder, p painter) {
	fmt.Fprintf(b, "\n  why %s allows it (a cycle sequential consistency forbids):\n", w.model)
	for i, st := range w.cycle {
		if i == 0 {
			fmt.Fprintf(b, "    %s\n", catAccess(st.from))
		}
		to := catAccess(st.to)
		if i == len(w.cycle)-1 {
			to = "back to the first"
		}
		fmt.Fprintf(b, "      %s %s\n", p.paint(styleDim, catRelWords[st.rel]), to)
	}
	if len(w.loose) == 0 {
		return
	}
	fmt.Fprintf(b, "  the program-order steps the model does not order (a fence, a dependency or a\n  stronger access between them would):\n")
	for _, l := range w.loose {
		fmt.Fprintf(b, "    %s %s %s → %s %s %s: not in %s\n", l.step.from.Thread.Name, l.step.from.Kind, l.step.from.Addr,
			l.step.to.Kind, l.step.to.Addr, p.paint(styleDim, "("+l.step.from.Where+", "+l.step.to.Where+")"), strings.Join(l.checks, ", nor in "))
	}
}
