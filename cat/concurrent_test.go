package cat

import (
	"math/rand"
	"slices"
	"testing"
)

// TestConcurrentChecksBuiltins: which checks of the built-in models the
// encoder builds on the concurrent threads alone.
func TestConcurrentChecksBuiltins(t *testing.T) {
	want := map[string][]string{
		"arm8":    {"external"},
		"power":   {"no-thin-air", "observation", "propagation"},
		"riscv":   {"main"},
		"rc11":    {"sc", "no-thin-air"},
		"tso-cat": {"tso"},
		"sc-cat":  nil, // its only check is the coherence check
		"lkmm":    {"propagation"},
	}
	for _, name := range BuiltinNames() {
		m, _ := Builtin(name)
		if m == nil {
			continue
		}
		var got []string
		for i, on := range AnalyzeConcurrent(m).Checks {
			if on {
				got = append(got, m.Constraints[i].Name)
			}
		}
		w, ok := want[name]
		if !ok {
			t.Errorf("%s: no expectation (got %v)", name, got)
			continue
		}
		if !slices.Equal(got, w) {
			t.Errorf("%s: concurrent checks %v, want %v", name, got, w)
		}
	}
}

// TestConcurrentChecksRules: the analysis on small models, one rule each.
func TestConcurrentChecksRules(t *testing.T) {
	const coh = "acyclic (po & loc) | rf | co | fr as coh\n"
	cases := []struct {
		src  string
		want bool // the model's last check is concurrent
	}{
		{coh + "acyclic po | (rf & ext) as x", true},
		{coh + "irreflexive (fr & ext); (rf & ext); po as x", true},
		{coh + "acyclic [R]; po; [W] | co as x", true},
		// no coherence check: the init and final threads need the checks
		{"acyclic po | (rf & ext) as x", false},
		// not a check
		{coh + "flag ~acyclic po | rf as x", false},
		{coh + "~acyclic po | rf as x", false},
		{coh + "empty (po & loc) \\ po as x", false},
		// reflexive on one thread: fails there
		{coh + "acyclic po? as x", false},
		{coh + "irreflexive po; id as x", true},
		{coh + "irreflexive loc as x", false},
		{coh + "irreflexive int as x", false},
		// edges back to an earlier block
		{coh + "acyclic po^-1 as x", false},
		{coh + "acyclic (po | rf)^-1 & ext as x", false},
		{coh + "acyclic (W * W) & po as x", true},
		{coh + "acyclic (W * W) as x", false},
		{coh + "acyclic ~po & po as x", true},
		// a pair of concurrent events through an initial write (rf^-1; rf
		// relates two reads of it): not exact, so neither is a difference
		// with it on the right
		{coh + "acyclic po \\ (rf^-1; rf) as x", false},
		{coh + "acyclic po \\ (rf^-1; rf; [R]) as x", false},
		{coh + "acyclic po \\ (rmw^-1; rmw) as x", true},
		{coh + "acyclic po \\ (rf^-1 | rf)+ as x", false},
		{coh + "acyclic po \\ (rmw^-1 | rmw)+ as x", true},
		// a domain or range of a relation between blocks
		{coh + "acyclic [range(rf)]; po as x", false},
		{coh + "acyclic [range(rmw)]; po as x", true},
		// recursion: the least fixpoint of forward, strict bodies
		{coh + "let rec a = po | a; rf\nacyclic a as x", true},
		{coh + "let rec a = po | a; b and b = rf & ext\nacyclic a as x", true},
		// a reaches a concurrent event through an init write (rf^-1, then
		// po): not exact, even cut down to program order
		{coh + "let rec a = po | b; a and b = rf^-1\nacyclic a & po as x", false},
		{coh + "let rec a = po | b; a and b = rf^-1\nacyclic a as x", false},
	}
	for _, tc := range cases {
		m, err := Parse("t.cat", []byte("\"t\"\n"+tc.src+"\n"))
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		checks := AnalyzeConcurrent(m).Checks
		if got := checks[len(checks)-1]; got != tc.want {
			t.Errorf("%q: concurrent %v, want %v", tc.src, got, tc.want)
		}
		if len(checks) > 1 && checks[0] {
			t.Errorf("%q: the coherence check is built on the concurrent threads alone", tc.src)
		}
	}
}

