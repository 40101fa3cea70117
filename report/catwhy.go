package report

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/mining"
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
// stronger access would add. The relations are evaluated on the decoded
// candidate execution (cat.Model.EvalRel), the reference semantics.

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
func newCatWhy(t *trace) *catWhy {
	r := t.res
	if r.Verdict != mining.Fail || r.Trace == nil || r.Trace.Cat == nil || r.Enc == nil || r.Enc.Cat == nil {
		return nil
	}
	ci, cx := r.Enc.Cat, r.Trace.Cat
	x := cx.Candidate.Execution()
	view := make([]*eventView, x.N)
	for k, i := range cx.Index {
		if ii := ci.Events[i].Instr; ii >= 0 {
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
	adj := make([][]edge, x.N)
	for _, name := range []string{"po", "rf", "co", "fr"} {
		rel := x.Rels[name]
		if rel == nil {
			continue
		}
		for _, p := range rel.Pairs() {
			a, b := view[p[0]], view[p[1]]
			if a == nil || b == nil || name == "po" && a.Thread != b.Thread {
				continue
			}
			adj[p[0]] = append(adj[p[0]], edge{p[1], name})
		}
	}
	// the shortest cycle through some node (breadth first from each)
	var best []catStep
	for s := 0; s < x.N; s++ {
		if view[s] == nil {
			continue
		}
		prev := make([]int, x.N)
		via := make([]string, x.N)
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
	w := &catWhy{model: ci.Model().Name, cycle: best}
	index := map[*eventView]int{}
	for k, v := range view {
		if v != nil {
			index[v] = k
		}
	}
	// the acyclicity checks whose relation has every communication step
	// of the cycle: the program-order steps are what each of them lacks
	// for a cycle (when none has them all, every check)
	m := ci.Model()
	closures := map[*cat.Constraint]cat.Rel{}
	var checks, relevant []*cat.Constraint
	for _, c := range m.Constraints {
		if c.Flag || c.Negated || c.Kind != cat.Acyclic {
			continue
		}
		rel := closure(m.EvalRel(c.Expr, x))
		closures[c] = rel
		checks = append(checks, c)
		all := true
		for _, st := range best {
			all = all && (st.rel == "po" || rel.Has(index[st.from], index[st.to]))
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
			if rel := closures[c]; !rel.Has(index[st.from], index[st.to]) {
				name := "acyclic " + c.Expr.String()
				if c.Name != "" {
					name = c.Name + " (" + name + ")"
				}
				names = append(names, name)
			}
		}
		if len(names) > 0 {
			w.loose = append(w.loose, catLoose{st, names})
		}
	}
	return w
}

// closure is the transitive closure of r.
func closure(r cat.Rel) cat.Rel {
	n := len(r)
	out := cat.NewRel(n)
	for _, p := range r.Pairs() {
		out.Add(p[0], p[1])
	}
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			if !out.Has(i, k) {
				continue
			}
			for j := 0; j < n; j++ {
				if out.Has(k, j) {
					out.Add(i, j)
				}
			}
		}
	}
	return out
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
