package cat

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// powerBefore is power.cat as it was before its rewrites for size
// (equivalent/power.cat; docs/semantics.md, "Power's model, rewritten for
// size").
func powerBefore(t *testing.T) *Model {
	t.Helper()
	m, ok := Equivalent()["power"]
	if !ok {
		t.Fatal("no earlier text of power")
	}
	return m
}

// powerTags are the fence and access tags power.cat reads.
var powerTags = []string{"sync", "lwsync", "isync", "full", "store-load", "load-load", "load-store", "store-store"}

// TestPowerSameExecutions: the built-in power.cat and the text before
// (paper's ppo, lwsync and sync pairs with fence events, propbase*)
// agree on every random execution — the same preserved program order,
// pair for pair, and the same failed checks — on executions with runs of
// fences (the earlier text also ordered a write before a read through
// three barriers, by way of the middle one).
func TestPowerSameExecutions(t *testing.T) {
	m, _ := Builtin("power")
	rounds := 4000
	if testing.Short() {
		rounds = 1000
	}
	bad, consistent, shortcut := powerDisagreements(t, m, powerBefore(t), rounds)
	t.Logf("%d of %d executions consistent; %d where hb+ on memory events differs", consistent, rounds, shortcut)
	if bad != 0 {
		t.Errorf("%d executions where the texts disagree", bad)
	}
	if consistent < rounds/20 {
		t.Errorf("only %d consistent executions: the generator tests too little", consistent)
	}
	if shortcut == 0 {
		t.Error("no execution where the earlier text's hb+ orders more: the generator misses the case")
	}
}

// TestPowerSameExecutionsMutants: the comparison catches a preserved
// program order without its control-isync step, lwsync pairs without a
// read's, prop's second term with fences where propbase steps, and sync
// pairs without a read after the barrier.
func TestPowerSameExecutionsMutants(t *testing.T) {
	src, _ := BuiltinSource("power")
	for _, mut := range [][2]string{
		{"| ic; ci-edge", ""},
		{"(R * M) | (W * W)", "W * W"},
		{"propbase?; ffence", "fences?; ffence"},
		{"[full-fence]; po; [M]", "[full-fence]; po; [W]"},
	} {
		text := strings.Replace(string(src), mut[0], mut[1], 1)
		if text == string(src) {
			t.Fatalf("mutation %q does not apply", mut[0])
		}
		m, err := Parse("power_mutant.cat", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if bad, _, _ := powerDisagreements(t, m, powerBefore(t), 1000); bad == 0 {
			t.Errorf("the mutant without %q is not caught", mut[0])
		}
	}
}

// powerDisagreements evaluates m and old on random executions: how many
// give different failed checks or preserved program order, how many are
// consistent under m, and on how many hb+ differs between the two on
// memory events.
func powerDisagreements(t *testing.T, m, old *Model, rounds int) (bad, consistent, shortcut int) {
	rng := rand.New(rand.NewSource(52))
	for round := 0; round < rounds; round++ {
		c := randomFencedCandidate(rng)
		x := c.Execution()
		rn, ro := m.Eval(x), old.Eval(x)
		if len(rn.Violated) == 0 {
			consistent++
		}
		differs := !slices.Equal(checkNames(rn.Violated), checkNames(ro.Violated))
		pn, po := m.EvalRel(ppoNode(t, m), x), old.EvalRel(ppoNode(t, old), x)
		for i := 0; i < x.N; i++ {
			for j := 0; j < x.N; j++ {
				differs = differs || pn.Has(i, j) != po.Has(i, j)
			}
		}
		if differs {
			if bad == 0 {
				t.Logf("round %d: violated %v against %v\n%+v", round, checkNames(rn.Violated), checkNames(ro.Violated), c)
			}
			bad++
		}
		if closureDiffers(m.EvalRel(hbNode(t, m), x), old.EvalRel(hbNode(t, old), x), x) {
			shortcut++
		}
	}
	return bad, consistent, shortcut
}

func checkNames(cs []*Constraint) []string {
	var out []string
	for _, k := range cs {
		out = append(out, k.Name)
	}
	slices.Sort(out)
	return out
}

// hbNode is the argument of power's no-thin-air check, ppoNode its first
// operand.
func hbNode(t *testing.T, m *Model) *Node {
	for _, k := range m.Checks() {
		if k.Name == "no-thin-air" {
			return k.Expr
		}
	}
	t.Fatal("no no-thin-air check")
	return nil
}

func ppoNode(t *testing.T, m *Model) *Node {
	return hbNode(t, m).Kids[0]
}

// closureDiffers reports whether a+ and b+ differ on a pair of memory
// events.
func closureDiffers(a, b Rel, x *Execution) bool {
	ta, tb := transClosure(a), transClosure(b)
	mem := x.Sets["M"]
	for i := 0; i < x.N; i++ {
		for j := 0; j < x.N; j++ {
			if mem.Has(i) && mem.Has(j) && ta.Has(i, j) != tb.Has(i, j) {
				return true
			}
		}
	}
	return false
}

// randomFencedCandidate is a random power execution: 2–3 threads of 3–9
// events over 2 locations, two in five of them fences of power's kinds
// (runs of barriers included), read-modify-write pairs, dependencies.
func randomFencedCandidate(r *rand.Rand) *Candidate {
	const nlocs = 2
	c := &Candidate{}
	for l := 0; l < nlocs; l++ {
		c.Events = append(c.Events, Event{Thread: -1, Kind: Write, Loc: l})
	}
	nth := 2 + r.Intn(2)
	for th := 0; th < nth; th++ {
		var mine []int
		for k, n := 0, 3+r.Intn(7); k < n; k++ {
			i := len(c.Events)
			switch r.Intn(5) {
			case 0, 1:
				c.Events = append(c.Events, Event{Thread: th, Kind: Fence, Loc: -1, Tags: []string{powerTags[r.Intn(len(powerTags))]}})
			case 2:
				loc := r.Intn(nlocs)
				c.Events = append(c.Events, Event{Thread: th, Kind: Read, Loc: loc})
				if r.Intn(4) == 0 {
					c.Events = append(c.Events, Event{Thread: th, Kind: Write, Loc: loc, Tags: []string{"X"}})
					c.Events[i].Tags = []string{"X"}
					c.Lxsx = append(c.Lxsx, [2]int{i, i + 1})
					mine = append(mine, i)
					i++
				}
			default:
				if r.Intn(2) == 0 {
					c.Events = append(c.Events, Event{Thread: th, Kind: Read, Loc: r.Intn(nlocs)})
				} else {
					c.Events = append(c.Events, Event{Thread: th, Kind: Write, Loc: r.Intn(nlocs)})
				}
			}
			mine = append(mine, i)
		}
		randomPODeps(r, c, mine, 8, 2)
	}
	randomRFCO(r, c, nlocs)
	return c
}
