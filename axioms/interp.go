package axioms

import (
	"context"

	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/internal/limits"
)

// interp interprets the predefined symbols over a Universe (§5.4.1 step
// 3). Static facts are tabulated once; dynamic atoms are memoized in slices
// indexed by instruction numbers, so repeated instances cost a load.
type interp struct {
	u      Universe
	c      *logic.C
	n      int
	kinds  []InstrKind
	guards []z.Lit
	fences []uint8 // bit p-pLLFence set when fence predicate p holds
	po     bitMatrix
	atomic bitMatrix

	// sortDom lists the instructions of each sort; sortPos maps an
	// instruction to its position in sortDom (-1 if not of the sort).
	sortDom [SortFence + 1][]int32
	sortPos [SortFence + 1][]int32

	aliased, seed, dataDep, ctrlDep []z.Lit // n*n, 0 = not yet asked
	hasSeed                         []z.Lit // n

	lim *expansionLimits // --timeout, --max-memory, Ctrl-C

	implications *guardImplications // guardImplies's cache, made on first use
}

// guardImplies is implies(in.c, a, b, 256), cached per pair of guards.
func (in *interp) guardImplies(a, b z.Lit) bool {
	if in.implications == nil {
		in.implications = newGuardImplications(in.c, 256)
	}
	return in.implications.implies(a, b)
}

// bitMatrix is an n×n boolean matrix.
type bitMatrix struct {
	words int
	bits  []uint64
}

func newBitMatrix(n int) bitMatrix {
	w := (n + 63) / 64
	return bitMatrix{words: w, bits: make([]uint64, n*w)}
}

func (m bitMatrix) set(i, j int)      { m.bits[i*m.words+j/64] |= 1 << (j % 64) }
func (m bitMatrix) get(i, j int) bool { return m.bits[i*m.words+j/64]&(1<<(j%64)) != 0 }

var fenceNames = [...]string{"ll_fence", "ls_fence", "sl_fence", "ss_fence", "al_fence", "ddl_fence", "cd_fence"}

func newInterp(u Universe, ctx context.Context) *interp {
	n := u.NumInstrs()
	lim := newLimits(ctx)
	// the two bit matrices and the sort tables
	lim.reserve(limits.Mul(int64(n), int64((n+63)/64)*16) + int64(n)*int64(SortFence+1)*8)
	in := &interp{
		lim:    lim,
		u:      u,
		c:      u.Circuit(),
		n:      n,
		kinds:  make([]InstrKind, n),
		guards: make([]z.Lit, n),
		fences: make([]uint8, n),
		po:     newBitMatrix(n),
		atomic: newBitMatrix(n),
	}
	for s := SortInstruction; s <= SortFence; s++ {
		in.sortPos[s] = make([]int32, n)
	}
	for i := 0; i < n; i++ {
		k := u.Kind(i)
		in.kinds[i] = k
		in.guards[i] = u.Guard(i)
		if k == Fence {
			for p, name := range fenceNames {
				if u.FencePred(i, name) {
					in.fences[i] |= 1 << p
				}
			}
		}
		for s := SortInstruction; s <= SortFence; s++ {
			if s.Has(k) {
				in.sortPos[s][i] = int32(len(in.sortDom[s]))
				in.sortDom[s] = append(in.sortDom[s], int32(i))
			} else {
				in.sortPos[s][i] = -1
			}
		}
	}
	for i := 0; i < n; i++ {
		lim.check()
		for j := 0; j < n; j++ {
			if i != j && u.ProgramOrder(i, j) {
				in.po.set(i, j)
			}
			if u.Atomic(i, j) {
				in.atomic.set(i, j)
			}
		}
	}
	return in
}

// table allocates a memo table on first use.
func (in *interp) table(t *[]z.Lit, size int) []z.Lit {
	if *t == nil {
		in.lim.reserve(limits.Mul(int64(size), 4))
		*t = make([]z.Lit, size)
	}
	return *t
}

// inSort reports whether instruction i has sort s.
func (in *interp) inSort(i int32, s Sort) bool { return s.Has(in.kinds[i]) }

// constLit turns a Go boolean into a circuit constant.
func (in *interp) constLit(b bool) z.Lit {
	if b {
		return in.c.T
	}
	return in.c.F
}

// atom is the value of predefined symbol p on instructions args, which
// must be in the symbol's domain (callers check sorts first).
func (in *interp) atom(p predef, args []int32) z.Lit {
	switch p {
	case pAccess, pLoad, pStore, pFence:
		var s Sort
		switch p {
		case pAccess:
			s = SortAccess
		case pLoad:
			s = SortLoad
		case pStore:
			s = SortStore
		default:
			s = SortFence
		}
		return in.constLit(in.inSort(args[0], s))
	case pLLFence, pLSFence, pSLFence, pSSFence, pALFence, pDDLFence, pCDFence:
		return in.constLit(in.fences[args[0]]&(1<<(p-pLLFence)) != 0)
	case pProgramOrder:
		return in.constLit(in.po.get(int(args[0]), int(args[1])))
	case pAtomic:
		return in.constLit(in.atomic.get(int(args[0]), int(args[1])))
	case pHasSeed:
		t := in.table(&in.hasSeed, in.n)
		l := args[0]
		if t[l] == 0 {
			t[l] = in.u.HasSeed(int(l))
		}
		return t[l]
	}
	i, j := int(args[0]), int(args[1])
	switch p {
	case pAliased:
		if i == j {
			return in.c.T
		}
		t := in.table(&in.aliased, in.n*in.n)
		if t[i*in.n+j] == 0 {
			a := in.u.Aliased(i, j)
			t[i*in.n+j], t[j*in.n+i] = a, a
		}
		return t[i*in.n+j]
	case pSeed:
		t := in.table(&in.seed, in.n*in.n)
		if t[i*in.n+j] == 0 {
			t[i*in.n+j] = in.u.Seed(i, j)
		}
		return t[i*in.n+j]
	case pDataDependent, pControlDependent:
		// Dependencies only go forward within a thread (§3.4.2: i <_D j
		// implies i ≺ j), so the Universe is asked only about such pairs.
		if !in.po.get(i, j) {
			return in.c.F
		}
		tab := &in.dataDep
		if p == pControlDependent {
			tab = &in.ctrlDep
		}
		t := in.table(tab, in.n*in.n)
		if t[i*in.n+j] == 0 {
			if p == pDataDependent {
				t[i*in.n+j] = in.u.DataDependent(i, j)
			} else {
				t[i*in.n+j] = in.u.ControlDependent(i, j)
			}
		}
		return t[i*in.n+j]
	}
	panic("axioms: unknown predefined symbol")
}
