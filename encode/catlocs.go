package encode

import (
	"fmt"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/encode/bv"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Locations of a cat model. A cat model has one initial write per
// location. The locations the range analysis lists for the accesses get
// one each (CatInstance.Locs). An access whose addresses the analysis
// cannot list (a pointer summarized as "any", lsl.AbsVal.PtrTop: an index
// computed from unbounded numbers) compares its symbolic address with
// every listed location, as Ψ compares it with every store on the .mm
// models; and for the cells no listed location covers, each such access
// a brings a symbolic initial write IW_a: the initial write of the cell at
// a's address, executed when a is, its address is none of the listed
// locations, and no such access before it (in Events order) has the same
// address. So every cell an execution touches has exactly one executed
// initial write, whether its address was listed or not, and the cat
// relations over these events are those of herd's candidate execution
// (docs/semantics.md, "Locations of a cat model").
//
// A global's tags annotate the initial writes of its cells. When the
// globals an unbounded access may reach carry different tags, IW_a is
// split by the base of the address, one event per tag set.

// symbolicIW is the symbolic initial write of the cell at the address of
// access instr, when that cell's block is one of bases (nil: any block).
type symbolicIW struct {
	instr int
	bases []int64
	guard z.Lit
}

// mayHoldPointer reports whether the range analysis' summary abs may hold the
// pointer p.
func mayHoldPointer(abs *lsl.AbsVal, p []int64) bool {
	if abs == nil {
		return false
	}
	if !abs.PtrTop {
		ptrs, _ := abs.Pointers()
		for _, q := range ptrs {
			if ptrEqual(p, q) {
				return true
			}
		}
		return false
	}
	if len(p) > abs.PtrTopLen {
		return false
	}
	for _, n := range p {
		if n < abs.PtrTopComps[0] || n > abs.PtrTopComps[1] {
			return false
		}
	}
	return true
}

// locTags are the tags of the initial writes of the cells of block base.
func (ci *CatInstance) locTags(base int64) []string {
	var tags []string
	if g := base; g >= 1 && int(g) <= len(ci.e.U.Prog.Globals) {
		tags = ci.e.U.Prog.Globals[g-1].Tags
		if ci.m.C11 != nil {
			tags = withoutC11(tags)
		}
	}
	return tags
}

// symbolicInitialWrites adds the symbolic initial writes of the accesses
// whose addresses are unbounded (instruction indices, in order).
func (ci *CatInstance) symbolicInitialWrites(unbounded []int) {
	c, vx := ci.c, ci.e.vx
	// the tag sets of the blocks: globals by their tags, every other
	// block (allocated, local) has none
	groups := map[string][]int64{}
	var order []string
	for g := range ci.e.U.Prog.Globals {
		k := fmt.Sprint(ci.locTags(int64(g + 1)))
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], int64(g+1))
	}
	untagged := fmt.Sprint([]string(nil))
	split := len(order) > 1 || len(order) == 1 && order[0] != untagged
	var earlier []z.Lit // G_b ∧ b's address is unlisted, per earlier access b
	for x, i := range unbounded {
		in := ci.e.Instrs[i]
		abs := ci.e.Ranges.Addr(in.ID)
		unlisted := in.Guard
		for _, p := range ci.Locs {
			if mayHoldPointer(abs, p) {
				unlisted = c.And(unlisted, vx.ptrEq(in.Addr, vx.constVal(lsl.Value{Kind: lsl.KPtr, Ptr: p})).Not())
			}
		}
		first := unlisted
		for y, b := range unbounded[:x] {
			first = c.And(first, c.And(earlier[y], vx.ptrEq(ci.e.Instrs[b].Addr, in.Addr)).Not())
		}
		earlier = append(earlier, unlisted)
		if !split {
			ci.addSymbolicIW(symbolicIW{instr: i, guard: first}, nil)
			continue
		}
		// one event per tag set, by the base of the address; blocks that
		// are no global form the untagged set with the untagged globals
		var tagged []int64
		for _, k := range order {
			if k == untagged {
				continue
			}
			bases := groups[k]
			tagged = append(tagged, bases...)
			ci.addSymbolicIW(symbolicIW{instr: i, bases: bases, guard: c.And(first, ci.baseIn(in, bases))}, ci.locTags(bases[0]))
		}
		ci.addSymbolicIW(symbolicIW{instr: i, guard: c.And(first, ci.baseIn(in, tagged).Not())}, nil)
	}
}

func (ci *CatInstance) addSymbolicIW(s symbolicIW, tags []string) {
	if s.guard == ci.c.F {
		return
	}
	ci.Events = append(ci.Events, CatEvent{Instr: -1, Loc: len(ci.Locs) + len(ci.sym), Kind: cat.Write, Thread: -1, Tags: tags, Access: len(ci.Events)})
	ci.guards = append(ci.guards, s.guard)
	ci.sym = append(ci.sym, s)
}

// baseIn is "the access's address is in one of the blocks bases".
func (ci *CatInstance) baseIn(in *Instr, bases []int64) z.Lit {
	c := ci.c
	l := c.F
	for _, b := range bases {
		l = c.Or(l, bv.Eq(c, in.Addr.Ptr[0], bv.Const(c, b, ci.e.vx.w)))
	}
	return l
}

// atSymbolic is "access in is at the location of symbolic initial write j":
// j executes and in has its address.
func (ci *CatInstance) atSymbolic(in *Instr, j int) z.Lit {
	s := ci.sym[j]
	if s.instr == in.Index {
		return s.guard
	}
	return ci.c.And(s.guard, ci.e.vx.ptrEq(in.Addr, ci.e.Instrs[s.instr].Addr))
}

// symbolicName names the location of symbolic initial write j for
// messages: the address of its access.
func (ci *CatInstance) symbolicName(j int) string {
	in := ci.e.Instrs[ci.sym[j].instr]
	if x := in.Expr(); x != "" {
		return x
	}
	return fmt.Sprintf("(address of %s at %s)", in.Kind, in.Pos())
}

// numLocs is the number of locations: the listed ones, then those of the
// symbolic initial writes.
func (ci *CatInstance) numLocs() int { return len(ci.Locs) + len(ci.sym) }

// addresses are the locations the range analysis lists for an access, and
// whether the list is complete (never with Options.CatUnlistedLocations).
func (ci *CatInstance) addresses(in *Instr) ([][]int64, bool) {
	if ci.unlisted {
		return nil, false
	}
	return ci.e.Ranges.Addr(in.ID).Pointers()
}
