package cat

import (
	"math/rand"
	"slices"
	"testing"
)

// TestReadRetagUnseenRC11: which retaggings of a read rc11 does not see.
// REL (and CON) mean nothing on a read; the orders that make a read an
// acquire, a seq_cst access or atomic do.
func TestReadRetagUnseenRC11(t *testing.T) {
	m, _ := Builtin("rc11")
	cases := []struct {
		a, b []string
		want bool
	}{
		{[]string{"A", "RLX"}, []string{"A", "RLX"}, true},
		{[]string{"A", "RLX"}, []string{"A", "REL"}, true},      // a relaxed load, a release CAS's read
		{[]string{"A", "RLX"}, []string{"RLX", "A", "A"}, true}, // as sets
		{[]string{"A", "RLX"}, []string{"A", "CON"}, true},      // rc11.cat's acquire does not include CON
		{[]string{"A", "ACQ"}, []string{"A", "RLX"}, false},     // the read synchronises in one only
		{[]string{"A", "ACQ"}, []string{"A", "ACQ_REL"}, true},  // acquire either way
		{[]string{"A", "RLX"}, []string{"A", "ACQ_REL"}, false},
		{[]string{"A", "RLX"}, []string{"A", "SC"}, false}, // psc
		{[]string{"A", "RLX"}, []string{"NA"}, false},      // a race in one only
		{[]string{"A", "RLX"}, []string{"RLX"}, false},     // atomic by A only
		{[]string{"A", "RLX"}, []string{"A", "RLX", "sel.c3.ACQ"}, false},
		{[]string{"A", "RLX", "sel.c3.ACQ"}, []string{"A", "REL", "sel.c3.ACQ"}, true},
		{[]string{"A", "RLX", AMOTag}, []string{"A", "REL", AMOTag}, false}, // AMO halves: exact only
	}
	for _, tc := range cases {
		if got := m.ReadRetagUnseen(tc.a, tc.b); got != tc.want {
			t.Errorf("rc11: read %v against %v: unseen %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if got := m.ReadRetagUnseen(tc.b, tc.a); got != tc.want {
			t.Errorf("rc11: read %v against %v: unseen %v, want %v", tc.b, tc.a, got, tc.want)
		}
	}
}

// TestReadRetagUnseenMutants: models that look at a read's tags in the
// places the analysis must not miss.
func TestReadRetagUnseenMutants(t *testing.T) {
	cases := []struct {
		name, src string
		want      bool
	}{
		{"write only", "let r = [W & REL]; po\nacyclic r | rf | co as x", true},
		{"read seen", "let r = [REL]; po; [W]\nacyclic r | rf | co as x", false},
		{"through a reflexive closure", "let r = [REL]; ([F]; po)?; [W]; rf\nacyclic r | co as x", true},
		{"reflexive closure can start at a read", "let r = [REL]; (po; [F])?; [M]\nacyclic r | rf | co as x", false},
		{"end of a relation", "let r = rf; [REL]\nacyclic r | co | po as x", false},
		{"as a set", "flag ~empty REL & R as f", false},
		{"domain", "let d = domain([REL]; po)\nacyclic [d]; po as x", false},
		{"cartesian", "acyclic (REL * W) & po as x", false},
		{"inverse", "acyclic ([REL]; rf)^-1 | po as x", true},
		{"inverse seen", "acyclic (rf; [REL])^-1 | po as x", false},
		{"complement", "acyclic ~REL * ~REL & po as x", false},
	}
	for _, tc := range cases {
		m, err := Parse("m", []byte("\"t\"\n"+tc.src+"\n"))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := m.ReadRetagUnseen([]string{"A", "RLX"}, []string{"A", "REL"}); got != tc.want {
			t.Errorf("%s: unseen %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestReadRetagRandom: on random candidate executions, one read retagged
// at random, every node the analysis calls unchanged has the same value
// in both executions, and a relation whose difference it places at the
// read (left or right) differs only in pairs that start (end) there. The
// built-in models and, when ../shared is there, the suite's .cat files.
func TestReadRetagRandom(t *testing.T) {
	models := builtinAndSuiteModels()
	rng := rand.New(rand.NewSource(7))
	for _, m := range models {
		unseen := 0
		for round := 0; round < 150; round++ {
			c, ci, a, b, ok := randomRetag(rng, m, false)
			if !ok {
				continue
			}
			if IsAMOHalf(a) || IsAMOHalf(b) {
				continue // left to the exact comparison
			}
			if m.ReadRetagUnseen(a, b) {
				unseen++
			}
			r := &retag{tagA: tagMembership(a), tagB: tagMembership(b),
				sets: map[*Node]setDiff{}, rels: map[*Node]relDiff{}, classes: map[*Node]evClass{}, ends: map[[2]int]evClass{}}
			x := c.Execution()
			c2 := *c
			c2.Events = slices.Clone(c.Events)
			c2.Events[ci].Tags = b
			y := c2.Execution()
			ex := &evaluator{x: x, sets: map[*Node]Set{}, rels: map[*Node]Rel{}}
			ey := &evaluator{x: y, sets: map[*Node]Set{}, rels: map[*Node]Rel{}}
			for _, n := range m.Nodes {
				if n.Op == OpRecRef || n.Kind == KAny {
					continue
				}
				if n.Kind == KSet {
					s := r.set(n)
					vx, vy := ex.set(n), ey.set(n)
					for i := range c.Events {
						if vx.Has(i) != vy.Has(i) && (!s.others && (i != ci || s.eq)) {
							t.Fatalf("%s: set %s differs at event %d (read %d retagged %v -> %v), analysis %+v", m.Name, n, i, ci, a, b, s)
						}
					}
					continue
				}
				d := r.rel(n)
				vx, vy := ex.rel(n), ey.rel(n)
				for i := range c.Events {
					for j := range c.Events {
						if vx.Has(i, j) == vy.Has(i, j) {
							continue
						}
						if !d.diff || d.left && i != ci || d.right && j != ci {
							t.Fatalf("%s: relation %s differs at (%d,%d) (read %d retagged %v -> %v), analysis %+v", m.Name, n, i, j, ci, a, b, d)
						}
					}
				}
			}
		}
		t.Logf("%s: %d of 150 retaggings unseen", m.Name, unseen)
	}
}

// TestReadRetagMovesRandom checks the polarity analysis of
// ReadRetagKeepsConsistent against the evaluator: on random executions,
// one read that is in no amo pair gets other tags, and every node whose
// value may not gain (lose) elements by the analysis must not.
func TestReadRetagMovesRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, m := range builtinAndSuiteModels() {
		keeps := 0
		for round := 0; round < 150; round++ {
			c, ci, from, to, ok := randomRetag(rng, m, true)
			if !ok || IsAMOHalf(to) {
				continue
			}
			x := c.Execution()
			c2 := *c
			c2.Events = slices.Clone(c.Events)
			c2.Events[ci].Tags = to
			y := c2.Execution()
			if m.ReadRetagKeepsConsistent(to, from) {
				keeps++
				rx, ry := m.Eval(x), m.Eval(y)
				if len(rx.Violated) == 0 && len(ry.Violated) > 0 || !slices.Equal(rx.Flagged, ry.Flagged) {
					t.Fatalf("%s: read %d retagged %v -> %v: checks violated %v -> %v, flags %v -> %v", m.Name, ci, from, to, rx.Violated, ry.Violated, rx.Flagged, ry.Flagged)
				}
			}
			d := newRetagMoves(to, from)
			ex := &evaluator{x: x, sets: map[*Node]Set{}, rels: map[*Node]Rel{}}
			ey := &evaluator{x: y, sets: map[*Node]Set{}, rels: map[*Node]Rel{}}
			for _, n := range m.Nodes {
				if n.Op == OpRecRef || n.Kind == KAny {
					continue
				}
				mv := d.node(n)
				for i := range c.Events {
					for j := range c.Events {
						var inX, inY bool
						if n.Kind == KSet {
							if j > 0 {
								break
							}
							inX, inY = ex.set(n).Has(i), ey.set(n).Has(i)
						} else {
							inX, inY = ex.rel(n).Has(i, j), ey.rel(n).Has(i, j)
						}
						if inX && !inY && mv&mayLose == 0 || !inX && inY && mv&mayGain == 0 {
							t.Fatalf("%s: %s changes at (%d,%d) (read %d retagged %v -> %v: %v -> %v), analysis %b", m.Name, n, i, j, ci, from, to, inX, inY, mv)
						}
					}
				}
			}
		}
		t.Logf("%s: %d of 150 retaggings keep consistency", m.Name, keeps)
	}
}

// TestReadRetagKeepsConsistentBuiltin fixes the answers on the built-in
// models for the compare-and-swap reads of the C11 mappings: a plain load
// may take the place of a read tagged X, AMO and an order on riscv, A on
// tso-cat and arm8 (their tags only add order), never the converse; on
// rc11 an acquire read is seen by the race flag either way.
func TestReadRetagKeepsConsistentBuiltin(t *testing.T) {
	for _, c := range []struct {
		model    string
		to, from []string
		want     bool
	}{
		{"riscv", nil, []string{"X", "AMO", "Rel"}, true},
		{"riscv", nil, []string{"X", "AMO", "Acq"}, true},
		{"riscv", []string{"X", "AMO", "Rel"}, nil, false},
		{"riscv", []string{"Acq"}, nil, false},
		{"tso-cat", nil, []string{"A"}, true},
		{"tso-cat", []string{"A"}, nil, false},
		{"arm8", nil, []string{"A"}, true},
		{"arm8", []string{"A"}, nil, false},
		{"arm8", []string{"Q"}, []string{"A"}, false},
		{"rc11", []string{"A", "RLX"}, []string{"A", "REL"}, true},
		{"rc11", []string{"A", "RLX"}, []string{"A", "ACQ"}, false},
		{"rc11", []string{"A", "ACQ"}, []string{"A", "RLX"}, false},
		{"sc-cat", nil, []string{"A", "X"}, true},
	} {
		m, ok := Builtin(c.model)
		if !ok {
			t.Fatal(c.model)
		}
		if got := m.ReadRetagKeepsConsistent(c.to, c.from); got != c.want {
			t.Errorf("%s: %v in place of %v: %v, want %v", c.model, c.to, c.from, got, c.want)
		}
	}
}

// randomRetag makes a random execution of m's tags and picks one of its
// reads (with noAmo, one in no amo pair), whose tags from become to: each
// of m's tags toggled with probability 1/3.
func randomRetag(rng *rand.Rand, m *Model, noAmo bool) (c *Candidate, ci int, from, to []string, ok bool) {
	c = randomCandidate(rng, m.Tags)
	inAmo := map[int]bool{}
	if noAmo {
		for _, p := range c.Amo {
			inAmo[p[0]], inAmo[p[1]] = true, true
		}
	}
	var reads []int
	for i, e := range c.Events {
		if e.Kind == Read && !inAmo[i] {
			reads = append(reads, i)
		}
	}
	if len(reads) == 0 {
		return nil, 0, nil, nil, false
	}
	ci = reads[rng.Intn(len(reads))]
	from = c.Events[ci].Tags
	return c, ci, from, toggledTags(rng, m, from), true
}

// toggledTags is from with each of m's tags toggled with probability 1/3.
func toggledTags(rng *rand.Rand, m *Model, from []string) []string {
	to := slices.Clone(from)
	for _, tg := range m.Tags {
		if rng.Intn(3) == 0 {
			if i := slices.Index(to, tg); i >= 0 {
				to = slices.Delete(to, i, i+1)
			} else {
				to = append(to, tg)
			}
		}
	}
	return to
}
