package cat

import (
	"math/rand"
	"slices"
	"testing"
)

// TestFenceMoveRandom evaluates every node of every built-in and suite
// model on random executions Z with a fence F just before a read C (in no
// amo pair), and on R: F just after C, C retagged at random. Each pair a
// relation gains from Z to R must be one the analysis allows it to gain
// ((C, F); (C, y) for y after C of the claimed classes; (x, F); or any),
// and it must claim a loss where one occurs; a set may change only at C,
// as claimed. Where FenceMoveKeepsConsistent answers yes, a consistent Z
// gives a consistent R with the same flags.
func TestFenceMoveRandom(t *testing.T) {
	if bad := fenceMoveViolations(t, 600, 5, true); bad != 0 {
		t.Errorf("%d violations", bad)
	}
}

// TestFenceMoveMutant: an analysis that takes every gain as absorbed at a
// union (as if Z held all of C's pairs) is caught.
func TestFenceMoveMutant(t *testing.T) {
	defer func() { fenceMoveMutant = false }()
	fenceMoveMutant = true
	if bad := fenceMoveViolations(t, 600, 5, false); bad == 0 {
		t.Error("the mutant that absorbs every gain is not caught")
	}
}

// TestFenceMoveRISCVConsistent: on riscv, executions where an acquire
// load's fence comes just before an `amocas.aq` read stay consistent when
// the fence moves after the read and the read loses its tags (the reload
// round's case), over random executions, many of them consistent.
func TestFenceMoveRISCVConsistent(t *testing.T) {
	m, _ := Builtin("riscv")
	fence, from := []string{"Fence.r.rw"}, []string{"X", "AMO", "Acq"}
	if !m.FenceMoveKeepsConsistent(fence, nil, from) {
		t.Fatal("the analysis refuses riscv's case")
	}
	rng := rand.New(rand.NewSource(9))
	consistent := 0
	for round := 0; round < 4000; round++ {
		z, ci, fi, ok := randomFenceBeforeRead(rng, m)
		if !ok {
			continue
		}
		z.Events[ci].Tags, z.Events[fi].Tags = from, fence
		ez := m.Eval(z.Execution())
		if len(ez.Violated) > 0 {
			continue
		}
		consistent++
		if er := m.Eval(movedFence(z, ci, fi, nil).Execution()); len(er.Violated) > 0 {
			t.Fatalf("round %d: Z consistent, R violates %v", round, er.Violated)
		}
	}
	t.Logf("%d consistent executions", consistent)
	if consistent < 50 {
		t.Errorf("only %d consistent executions", consistent)
	}
}

// fenceMoveViolations checks the analysis against the evaluator (see
// TestFenceMoveRandom) and counts the cases it gets wrong, failing at the
// first with stop.
func fenceMoveViolations(t *testing.T, rounds int, seed int64, stop bool) int {
	rng := rand.New(rand.NewSource(seed))
	bad := 0
	report := func(format string, args ...any) {
		bad++
		if stop {
			t.Fatalf(format, args...)
		}
	}
	for _, m := range builtinAndSuiteModels() {
		moves, keeps := 0, 0
		for round := 0; round < rounds; round++ {
			z, ci, fi, ok := randomFenceBeforeRead(rng, m)
			if !ok {
				continue
			}
			moves++
			from := z.Events[ci].Tags
			to := toggledTags(rng, m, from)
			if IsAMOHalf(to) {
				continue
			}
			fence := z.Events[fi].Tags
			r := movedFence(z, ci, fi, to)
			xz, xr := z.Execution(), r.Execution()
			if m.FenceMoveKeepsConsistent(fence, to, from) {
				keeps++
				ez, er := m.Eval(xz), m.Eval(xr)
				if len(ez.Violated) == 0 && len(er.Violated) > 0 || !slices.Equal(ez.Flagged, er.Flagged) {
					report("%s: fence %d %v moved over read %d, %v -> %v: checks violated %v -> %v, flags %v -> %v",
						m.Name, fi, fence, ci, from, to, ez.Violated, er.Violated, ez.Flagged, er.Flagged)
				}
			}
			fm := newFenceMove(fence, to, from)
			evz := &evaluator{x: xz, sets: map[*Node]Set{}, rels: map[*Node]Rel{}}
			evr := &evaluator{x: xr, sets: map[*Node]Set{}, rels: map[*Node]Rel{}}
			after := func(y int) bool { return xz.Rels["po"].Has(ci, y) }
			for _, n := range m.Nodes {
				if n.Op == OpRecRef || n.Kind == KAny {
					continue
				}
				if n.Kind == KSet {
					s := fm.set(n)
					for i := range z.Events {
						inZ, inR := evz.set(n).Has(i), evr.set(n).Has(i)
						if inZ == inR || s.others {
							continue
						}
						if i != ci || inR && (s.eq || s.a == triF || s.b == triT) || inZ && (s.eq || s.b == triF || s.a == triT) {
							report("%s: set %s changes at %d (read %d, fence %d, %v -> %v): %v -> %v, analysis %+v", m.Name, n, i, ci, fi, from, to, inZ, inR, s)
						}
					}
					continue
				}
				d := fm.rel(n)
				for i := range z.Events {
					for j := range z.Events {
						inZ, inR := evz.rel(n).Has(i, j), evr.rel(n).Has(i, j)
						switch {
						case inZ && !inR && !d.lose:
							report("%s: %s loses (%d,%d) (read %d, fence %d, %v -> %v), analysis %+v", m.Name, n, i, j, ci, fi, from, to, d)
						case !inZ && inR && !d.any:
							ok := i == ci && j == fi && d.cf || j == fi && d.toF ||
								i == ci && j != fi && after(j) && eventClass(z, j)&d.after != 0
							if !ok {
								report("%s: %s gains (%d,%d) (read %d, fence %d, %v -> %v), analysis %+v", m.Name, n, i, j, ci, fi, from, to, d)
							}
						}
					}
				}
			}
		}
		if stop {
			t.Logf("%s: %d fences moved, %d kept consistent by the analysis", m.Name, moves, keeps)
		}
	}
	return bad
}

