package refcheck

import "github.com/checkfence/checkfence/lsl"

// separated writes two accesses of different globals with a separator
// between them (GenConfig.Separators), the shape of the litmus tests (SB,
// MP, LB, 2+2W with a barrier in each thread), and returns the accesses on
// its longest path; a separator alone when the budget has no room.
func (g *gen) separated(depth int, v string, budget int) int {
	if budget < 3 || len(g.vars) < 2 {
		return g.separator(depth, v, budget)
	}
	w := g.vars[g.xr.Intn(len(g.vars))]
	for "@"+w == v {
		w = g.vars[g.xr.Intn(len(g.vars))]
	}
	access := func(at string, name string) {
		if g.xr.Intn(2) == 0 {
			g.line(depth, "store %s, %d", at, 1+g.xr.Intn(2))
			return
		}
		r := g.reg("r")
		g.line(depth, "%s := load %s", r, at)
		g.observeLoad(depth, r, name)
	}
	access(v, v[1:])
	used := g.separator(depth, "@"+g.vars[g.xr.Intn(len(g.vars))], budget-2)
	access("@"+w, w)
	return used + 2
}

// separator writes a statement that separates a thread's accesses
// (GenConfig.Separators) on global v and returns its accesses: a fence of
// any kind, or an atomic block that is a CAS (it stores only when it
// reads a given value, so it may fail), an exchange (it always loads and
// stores), a block that only loads or one that only stores. On x86 the
// first two are locked instructions and the others plain accesses; the
// .mm models and their cat twins must order through each alike.
func (g *gen) separator(depth int, v string, budget int) int {
	kind := g.xr.Intn(5)
	if budget < 2 && kind >= 1 || g.cfg.FenceSeparators {
		kind = 0
	}
	switch kind {
	case 0:
		kinds := lsl.FenceKinds()
		g.line(depth, "fence %s", kinds[g.xr.Intn(len(kinds))])
		return 0
	case 1:
		g.casBlock(depth, v)
		return 2
	case 2:
		r := g.reg("r")
		g.line(depth, "atomic {")
		g.line(depth+1, "%s := load %s", r, v)
		g.line(depth+1, "store %s, %d", v, g.constant())
		g.line(depth, "}")
		return 2
	case 3:
		r := g.reg("r")
		g.line(depth, "atomic {")
		g.line(depth+1, "%s := load %s", r, v)
		g.line(depth, "}")
		return 1
	default:
		g.line(depth, "atomic {")
		g.line(depth+1, "store %s, %d", v, g.constant())
		g.line(depth, "}")
		return 1
	}
}
