package mining

import (
	"errors"
	"fmt"
	"maps"
	"sort"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// Concrete mining. Serial executions run their operations atomically on
// sequentially consistent memory, so they can be enumerated directly: the
// unrolled serial program is executed concretely, exploring every order of
// the operations and every value of every nondeterministic choice. This
// produces the same observation set as enumerating the serial encoding with
// a SAT solver (§6.5.1) — the tests check both against each other — and is
// far faster on tests with thousands of observations. When the executions
// are too many (serialBudget statements), mining falls back to the solver.

// serialBudget bounds the statements the concrete enumeration executes.
const serialBudget = 200_000_000

// maxConcreteChoices bounds the values of one nondeterministic choice the
// concrete enumeration tries. A wider choice (lsl_nondet over all ints)
// would make as many executions — 2^32 of them, each a list of forks —
// while the solver treats the choice as one symbolic value: mining falls
// back to the solver, which lists only distinct observations and, when
// they are too many as well, ends at the time or memory limit like every
// other solver query.
const maxConcreteChoices = 1 << 16

// errBudget ends a concrete enumeration that exceeds serialBudget or
// maxConcreteChoices.
var errBudget = errors.New("serial enumeration budget exceeded")

// serialMiner enumerates the serial executions of one unrolled program.
type serialMiner struct {
	u *lsl.Unrolled
	// symmetric: try only the lowest of the untouched pool blocks a malloc
	// may pick (see poolChoices); asymmetric records that an explored
	// execution distinguished pool blocks, which voids that reduction.
	symmetric, asymmetric bool
	ops                   [][]*lsl.Atomic // per thread, its operations
	steps                 int
	obs                   map[string]trace.Observation
	pruned                map[lsl.LoopKey]bool // loop instances some serial execution reaches
	failed                bool                 // some execution fails a check (an error, not a verdict)
	why                   string               // the first reason an operation did not complete
	// live: with fair progress, the registers compared between loop
	// iterations (lsl.IterationState); nil without it.
	live map[*lsl.Block][]lsl.Reg
	poll limits.Poller // --timeout, --max-memory, Ctrl-C
	// seen holds the digests of the states explored so far (digest):
	// many orders of the operations reach the same state, and the
	// executions after it are the same each time.
	seen   map[digest]struct{}
	leaves map[digest]struct{} // the observation digests of the final states seen
	// regs is the registers of the operation run in progress, cleared
	// for each run: a fresh map per run grew bucket by bucket each time
	// (ms2 Tpc6: map growth was a third of the interpreter's time).
	regs map[lsl.Reg]lsl.Value
}

type serialState struct {
	mem map[string]lsl.Value
	// base and writes make mem (materialize): the memory before the
	// operation that led here, and what that operation wrote.
	base, writes map[string]lsl.Value
	pos          []int
	rec          []int
	items        *obsChain
	memh         digest   // the memory's digest (see serial_digest.go)
	obsh         []digest // per thread, the digest of its observations so far
}

// materialize makes the state's memory from its predecessor's and the
// writes of the operation in between.
func (st *serialState) materialize() {
	if st.mem != nil || st.base == nil && st.writes == nil {
		return
	}
	st.mem = maps.Clone(st.base)
	if st.mem == nil {
		st.mem = make(map[string]lsl.Value, len(st.writes))
	}
	for k, v := range st.writes {
		st.mem[k] = v
	}
	st.base, st.writes = nil, nil
}

// obsChain holds the observations of an execution so far, shared with the
// states it extends: copying them into every state made a long thread
// quadratic in time and memory.
type obsChain struct {
	prev  *obsChain
	items []trace.ObsItem
}

// extend returns c followed by items.
func (c *obsChain) extend(items []trace.ObsItem) *obsChain {
	if len(items) == 0 {
		return c
	}
	return &obsChain{prev: c, items: items}
}

// all lists the observations in order.
func (c *obsChain) all() []trace.ObsItem {
	var parts [][]trace.ObsItem
	n := 0
	for ; c != nil; c = c.prev {
		parts = append(parts, c.items)
		n += len(c.items)
	}
	out := make([]trace.ObsItem, 0, n)
	for k := len(parts) - 1; k >= 0; k-- {
		out = append(out, parts[k]...)
	}
	return out
}

func newSerialMiner(u *lsl.Unrolled, fair bool) (*serialMiner, error) {
	m := &serialMiner{u: u, obs: map[string]trace.Observation{}, pruned: map[lsl.LoopKey]bool{}}
	if fair {
		m.live = map[*lsl.Block][]lsl.Reg{}
	}
	for _, th := range u.Threads {
		if fair {
			for b, regs := range lsl.IterationState(th.Body) {
				m.live[b] = regs
			}
		}
		var ops []*lsl.Atomic
		for _, s := range th.Body.Stmts {
			switch s := s.(type) {
			case *lsl.Atomic:
				ops = append(ops, s)
			case *lsl.Fence: // thread creation and join
			default:
				return nil, fmt.Errorf("internal error: serial thread %s holds a %T", th.Name, s)
			}
		}
		m.ops = append(m.ops, ops)
	}
	return m, nil
}

// run enumerates every serial execution, first with the pool symmetry
// reduction and, if an execution turns out to tell pool blocks apart,
// again without it.
func (m *serialMiner) run() error {
	m.symmetric = m.u.Pool != nil
	for {
		n := len(m.u.Threads)
		st := &serialState{mem: map[string]lsl.Value{}, pos: make([]int, n), rec: make([]int, n), obsh: make([]digest, n)}
		m.seen, m.leaves = map[digest]struct{}{}, map[digest]struct{}{}
		if err := m.explore(st); err != nil {
			return err
		}
		if !m.symmetric || !m.asymmetric {
			return nil
		}
		m.symmetric = false
		m.obs = map[string]trace.Observation{}
		m.pruned = map[lsl.LoopKey]bool{}
		m.failed = false
	}
}

// Pool symmetry. Two pool blocks that no execution step has touched yet
// (never allocated, no cell written) are interchangeable: swapping their
// numbers everywhere maps the executions that pick one onto those that
// pick the other, with the same observations, as long as nothing turns a
// pool pointer into a number or a number into a pool pointer (outside the
// pool's own code) and no observation holds a pool pointer. So a malloc
// need only try the lowest untouched block. Every step that could break
// the symmetry sets asymmetric, and run then enumerates again in full: if
// the full tree has such a step, so has its explored part, which contains
// an image of every path up to its first asymmetric step.

// poolChoices lists the values worth trying for a pool block choice.
func (r *concreteRun) poolChoices(s *lsl.Choose) []int64 {
	pool := r.m.u.Pool
	var out []int64
	untouchedSeen := false
	for k := s.Lo; k <= s.Hi; k++ {
		if r.untouched(pool.First+k, pool.Flags, k) {
			if untouchedSeen {
				continue
			}
			untouchedSeen = true
		}
		out = append(out, k)
	}
	return out
}

// untouched reports whether pool block base (index k) was never allocated
// and none of its cells was written, in this state.
func (r *concreteRun) untouched(base, flags, k int64) bool {
	if _, ok := r.writes[cellKey([]int64{flags, k})]; ok {
		return false
	}
	if _, ok := r.base[cellKey([]int64{flags, k})]; ok {
		return false
	}
	prefix := fmt.Sprintf("%d ", base)
	for _, cells := range []map[string]lsl.Value{r.writes, r.base} {
		for key := range cells {
			if strings.HasPrefix(key, prefix) {
				return false
			}
		}
	}
	return true
}

// poolPointer reports whether v is or holds a pointer into a pool block.
func poolPointer(pool *lsl.PoolInfo, v lsl.Value) bool {
	switch v.Kind {
	case lsl.KPtr:
		return len(v.Ptr) > 0 && v.Ptr[0] >= pool.First && v.Ptr[0] < pool.First+pool.N
	case lsl.KComp:
		for _, f := range v.Fields {
			if poolPointer(pool, f) {
				return true
			}
		}
	}
	return false
}

// runnable lists the threads that may run their next operation: the init
// thread first, then the concurrent threads, then the final thread.
func (m *serialMiner) runnable(st *serialState) []int {
	var conc []int
	concDone := true
	for t, th := range m.u.Threads {
		done := st.pos[t] == len(m.ops[t])
		switch th.Kind {
		case lsl.ThreadInit:
			if !done {
				return []int{t}
			}
		case lsl.ThreadConcurrent:
			if !done {
				conc = append(conc, t)
				concDone = false
			}
		}
	}
	if !concDone {
		return conc
	}
	for t, th := range m.u.Threads {
		if th.Kind == lsl.ThreadFinal && st.pos[t] < len(m.ops[t]) {
			return []int{t}
		}
	}
	return nil
}

func (m *serialMiner) explore(st *serialState) error {
	if err := m.poll.Check(); err != nil {
		return err
	}
	d := st.digest()
	if _, ok := m.seen[d]; ok {
		return nil // explored from an identical state already
	}
	m.seen[d] = struct{}{}
	next := m.runnable(st)
	if len(next) == 0 {
		// Final states that differ only in memory share their observation:
		// build it once per observation digest.
		od := st.obsDigest()
		if _, ok := m.leaves[od]; ok {
			return nil
		}
		m.leaves[od] = struct{}{}
		o := trace.NewObservation(st.items.all())
		m.obs[o.Canon()] = o
		return nil
	}
	st.materialize() // a final state needs no memory
	for _, t := range next {
		outs, err := m.runOp(st, t, m.ops[t][st.pos[t]])
		if err != nil {
			return err
		}
		for _, out := range outs {
			if err := m.explore(out); err != nil {
				return err
			}
		}
	}
	return nil
}

// concreteRun is the concrete execution of one operation.
type concreteRun struct {
	m       *serialMiner
	thread  int
	base    map[string]lsl.Value
	writes  map[string]lsl.Value
	regs    map[lsl.Reg]lsl.Value
	rec     int
	items   []trace.ObsItem
	choices []int64 // replayed choices
	next    int
	fork    [][]int64          // choice prefixes still to explore
	status  string             // "" ok, "error", "assume", "blocked", "pruned"
	ptrs    map[string][]int64 // the cell of each key in writes
	args    []lsl.Value        // the arguments of the assignment being evaluated (stmt)
	opName  string
	at      lsl.Stmt // the statement being executed (its position is asked for only when the run stops)
	// sim: the thread of a simulation run (simulator.go), which
	// interleaves threads at shared accesses; nil in mining.
	sim *simThread
}

type signal struct {
	kind  int // 0 normal, 1 break, 2 continue, 3 stop
	label string
}

// runOp returns the states after every outcome of op that completes
// normally, enumerating the values of its nondeterministic choices.
func (m *serialMiner) runOp(st *serialState, t int, op *lsl.Atomic) ([]*serialState, error) {
	var outs []*serialState
	pending := [][]int64{nil}
	for len(pending) > 0 {
		seq := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		if m.regs == nil {
			m.regs = map[lsl.Reg]lsl.Value{}
		}
		clear(m.regs)
		r := &concreteRun{m: m, thread: t, base: st.mem, writes: map[string]lsl.Value{}, regs: m.regs,
			rec: st.rec[t], choices: seq, opName: m.u.Threads[t].Ops[st.pos[t]]}
		sig, err := r.block(op.Body)
		if err != nil {
			return nil, err
		}
		pending = append(pending, r.fork...)
		if sig.kind == 3 || r.status != "" {
			continue
		}
		// The memory is made when the state is explored: most states
		// reached are ones explored already (state merging).
		next := &serialState{base: st.mem, writes: r.writes, pos: append([]int(nil), st.pos...), rec: append([]int(nil), st.rec...),
			items: st.items.extend(r.items), memh: st.memh, obsh: append([]digest(nil), st.obsh...)}
		for k, v := range r.writes {
			if old, ok := st.mem[k]; ok {
				next.memh.xor(cellDigest(k, old))
			}
			next.memh.xor(cellDigest(k, v))
		}
		next.obsh[t] = chainDigest(st.obsh[t], r.items)
		next.pos[t]++
		next.rec[t] = r.rec
		outs = append(outs, next)
	}
	return outs, nil
}

// stop ends the operation with status; detail says why it failed (a
// runtime error's message), for the INCONCLUSIVE message when no serial
// execution completes.
func (r *concreteRun) stop(status string, detail ...string) signal {
	r.status = status
	if status == "error" || status == "blocked" {
		r.m.failed = true
	}
	if r.m.why == "" && status != "pruned" {
		th := r.m.u.Threads[r.thread]
		what := map[string]string{
			"blocked": "waits forever there when the operations run one at a time (it needs another operation to run in the middle of it)",
			"error":   "fails there",
			"assume":  "is discarded there by an assume",
		}[status]
		if len(detail) > 0 && detail[0] != "" {
			what += ": " + detail[0]
		}
		r.m.why = fmt.Sprintf("%s: operation %s of thread %s %s", r.atPos(), r.opName, th.Name, what)
	}
	return signal{kind: 3}
}

// atPos is the position of the statement being executed.
func (r *concreteRun) atPos() diag.Pos {
	if r.at == nil {
		return diag.Pos{}
	}
	return r.at.Position()
}

// iteration runs one iteration of an unrolled loop. With fair progress
// (encode/fairness.go), an iteration that continues and leaves the live
// registers and the memory as they were repeats forever inside an atomic
// operation, where no other thread can change what it reads: the operation
// never ends (what it observes meanwhile never becomes part of an
// observation vector).
func (r *concreteRun) iteration(b *lsl.Block, live []lsl.Reg) (signal, error) {
	before := make([]lsl.Value, len(live))
	for i, reg := range live {
		before[i] = r.val(reg)
	}
	writes := make(map[string]lsl.Value, len(r.writes))
	for k, v := range r.writes {
		writes[k] = v
	}
	sig, err := r.plainBlock(b)
	if err != nil || sig.kind != 0 {
		return sig, err
	}
	for i, reg := range live {
		if !r.val(reg).Equal(before[i]) {
			return sig, nil
		}
	}
	for k, v := range r.writes {
		old, ok := writes[k]
		if !ok {
			if w, ok := r.base[k]; ok {
				old = w
			} else {
				old = initialValue(r.m.u, r.ptrs[k])
			}
		}
		if !v.Equal(old) {
			return sig, nil
		}
	}
	r.at = b
	return r.stop("blocked"), nil
}

func (r *concreteRun) block(b *lsl.Block) (signal, error) {
	if b.Iter > 0 && r.sim != nil {
		r.sim.iterationStart(r, b)
	}
	if b.Iter > 0 && r.m.live != nil {
		return r.iteration(b, r.m.live[b])
	}
	return r.plainBlock(b)
}

func (r *concreteRun) plainBlock(b *lsl.Block) (signal, error) {
	for _, s := range b.Stmts {
		sig, err := r.stmt(s)
		if err != nil {
			return sig, err
		}
		if sig.kind != 0 {
			if sig.kind == 1 && sig.label == b.Label && b.Label != "" {
				return signal{}, nil
			}
			return sig, nil
		}
	}
	return signal{}, nil
}

func (r *concreteRun) val(o lsl.Operand) lsl.Value {
	switch o := o.(type) {
	case lsl.Reg:
		if v, ok := r.regs[o]; ok {
			return v
		}
	case lsl.Const:
		if r.m.symmetric && poolPointer(r.m.u.Pool, o.V) {
			r.m.asymmetric = true // a pointer to a particular pool block
		}
		return o.V
	}
	return lsl.Undef
}

func cellKey(p []int64) string {
	b := make([]byte, 0, 8*len(p))
	for _, n := range p {
		b = strconv.AppendInt(b, n, 10)
		b = append(b, ' ')
	}
	return string(b)
}

func (r *concreteRun) load(p []int64) lsl.Value {
	return r.loadKey(cellKey(p), p)
}

// loadKey is load of the cell p whose key (cellKey) is k.
func (r *concreteRun) loadKey(k string, p []int64) lsl.Value {
	v, ok := r.writes[k]
	if !ok {
		if v, ok = r.base[k]; !ok {
			v = initialValue(r.m.u, p)
		}
	}
	if r.sim != nil && r.sim.firstReads != nil {
		r.sim.firstReads.firstRead(k, p, v)
	}
	return v
}

// freed reports a use after free (encode/memsafety.go): the access
// addresses an lsl_malloc block whose flag does not say allocated. Serial
// memory is sequentially consistent, so the flag in memory is the last
// one stored before the access.
func (r *concreteRun) freed(a lsl.Value) bool {
	p := r.m.u.Pool
	if p == nil || len(a.Ptr) == 0 || a.Ptr[0] < p.First || a.Ptr[0] >= p.First+p.N {
		return false
	}
	return !r.load([]int64{p.Flags, a.Ptr[0] - p.First}).Equal(lsl.Num(1))
}

// initialValue is the content of a never-written cell (see encode).
func initialValue(u *lsl.Unrolled, p []int64) lsl.Value {
	if g := u.Prog.GlobalName(p[0]); g != "" {
		for _, ci := range u.Prog.Globals[p[0]-1].Init {
			if len(ci.Path) == len(p)-1 {
				match := true
				for i, n := range ci.Path {
					if p[i+1] != n {
						match = false
						break
					}
				}
				if match {
					return ci.Val
				}
			}
		}
	}
	if b := u.Block(p[0]); b != nil && b.ZeroInit() {
		return lsl.Num(0)
	}
	return lsl.Undef
}

func (r *concreteRun) stmt(s lsl.Stmt) (signal, error) {
	r.at = s
	r.m.steps++
	if r.m.steps > serialBudget {
		return signal{}, errBudget
	}
	if r.m.steps%64 == 0 { // a check costs about as much as a step
		if err := r.m.poll.Check(); err != nil {
			return signal{}, err
		}
	}
	switch s := s.(type) {
	case *lsl.Block:
		return r.block(s)
	case *lsl.Atomic:
		if r.sim != nil {
			return r.sim.atomic(r, s)
		}
		return r.block(s.Body)
	case *lsl.Assign:
		// the arguments go in a buffer of the run: EvalOp keeps none of
		// them (a composite copies its fields)
		args := r.args[:0]
		for _, a := range s.Args {
			args = append(args, r.val(a))
		}
		r.args = args
		var comp *lsl.Composite
		field := -1
		if s.Comp != "" {
			comp = r.m.u.Prog.Composite(s.Comp)
			if comp != nil {
				field = comp.FieldIndex(s.Field)
			}
		}
		v, e := lsl.EvalOp(s.Op, comp, field, args)
		if e != "" {
			return r.stop("error", e), nil
		}
		if r.m.symmetric && (s.Op == lsl.OpBaseOf || s.Op == lsl.OpPointer) && !r.m.u.Pool.Conversions[s] &&
			(poolPointer(r.m.u.Pool, v) || len(args) > 0 && poolPointer(r.m.u.Pool, args[0])) {
			r.m.asymmetric = true
		}
		r.regs[s.Dst] = v
	case *lsl.Load:
		if r.sim != nil {
			if err := r.sim.access(); err != nil {
				return signal{}, err
			}
		}
		a := r.val(s.Addr)
		if a.Kind != lsl.KPtr {
			return r.stop("error"), nil
		}
		if r.freed(a) {
			return r.stop("error"), nil
		}
		k := cellKey(a.Ptr)
		v := r.loadKey(k, a.Ptr)
		r.regs[s.Dst] = v
		if r.sim != nil {
			r.sim.loaded(k, v)
		}
	case *lsl.Store:
		if r.sim != nil {
			if err := r.sim.access(); err != nil {
				return signal{}, err
			}
		}
		a := r.val(s.Addr)
		if a.Kind != lsl.KPtr || r.freed(a) {
			return r.stop("error"), nil
		}
		k := cellKey(a.Ptr)
		v := r.val(s.Val)
		silent := r.sim != nil && r.sim.inRMW && r.loadKey(k, a.Ptr).Equal(v)
		r.writes[k] = v
		if r.sim != nil {
			// a simulation has no atomic operations to check for
			// iterations that change nothing (iteration): it needs no
			// r.ptrs
			r.sim.stored(k, silent, v)
		} else {
			if r.ptrs == nil {
				r.ptrs = map[string][]int64{}
			}
			r.ptrs[k] = a.Ptr
		}
		if s.Status != "" {
			r.regs[s.Status] = lsl.Num(0)
		}
	case *lsl.Fence:
	case *lsl.If:
		c, e := lsl.Truth(r.val(s.Cond))
		if e != "" {
			return r.stop("error"), nil
		}
		if c {
			return r.block(s.Then)
		}
		if s.Else != nil {
			return r.block(s.Else)
		}
	case *lsl.Break:
		return signal{kind: 1, label: s.Label}, nil
	case *lsl.Continue:
		return signal{kind: 2, label: s.Label}, nil
	case *lsl.Abort:
		return r.stop("error", s.Msg), nil
	case *lsl.Pruned:
		if r.sim != nil {
			r.sim.cutOff(r, s.Loop)
		}
		r.m.pruned[s.Loop] = true
		return r.stop("pruned"), nil
	case *lsl.Choose:
		var v int64
		if r.sim != nil {
			if s.Hi < s.Lo {
				return r.stop("assume"), nil
			}
			v = r.sim.choose(r, s)
		} else if r.next < len(r.choices) {
			v = r.choices[r.next]
		} else {
			if uint64(s.Hi)-uint64(s.Lo) >= maxConcreteChoices {
				return signal{}, errBudget
			}
			values := []int64(nil)
			if r.m.symmetric && r.m.u.Pool.Choices[s] {
				values = r.poolChoices(s)
			} else {
				for w := s.Lo; ; w++ { // w <= s.Hi would overflow at MaxInt64
					values = append(values, w)
					if w == s.Hi {
						break
					}
				}
			}
			if len(values) == 0 {
				return r.stop("assume"), nil
			}
			v = values[0]
			for _, w := range values[1:] {
				r.fork = append(r.fork, append(append([]int64(nil), r.choices[:r.next]...), w))
			}
			r.choices = append(r.choices[:r.next:r.next], v)
		}
		r.next++
		r.regs[s.Dst] = lsl.Num(v)
	case *lsl.Spin:
		sig, err := r.block(&lsl.Block{Label: s.Label, Stmts: s.Body.Stmts})
		if err != nil || sig.kind == 3 {
			return sig, err
		}
		if sig.kind == 2 && sig.label == s.Label {
			// waiting inside an atomic operation never ends
			return r.stop("blocked"), nil
		}
		return sig, nil
	case *lsl.Assert:
		c, e := lsl.Truth(r.val(s.Cond))
		if e != "" || !c {
			return r.stop("error"), nil
		}
	case *lsl.Assume:
		c, e := lsl.Truth(r.val(s.Cond))
		if e != "" {
			return r.stop("error"), nil
		}
		if !c {
			return r.stop("assume"), nil
		}
	case *lsl.Observe:
		var v lsl.Value
		if s.Kind == lsl.ObsLabel {
			r.rec++
			v = lsl.Num(1)
		} else {
			v = r.val(s.Val)
			if v.Kind == lsl.KUndef {
				return r.stop("error"), nil // encode: observation of an uninitialised value
			}
			if r.m.symmetric && poolPointer(r.m.u.Pool, v) {
				r.m.asymmetric = true
			}
		}
		if r.sim != nil {
			r.sim.obs++
		}
		r.items = append(r.items, trace.ObsItem{Key: trace.ObsKey{Thread: r.thread, Record: r.rec, Kind: s.Kind, Name: s.Name}, Value: v})
	case *lsl.Free:
		if r.val(s.Ptr).Kind != lsl.KPtr {
			return r.stop("error"), nil
		}
	default:
		return signal{}, fmt.Errorf("internal error: %T in an unrolled program", s)
	}
	return signal{}, nil
}

// mineConcrete enumerates the observations of the serial executions
// concretely, raising loop bounds until no serial execution reaches one. ok
// is false when the enumeration is too large (the caller then uses the
// solver).
func (k *checker) mineConcrete(prog *lsl.Program, specs []lsl.ThreadSpec) (obs []trace.Observation, bounds lsl.Bounds, ok bool, err error) {
	bounds = lsl.Bounds{}
	detail := ""
	for round := 1; ; round++ {
		k.progressDetail("mine", round, 0, detail)
		if k.ctx.Err() != nil {
			return nil, nil, false, k.canceled()
		}
		u, err := lsl.Unroll(prog, specs, lsl.UnrollOptions{Bounds: bounds, Serial: true, Omit: k.opt.Omit, KeepFaint: k.opt.KeepFaint, Ctx: k.ctx})
		if err != nil {
			return nil, nil, false, err
		}
		m, err := newSerialMiner(u, !k.opt.NoFairProgress)
		if err != nil {
			return nil, nil, false, err
		}
		m.poll = limits.Poller{Ctx: k.ctx, Phase: "mining (concrete serial executions)"}
		if err := m.run(); err != nil {
			if errors.Is(err, errBudget) {
				return nil, nil, false, nil
			}
			return nil, nil, false, err
		}
		if m.failed && k.opt.Spec != nil {
			// a serial execution of the reference fails: the solver path
			// reports it (spec-error) with its trace
			return nil, nil, false, nil
		}
		if len(m.pruned) == 0 {
			k.serialWhy = m.why
			k.res.Unrolled = u
			for _, o := range m.obs {
				obs = append(obs, o)
			}
			sort.Slice(obs, func(i, j int) bool { return obs[i].Canon() < obs[j].Canon() })
			return obs, bounds, true, nil
		}
		next := lsl.Bounds{}
		for key, b := range bounds {
			next[key] = b
		}
		for key := range m.pruned {
			li := u.Loops[key]
			if li.Bound+1 > k.opt.MaxUnroll {
				return nil, nil, false, nil // let the solver path report it
			}
			next[key] = li.Bound + 1
		}
		detail = raisedDetail(u, bounds, next)
		bounds = next
	}
}
