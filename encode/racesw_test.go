package encode

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/checkfence/checkfence/internal/gini/z"
)

// TestSeqChainMatchesGeneric: rc11's sw built from its release end
// (racesw.go, upper: a variable per pair implied by its paths) against
// the generic encoding of the same node in the lower polarity (L ⊆ sw,
// and L = sw for some choice of its auxiliary variables), per execution
// of the race programs and random C11 programs: with the execution fixed,
// L ⇒ chain for every choice (so the chain holds every pair of sw), and
// chain ⇒ L for some (so the chain can be exactly sw).
func TestSeqChainMatchesGeneric(t *testing.T) {
	progs := map[string]string{}
	for name, src := range racePrograms {
		progs[name] = src
	}
	n := *raceSeeds
	if testing.Short() {
		n = min(n, 8)
	}
	for seed := int64(200); seed < 200+int64(n); seed++ {
		progs[fmt.Sprintf("seed %d", seed)] = raceProgram(rand.New(rand.NewSource(seed)))
	}
	mm, _ := raceModels(t)
	executions, pairs := 0, 0
	for pname, src := range progs {
		e := buildOn(t, src, mm["relaxed"], nil)
		gen, k, err := newRaceInstance(e)
		if err != nil {
			t.Fatal(err)
		}
		chain, _, _ := newRaceInstance(e)
		_, _, swNode, ok := raceNodes(k.Expr)
		if !ok {
			t.Fatal("rc11's race relation has another shape")
		}
		g := gen.rel(swNode, polLower)
		ch, ok := chain.seqChain(swNode, polUpper)
		if !ok {
			t.Fatal("seqChain does not take rc11's sw")
		}
		s := e.NewSolver()
		for _, ci := range []*CatInstance{gen, chain} {
			for cl := range ci.clauses.All() {
				s.AddClause(cl...)
			}
		}
		c := e.C
		var missing, same []z.Lit
		for i := range g.rows {
			cols := map[int32]bool{}
			for _, en := range g.rows[i] {
				cols[en.j] = true
			}
			for _, en := range ch.rows[i] {
				cols[en.j] = true
			}
			for j := range cols {
				gl, cl := g.get(c, i, int(j)), ch.get(c, i, int(j))
				missing = append(missing, c.And(gl, cl.Not()))
				same = append(same, c.Implies(cl, gl))
				pairs++
			}
		}
		anyMissing, allSame := c.Ors(missing...), c.Ands(same...)
		lits, _ := executionLits(e)
		block := c.T
		for range 200 {
			if !solveRefining(e, s, block) {
				break
			}
			executions++
			var fix, diff []z.Lit
			for _, l := range lits {
				if s.Value(l) {
					fix, diff = append(fix, l), append(diff, l.Not())
				} else {
					fix, diff = append(fix, l.Not()), append(diff, l)
				}
			}
			if solveRefining(e, s, append(fix, anyMissing)...) {
				t.Errorf("%s: the chain misses a pair of sw in an execution", pname)
				break
			}
			if !solveRefining(e, s, append(fix, allSame)...) {
				t.Errorf("%s: the chain's pairs cannot all be within sw in an execution", pname)
				break
			}
			b := c.Lit()
			s.AddClause(append([]z.Lit{b.Not()}, diff...)...)
			block = c.And(block, b)
		}
	}
	t.Logf("%d executions, %d pairs compared", executions, pairs)
	if executions == 0 || pairs == 0 {
		t.Error("nothing compared")
	}
}
