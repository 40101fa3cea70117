package axioms

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/gini"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// Threads of a fake execution; the init thread precedes and the final
// thread follows every other instruction (SPEC §4).
const (
	threadInit  = -1
	threadFinal = 1 << 20
)

type fakeInstr struct {
	kind   InstrKind
	thread int
	addr   int
	value  int
	fences []string // fence predicates, e.g. "ll_fence"
	block  int      // atomic block (0 = none)
}

// fakeUniverse is a Universe for tests. By default everything is static:
// guards, addresses and seeds are circuit constants, so Θ is satisfiable
// iff the execution is allowed by the model. Literal maps make parts of it
// dynamic.
type fakeUniverse struct {
	c      *logic.C
	instrs []fakeInstr
	// seedOf maps a load to the store it reads from (-1: initial value).
	seedOf   map[int]int
	executed []bool
	dd, cd   map[[2]int]bool

	// Dynamic overrides (nil: static).
	guardLit   map[int]z.Lit
	aliasLit   map[[2]int]z.Lit
	seedLit    map[[2]int]z.Lit
	depLit     map[[2]int]z.Lit
	hasSeedLit map[int]z.Lit
}

func newFake() *fakeUniverse {
	return &fakeUniverse{c: logic.NewC(), seedOf: map[int]int{}, dd: map[[2]int]bool{}, cd: map[[2]int]bool{}}
}

func (u *fakeUniverse) add(in fakeInstr) int {
	u.instrs = append(u.instrs, in)
	u.executed = append(u.executed, true)
	return len(u.instrs) - 1
}

func (u *fakeUniverse) b(v bool) z.Lit {
	if v {
		return u.c.T
	}
	return u.c.F
}

func (u *fakeUniverse) Circuit() *logic.C        { return u.c }
func (u *fakeUniverse) NumInstrs() int           { return len(u.instrs) }
func (u *fakeUniverse) Kind(i int) InstrKind     { return u.instrs[i].kind }
func (u *fakeUniverse) isAccess(i int) bool      { return u.instrs[i].kind != Fence }
func (u *fakeUniverse) sameThread(i, j int) bool { return u.instrs[i].thread == u.instrs[j].thread }

func (u *fakeUniverse) FencePred(i int, pred string) bool {
	for _, p := range u.instrs[i].fences {
		if p == pred {
			return true
		}
	}
	return false
}

func (u *fakeUniverse) Guard(i int) z.Lit {
	if l, ok := u.guardLit[i]; ok {
		return l
	}
	return u.b(u.executed[i])
}

func (u *fakeUniverse) ProgramOrder(i, j int) bool {
	ti, tj := u.instrs[i].thread, u.instrs[j].thread
	if ti == tj {
		return i < j
	}
	return ti == threadInit || tj == threadFinal
}

func (u *fakeUniverse) Atomic(i, j int) bool {
	return i == j || u.instrs[i].block != 0 && u.instrs[i].block == u.instrs[j].block
}

func (u *fakeUniverse) Aliased(i, j int) z.Lit {
	if !u.isAccess(i) || !u.isAccess(j) {
		panic("Aliased on a fence")
	}
	if l, ok := u.aliasLit[[2]int{min(i, j), max(i, j)}]; ok {
		return l
	}
	return u.b(u.instrs[i].addr == u.instrs[j].addr)
}

func (u *fakeUniverse) Seed(l, s int) z.Lit {
	if u.instrs[l].kind != Load || u.instrs[s].kind != Store {
		panic("Seed on wrong kinds")
	}
	if u.seedLit != nil {
		if x, ok := u.seedLit[[2]int{l, s}]; ok {
			return x
		}
		return u.c.F
	}
	return u.b(u.seedOf[l] == s)
}

func (u *fakeUniverse) HasSeed(l int) z.Lit {
	if u.seedLit != nil {
		if x, ok := u.hasSeedLit[l]; ok {
			return x
		}
		return u.c.F
	}
	s, ok := u.seedOf[l]
	return u.b(ok && s >= 0)
}

func (u *fakeUniverse) dep(m map[[2]int]bool, i, j int) z.Lit {
	if u.instrs[i].kind != Load || !u.ProgramOrder(i, j) {
		panic("dependency query on a non-load or against program order")
	}
	if !u.sameThread(i, j) {
		return u.c.F // e.g. an init-thread load and a later thread
	}
	if l, ok := u.depLit[[2]int{i, j}]; ok {
		return l
	}
	return u.b(m[[2]int{i, j}])
}

func (u *fakeUniverse) DataDependent(i, j int) z.Lit    { return u.dep(u.dd, i, j) }
func (u *fakeUniverse) ControlDependent(i, j int) z.Lit { return u.dep(u.cd, i, j) }

func (u *fakeUniverse) ForcedOrder(i, j int) bool {
	if !u.isAccess(i) || !u.isAccess(j) || u.sameThread(i, j) {
		return false
	}
	return u.instrs[i].thread == threadInit || u.instrs[j].thread == threadFinal
}

