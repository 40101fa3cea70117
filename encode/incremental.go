package encode

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"slices"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/internal/limits"
)

// Incremental unrolling. Lazy unrolling (mining) encodes a test once per
// round, each round with some loop bounds one higher than the last. With an
// Incremental the rounds of a test share one circuit and one SAT solver
// instead of each building its own (docs/semantics.md, "Incremental
// unrolling"):
//
//   - Inputs are keyed. A fresh input (a loaded value's bits, a seed, a
//     memory-order literal, a nondeterministic choice) is named by the place
//     of its instruction in the unrolled program: the innermost loop
//     iteration around it (its loop instance and number, which raising a
//     bound does not change) or its thread's operation, and its ordinal
//     there. The next round asks for the same names and gets the same
//     inputs, and the circuit's structural hashing then gives every gate
//     computed the same way the same literal: the code before a raised loop,
//     the threads whose loops stayed, and the memory model's relations among
//     their instructions are the same circuit in both rounds.
//   - Gate definitions (g ↔ a ∧ b) hold for any value of the inputs, so
//     the solver keeps them: a gate the last round sent costs nothing the
//     next time.
//   - Every clause a round asserts is guarded by activation literals, which
//     every solve of the round assumes. A clause that speaks only of the
//     instructions of some threads (a seed's implications, an axiom
//     instance, a transitivity triangle, a value's range) is guarded by
//     those threads' literals; a thread keeps its literal from one round to
//     the next while its instructions stay the same (same keys, same gates:
//     threadSig), and the clause then holds in the next round as it is (it
//     is the clause that round would assert), so it is not asserted again.
//     Everything else (what depends on the whole program: a load without
//     a seed reads the initial value, deadlock and livelock on final values,
//     use after free) is guarded by the round's own literal. Starting a
//     round asserts false the literals of the last round that it does not
//     keep, which satisfies their clauses.
//   - So learned clauses carry over: a learned clause is implied by the
//     definitions and the guarded clauses, so it holds in every later round;
//     one that used clauses of a thread that changed, or of an earlier
//     round's own literal, contains that literal negated and is satisfied
//     once it is off; one over the unchanged threads goes on pruning.
//
// Soundness does not depend on the keys: inputs are unconstrained, so two
// rounds sharing an input, whatever it stands for in each, constrain it only
// through their guarded clauses. It depends on the guards: a clause kept
// from an earlier round must hold in every execution of the current one.
// It does when all its literals are gates of instructions that are the
// same in both rounds and it is an instance of a universally quantified
// fact about those instructions alone; the one predefined relation of the
// .mm models that is not (has_seed: "some store among those the load may
// read", which grows with the program) is marked global, and so is every
// input the encoding did not key. Models whose axioms are not universally
// quantified implications (axioms.FairProgressSafe fails) guard every
// clause by the round's literal. Within one round every key is unique (an
// instruction's place is), so no two inputs of one round are merged. Cat
// models keep a circuit per round (Build ignores Incremental for them).
type Incremental struct {
	C      *logic.C
	S      *sat.Solver // the solver of the last round (nil before the first)
	inputs map[string]z.Lit
	owners []owner // per variable: the groups a keyed input belongs to
	// Kept: the groups the last round kept from the one before, of Groups.
	Kept, Groups int

	groups   [][]groupSig     // per thread, the last round's groups in order
	acts     map[[2]int]z.Lit // (thread, g): "groups 0..g of the thread are unchanged"
	roundAct z.Lit
	local    bool           // clauses may be kept (else all are the round's)
	global   map[z.Var]bool // gates that stand for the whole program (has_seed)
	support  []owner        // per variable: the groups its cone reads, when stamped this round
	stamp    uint16         // this round: support entries stamped with it are computed
	added    map[[2]uint64]bool
	scratch  []z.Lit
}

// ownerThreads bounds the threads whose groups are told apart; a test
// with more has every clause guarded by its round.
const ownerThreads = 8

// owner is a set of groups, summarized per thread by the last group it
// reaches (+1; 0: none of the thread's), and flags.
// [ownerThreads] holds the flags, [ownerStamp] the round of a support
// entry (supportOf).
type owner [ownerThreads + 2]uint16

const (
	ownerStamp  = ownerThreads + 1
	ownerKeyed  = 1 // owners: a keyed input
	ownerGlobal = 2 // depends on the whole program
)

func (o *owner) union(p owner) {
	for t := 0; t < ownerThreads; t++ {
		o[t] = max(o[t], p[t])
	}
	o[ownerThreads] |= p[ownerThreads]
}