// TestFenceMoveBuiltin fixes the answers for the reload rounds of the C11
// mappings: on riscv, an acquire load's `fence r,rw` (or a full fence) may
// move over an `amocas.aq` read, whose .aq orders it before everything
// after it as the fence would, but not over a plain or a release one, and
// not when the moved read gains the tags; power's model is a recursion
// the analysis does not enter.
func TestFenceMoveBuiltin(t *testing.T) {
	for _, c := range []struct {
		model           string
		fence, to, from []string
		want            bool
	}{
		{"riscv", []string{"Fence.r.rw"}, nil, []string{"X", "AMO", "Acq"}, true},
		{"riscv", []string{"Fence.r.rw"}, nil, []string{"X", "AMO", "AcqRel"}, true},
		{"riscv", []string{"Fence.rw.rw"}, nil, []string{"X", "AMO", "Acq"}, true},
		{"riscv", []string{"Fence.r.rw"}, nil, []string{"X", "AMO", "Rel"}, false},
		{"riscv", []string{"Fence.r.rw"}, nil, []string{"X", "AMO"}, false},
		{"riscv", []string{"Fence.r.rw"}, nil, nil, false},
		{"riscv", []string{"Fence.r.rw"}, []string{"X", "AMO", "Acq"}, nil, false},
		{"power", []string{"lwsync"}, nil, []string{"X"}, false},
	} {
		m, ok := Builtin(c.model)
		if !ok {
			t.Fatal(c.model)
		}
		if got := m.FenceMoveKeepsConsistent(c.fence, c.to, c.from); got != c.want {
			t.Errorf("%s: fence %v moved over a read %v (was %v): %v, want %v", c.model, c.fence, c.to, c.from, got, c.want)
		}
	}
}

// randomFenceBeforeRead makes a random execution of m's tags in which a
// fence comes just before a read (of its thread's events, in program
// order), the read in no amo pair.
func randomFenceBeforeRead(rng *rand.Rand, m *Model) (c *Candidate, ci, fi int, ok bool) {
	c = randomCandidate(rng, m.Tags)
	inAmo := map[int]bool{}
	for _, p := range c.Amo {
		inAmo[p[0]], inAmo[p[1]] = true, true
	}
	po := map[[2]int]bool{}
	for _, p := range c.PO {
		po[p] = true
	}
	var cands [][2]int
	for i, e := range c.Events {
		if e.Kind != Read || inAmo[i] {
			continue
		}
		for f, g := range c.Events {
			if g.Kind != Fence || !po[[2]int{f, i}] {
				continue
			}
			between := false
			for k := range c.Events {
				if po[[2]int{f, k}] && po[[2]int{k, i}] {
					between = true
				}
			}
			if !between {
				cands = append(cands, [2]int{i, f})
			}
		}
	}
	if len(cands) == 0 {
		return nil, 0, 0, false
	}
	p := cands[rng.Intn(len(cands))]
	return c, p[0], p[1], true
}

// movedFence is z with fence fi moved from just before read ci to just
// after it, and ci carrying tags to.
func movedFence(z *Candidate, ci, fi int, to []string) *Candidate {
	r := *z
	r.Events = slices.Clone(z.Events)
	r.Events[ci].Tags = to
	r.PO = nil
	for _, p := range z.PO {
		if p == [2]int{fi, ci} {
			p = [2]int{ci, fi}
		}
		r.PO = append(r.PO, p)
	}
	return &r
}

// eventClass is the classes event i may be of (a read that is an AMO's
// half is both).
func eventClass(c *Candidate, i int) evClass {
	switch e := c.Events[i]; {
	case e.Kind == Fence:
		return clFence
	case e.Kind == Write:
		return clWrite
	case IsAMOHalf(e.Tags):
		return clRead | clWrite
	}
	return clRead
}
