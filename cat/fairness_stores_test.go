package cat

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestFairProgressStoresSafe: which models survive deleting a cycle's
// unread writes too (fair progress for retry rounds that store), and
// which are coherent per location (its superseded case).
func TestFairProgressStoresSafe(t *testing.T) {
	for _, name := range BuiltinNames() {
		m, _ := Builtin(name)
		err := FairProgressStoresSafe(m)
		if _, exempt := notFairSafe[name]; (err == nil) == exempt {
			t.Errorf("%s: FairProgressStoresSafe = %v", name, err)
		}
		coherent := true // rc11 by its irreflexive hb; eco?, the others by an acyclic union
		if got := CoherentPerLocation(m); got != coherent {
			t.Errorf("%s: CoherentPerLocation = %v, want %v", name, got, coherent)
		}
	}
	cases := []struct {
		src              string
		stores, coherent bool
	}{
		{"acyclic po | rf | co | fr", true, true},
		{"acyclic (po & loc) | rf | co | fr as coh\nacyclic po | rf", true, true},
		{"acyclic (po & loc) | rfe | rfi | co | fr", true, true},
		{"acyclic (po & loc) | (rf & ext) | (rf & int) | (co & ext) | (co & int) | fr", true, true},
		// no po-loc: stores need not take effect in program order
		{"acyclic rf | co | fr", true, false},
		// coherence as a flag asks nothing of the executions
		{"flag ~acyclic (po & loc) | rf | co | fr as incoherent", true, false},
		// a write between: deleting one adds pairs, unless it follows
		// the pair's first event at its location (the engine's condition)
		{"let lrs = [W]; ((po & loc) \\ ((po & loc); [W]; (po & loc))); [R]\nacyclic lrs | co", true, false},
		{"let wb = [W]; (po \\ (po; [W]; po)); [R]\nacyclic wb | co", false, false},
		// the last write may change
		{"acyclic [FW]; po", false, false},
		{"flag ~empty [FW]; po as last", true, false},
		// a composition through a write: co's middle write may go, a
		// remaining read's source stays
		{"acyclic po \\ (co; co)", false, false},
		{"acyclic po \\ (rf^-1; co)", true, false},
		// C11's coherence: h contains po, e is the closure of rf, co and fr
		{"let hb = (po | rf)+\nlet eco = (rf | co | fr)+\nirreflexive hb; eco? as coherence", true, true},
		{"irreflexive po; (rf | co | fr)+", true, true},
		{"let eco = (rf | co | fr)+\nirreflexive po+; eco", true, true},
		// without fr (a read may read an older write), or without po in h
		// (stores need not take effect in program order), or without the
		// closure of eco, or as a flag: no
		{"irreflexive po; (rf | co)+", true, false},
		{"irreflexive rf; (rf | co | fr)+", true, false},
		{"irreflexive po; (rf | co | fr)", true, false},
		{"flag ~irreflexive po; (rf | co | fr)+ as incoherent", false, false},
	}
	for _, tc := range cases {
		m, err := Parse("t.cat", []byte("\"t\"\n"+tc.src+"\n"))
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		if err := FairProgressStoresSafe(m); (err == nil) != tc.stores {
			t.Errorf("%q: FairProgressStoresSafe = %v, want safe %v", tc.src, err, tc.stores)
		}
		if got := CoherentPerLocation(m); got != tc.coherent {
			t.Errorf("%q: CoherentPerLocation = %v, want %v", tc.src, got, tc.coherent)
		}
	}
}