// TestConcurrentShapesRandom checks the analysis's claims on random
// executions with the test's blocks: an init thread, two or three
// concurrent threads and a final thread, program order from the init
// thread to the others and from them to the final thread, no read of a
// later block's write, the blocks' writes in coherence order block by
// block, and the init and final threads coherent per location. For every
// node of every built-in and suite model: a forward relation has no pair
// from a block to an earlier one, an internal one no pair between blocks;
// an exact node's value on the concurrent events is its value on the
// execution cut down to them (base sets and relations restricted, as the
// encoder's concurrent view has them); a strict (reflexive) relation
// relates two events of the init or final thread only in program order
// (or an event to itself).
func TestConcurrentShapesRandom(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	checked := 0
	for _, m := range builtinAndSuiteModels() {
		a := blockAnalysis{memo: map[*Node]blockShape{}}
		for round := 0; round < fairRounds()/4; round++ { // 10 in make test, 25 in make check-full
			c, block := randomBlockCandidate(r, m.Tags)
			x := c.Execution()
			sub, keep := concurrentPart(x, block)
			for _, n := range m.Nodes {
				if n.Op == OpRecRef || n.Kind == KAny {
					continue
				}
				s := a.shape(n)
				if msg := checkShape(m, n, s, x, sub, keep, block, c); msg != "" {
					t.Fatalf("%s: node %s: %s\nevents %v\nrf %v\nco %v", m.Name, n, msg, c.Events, c.RF, c.CO)
				}
				checked++
			}
		}
	}
	t.Logf("%d node values checked", checked)
}

// The blocks of randomBlockCandidate's events.
const (
	blockInit = iota
	blockConcurrent
	blockFinal
)

func checkShape(m *Model, n *Node, s blockShape, x, sub *Execution, keep, block []int, c *Candidate) string {
	if n.Kind == KSet {
		if !s.exact {
			return ""
		}
		vx, vs := m.EvalSet(n, x), m.EvalSet(n, sub)
		for i, oi := range keep {
			if vx.Has(oi) != vs.Has(i) {
				return "exact, but an event's membership differs on the concurrent events alone"
			}
		}
		return ""
	}
	v := m.EvalRel(n, x)
	po := x.Rels["po"]
	for i := range c.Events {
		for j := range c.Events {
			if !v.Has(i, j) {
				continue
			}
			if s.forward && block[i] > block[j] {
				return "forward, but a pair leads to an earlier block"
			}
			if s.internal && block[i] != block[j] {
				return "internal, but a pair joins two blocks"
			}
			thread := c.Events[i].Thread >= 0 && c.Events[i].Thread == c.Events[j].Thread && block[i] != blockConcurrent
			if thread && s.class == poStrict && !po.Has(i, j) {
				return "strict, but a pair of the init or final thread is not in program order"
			}
			if thread && s.class == poReflexive && !po.Has(i, j) && i != j {
				return "reflexive, but a pair of the init or final thread is neither in program order nor an event to itself"
			}
		}
	}
	if s.exact {
		vs := m.EvalRel(n, sub)
		for i, oi := range keep {
			for j, oj := range keep {
				if v.Has(oi, oj) != vs.Has(i, j) {
					return "exact, but a pair's value differs on the concurrent events alone"
				}
			}
		}
	}
	return ""
}