// ownerOf is the owner of instruction in.
func ownerOf(in *Instr) owner {
	var o owner
	if in.Thread >= ownerThreads || in.Group >= 1<<16-1 {
		o[ownerThreads] = ownerKeyed | ownerGlobal
		return o
	}
	o[in.Thread] = uint16(in.Group + 1)
	o[ownerThreads] = ownerKeyed
	return o
}

// groupSig is one group of a thread's instructions: its key and a digest of
// its instructions (groupDigest).
type groupSig struct {
	key string
	sig [sha256.Size]byte
}

// NewIncremental starts the shared state of one test's rounds.
func NewIncremental() *Incremental {
	return &Incremental{C: logic.NewC(), inputs: map[string]z.Lit{}, added: map[[2]uint64]bool{}, acts: map[[2]int]z.Lit{}}
}

// input returns the input named key, creating it the first time; o are
// the groups it belongs to.
func (inc *Incremental) input(key string, o owner) z.Lit {
	m, ok := inc.inputs[key]
	if !ok {
		m = inc.C.Lit()
		inc.inputs[key] = m
	}
	v := int(m.Var())
	if v >= len(inc.owners) {
		inc.owners = append(inc.owners, make([]owner, v+1-len(inc.owners)+len(inc.owners)/2)...)
	}
	inc.owners[v].union(o)
	return m
}

// inputs names the fresh inputs of one encoding: keyed through an
// Incremental, or plain new circuit inputs without one.
type inputs struct {
	inc    *Incremental
	c      *logic.C
	prefix string // the site of the inputs being made (see at)
	n      int    // inputs made at the site so far
	owner  owner  // the site's group
}

// at starts a new site owned by o: the next inputs are prefix.0,
// prefix.1, ….
func (in *inputs) at(prefix string, o owner) {
	in.prefix, in.n, in.owner = prefix, 0, o
}

// lit returns the next input of the current site.
func (in *inputs) lit() z.Lit {
	if in.inc == nil {
		return in.c.Lit()
	}
	key := in.prefix + "." + strconv.Itoa(in.n)
	in.n++
	return in.inc.input(key, in.owner)
}

// named returns the input named key (a seed, a relation tuple) owned by o.
func (in *inputs) named(key string, o owner) z.Lit {
	if in.inc == nil {
		return in.c.Lit()
	}
	return in.inc.input(key, o)
}

// context is the innermost loop iteration being run, or the operation.
func (x *texec) context() string {
	if n := len(x.iters); n > 0 {
		return x.iters[n-1]
	}
	return x.th.T.Name + "/" + strconv.Itoa(x.op)
}

// siteKey names the next instruction of the thread: the innermost loop
// iteration around it, or the operation, and its ordinal there.
func (x *texec) siteKey() string {
	ctx := x.context()
	k := x.ordinals[ctx]
	x.ordinals[ctx] = k + 1
	var b strings.Builder
	b.WriteString(ctx)
	b.WriteByte('@')
	b.WriteString(strconv.Itoa(k))
	return b.String()
}

// group returns the index of the current group of the thread: its
// instructions in one loop iteration (or operation) between two unrolled
// loops. Raising a loop's bound adds a group after the loop's last
// iteration and changes the groups after the loop, not those before.
func (x *texec) group() int {
	ctx := x.context()
	key := ctx + "~" + strconv.Itoa(x.segments[ctx])
	if g, ok := x.groupOf[key]; ok {
		return g
	}
	g := len(x.th.groupKeys)
	x.groupOf[key] = g
	x.th.groupKeys = append(x.th.groupKeys, key)
	return g
}

// endLoop starts a new group in the context around an unrolled loop.
func (x *texec) endLoop() { x.segments[x.context()]++ }

