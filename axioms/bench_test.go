package axioms

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// synthUniverse is a program-sized Universe for benchmarks: several
// threads of loads and stores over a few static address classes, with
// fences, CAS-like atomic pairs, and dynamic guards, aliasing within a
// class, seeds and dependencies.
type synthUniverse struct {
	c       *logic.C
	n       int
	kind    []InstrKind
	thread  []int
	class   []int
	fence   []string
	guard   []z.Lit
	block   []int
	alias   map[[2]int]z.Lit
	seed    [][]z.Lit // per load: per instruction (0 = false)
	hasSeed []z.Lit
	dep     map[[2]int]z.Lit
}

func newSynthUniverse(seed int64, threads, accessesPerThread, classes int) *synthUniverse {
	r := rand.New(rand.NewSource(seed))
	u := &synthUniverse{c: logic.NewC(), alias: map[[2]int]z.Lit{}, dep: map[[2]int]z.Lit{}}
	fences := []string{"ll_fence", "ls_fence", "sl_fence", "ss_fence", "al_fence", "ddl_fence", "cd_fence"}
	add := func(k InstrKind, th int) int {
		u.kind = append(u.kind, k)
		u.thread = append(u.thread, th)
		u.class = append(u.class, r.Intn(classes))
		u.fence = append(u.fence, "")
		u.block = append(u.block, 0)
		g := u.c.T
		if r.Intn(3) == 0 {
			g = u.c.Lit()
		}
		u.guard = append(u.guard, g)
		return len(u.kind) - 1
	}
	block := 0
	for th := 0; th < threads; th++ {
		for k := 0; k < accessesPerThread; k++ {
			if r.Intn(8) == 0 {
				f := add(Fence, th)
				u.fence[f] = fences[r.Intn(len(fences))]
			}
			if r.Intn(10) == 0 && k+1 < accessesPerThread {
				// A CAS: load and store of the same class in one block.
				block++
				l := add(Load, th)
				s := add(Store, th)
				u.class[s] = u.class[l]
				u.block[l], u.block[s] = block, block
				k++
				continue
			}
			if r.Intn(2) == 0 {
				add(Load, th)
			} else {
				add(Store, th)
			}
		}
	}
	u.n = len(u.kind)
	u.seed = make([][]z.Lit, u.n)
	u.hasSeed = make([]z.Lit, u.n)
	for i := 0; i < u.n; i++ {
		if u.kind[i] == Fence {
			continue
		}
		for j := i + 1; j < u.n; j++ {
			if u.kind[j] != Fence && u.class[i] == u.class[j] && r.Intn(2) == 0 {
				u.alias[[2]int{i, j}] = u.c.Lit()
			}
		}
		if u.kind[i] != Load {
			continue
		}
		u.seed[i] = make([]z.Lit, u.n)
		has := u.c.F
		for s := 0; s < u.n; s++ {
			if u.kind[s] == Store && u.class[s] == u.class[i] {
				u.seed[i][s] = u.c.Lit()
				has = u.c.Or(has, u.seed[i][s])
			}
		}
		u.hasSeed[i] = has
		for j := i + 1; j < u.n && j < i+6 && u.thread[j] == u.thread[i]; j++ {
			if r.Intn(3) == 0 {
				u.dep[[2]int{i, j}] = u.c.Lit()
			}
		}
	}
	return u
}

func (u *synthUniverse) Circuit() *logic.C                 { return u.c }
func (u *synthUniverse) NumInstrs() int                    { return u.n }
func (u *synthUniverse) Kind(i int) InstrKind              { return u.kind[i] }
func (u *synthUniverse) FencePred(i int, pred string) bool { return u.fence[i] == pred }
func (u *synthUniverse) Guard(i int) z.Lit                 { return u.guard[i] }
func (u *synthUniverse) ProgramOrder(i, j int) bool        { return u.thread[i] == u.thread[j] && i < j }
func (u *synthUniverse) Atomic(i, j int) bool {
	return i == j || u.block[i] != 0 && u.block[i] == u.block[j]
}
func (u *synthUniverse) ForcedOrder(i, j int) bool { return false }

func (u *synthUniverse) Aliased(i, j int) z.Lit {
	if u.class[i] != u.class[j] {
		return u.c.F
	}
	if l, ok := u.alias[[2]int{min(i, j), max(i, j)}]; ok {
		return l
	}
	return u.c.T
}

func (u *synthUniverse) Seed(l, s int) z.Lit {
	if x := u.seed[l][s]; x != 0 {
		return x
	}
	return u.c.F
}

func (u *synthUniverse) HasSeed(l int) z.Lit { return u.hasSeed[l] }

func (u *synthUniverse) DataDependent(i, j int) z.Lit {
	if l, ok := u.dep[[2]int{i, j}]; ok {
		return l
	}
	return u.c.F
}

func (u *synthUniverse) ControlDependent(i, j int) z.Lit { return u.DataDependent(i, j) }

// BenchmarkInstantiate expands the built-in models over a synthetic
// program with 300 accesses (4 threads × 75): the optimized expansion
// without transitivity (lazy), with sparse transitivity, and with eager
// transitivity on 100 accesses.
func BenchmarkInstantiate(b *testing.B) {
	for _, name := range []string{"sc", "relaxed", "rmo"} {
		m := mustBuiltin(b, name)
		for _, bc := range []struct {
			opts      Options
			perThread int
		}{{Options{Transitivity: Lazy}, 75}, {Options{Transitivity: Sparse}, 75}, {Options{Transitivity: Sparse}, 25}, {Options{Transitivity: Eager}, 25}} {
			opts := bc.opts
			b.Run(fmt.Sprintf("%s/%v/%d", name, opts.Transitivity, 4*bc.perThread), func(b *testing.B) {
				var st InstanceStats
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					u := newSynthUniverse(1, 4, bc.perThread, 10)
					b.StartTimer()
					inst, err := Instantiate(m, u, opts)
					if err != nil {
						b.Fatal(err)
					}
					if err := inst.Finalize(); err != nil {
						b.Fatal(err)
					}
					st = inst.Stats()
				}
				b.ReportMetric(float64(st.Instances), "instances")
				b.ReportMetric(float64(st.RelationLits), "rel-lits")
				b.ReportMetric(float64(st.FixedTuples), "fixed")
				b.ReportMetric(float64(st.TransitivityClauses), "trans-clauses")
			})
		}
	}
}