// concurrentPart is x on its concurrent events, with x's base sets and
// relations restricted to them; keep[i] is the event of x that event i
// is.
func concurrentPart(x *Execution, block []int) (*Execution, []int) {
	var keep []int
	for i, b := range block {
		if b == blockConcurrent {
			keep = append(keep, i)
		}
	}
	sub := &Execution{N: len(keep), Sets: map[string]Set{}, Rels: map[string]Rel{}}
	for name, s := range x.Sets {
		t := NewSet(len(keep))
		for i, oi := range keep {
			if s.Has(oi) {
				t.Add(i)
			}
		}
		sub.Sets[name] = t
	}
	for name, r := range x.Rels {
		q := NewRel(len(keep))
		for i, oi := range keep {
			for j, oj := range keep {
				if r.Has(oi, oj) {
					q.Add(i, j)
				}
			}
		}
		sub.Rels[name] = q
	}
	return sub, keep
}

// randomBlockCandidate is randomCandidate's execution with the test's
// blocks (TestConcurrentShapesRandom); block[i] is event i's block.
func randomBlockCandidate(r *rand.Rand, tags []string) (*Candidate, []int) {
	const nlocs = 2
	c := &Candidate{}
	var block []int
	for l := 0; l < nlocs; l++ {
		c.Events = append(c.Events, Event{Thread: -1, Kind: Write, Loc: l})
		block = append(block, blockInit)
	}
	nth := 4 + r.Intn(2) // init, 2–3 concurrent, final
	threads := make([][]int, nth)
	for th := 0; th < nth; th++ {
		b := blockConcurrent
		switch th {
		case 0:
			b = blockInit
		case nth - 1:
			b = blockFinal
		}
		threads[th] = randomThreadEvents(r, c, th, 1+r.Intn(4), nlocs, tags)
		for range threads[th] {
			block = append(block, b)
		}
		randomPODeps(r, c, threads[th], 6, 1)
	}
	// program order from the init thread to every other, from every
	// thread to the final one
	for _, a := range threads[0] {
		for th := 1; th < nth; th++ {
			for _, b := range threads[th] {
				c.PO = append(c.PO, [2]int{a, b})
			}
		}
	}
	for th := 1; th < nth-1; th++ {
		for _, a := range threads[th] {
			for _, b := range threads[nth-1] {
				c.PO = append(c.PO, [2]int{a, b})
			}
		}
	}
	for l := 0; l < nlocs; l++ {
		blockWrites := func(th0, th1 int) []int {
			var ws []int
			for th := th0; th < th1; th++ {
				for _, i := range threads[th] {
					if c.Events[i].Kind == Write && c.Events[i].Loc == l {
						ws = append(ws, i)
					}
				}
			}
			return ws
		}
		initW, concW, finalW := blockWrites(0, 1), blockWrites(1, nth-1), blockWrites(nth-1, nth)
		r.Shuffle(len(concW), func(i, j int) { concW[i], concW[j] = concW[j], concW[i] })
		writes := append(append(append([]int{l}, initW...), concW...), finalW...)
		for a := range writes {
			for b := a + 1; b < len(writes); b++ {
				c.CO = append(c.CO, [2]int{writes[a], writes[b]})
			}
		}
		// reads: the init and final threads read their own latest write
		// or the last one before their block; a concurrent thread reads the
		// init block's last write or a concurrent thread's
		latest := func(th, i int, before int) int {
			w := before
			for _, k := range threads[th] {
				if k >= i {
					break
				}
				if c.Events[k].Kind == Write && c.Events[k].Loc == l {
					w = k
				}
			}
			return w
		}
		lastBefore := writes[len(writes)-1-len(finalW)]
		for th := 0; th < nth; th++ {
			for _, i := range threads[th] {
				if c.Events[i].Kind != Read || c.Events[i].Loc != l {
					continue
				}
				var w int
				switch th {
				case 0:
					w = latest(th, i, l)
				case nth - 1:
					w = latest(th, i, lastBefore)
				default:
					// fr from a concurrent read to an init write contradicts
					// the structure: the init block's last write or later
					cands := writes[len(initW) : 1+len(initW)+len(concW)]
					w = cands[r.Intn(len(cands))]
				}
				c.RF = append(c.RF, [2]int{w, i})
			}
		}
	}
	return c, block
}