// beginRound sets the solver up for encoding e: finds, per thread, the
// groups before the first that differs from the last round's (groupDigest),
// keeps the activation literals that cover only those, turns the others and
// the last round's own literal off, and guards every clause added from now
// on (guard).
func (inc *Incremental) beginRound(e *Encoding, s *sat.Solver, localOK bool) {
	n := len(e.Threads)
	wasLocal := inc.local
	inc.local = localOK && n <= ownerThreads
	groups := make([][]groupSig, n)
	for ti, th := range e.Threads {
		groups[ti] = e.groupDigests(th)
	}
	kept := make([]int, n) // per thread: the groups kept
	if wasLocal && inc.local && len(inc.groups) == n {
		for ti := range groups {
			for kept[ti] < len(groups[ti]) && kept[ti] < len(inc.groups[ti]) && groups[ti][kept[ti]] == inc.groups[ti][kept[ti]] {
				kept[ti]++
			}
		}
	}
	inc.groups = groups
	inc.Kept, inc.Groups = 0, 0
	for ti := range groups {
		inc.Kept += kept[ti]
		inc.Groups += len(groups[ti])
	}
	var off []z.Lit
	if inc.roundAct != 0 {
		off = append(off, inc.roundAct.Not())
	}
	for tg, a := range inc.acts {
		if tg[0] >= n || tg[1] >= kept[tg[0]] {
			off = append(off, a.Not())
			delete(inc.acts, tg)
		}
	}
	slices.Sort(off) // map order: the same clauses in the same order every run
	for _, m := range off {
		s.AddUnguarded(m)
	}
	inc.roundAct = inc.C.Lit()
	s.Send(inc.roundAct)
	acts := []z.Lit{inc.roundAct}
	for _, a := range inc.acts {
		acts = append(acts, a)
	}
	slices.Sort(acts[1:])
	s.SetActivations(acts)
	s.SetGuard(inc.guard)
	// what depends on the whole program, this round
	inc.global = map[z.Var]bool{}
	for _, h := range e.hasSeed {
		inc.global[h.Var()] = true
	}
	// support is computed anew each round (global changes): a new stamp
	// invalidates the last round's entries without clearing them
	inc.stamp++
	if inc.stamp == 1<<16-1 {
		clear(inc.support)
		inc.stamp = 1
	}
	s.NewRound()
}

// guard returns the activation literals (negated) that clause lits is
// added under: for each thread whose inputs it reads, the literal of the
// thread's groups up to the last it reads; the round's alone when it
// depends on the whole program. skip: the same guarded clause is in the
// solver already (a kept one).
func (inc *Incremental) guard(lits []z.Lit, global bool) (extra []z.Lit, skip bool) {
	var o owner
	if global || !inc.local {
		o[ownerThreads] = ownerGlobal
	} else {
		for _, m := range lits {
			o.union(inc.supportOf(m.Var()))
		}
	}
	if o[ownerThreads]&ownerGlobal != 0 {
		return []z.Lit{inc.roundAct.Not()}, false
	}
	for t := 0; t < ownerThreads; t++ {
		if o[t] == 0 {
			continue
		}
		tg := [2]int{t, int(o[t]) - 1}
		a, ok := inc.acts[tg]
		if !ok {
			a = inc.C.Lit()
			inc.acts[tg] = a
			inc.S.Send(a)
			inc.S.AddActivation(a)
		}
		extra = append(extra, a.Not())
	}
	if len(extra) == 0 {
		// reads no input: a fact about constants, this round's
		return []z.Lit{inc.roundAct.Not()}, false
	}
	inc.scratch = append(append(inc.scratch[:0], lits...), extra...)
	slices.Sort(inc.scratch)
	key := clauseKey(inc.scratch)
	if inc.added[key] {
		return nil, true
	}
	inc.added[key] = true
	return extra, false
}

// supportOf returns the groups whose inputs the cone of v reads (global:
// an input that is not keyed, or a gate that stands for the whole
// program).
func (inc *Incremental) supportOf(v z.Var) owner {
	if n := inc.C.Len(); int(v) >= len(inc.support) {
		inc.support = append(inc.support, make([]owner, n-len(inc.support)+n/4)...)
	}
	done := func(o owner) bool { return o[ownerStamp] == inc.stamp }
	if o := inc.support[v]; done(o) {
		return o
	}
	stack := []z.Var{v}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		if done(inc.support[top]) {
			stack = stack[:len(stack)-1]
			continue
		}
		var o owner
		a, b := inc.C.Ins(top.Pos())
		switch {
		case top == inc.C.T.Var():
		case a == z.LitNull:
			if int(top) < len(inc.owners) && inc.owners[top][ownerThreads]&ownerKeyed != 0 {
				o = inc.owners[top]
			} else {
				o[ownerThreads] = ownerGlobal
			}
		default:
			sa, sb := inc.support[a.Var()], inc.support[b.Var()]
			if !done(sa) {
				stack = append(stack, a.Var())
				continue
			}
			if !done(sb) {
				stack = append(stack, b.Var())
				continue
			}
			o = sa
			o.union(sb)
		}
		if inc.global[top] {
			o[ownerThreads] |= ownerGlobal
		}
		o[ownerThreads] &^= ownerKeyed
		o[ownerStamp] = inc.stamp
		inc.support[top] = o
		stack = stack[:len(stack)-1]
	}
	return inc.support[v]
}