// litmus builds a static execution from a compact description: threads
// separated by "|", instructions by ";". Instructions: "st A v"; "ld A v"
// (the load reads the store of value v to A, or the initial value if v is
// 0; a trailing "dd" or "cd" makes it data or control dependent on the
// previous load of its thread); "f ll,ss" (a fence with those predicates;
// "full" is ll,ls,sl,ss).
// A thread starting with "final:" runs after all others, "init:" before.
// Store values must be unique per address.
func litmus(desc string) *fakeUniverse {
	u := newFake()
	addrs := map[string]int{}
	type read struct{ load, addr, value int }
	var reads []read
	for t, th := range strings.Split(desc, "|") {
		th = strings.TrimSpace(th)
		thread := t
		if rest, ok := strings.CutPrefix(th, "final:"); ok {
			thread, th = threadFinal, rest
		} else if rest, ok := strings.CutPrefix(th, "init:"); ok {
			thread, th = threadInit, rest
		}
		for _, ins := range strings.Split(th, ";") {
			f := strings.Fields(ins)
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "f":
				var preds []string
				for _, p := range strings.Split(f[1], ",") {
					if p == "full" {
						preds = append(preds, "ll_fence", "ls_fence", "sl_fence", "ss_fence")
					} else {
						preds = append(preds, p+"_fence")
					}
				}
				u.add(fakeInstr{kind: Fence, thread: thread, fences: preds})
			case "st", "ld":
				a, ok := addrs[f[1]]
				if !ok {
					a = len(addrs)
					addrs[f[1]] = a
				}
				v, err := strconv.Atoi(f[2])
				if err != nil {
					panic(err)
				}
				k := Store
				if f[0] == "ld" {
					k = Load
				}
				i := u.add(fakeInstr{kind: k, thread: thread, addr: a, value: v})
				if k == Load {
					reads = append(reads, read{i, a, v})
				}
				if len(f) > 3 {
					prev := -1
					for p := i - 1; p >= 0 && u.instrs[p].thread == thread; p-- {
						if u.instrs[p].kind == Load {
							prev = p
							break
						}
					}
					dep := map[string]map[[2]int]bool{"dd": u.dd, "cd": u.cd}[f[3]]
					if prev < 0 || dep == nil {
						panic("bad dependency in " + ins)
					}
					dep[[2]int{prev, i}] = true
				}
			default:
				panic("bad litmus instruction " + ins)
			}
		}
	}
	for _, r := range reads {
		u.seedOf[r.load] = -1
		if r.value == 0 {
			continue
		}
		found := false
		for s, in := range u.instrs {
			if in.kind == Store && in.addr == r.addr && in.value == r.value {
				u.seedOf[r.load], found = s, true
			}
		}
		if !found {
			panic(fmt.Sprintf("no store for load %d", r.load))
		}
	}
	return u
}

// satisfiable solves Θ (refining lazily with lemmas) under assumptions.
func satisfiable(t testing.TB, m *Model, u Universe, opts Options, assume ...z.Lit) bool {
	t.Helper()
	inst, err := Instantiate(m, u, opts)
	if err != nil {
		t.Fatal(err)
	}
	return solveInstance(inst, u.Circuit(), assume...)
}

func solveInstance(inst *Instance, c *logic.C, assume ...z.Lit) bool {
	g := gini.New()
	mark, _ := c.CnfSince(g, nil, inst.Constraint())
	g.Add(inst.Constraint())
	g.Add(0)
	clauses, err := inst.Clauses()
	if err != nil {
		panic(err) // no context: cannot be canceled
	}
	for cl := range clauses.All() {
		mark, _ = c.CnfSince(g, mark, cl...)
		for _, l := range cl {
			g.Add(l)
		}
		g.Add(0)
	}
	for round := 0; ; round++ {
		if round > 10000 {
			panic("lazy refinement does not converge")
		}
		g.Assume(assume...)
		if g.Solve() != 1 {
			return false
		}
		value := func(l z.Lit) bool {
			if l.Var() > g.MaxVar() {
				return false
			}
			return g.Value(l)
		}
		lemmas := inst.Lemmas(value)
		if len(lemmas) == 0 {
			return true
		}
		for _, cl := range lemmas {
			mark, _ = c.CnfSince(g, mark, cl...)
			for _, l := range cl {
				g.Add(l)
			}
			g.Add(0)
		}
	}
}

// allOptions are the encodings every equivalence test runs.
var allOptions = []Options{
	{Encoding: Generic},
	{Encoding: Optimized, Transitivity: Sparse},
	{Encoding: Optimized, Transitivity: Sparse, PlainOrderGraph: true},
	{Encoding: Optimized, Transitivity: Eager},
	{Encoding: Optimized, Transitivity: Lazy},
}

func mustBuiltin(t testing.TB, name string) *Model {
	t.Helper()
	m, ok := Builtin(name)
	if !ok {
		t.Fatalf("no built-in model %s", name)
	}
	return m
}
