package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// The init and final threads in cat checks. A check that
// cat.ConcurrentChecks accepts holds iff it holds on the concurrent
// threads' events: its cycles never leave the block they start in, and
// on the init and final threads, which run alone, the model's coherence
// check (built on every event) leaves it none. Such a check is built in
// the concurrent view: the same instance with the init thread's, the
// initial writes' and the final thread's guards false and every base
// relation and set cut down to the concurrent events, so each relation
// of the check, its closures and its program-order encodings cover the
// concurrent threads only. On a harness whose main checks the results
// after the joins, that thread is often the longest, and power's
// preserved program order is cubic in a thread's events
// (docs/semantics.md, "The init and final threads in cat checks").

// catView is what a CatInstance builds relations from and memoizes them
// in: the full view (every event) or the concurrent view.
type catView struct {
	guards    []z.Lit
	bases     map[string]*lrel
	bsets     map[string]lset
	memoRel   map[nodeKey]*lrel
	memoSet   map[nodeKey]lset
	emptyMemo map[*cat.Node]bool
	groups    map[groupKey]bool
}

// swapView exchanges the instance's view with v's.
func (ci *CatInstance) swapView(v *catView) {
	ci.guards, v.guards = v.guards, ci.guards
	ci.bases, v.bases = v.bases, ci.bases
	ci.bsets, v.bsets = v.bsets, ci.bsets
	ci.memoRel, v.memoRel = v.memoRel, ci.memoRel
	ci.memoSet, v.memoSet = v.memoSet, ci.memoSet
	ci.emptyMemo, v.emptyMemo = v.emptyMemo, ci.emptyMemo
	ci.groups, v.groups = v.groups, ci.groups
}

// concurrentEvent reports whether ev belongs to a concurrent thread.
func (ci *CatInstance) concurrentEvent(ev int) bool {
	return ci.threadKind(ev) == lsl.ThreadConcurrent
}

// onConcurrent runs fn in the concurrent view.
func (ci *CatInstance) onConcurrent(fn func()) {
	if ci.other == nil {
		v := &catView{guards: make([]z.Lit, ci.n()), bases: map[string]*lrel{}, bsets: map[string]lset{},
			memoRel: map[nodeKey]*lrel{}, memoSet: map[nodeKey]lset{}, groups: map[groupKey]bool{}}
		for i, g := range ci.guards {
			v.guards[i] = ci.c.F
			if ci.concurrentEvent(i) {
				v.guards[i] = g
			}
		}
		ci.other = v
	}
	ci.inOtherView(true, fn)
}

// onFull runs fn in the full view (from the concurrent view).
func (ci *CatInstance) onFull(fn func()) { ci.inOtherView(false, fn) }

// inOtherView runs fn in the view not in use, which is the concurrent one
// if concurrent.
func (ci *CatInstance) inOtherView(concurrent bool, fn func()) {
	ci.swapView(ci.other)
	ci.inConcurrent = concurrent
	defer func() {
		ci.swapView(ci.other)
		ci.inConcurrent = !concurrent
	}()
	fn()
}

// concurrentBaseRel is a base relation in the concurrent view: the full
// view's, on pairs of concurrent events.
func (ci *CatInstance) concurrentBaseRel(name string) *lrel {
	var full *lrel
	ci.onFull(func() { full = ci.baseRel(name) })
	return ci.concurrentPart(full)
}

// concurrentPart is r on the pairs of concurrent events.
func (ci *CatInstance) concurrentPart(r *lrel) *lrel {
	out := newLrel(ci.n())
	for i, row := range r.rows {
		if !ci.concurrentEvent(i) {
			continue
		}
		for _, e := range row {
			if ci.concurrentEvent(int(e.j)) {
				out.rows[i] = append(out.rows[i], e)
			}
		}
	}
	return out
}

// concurrentBaseSet is a base set in the concurrent view.
func (ci *CatInstance) concurrentBaseSet(name string, tag bool) lset {
	var full lset
	ci.onFull(func() { full = ci.baseSet(name, tag) })
	s := make(lset, len(full))
	for i, l := range full {
		s[i] = ci.c.F
		if ci.concurrentEvent(i) {
			s[i] = l
		}
	}
	return s
}

// concurrentChecks marks the constraints built in the concurrent view
// (none with Options.CatAllEvents).
func (ci *CatInstance) concurrentChecks() []bool {
	if ci.allEvents {
		return make([]bool, len(ci.m.Constraints))
	}
	if ci.conc == nil {
		ci.conc = cat.AnalyzeConcurrent(ci.m)
	}
	return ci.conc.Checks
}

// fromFullView returns, in the concurrent view, the full view's encoding
// of n restricted to the concurrent events, when the full view has one
// and n is exact (a check kept on every event built it first: rc11's
// hb, power's com): the same literals, not a second encoding.
func (ci *CatInstance) fromFullView(k nodeKey) (*lrel, bool) {
	full, ok := ci.other.memoRel[k]
	if !ok || !ci.conc.Exact(k.n) {
		return nil, false
	}
	return ci.concurrentPart(full), true
}