// clauseKey is a 128-bit digest of a sorted clause: two independent
// multiplicative hashes, so that telling two clauses apart by it fails with
// a probability of about 2^-128 per pair.
func clauseKey(lits []z.Lit) [2]uint64 {
	h1, h2 := uint64(0x9e3779b97f4a7c15), uint64(0xc2b2ae3d27d4eb4f)
	for _, m := range lits {
		x := uint64(m)
		h1 = (h1 ^ x) * 0x100000001b3
		h1 ^= h1 >> 29
		h2 = (h2 + x + 0x165667b19e3779f9) * 0xff51afd7ed558ccd
		h2 ^= h2 >> 33
	}
	h1 = (h1 ^ uint64(len(lits))) * 0xbf58476d1ce4e5b9
	h1 ^= h1 >> 31
	return [2]uint64{h1, h2}
}

// groupDigests lists the groups of thread th in order, each with a digest
// of what the clauses about its instructions can mention: each
// instruction's key, kind, fence, operation, atomic block (relative to the
// thread's first), guard, address, value and dependencies.
func (e *Encoding) groupDigests(th *ThreadEnc) []groupSig {
	out := make([]groupSig, len(th.groupKeys))
	hs := make([]hash.Hash, len(th.groupKeys))
	for g, key := range th.groupKeys {
		out[g].key = key
		hs[g] = sha256.New()
	}
	var buf [binary.MaxVarintLen64]byte
	var h hash.Hash
	num := func(x int64) { h.Write(buf[:binary.PutVarint(buf[:], x)]) }
	lit := func(m z.Lit) { num(int64(m)) }
	var val func(v *Val)
	val = func(v *Val) {
		if v == nil {
			num(-1)
			return
		}
		for _, m := range []z.Lit{v.U, v.N, v.P, v.C} {
			lit(m)
		}
		for _, bv := range append([]BV{v.Num, v.Tag, BV(v.PLen)}, v.Ptr...) {
			num(int64(len(bv)))
			for _, m := range bv {
				lit(m)
			}
		}
		num(int64(len(v.Fields)))
		for _, f := range v.Fields {
			val(f)
		}
		e.depsSig(h.Write, num, v.deps)
	}
	atomics := map[int]int{}
	for _, i := range th.Instrs {
		in := e.Instrs[i]
		h = hs[in.Group]
		h.Write([]byte(in.Key))
		num(int64(in.Kind))
		num(int64(in.Fence))
		num(int64(in.Op))
		if in.Atomic != 0 {
			if _, ok := atomics[in.Atomic]; !ok {
				atomics[in.Atomic] = len(atomics) + 1
			}
		}
		num(int64(atomics[in.Atomic]))
		lit(in.Guard)
		val(in.Addr)
		val(in.Data)
		for _, d := range []depSet{in.ddeps, in.cdeps, in.adeps, in.vdeps} {
			e.depsSig(h.Write, num, d)
		}
	}
	for g := range out {
		copy(out[g].sig[:], hs[g].Sum(nil))
	}
	return out
}

func (e *Encoding) depsSig(write func([]byte) (int, error), num func(int64), d depSet) {
	num(int64(len(d)))
	for _, x := range d {
		write([]byte(e.Instrs[x.load].Key))
		num(int64(x.cond))
	}
}

// loadIncremental adds the encoding to the solver of the test's earlier
// rounds (the first round makes it).
func (e *Encoding) loadIncremental(opt sat.SolverOptions, poll *limits.Poller) (*sat.Solver, error) {
	inc := e.inc
	if inc.S == nil {
		inc.S = sat.NewSolverWith(e.C, opt)
	}
	s := inc.S
	inc.beginRound(e, s, e.localClauses)
	s.Assert(e.phiLocal)
	s.AssertGlobal(e.phiGlobal)
	return s, e.sendClauses(s, poll)
}

// Incremental returns the state shared with the test's other rounds, or
// nil when the encoding has a circuit and solver of its own.
func (e *Encoding) Incremental() *Incremental { return e.inc }

// splitPhi divides an incremental round's Φ into the clauses about the
// instructions they name (phiLocal) and those about the whole program
// (phiGlobal): which stores a load may read (a load without a seed reads
// the initial value), the values a load may read at all (the range
// analysis' sets, wellformed[chooseRanges:]), deadlock and livelock on
// final values, and use after free. The rest: the seeds' implications and
// at most one seed per load, the memory model's axiom instances, the
// ranges of nondeterministic choices, and the assumptions on paths.
func (e *Encoding) splitPhi(theta, spins, lives, uaf z.Lit) {
	c := e.C
	local := append(slices.Clone(e.psiLocal), theta)
	local = append(local, e.wellformed[:e.chooseRanges]...)
	for _, a := range e.assumeFail {
		local = append(local, a.Not())
	}
	global := append(slices.Clone(e.psiGlobal), spins, lives, uaf)
	global = append(global, e.wellformed[e.chooseRanges:]...)
	e.phiLocal, e.phiGlobal = c.Ands(local...), c.Ands(global...)
}