// TestFairStabilityStoresRandom is TestFairStabilityRandom for cycles
// that store: reduceStores also deletes writes, as the engine does (none
// a remaining read reads, none with a remaining access before it in
// program order at its location), and every node's value on the reduced
// execution compares with the original as FairProgressStoresSafe's
// analysis classifies it.
func TestFairStabilityStoresRandom(t *testing.T) {
	models := builtinAndSuiteModels()
	r := rand.New(rand.NewSource(2))
	deletedWrites := 0
	for _, m := range models {
		a := newFairAnalysis()
		a.stores = true
		for round := 0; round < fairRounds(); round++ {
			c := randomCandidate(r, m.Tags)
			small, keep := reduceStores(r, c)
			deletedWrites += countWrites(c) - countWrites(small)
			x, y := c.Execution(), small.Execution()
			for _, n := range m.Nodes {
				if n.Op == OpRecRef || n.Kind == KAny {
					continue
				}
				s := a.stab(n)
				if s == stUnknown {
					continue
				}
				if msg := compareReduced(m, n, x, y, keep, s); msg != "" {
					t.Fatalf("%s: node %s (%s): %s\nevents %v\nkept %v", m.Name, n, s, msg, c.Events, keep)
				}
			}
		}
	}
	if deletedWrites == 0 {
		t.Fatal("no write deleted")
	}
}

func countWrites(c *Candidate) int {
	n := 0
	for _, e := range c.Events {
		if e.Kind == Write {
			n++
		}
	}
	return n
}

// reduceStores deletes random reads, fences and writes of c (not those
// of a read-modify-write pair, not initial writes) such that no remaining
// read reads a deleted write and no remaining access precedes a deleted
// write in program order at its location, and drops random dependencies.
func reduceStores(r *rand.Rand, c *Candidate) (*Candidate, []int) {
	paired := map[int]bool{}
	for _, p := range append(append([][2]int{}, c.Amo...), c.Lxsx...) {
		paired[p[0]], paired[p[1]] = true, true
	}
	del := make([]bool, len(c.Events))
	for i, e := range c.Events {
		del[i] = e.Thread >= 0 && !paired[i] && r.Intn(3) == 0
	}
	// restore writes until the conditions hold (restoring a write only
	// adds kept events, which can break the second condition for later
	// writes: iterate)
	for changed := true; changed; {
		changed = false
		for _, p := range c.RF {
			if del[p[0]] && !del[p[1]] {
				del[p[0]], changed = false, true
			}
		}
		for _, p := range c.PO {
			b := p[1]
			if del[b] && c.Events[b].Kind == Write && !del[p[0]] && c.Events[p[0]].Kind != Fence && c.Events[p[0]].Loc == c.Events[b].Loc {
				del[b], changed = false, true
			}
		}
	}
	newIdx := make([]int, len(c.Events))
	var keep []int
	out := &Candidate{}
	for i, e := range c.Events {
		if del[i] {
			newIdx[i] = -1
			continue
		}
		newIdx[i] = len(keep)
		keep = append(keep, i)
		out.Events = append(out.Events, e)
	}
	restrict := func(ps [][2]int, drop bool) [][2]int {
		var res [][2]int
		for _, p := range ps {
			a, b := newIdx[p[0]], newIdx[p[1]]
			if a < 0 || b < 0 || drop && r.Intn(3) == 0 {
				continue
			}
			res = append(res, [2]int{a, b})
		}
		return res
	}
	out.PO, out.RF, out.CO = restrict(c.PO, false), restrict(c.RF, false), restrict(c.CO, false)
	out.Amo, out.Lxsx = restrict(c.Amo, false), restrict(c.Lxsx, false)
	out.Addr, out.Data, out.Ctrl = restrict(c.Addr, true), restrict(c.Data, true), restrict(c.Ctrl, true)
	return out, keep
}

// The analyses walk a check's expression once per shared node: a union of
// 2^40 terms written with 40 shared definitions is 40 steps, not 2^40.
func TestFairAnalysesOnSharedTerms(t *testing.T) {
	var b strings.Builder
	b.WriteString("\"t\"\nlet f0(x) = x\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "let f%d(x) = f%d(x) | f%d(x;po)\n", i, i-1, i-1)
	}
	b.WriteString("acyclic f40(po)\n")
	m, err := Parse("t.cat", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if CoherentPerLocation(m) {
		t.Errorf("coherent per location without rf, co and fr")
	}
	_ = FairProgressStoresSafe(m) // ends
}
