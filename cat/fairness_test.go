package cat

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// notFairSafe are the built-in models on which fair progress does not
// apply, with why (docs/models.md, "Loops").
var notFairSafe = map[string]string{
	// rcu_read_lock/unlock are fences that pair like parentheses: deleting
	// a retry round's fences changes which sections the others form
	"lkmm": "domain(paired) unknown",
}

// TestFairProgressSafeBuiltins: every built-in model but those of
// notFairSafe survives deleting a cycle's reads and fences (fair progress
// applies on it).
func TestFairProgressSafeBuiltins(t *testing.T) {
	for _, name := range BuiltinNames() {
		m, ok := Builtin(name)
		if !ok {
			t.Fatal(name)
		}
		err := FairProgressSafe(m)
		why, exempt := notFairSafe[name]
		switch {
		case exempt && (err == nil || !strings.Contains(err.Error(), why)):
			t.Errorf("%s: %v, want an error about %s", name, err, why)
		case !exempt && err != nil:
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestFairProgressSafeRejects: constructs whose value can grow when reads
// or fences are deleted, or that ask for something to exist.
func TestFairProgressSafeRejects(t *testing.T) {
	cases := []struct {
		src  string
		safe bool
	}{
		{"acyclic po | rf | co | fr", true},
		// immediate program order: deleting the middle event adds pairs
		{"let po-imm = po \\ (po; po)\nacyclic po-imm | rf", false},
		// through a write nothing is lost: writes are never deleted
		{"let lrs = [W]; (po & loc \\ ((po & loc); [W]; (po & loc))); [R]\nacyclic lrs | co", true},
		// deleting a fence removes a subtracted pair
		{"irreflexive (po; rf) \\ (po; [F]; po)", false},
		{"irreflexive (po; rf) \\ (po & loc)", true},
		{"irreflexive ~(po; [F]; po)", false},
		{"empty (range(po) \\ domain(rf))", false},
		// a requirement that something exists
		{"~empty rf", false},
		{"flag empty rf as nothing-read", false},
		// a flag that may stop firing: hb shrinks with the events
		{"let hb = (po | rf)+\nflag ~empty hb as hb-pairs", false},
		// a race grows when hb shrinks: fine for a flag
		{"let hb = (po | rf)+\nflag ~empty (((W * M) & loc & ext) \\ hb \\ hb^-1) as racy", true},
		{"let rec r = po | (r; r)\nacyclic r", true},
		// only rmw's own events: domain(rmw) loses no event
		{"acyclic [domain(rmw)]; po; [~domain(rmw)]", true},
		{"acyclic [domain(po)]; rf; [~domain(po)]", false},
	}
	for _, tc := range cases {
		m, err := Parse("t.cat", []byte("\"t\"\n"+tc.src+"\n"))
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		err = FairProgressSafe(m)
		if (err == nil) != tc.safe {
			t.Errorf("%q: FairProgressSafe = %v, want safe %v", tc.src, err, tc.safe)
		}
	}
}

// TestFairStabilityRandom checks the analysis against the evaluator: on
// random candidate executions, deleting random reads and fences (never
// both events of an rmw pair, never writes) and dropping random
// dependencies, every node's value on the reduced execution equals (exact),
// is contained in (shrinks) or contains (grows) its value on the original
// one restricted to the remaining events. The built-in models and, when
// ../shared is there, the suite's .cat files.
func TestFairStabilityRandom(t *testing.T) {
	models := builtinAndSuiteModels()
	r := rand.New(rand.NewSource(1))
	for _, m := range models {
		a := newFairAnalysis()
		var counts [4]int
		for _, n := range m.Nodes {
			if n.Op != OpRecRef {
				counts[a.stab(n)]++
			}
		}
		for round := 0; round < fairRounds(); round++ {
			c := randomCandidate(r, m.Tags)
			small, keep := reduce(r, c)
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
		t.Logf("%s: %d exact, %d shrink, %d grow, %d unknown nodes", m.Name, counts[0], counts[1], counts[2], counts[3])
	}
}

// compareReduced compares the value of n on the reduced execution y with
// its value on x restricted to keep (keep[i] is the event of x that event
// i of y is).
func compareReduced(m *Model, n *Node, x, y *Execution, keep []int, s stability) string {
	check := func(inY, inX bool, what string) string {
		if inY && !inX && (s == stExact || s == stSub) {
			return what + " is in the reduced value only"
		}
		if inX && !inY && (s == stExact || s == stSuper) {
			return what + " is in the original value only"
		}
		return ""
	}
	if n.Kind == KSet {
		vx, vy := m.EvalSet(n, x), m.EvalSet(n, y)
		for i, oi := range keep {
			if msg := check(vy.Has(i), vx.Has(oi), "event"); msg != "" {
				return msg
			}
		}
		return ""
	}
	vx, vy := m.EvalRel(n, x), m.EvalRel(n, y)
	for i, oi := range keep {
		for j, oj := range keep {
			if msg := check(vy.Has(i, j), vx.Has(oi, oj), "a pair"); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// randomCandidate builds a small candidate execution: 2–3 threads over 2
// locations with reads, writes, fences, some read-modify-write pairs and
// dependencies, random tags of the model, and random rf and co.
func randomCandidate(r *rand.Rand, tags []string) *Candidate {
	const nlocs = 2
	c := &Candidate{}
	for l := 0; l < nlocs; l++ {
		c.Events = append(c.Events, Event{Thread: -1, Kind: Write, Loc: l})
	}
	nth := 2 + r.Intn(2)
	for th := 0; th < nth; th++ {
		mine := randomThreadEvents(r, c, th, 2+r.Intn(4), nlocs, tags)
		randomPODeps(r, c, mine, 6, 1)
	}
	randomRFCO(r, c, nlocs)
	return c
}

// randomPODeps orders a thread's events mine in program order and gives
// each pair from a read a dependency with probability (2 + ctrl) / outOf:
// an address, a data or (ctrl of outOf) a control dependency.
func randomPODeps(r *rand.Rand, c *Candidate, mine []int, outOf, ctrl int) {
	for a := range mine {
		for b := a + 1; b < len(mine); b++ {
			c.PO = append(c.PO, [2]int{mine[a], mine[b]})
			if c.Events[mine[a]].Kind != Read {
				continue
			}
			switch k := r.Intn(outOf); {
			case k == 0:
				c.Addr = append(c.Addr, [2]int{mine[a], mine[b]})
			case k == 1:
				c.Data = append(c.Data, [2]int{mine[a], mine[b]})
			case k < 2+ctrl:
				c.Ctrl = append(c.Ctrl, [2]int{mine[a], mine[b]})
			}
		}
	}
}

// randomRFCO gives c a random coherence order per location (the initial
// write, location l's event l, first) and each read a random write of its
// location.
func randomRFCO(r *rand.Rand, c *Candidate, nlocs int) {
	for l := 0; l < nlocs; l++ {
		writes := []int{l}
		for i, e := range c.Events {
			if e.Kind == Write && e.Loc == l && e.Thread >= 0 {
				writes = append(writes, i)
			}
		}
		rest := writes[1:]
		r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		for a := range writes {
			for b := a + 1; b < len(writes); b++ {
				c.CO = append(c.CO, [2]int{writes[a], writes[b]})
			}
		}
		for i, e := range c.Events {
			if e.Kind == Read && e.Loc == l {
				c.RF = append(c.RF, [2]int{writes[r.Intn(len(writes))], i})
			}
		}
	}
}

// reduce deletes random reads and fences of c (not those of a
// read-modify-write pair) and drops random dependencies of the rest; it
// returns the reduced candidate and, per event of it, the original event.
func reduce(r *rand.Rand, c *Candidate) (*Candidate, []int) {
	paired := map[int]bool{}
	for _, p := range append(append([][2]int{}, c.Amo...), c.Lxsx...) {
		paired[p[0]], paired[p[1]] = true, true
	}
	newIdx := make([]int, len(c.Events))
	var keep []int
	out := &Candidate{}
	for i, e := range c.Events {
		if e.Thread >= 0 && e.Kind != Write && !paired[i] && r.Intn(3) == 0 {
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

// TestFairProgressSafeSuite reports which of the suite's models the
// analysis accepts (informational; the property test above checks that
// its classification is right).
func TestFairProgressSafeSuite(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(suiteCat, "*.cat"))
	if len(files) == 0 {
		t.Skip("suite not available")
	}
	for _, f := range files {
		m, err := LoadFile(f)
		if err != nil {
			continue
		}
		err = FairProgressSafe(m)
		t.Logf("%s: %v", strings.TrimSuffix(filepath.Base(f), ".cat"), err)
	}
}

// builtinAndSuiteModels are the built-in models and, when ../shared is
// there, the suite's .cat files that load.
func builtinAndSuiteModels() []*Model {
	var models []*Model
	for _, name := range BuiltinNames() {
		m, _ := Builtin(name)
		models = append(models, m)
	}
	files, _ := filepath.Glob(filepath.Join(suiteCat, "*.cat"))
	for _, f := range files {
		if m, err := LoadFile(f); err == nil {
			models = append(models, m)
		}
	}
	return models
}

// fairRounds is how many random candidates the fair-stability tests draw
// per model: 100 with CHECKFENCE_FULL=1 (make check-full), 40 in make test
// (the suite's models make it one of the longest tests).
func fairRounds() int {
	if os.Getenv("CHECKFENCE_FULL") != "" {
		return 100
	}
	return 40
}

// randomTags picks each of tags with probability 1/4.
func randomTags(r *rand.Rand, tags []string) []string {
	var ts []string
	for _, tg := range tags {
		if r.Intn(4) == 0 {
			ts = append(ts, tg)
		}
	}
	return ts
}

// randomThreadEvents appends n random operations of thread th to c — a
// fence, a read (with probability 1/4 a read-modify-write pair: amo or
// lxsx), or a write, over nlocs locations, with random tags — and
// returns the indices of the events added, in program order.
func randomThreadEvents(r *rand.Rand, c *Candidate, th, n, nlocs int, tags []string) []int {
	var mine []int
	add := func(e Event) {
		c.Events = append(c.Events, e)
		mine = append(mine, len(c.Events)-1)
	}
	for k := 0; k < n; k++ {
		i := len(c.Events)
		switch r.Intn(5) {
		case 0:
			add(Event{Thread: th, Kind: Fence, Loc: -1, Tags: randomTags(r, tags)})
		case 1, 2:
			loc := r.Intn(nlocs)
			add(Event{Thread: th, Kind: Read, Loc: loc, Tags: randomTags(r, tags)})
			if r.Intn(4) == 0 {
				add(Event{Thread: th, Kind: Write, Loc: loc, Tags: randomTags(r, tags)})
				if r.Intn(2) == 0 {
					c.Amo = append(c.Amo, [2]int{i, i + 1})
				} else {
					c.Lxsx = append(c.Lxsx, [2]int{i, i + 1})
				}
			}
		default:
			add(Event{Thread: th, Kind: Write, Loc: r.Intn(nlocs), Tags: randomTags(r, tags)})
		}
	}
	return mine
}
