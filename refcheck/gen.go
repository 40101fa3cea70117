package refcheck

import (
	"fmt"
	"math/rand"
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// GenConfig sizes the random programs of Generate.
type GenConfig struct {
	MaxThreads     int // concurrent threads: 2..MaxThreads
	MaxOps         int // operations per concurrent thread: 1..MaxOps
	ThreadAccesses int // loads and stores per concurrent thread, at most
	TotalAccesses  int // loads and stores of all concurrent threads, at most
	// Unbounded also writes retry loops without a counter, which only
	// converge under fair progress (refcheck.Options.Unfair false).
	Unbounded bool
	// ReloadLoops makes reload loops (gen.reloadLoop) frequent.
	ReloadLoops bool
	// ExchangeSpins makes wait loops on an exchange (gen.waitLoop, a
	// test-and-set spin) frequent.
	ExchangeSpins bool
	// FaintCounters makes every wait loop count its rounds in registers
	// nothing reads (lsl.FaintRegisters): without the rule for faint
	// registers such a loop never converges.
	FaintCounters bool
	// ChainRounds makes wait loops whose rounds take a global with a
	// read-modify-write and put its value back with another (gen.chainLoop,
	// polling under a lock): only the rule for chains of
	// read-modify-writes makes them converge.
	ChainRounds bool
	// SpuriousWakeups makes every wait loop that goes round choose
	// whether the round woke spuriously (a load tagged
	// lsl.TagSpuriousWakeup): such rounds never make a livelock.
	SpuriousWakeups bool
	// PushLoops makes reload loops that store into a fresh node in every
	// round, as Treiber's push does (gen.pushLoop), publishing it in Q
	// before or after the loop or not at all, and loads through Q
	// (gen.peekNode): storing reload rounds into unpublished blocks.
	PushLoops bool
	// FullyFenced puts a full fence after every access and atomic block
	// (fenceEverything).
	FullyFenced bool
	// Separators makes many of a thread's top-level statements a
	// separator between its accesses (gen.separator): a fence of any
	// kind or an atomic block of another shape, as litmus tests put
	// barriers and locked instructions between accesses.
	Separators bool
	// FenceSeparators: the separators are fences only (models whose
	// atomic blocks differ from their references', TestCatHerdTwinsRandom).
	FenceSeparators bool
}

// SmallGen keeps programs small enough for hundreds of cases a minute.
var SmallGen = GenConfig{MaxThreads: 3, MaxOps: 2, ThreadAccesses: 3, TotalAccesses: 6, Unbounded: true}

// ReloadGen favours the C11 retry idiom whose first round may be a reload
// round, with room for its CAS form (TestDiffReloadRounds).
var ReloadGen = GenConfig{MaxThreads: 3, MaxOps: 2, ThreadAccesses: 5, TotalAccesses: 8, Unbounded: true, ReloadLoops: true}

// SilentGen favours test-and-set spins, whose failed rounds store
// silently (TestDiffSilentRMW).
var SilentGen = GenConfig{MaxThreads: 3, MaxOps: 2, ThreadAccesses: 4, TotalAccesses: 8, Unbounded: true, ExchangeSpins: true}

// FaintGen gives wait loops counters nothing reads, and favours
// test-and-set spins (TestDiffFaintCounters).
var FaintGen = GenConfig{MaxThreads: 3, MaxOps: 2, ThreadAccesses: 4, TotalAccesses: 8, Unbounded: true, ExchangeSpins: true, FaintCounters: true}

// ChainGen favours wait loops whose rounds are chains of
// read-modify-writes (TestDiffChainRounds).
var ChainGen = GenConfig{MaxThreads: 2, MaxOps: 1, ThreadAccesses: 6, TotalAccesses: 8, Unbounded: true, ChainRounds: true}

// SpuriousGen marks some rounds of wait loops as spurious wakeups and
// favours test-and-set spins (TestDiffSpuriousWakeups).
var SpuriousGen = GenConfig{MaxThreads: 3, MaxOps: 2, ThreadAccesses: 4, TotalAccesses: 8, Unbounded: true, ExchangeSpins: true, SpuriousWakeups: true}

// PushGen favours pushes of fresh nodes and readers of them
// (TestDiffUnpublishedReloads).
var PushGen = GenConfig{MaxThreads: 3, MaxOps: 1, ThreadAccesses: 7, TotalAccesses: 10, Unbounded: true, PushLoops: true}

// SepGen favours fences and atomic blocks of every shape between
// straight-line accesses (TestCatTwinsRandom).
var SepGen = GenConfig{MaxThreads: 3, MaxOps: 1, ThreadAccesses: 6, TotalAccesses: 14, Separators: true}

// SepFenceGen is SepGen with fences only between the accesses.
var SepFenceGen = GenConfig{MaxThreads: 3, MaxOps: 1, ThreadAccesses: 6, TotalAccesses: 14, Separators: true, FenceSeparators: true}

// SmallSepGen is SepGen with two threads, small enough for the reference's
// exploration on every model (TestDiffSeparators, fuzzdiff -sep).
var SmallSepGen = GenConfig{MaxThreads: 2, MaxOps: 1, ThreadAccesses: 5, TotalAccesses: 10, Separators: true}

// LargeGen is for long runs.
var LargeGen = GenConfig{MaxThreads: 3, MaxOps: 2, ThreadAccesses: 6, TotalAccesses: 10, Unbounded: true}

// Generate returns a random concurrent LSL program with one test, as the
// text of a case file (see ParseCase): globals X, Y and sometimes Z and a
// pointer P; operations of loads and stores of small constants, branches
// on loaded values, fences of every kind, CAS-like atomic blocks,
// nondeterministic choice, asserts and assumes, spin loops and loads
// through pointers, each operation observing what it loads; optional init
// and final operations (the final one observes the final values). The
// same seed gives the same program.
func Generate(seed int64, cfg GenConfig) string {
	g := &gen{r: rand.New(rand.NewSource(seed)), xr: rand.New(rand.NewSource(seed ^ 0x5117e47)), cfg: cfg}
	src := g.program(seed)
	if cfg.FullyFenced {
		src = fenceEverything(src)
	}
	return src
}

type gen struct {
	r *rand.Rand
	// xr draws the forms added later (the exchange retry), so that the
	// programs of the seeds that do not use them stay as they were
	xr    *rand.Rand
	cfg   GenConfig
	vars  []string // the scalar globals
	ptr   bool     // global P holds a pointer to one of vars
	b     strings.Builder
	regs  int
	loads []string          // registers holding loaded numbers in the current op
	from  map[string]string // the global each of loads was read from ("" through P)
	picks []string          // registers holding chosen numbers
	left  int               // accesses left for the current thread
	total int               // accesses left for all concurrent threads
	loops int               // loops written so far (labels)
}

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

func (g *gen) pick(xs []string) string { return xs[g.r.Intn(len(xs))] }

func (g *gen) constant() int { return g.r.Intn(3) }

func (g *gen) line(depth int, format string, args ...any) {
	g.b.WriteString(strings.Repeat("    ", depth+1))
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteByte('\n')
}

func (g *gen) reg(prefix string) string {
	g.regs++
	return fmt.Sprintf("%%%s%d", prefix, g.regs)
}

func (g *gen) program(seed int64) string {
	g.vars = []string{"X", "Y"}
	if g.chance(0.4) {
		g.vars = append(g.vars, "Z")
	}
	g.ptr = g.chance(0.35)
	fmt.Fprintf(&g.b, "// generated by refcheck.Generate, seed %d\n", seed)
	var procs strings.Builder
	for _, v := range g.vars {
		if g.chance(0.2) {
			fmt.Fprintf(&g.b, "global %s = %d\n", v, 1+g.r.Intn(2))
		} else {
			fmt.Fprintf(&g.b, "global %s\n", v)
		}
	}
	if g.ptr {
		fmt.Fprintf(&g.b, "global P = @%s\n", g.pick(g.vars))
	}
	if g.cfg.PushLoops {
		g.b.WriteString("struct cell { f }\nglobal Q\n")
	}
	header := g.b.String()
	g.b.Reset()

	var init, final []string
	if g.chance(0.4) {
		init = append(init, "init")
		g.b.WriteString("\nproc init() {\n")
		g.line(0, `observe label "init"`)
		for _, v := range g.vars {
			if g.chance(0.5) {
				g.line(0, "store @%s, %d", v, g.constant())
			}
		}
		g.b.WriteString("}\n")
	}
	g.total = g.cfg.TotalAccesses
	threads := 2 + g.r.Intn(max(1, g.cfg.MaxThreads-1))
	var ths []string
	for t := 1; t <= threads; t++ {
		g.left = min(g.cfg.ThreadAccesses, g.total-(threads-t)) // leave one for each later thread
		ops := 1 + g.r.Intn(max(1, g.cfg.MaxOps))
		var names []string
		for k := 0; k < ops; k++ {
			name := fmt.Sprintf("t%d%c", t, 'a'+k)
			names = append(names, name)
			g.op(name, k == ops-1)
		}
		ths = append(ths, strings.Join(names, " "))
	}
	if g.chance(0.6) {
		final = append(final, "final")
		g.b.WriteString("\nproc final() {\n")
		g.line(0, `observe label "final"`)
		for _, v := range g.vars {
			if g.chance(0.7) {
				r := g.reg("f")
				g.line(0, "%s := load @%s", r, v)
				g.line(0, `observe output "%s" %s`, v, r)
				if g.chance(0.25) {
					// the final thread checks what the threads did: it
					// must only run once every thread completed
					a := g.reg("a")
					g.line(0, "%s := ne(%s, %d)", a, r, g.constant())
					g.line(0, "assert %s", a)
				}
			}
		}
		g.b.WriteString("}\n")
	}
	procs.WriteString(g.b.String())
	test := "//# test T = "
	if len(init) > 0 {
		test += "init "
	}
	test += "( " + strings.Join(ths, " | ") + " )"
	if len(final) > 0 {
		test += " final"
	}
	return test + "\n" + header + procs.String()
}

// op writes one operation; last says it is the thread's last, which may
// use all the thread's remaining accesses.
func (g *gen) op(name string, last bool) {
	g.regs, g.loads, g.picks, g.from = 0, nil, nil, map[string]string{}
	fmt.Fprintf(&g.b, "\nproc %s() {\n", name)
	g.line(0, `observe label "%s"`, name)
	budget := g.left
	if !last {
		budget = (g.left + 1) / 2
	}
	used := g.stmts(0, budget)
	g.left -= used
	g.total -= used
	g.b.WriteString("}\n")
}

// stmts writes one to three statements using at most budget accesses on
// any path, and returns the accesses of the longest path.
func (g *gen) stmts(depth, budget int) int {
	used := 0
	n := 1 + g.r.Intn(3)
	if g.cfg.Separators && depth == 0 {
		n = 2 + g.xr.Intn(2) // accesses with separators between them
	}
	for i := 0; i < n; i++ {
		used += g.stmt(depth, budget-used)
	}
	return used
}

// retryLoop writes a loop that retries while it reads a given value, at
// most two or three times (a counter bounds it, so lazy unrolling
// converges with or without fair progress): a plain re-read, a CAS-like
// atomic block that stores only when it reads the expected value, or an
// exchange that retries while it reads the value it writes. It
// counts as one access per iteration on the longest path; the loaded value
// is observed after the loop.
func (g *gen) retryLoop(depth int, v, vname string, budget int) int {
	cas := budget >= 4 && g.chance(0.5)
	per := 1
	if cas {
		per = 2
	}
	iters := min(2+g.r.Intn(2), budget/per)
	g.loops++
	label := fmt.Sprintf("l%d", g.loops)
	n, r, c, m, a := g.reg("i"), g.reg("r"), g.reg("c"), g.reg("m"), g.reg("a")
	g.line(depth, "%s := 0", n)
	g.line(depth, "%s: {", label)
	if cas {
		expect, val := g.constant(), g.constant()
		g.line(depth+1, "atomic {")
		g.line(depth+2, "%s := load %s", r, v)
		if g.xr.Float64() < 0.3 {
			// an exchange that retries while it reads what it writes, as
			// a test-and-set lock does: its failed rounds store silently
			// (encode/silent.go)
			g.line(depth+2, "store %s, %d", v, val)
			g.line(depth+1, "}")
			g.line(depth+1, "%s := eq(%s, %d)", c, r, val)
		} else {
			g.line(depth+2, "%s := ne(%s, %d)", c, r, expect)
			g.line(depth+2, "if %s { } else { store %s, %d }", c, v, val)
			g.line(depth+1, "}")
		}
	} else {
		g.line(depth+1, "%s := load %s", r, v)
		g.line(depth+1, "%s := eq(%s, %d)", c, r, g.constant())
	}
	g.line(depth+1, "%s := add(%s, 1)", n, n)
	g.line(depth+1, "%s := lt(%s, %d)", m, n, iters)
	g.line(depth+1, "%s := and(%s, %s)", a, c, m)
	g.line(depth+1, "if %s { continue %s }", a, label)
	g.line(depth, "}")
	g.observeLoad(depth, r, vname)
	return per * iters
}

// reloadLoop writes the C11 retry idiom whose first round may be a reload
// round (encode/reload.go): a load before the loop, maybe a fence, then
// rounds that re-read the global (a plain load, or with budget a CAS-like
// atomic block that stores when it reads what the thread holds) and, when
// the value differs, take it as the new one — retrying only after reading
// a given constant, so the loop goes round at most twice and converges
// with or without the rule. Fences after the re-read are of the kind
// before the loop or of another. The last value held is observed.
func (g *gen) reloadLoop(depth int, v, vname string, budget int) int {
	cas := budget >= 5 && g.chance(0.5)
	kinds := []lsl.FenceKind{lsl.FenceLoadLoad, lsl.FenceLoadStore, lsl.FenceAliasedLoads, lsl.FenceFull}
	g.loops++
	label := fmt.Sprintf("l%d", g.loops)
	t, c, s, e := g.reg("t"), g.reg("c"), g.reg("s"), g.reg("e")
	g.line(depth, "%s := load %s", t, v)
	var fence lsl.FenceKind
	if g.chance(0.6) {
		fence = kinds[g.r.Intn(len(kinds))]
		g.line(depth, "fence %s", fence)
	}
	g.line(depth, "%s: {", label)
	if cas {
		g.line(depth+1, "atomic {")
		g.line(depth+2, "%s := load %s", c, v)
		g.line(depth+2, "%s := eq(%s, %s)", s, c, t)
		g.line(depth+2, "if %s { store %s, %d }", s, v, g.constant())
		g.line(depth+1, "}")
	} else {
		g.line(depth+1, "%s := load %s", c, v)
		g.line(depth+1, "%s := eq(%s, %s)", s, c, t)
	}
	if fence != 0 && g.chance(0.7) {
		if g.chance(0.3) {
			fence = kinds[g.r.Intn(len(kinds))]
		}
		g.line(depth+1, "fence %s", fence)
	}
	g.line(depth+1, "if %s { } else {", s)
	g.line(depth+2, "%s := %s", t, c)
	g.line(depth+2, "%s := eq(%s, %d)", e, c, g.constant())
	g.line(depth+2, "if %s { continue %s }", e, label)
	g.line(depth+1, "}")
	g.line(depth, "}")
	g.observeLoad(depth, t, vname)
	if cas {
		return 5
	}
	return 3
}

// pushLoop writes Treiber's push on a global: a fresh node whose field
// gets the loaded value in every round, a CAS-like atomic block that
// stores a constant when it reads the loaded value, and a retry with the
// value read while it is a given constant (so the loop converges). The
// node is published in Q before the loop (with its field set), after it,
// or never. It counts as six accesses; the loaded value is observed.
func (g *gen) pushLoop(v, vname string, budget int) int {
	g.loops++
	label := fmt.Sprintf("l%d", g.loops)
	n, f, t, c, s, e := g.reg("n"), g.reg("f"), g.reg("t"), g.reg("c"), g.reg("s"), g.reg("e")
	g.line(0, "%s := alloc fresh cell", n)
	g.line(0, "%s := offset(%s, 0)", f, n)
	before := g.chance(0.3)
	if before {
		g.line(0, "store %s, %d", f, 3+g.constant())
		g.line(0, "store @Q, %s", n)
	}
	g.line(0, "%s := load %s", t, v)
	g.line(0, "%s: {", label)
	g.line(1, "store %s, %s", f, t)
	g.line(1, "atomic {")
	g.line(2, "%s := load %s", c, v)
	g.line(2, "%s := eq(%s, %s)", s, c, t)
	g.line(2, "if %s { store %s, %d }", s, v, g.constant())
	g.line(1, "}")
	g.line(1, "if %s { } else {", s)
	g.line(2, "%s := %s", t, c)
	g.line(2, "%s := eq(%s, %d)", e, c, g.constant())
	g.line(2, "if %s { continue %s }", e, label)
	g.line(1, "}")
	g.line(0, "}")
	if !before && g.chance(0.6) {
		g.line(0, "store @Q, %s", n)
	}
	g.observeLoad(0, t, vname)
	return min(budget, 6)
}

// peekNode writes a load of Q and, when it holds a node, a load of the
// node's field, observed.
func (g *gen) peekNode(depth int) int {
	p, z, f, x := g.reg("p"), g.reg("z"), g.reg("f"), g.reg("x")
	g.line(depth, "%s := load @Q", p)
	g.line(depth, "%s := eq(%s, 0)", z, p)
	g.line(depth, "if %s { } else {", z)
	g.line(depth+1, "%s := offset(%s, 0)", f, p)
	g.line(depth+1, "%s := load %s", x, f)
	g.line(depth+1, `observe output "%s" %s`, x[1:], x)
	g.line(depth, "}")
	return 2
}

// waitLoop writes a loop that re-reads a global until it differs from a
// value, with no counter: whether it ends depends on other threads (or on
// the initial value), so it converges only under fair progress, and a
// value nobody changes makes it a livelock. With budget for it, the loop
// raises a flag in another global around the read and lowers it again (a
// back-off): its stores make an iteration count only when someone reads
// them. Or, with budget, the read is an exchange that writes the value
// the loop waits to go (a test-and-set lock). The loaded value is observed
// after the loop.
func (g *gen) waitLoop(depth int, v, vname string, budget int) int {
	g.loops++
	label := fmt.Sprintf("l%d", g.loops)
	r, c := g.reg("r"), g.reg("c")
	flag := ""
	if budget >= 3 && !g.cfg.ExchangeSpins && g.chance(0.4) {
		for _, w := range g.vars {
			if "@"+w != v {
				flag = "@" + w
				break
			}
		}
	}
	k := g.constant()
	xchg := flag == "" && budget >= 2 && (g.cfg.ExchangeSpins || g.xr.Float64() < 0.4)
	var tries, step string
	if g.cfg.FaintCounters {
		// counters of the rounds that nothing reads: a chain through
		// step, which doubles
		tries, step = g.reg("k"), g.reg("s")
		g.line(depth, "%s := 0", tries)
		g.line(depth, "%s := 1", step)
	}
	g.line(depth, "%s: {", label)
	if flag != "" {
		g.line(depth+1, "store %s, 1", flag)
	}
	if tries != "" {
		g.line(depth+1, "%s := add(%s, %s)", tries, tries, step)
		g.line(depth+1, "%s := mul(%s, 2)", step, step)
	}
	if xchg {
		// a test-and-set: exchange, and retry while it read what it
		// wrote (its failed rounds store silently, encode/silent.go)
		g.line(depth+1, "atomic {")
		g.line(depth+2, "%s := load %s", r, v)
		g.line(depth+2, "store %s, %d", v, k)
		g.line(depth+1, "}")
	} else {
		g.line(depth+1, "%s := load %s", r, v)
	}
	if flag != "" {
		g.line(depth+1, "store %s, 0", flag)
	}
	g.line(depth+1, "%s := eq(%s, %d)", c, r, k)
	if g.cfg.SpuriousWakeups {
		// the round goes round as a spurious wakeup or not
		w, z := g.reg("w"), g.reg("z")
		g.line(depth+1, "if %s {", c)
		g.line(depth+2, "%s := choose 0 .. 1", w)
		g.line(depth+2, "%s := eq(%s, 0)", z, w)
		g.line(depth+2, "if %s { } else { %s := load<%s> %s }", z, g.reg("x"), lsl.TagSpuriousWakeup, v)
		g.line(depth+2, "continue %s", label)
		g.line(depth+1, "}")
	} else {
		g.line(depth+1, "if %s { continue %s }", c, label)
	}
	g.line(depth, "}")
	g.observeLoad(depth, r, vname)
	switch {
	case flag != "":
		return 3
	case xchg:
		return 2
	}
	return 1
}

// chainLoop writes a loop that polls another global under a lock on v:
// each round exchanges a constant into v, reads the other global, and puts
// back what the exchange read with a second read-modify-write (which may
// first assert that v still holds the constant, like an unlock); it goes
// round while the other global holds a value. A round that goes round is
// a chain of read-modify-writes that writes back what it read
// (encode/chain.go). The polled value is observed after the loop.
func (g *gen) chainLoop(depth int, v, vname string) int {
	g.loops++
	label := fmt.Sprintf("l%d", g.loops)
	r, f, u, c := g.reg("r"), g.reg("f"), g.reg("u"), g.reg("c")
	other := vname
	for other == vname {
		other = g.pick(g.vars)
	}
	k, w := g.constant(), g.constant()
	g.line(depth, "%s: {", label)
	g.line(depth+1, "atomic {")
	g.line(depth+2, "%s := load %s", r, v)
	g.line(depth+2, "store %s, %d", v, k)
	g.line(depth+1, "}")
	g.line(depth+1, "%s := load @%s", f, other)
	g.line(depth+1, "atomic {")
	g.line(depth+2, "%s := load %s", u, v)
	if g.chance(0.5) {
		h := g.reg("h")
		g.line(depth+2, "%s := eq(%s, %d)", h, u, k)
		g.line(depth+2, `assert %s "not held"`, h)
	}
	g.line(depth+2, "store %s, %s", v, r)
	g.line(depth+1, "}")
	g.line(depth+1, "%s := eq(%s, %d)", c, f, w)
	g.line(depth+1, "if %s { continue %s }", c, label)
	g.line(depth, "}")
	g.observeLoad(depth, f, other)
	return 5
}

// memoryCounter writes a loop whose state is in memory: it increments a
// global until it reaches 2, storing every step. Each iteration's store is
// read by the next one, so no iteration repeats another, with or without
// fair progress; it ends within three iterations unless other threads
// store to the global. The last value loaded is observed after the loop.
func (g *gen) memoryCounter(depth int, v, vname string) int {
	g.loops++
	label := fmt.Sprintf("l%d", g.loops)
	r, c, n := g.reg("r"), g.reg("c"), g.reg("s")
	g.line(depth, "%s: {", label)
	g.line(depth+1, "%s := load %s", r, v)
	g.line(depth+1, "%s := lt(%s, 2)", c, r)
	g.line(depth+1, "if %s {", c)
	g.line(depth+2, "%s := add(%s, 1)", n, r)
	g.line(depth+2, "store %s, %s", v, n)
	g.line(depth+2, "continue %s", label)
	g.line(depth+1, "}")
	g.line(depth, "}")
	g.observeLoad(depth, r, vname)
	return 4
}

// observeLoad observes the value register r loaded from global from after
// the statement, and records it as a loaded value (copyable).
func (g *gen) observeLoad(depth int, r, from string) {
	g.line(depth, `observe output "%s" %s`, r[1:], r)
	g.loads = append(g.loads, r)
	g.from[r] = from
}

// copyable lists the loaded registers that may be stored back.
func (g *gen) copyable() []string {
	var out []string
	for _, r := range g.loads {
		if g.from[r] != "" {
			out = append(out, r)
		}
	}
	return out
}

// stmt writes one statement and returns the number of accesses it has on
// its longest path.
func (g *gen) stmt(depth, budget int) int {
	vname := g.pick(g.vars)
	v := "@" + vname
	if g.cfg.Separators && depth == 0 && g.xr.Float64() < 0.6 {
		return g.separated(depth, v, budget)
	}
	if g.cfg.PushLoops && depth == 0 && budget >= 5 && g.chance(0.5) {
		return g.pushLoop(v, vname, budget)
	}
	if g.cfg.PushLoops && depth < 2 && budget >= 2 && g.chance(0.3) {
		return g.peekNode(depth)
	}
	if g.cfg.ReloadLoops && depth < 2 && budget >= 3 && g.chance(0.4) {
		return g.reloadLoop(depth, v, vname, budget)
	}
	if g.cfg.ExchangeSpins && depth < 2 && budget >= 2 && g.chance(0.35) {
		return g.waitLoop(depth, v, vname, budget)
	}
	if g.cfg.ChainRounds && depth < 2 && budget >= 5 && len(g.vars) > 1 && g.chance(0.5) {
		return g.chainLoop(depth, v, vname)
	}
	switch k := g.r.Intn(100); {
	case budget == 0 || k < 8:
		kinds := lsl.FenceKinds()
		if g.chance(0.4) {
			// the fences that depend on aliasing and dependencies
			kinds = []lsl.FenceKind{lsl.FenceAliasedLoads, lsl.FenceDataDependentLoads, lsl.FenceControlDependent}
		}
		g.line(depth, "fence %s", kinds[g.r.Intn(len(kinds))])
		return 0
	case k < 30:
		r := g.reg("r")
		g.line(depth, "%s := load %s", r, v)
		g.observeLoad(depth, r, vname)
		return 1
	case k < 48:
		g.line(depth, "store %s, %d", v, g.constant())
		return 1
	case k < 53 && len(g.copyable()) > 0:
		// Only back to the global it came from: copies between globals
		// could form out-of-thin-air cycles on relaxed, whose values the
		// reference does not enumerate (see doc.go).
		r := g.pick(g.copyable())
		g.line(depth, "store @%s, %s", g.from[r], r)
		return 1
	case k < 57 && len(g.picks) > 0:
		g.line(depth, "store %s, %s", v, g.pick(g.picks))
		return 1
	case k < 72 && depth < 2 && len(g.loads)+len(g.picks) > 0:
		c := g.reg("c")
		g.line(depth, "%s := eq(%s, %d)", c, g.pick(append(append([]string(nil), g.loads...), g.picks...)), g.constant())
		g.line(depth, "if %s {", c)
		saved := g.loads
		used := g.stmts(depth+1, budget)
		g.loads = saved
		if g.chance(0.5) {
			g.line(depth, "} else {")
			used = max(used, g.stmts(depth+1, budget))
			g.loads = saved
		}
		g.line(depth, "}")
		return used
	case k < 80 && budget >= 2:
		r := g.casBlock(depth, v)
		g.observeLoad(depth, r, vname)
		return 2
	case k < 84:
		r := g.reg("n")
		g.line(depth, "%s := choose 0 .. 1", r)
		g.line(depth, `observe input "%s" %s`, r[1:], r)
		g.picks = append(g.picks, r)
		return 0
	case k < 87 && len(g.loads) > 0:
		a := g.reg("a")
		g.line(depth, "%s := ne(%s, %d)", a, g.pick(g.loads), g.constant())
		g.line(depth, "assert %s", a)
		return 0
	case k < 89 && len(g.loads)+len(g.picks) > 0:
		a := g.reg("a")
		g.line(depth, "%s := ne(%s, %d)", a, g.pick(append(append([]string(nil), g.loads...), g.picks...)), g.constant())
		g.line(depth, "assume %s", a)
		return 0
	case k < 90 && depth < 2 && budget >= 2:
		return g.retryLoop(depth, v, vname, budget)
	case k < 91 && depth < 2 && g.cfg.Unbounded:
		return g.waitLoop(depth, v, vname, budget)
	case k < 92 && depth < 2 && budget >= 4:
		return g.memoryCounter(depth, v, vname)
	case k < 93:
		r, c := g.reg("r"), g.reg("c")
		label := fmt.Sprintf("w%d", g.regs)
		g.line(depth, "spin %s {", label)
		g.line(depth+1, "%s := load %s", r, v)
		g.line(depth+1, "%s := eq(%s, %d)", c, r, g.constant())
		g.line(depth+1, "if %s { continue %s }", c, label)
		g.line(depth, "}")
		g.observeLoad(depth, r, vname)
		return 1
	case k < 95 && depth < 2 && budget >= 3:
		return g.reloadLoop(depth, v, vname, budget)
	case k < 97 && len(g.loads) > 0:
		s := g.reg("s")
		g.line(depth, "%s := add(%s, 1)", s, g.pick(g.loads))
		g.line(depth, `observe output "%s" %s`, s[1:], s)
		return 0
	case g.ptr && budget >= 2:
		p, r := g.reg("p"), g.reg("r")
		g.line(depth, "%s := load @P", p)
		if g.chance(0.5) {
			kinds := []lsl.FenceKind{lsl.FenceDataDependentLoads, lsl.FenceLoadLoad, lsl.FenceControlDependent}
			g.line(depth, "fence %s", kinds[g.r.Intn(len(kinds))])
		}
		g.line(depth, "%s := load %s", r, p)
		g.line(depth, `observe output "%s" %s`, p[1:], p)
		g.line(depth, `observe output "%s" %s`, r[1:], r)
		g.loads = append(g.loads, r)
		return 2
	case g.ptr:
		g.line(depth, "store @P, %s", v)
		return 1
	}
	g.line(depth, "store %s, %d", v, g.constant())
	return 1
}

// casBlock writes a CAS-like atomic block on v, which stores only when it
// reads a given value, and returns the register of its load.
func (g *gen) casBlock(depth int, v string) string {
	r, c := g.reg("r"), g.reg("c")
	g.line(depth, "atomic {")
	g.line(depth+1, "%s := load %s", r, v)
	g.line(depth+1, "%s := eq(%s, %d)", c, r, g.constant())
	g.line(depth+1, "if %s {", c)
	g.line(depth+2, "store %s, %d", v, g.constant())
	g.line(depth+1, "}")
	g.line(depth, "}")
	return r
}
