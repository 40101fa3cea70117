package lsl

import (
	"context"
	"math/big"

	"github.com/checkfence/checkfence/internal/limits"
)

// RangeOptions control AnalyzeRanges.
type RangeOptions struct {
	// FallbackWidth is the number width used when some number's range is
	// unbounded (too many values); values outside it wrap around.
	FallbackWidth int
	// Ctx, if set, stops the analysis when done: the Ranges returned then
	// have Err set and must not be used.
	Ctx context.Context
	// NoConeLimits keeps the program-wide derivation depth limit where
	// some range is unbounded (ranges_cone.go): for the differential tests.
	NoConeLimits bool
	// allLoads makes every load dirty when memory changes, as before the
	// loads were listed per cell (analysis.cellReaders): for the tests.
	allLoads bool
}

// Ranges is the result of the range analysis of §7.3.2: for every access the
// possible addresses, for every load the possible values, and the bit width
// and pointer depth that suffice to represent every value of every execution.
type Ranges struct {
	Width     int  // two's-complement width of numbers and pointer components
	Fallback  bool // Width is RangeOptions.FallbackWidth because some range is unbounded
	PtrDepth  int  // longest pointer
	MaxFields int  // most fields of a composite
	addr      map[int]*AbsVal
	value     map[int]*AbsVal
	regs      map[Reg]*AbsVal
	Passes    int
	// depthLimit: the cone limit of each growing statement where the
	// analysis used them (ranges_cone.go), for the soundness test
	depthLimit map[Stmt]int
	// Err is a *CanceledError when RangeOptions.Ctx stopped the analysis.
	Err error
}

// Addr returns the possible addresses of access id.
func (r *Ranges) Addr(id int) *AbsVal { return r.addr[id] }

// Value returns the possible values loaded (or stored) by access id.
func (r *Ranges) Value(id int) *AbsVal { return r.value[id] }

// Reg returns the possible values of a register (nil if never assigned).
func (r *Ranges) Reg(x Reg) *AbsVal { return r.regs[x] }

// MayAlias reports whether accesses i and j may touch the same cell.
func (r *Ranges) MayAlias(i, j int) bool {
	a, b := r.addr[i], r.addr[j]
	if !a.MayBe(KPtr) || !b.MayBe(KPtr) {
		return false
	}
	if a.PtrTop || b.PtrTop {
		return true
	}
	if len(a.Ptrs) > len(b.Ptrs) {
		a, b = b, a
	}
	for k := range a.Ptrs {
		if _, ok := b.Ptrs[k]; ok {
			return true
		}
	}
	return false
}

// AnalyzeRanges runs the flow-insensitive range analysis on an unrolled
// program: registers and memory cells accumulate every value any assignment
// or store may give them until a fixpoint is reached. Each value records how
// many value-creating operations produced it; values derived through more
// operations than the program contains are impossible in any execution (the
// program is loop-free) and are dropped, which makes the fixpoint finite.
func AnalyzeRanges(u *Unrolled, opt RangeOptions) *Ranges {
	if opt.FallbackWidth <= 0 {
		opt.FallbackWidth = 16
	}
	a, err := newAnalysis(u, opt)
	if err != nil {
		return &Ranges{Err: err}
	}
	a.allLoads = opt.allLoads
	r := &Ranges{addr: a.addr, value: a.value, regs: a.regs}
	r.Err = a.fixpoint(&r.Passes, opt)
	if r.Err != nil {
		return r
	}
	a.measure(r, opt)
	if !r.Fallback || opt.NoConeLimits {
		return r
	}
	// Some range is unbounded: again, each growing statement limited to
	// the growing statements of its dependency cone (ranges_cone.go).
	limits := a.coneLimits()
	if limits == nil {
		return r
	}
	b, err := newAnalysis(u, opt)
	if err != nil {
		return &Ranges{Err: err}
	}
	b.limits = limits
	b.allLoads = opt.allLoads
	r2 := &Ranges{addr: b.addr, value: b.value, regs: b.regs, Passes: r.Passes}
	r2.Err = b.fixpoint(&r2.Passes, opt)
	if r2.Err != nil {
		return r2
	}
	b.measure(r2, opt)
	r2.depthLimit = map[Stmt]int{}
	for i, l := range limits {
		if l > 0 {
			r2.depthLimit[b.stmts[i]] = l
		}
	}
	return r2
}

// newAnalysis sets up the analysis of u: nothing assigned or stored yet.
// The error is opt.Ctx's.
func newAnalysis(u *Unrolled, opt RangeOptions) (*analysis, error) {
	a := &analysis{
		u:     u,
		regs:  map[Reg]*AbsVal{},
		mem:   map[string]*AbsVal{},
		memP:  map[string][]int64{},
		any:   &AbsVal{},
		addr:  map[int]*AbsVal{},
		value: map[int]*AbsVal{},
		comps: map[string]*Composite{},
	}
	for _, c := range u.Prog.Composites {
		a.comps[c.Name] = c
	}
	a.inits()
	a.undef = map[Reg]bool{}
	poll := &limits.Poller{Ctx: opt.Ctx, Phase: "range analysis"}
	for _, th := range u.Threads {
		undef, err := maybeUnassignedPoll(th.Body, poll)
		if err != nil {
			return nil, err
		}
		for r := range undef {
			a.undef[r] = true
		}
	}
	for _, th := range u.Threads {
		Walk(th.Body, func(s Stmt) bool {
			if as, ok := s.(*Assign); ok && grows(as.Op) {
				a.maxDepth++
			}
			return true
		})
	}
	a.maxDepth++
	return a, nil
}

// fixpoint evaluates the statements, in program order, until nothing
// changes. A statement is evaluated again only when something it reads
// changed: an assignment that may reach one of its register operands
// (ranges_flow.go), or (a load) the memory. The result is the least
// fixpoint whatever the order of evaluation (every transfer function is
// monotone), so it is that of evaluating every statement in every pass,
// which it replaces: on an MS queue's unrolling that took about 70 passes
// over the whole program (each a step of some count's growth) and a sixth
// of the check's time. passes counts the sweeps.
func (a *analysis) fixpoint(passes *int, opt RangeOptions) error {
	var stmts []Stmt
	var loads []int
	for _, th := range a.u.Threads {
		Walk(th.Body, func(s Stmt) bool {
			switch s.(type) {
			case *Assign, *Choose, *Load, *Store:
			default:
				return true
			}
			if _, ok := s.(*Load); ok {
				loads = append(loads, len(stmts))
			}
			stmts = append(stmts, s)
			return true
		})
	}
	a.stmts = stmts
	a.cellReaders = map[string][]int{}
	a.loadReads = make([]map[string]bool, len(stmts))
	a.readsTop = make([]bool, len(stmts))
	poll := limits.Poller{Ctx: opt.Ctx, Phase: "range analysis"}
	var err error
	if a.uses, err = reachingDefs(a.u.Threads, stmts, &poll); err != nil {
		return err
	}
	a.defVal = make([]*AbsVal, len(stmts))
	for i := range a.defVal {
		a.defVal[i] = &AbsVal{}
	}
	readers := readersOf(a.uses, len(stmts))
	dirty := make([]bool, len(stmts))
	for i := range dirty {
		dirty[i] = true
	}
	for more := true; more; {
		*passes++
		more = false
		for i, s := range stmts {
			if !dirty[i] {
				continue
			}
			if err := poll.Check(); err != nil {
				return err
			}
			dirty[i] = false
			a.defChanged, a.memChanged, a.anyChanged, a.changedCells = false, false, false, a.changedCells[:0]
			a.stmtAt(i, s)
			mark := func(j int) {
				dirty[j] = true
				more = more || j <= i
			}
			if a.defChanged {
				for _, j := range readers[i] {
					mark(j)
				}
			}
			switch {
			case !a.memChanged:
			case a.anyChanged || a.allLoads:
				for _, j := range loads {
					mark(j)
				}
			default:
				// only the loads that read a changed cell
				for _, k := range a.changedCells {
					for _, j := range a.cellReaders[k] {
						mark(j)
					}
				}
				for _, j := range a.topReaders {
					mark(j)
				}
			}
		}
	}
	return nil
}

type analysis struct {
	u        *Unrolled
	regs     map[Reg]*AbsVal
	mem      map[string]*AbsVal
	memP     map[string][]int64
	any      *AbsVal // values stored through unknown addresses
	addr     map[int]*AbsVal
	value    map[int]*AbsVal
	comps    map[string]*Composite
	initVal  map[string]Value // explicit initial values of global cells
	initAll  *AbsVal          // every initial value (for unknown addresses)
	maxDepth int
	// limits: per statement, the depth limit of its dependency cone (0:
	// maxDepth; ranges_cone.go); depthCap: the limit of the statement
	// being evaluated
	limits   []int
	depthCap int
	stmts    []Stmt       // fixpoint's numbering
	undef    map[Reg]bool // registers some path reads before writing
	// uses[i][k]: the statements whose assignment of operand k of
	// statement i may reach it (fixpoint's numbering); defVal[i]: the
	// values statement i assigns. Both nil in the flow-insensitive sweep
	// (export_test.go), where a register's values are those of every
	// assignment of it.
	uses   [][]defSet
	defVal []*AbsVal
	// what the last statement changed: a register (the sweep), the
	// statement's own assignment (fixpoint), memory
	changedRegs []Reg
	defChanged  bool
	memChanged  bool
	// A store that changes memory makes dirty only the loads that may
	// read what changed (on an MS queue's unrolling, making every load
	// dirty was most of the analysis' time): anyChanged, the values
	// stored through unknown addresses (every load reads them), else
	// changedCells. cellReaders: per cell, the loads (fixpoint's
	// numbering) whose addresses included it when last evaluated;
	// topReaders: those whose addresses were unknown (PtrTop), which read
	// every cell; loadReads and readsTop: what each load is listed under.
	// allLoads (tests): every load, as before.
	anyChanged   bool
	changedCells []string
	cellReaders  map[string][]int
	topReaders   []int
	loadReads    []map[string]bool
	readsTop     []bool
	allLoads     bool
}

// noteReads lists load i (fixpoint's numbering) as a reader of the cells
// its addresses ad may name.
func (a *analysis) noteReads(i int, ad *AbsVal) {
	if a.cellReaders == nil || i < 0 {
		return
	}
	if ad.PtrTop && !a.readsTop[i] {
		a.readsTop[i] = true
		a.topReaders = append(a.topReaders, i)
	}
	seen := a.loadReads[i]
	if len(seen) == len(ad.Ptrs) && seen != nil {
		return // the addresses only grow: the same set
	}
	if seen == nil {
		seen = map[string]bool{}
		a.loadReads[i] = seen
	}
	for k := range ad.Ptrs {
		if !seen[k] {
			seen[k] = true
			a.cellReaders[k] = append(a.cellReaders[k], i)
		}
	}
}

// grows reports whether op can create numbers or pointers not among its
// arguments.
func grows(op Op) bool {
	switch op {
	case OpBitNot, OpNeg, OpAdd, OpSub, OpMul, OpDiv, OpMod, OpAnd, OpOr, OpXor, OpShl, OpShr, OpOffset, OpZext, OpSext:
		return true
	}
	return false
}

func (a *analysis) inits() {
	a.initVal = map[string]Value{}
	a.initAll = &AbsVal{}
	a.initAll.addUndef()
	a.initAll.addNum(0, 0)
	for i, g := range a.u.Prog.Globals {
		base := int64(i + 1)
		for _, c := range g.Init {
			p := append([]int64{base}, c.Path...)
			a.initVal[ptrKey(p)] = c.Val
			a.initAll.addValue(c.Val, 0)
		}
	}
}

// initial returns the value of a never-written cell.
func (a *analysis) initial(p []int64) Value {
	if v, ok := a.initVal[ptrKey(p)]; ok {
		return v
	}
	if b := a.u.Block(p[0]); b != nil && b.ZeroInit() {
		return Num(0)
	}
	return Undef
}

func (a *analysis) reg(x Reg) *AbsVal {
	v, ok := a.regs[x]
	if !ok {
		v = &AbsVal{Undef: a.undef[x]} // ⊥ only if read before written
		a.regs[x] = v
	}
	return v
}

func (a *analysis) operand(o Operand) *AbsVal {
	switch o := o.(type) {
	case Reg:
		return a.reg(o)
	case Const:
		return ConstAbs(o.V)
	}
	return &AbsVal{}
}

// arg returns the values operand k (o) of statement i may have: with
// reaching definitions, the join of the assignments that reach it.
func (a *analysis) arg(i, k int, o Operand) *AbsVal {
	if a.uses == nil || i < 0 {
		return a.operand(o)
	}
	x, ok := o.(Reg)
	if !ok {
		return a.operand(o)
	}
	defs := a.uses[i][k]
	if len(defs) == 1 && defs[0] != unassigned {
		return a.defVal[defs[0]]
	}
	v := &AbsVal{}
	for _, d := range defs {
		if d == unassigned {
			v.Undef = v.Undef || a.undef[x]
		} else {
			v.Join(a.defVal[d])
		}
	}
	return v
}

// assign adds v to the values statement i assigns to register x.
func (a *analysis) assign(i int, x Reg, v *AbsVal) {
	changed := a.reg(x).Join(v)
	if a.defVal == nil || i < 0 {
		if changed {
			a.changedRegs = append(a.changedRegs, x)
		}
		return
	}
	if a.defVal[i].Join(v) {
		a.defChanged = true
	}
}

func (a *analysis) record(m map[int]*AbsVal, id int, v *AbsVal) {
	d, ok := m[id]
	if !ok {
		d = &AbsVal{}
		m[id] = d
	}
	d.Join(v)
}

// stmt evaluates s flow-insensitively (the sweep of export_test.go).
func (a *analysis) stmt(s Stmt) { a.stmtAt(-1, s) }

// stmtAt evaluates s, statement i of fixpoint's numbering (-1: read
// registers flow-insensitively).
func (a *analysis) stmtAt(i int, s Stmt) {
	switch s := s.(type) {
	case *Assign:
		args := make([]*AbsVal, len(s.Args))
		for k, o := range s.Args {
			args[k] = a.arg(i, k, o)
		}
		a.depthCap = a.maxDepth
		if i >= 0 && i < len(a.limits) && a.limits[i] > 0 {
			a.depthCap = min(a.maxDepth, a.limits[i])
		}
		a.assign(i, s.Dst, a.eval(s, args))
	case *Choose:
		v := &AbsVal{}
		if uint64(s.Hi)-uint64(s.Lo) >= absNumCap { // the difference as unsigned: no overflow
			v.setNumTopRange(s.Lo, s.Hi)
		} else {
			for n := s.Lo; ; n++ { // n <= s.Hi would overflow at MaxInt64
				v.addNum(n, 0)
				if n == s.Hi {
					break
				}
			}
		}
		a.assign(i, s.Dst, v)
	case *Load:
		ad := a.arg(i, 0, s.Addr)
		a.noteReads(i, ad)
		a.record(a.addr, s.ID, ad)
		v := a.load(ad)
		a.record(a.value, s.ID, v)
		a.assign(i, s.Dst, v)
	case *Store:
		if s.Status != "" {
			a.assign(i, s.Status, ConstAbs(Num(0)))
		}
		ad := a.arg(i, 0, s.Addr)
		v := a.arg(i, 1, s.Val)
		a.record(a.addr, s.ID, ad)
		a.record(a.value, s.ID, v)
		if ad.PtrTop && a.any.Join(v) {
			a.memChanged, a.anyChanged = true, true
		}
		for k, p := range ad.Ptrs {
			c, ok := a.mem[k]
			if !ok {
				c = &AbsVal{}
				a.mem[k] = c
				a.memP[k] = p.p
			}
			if c.Join(v) {
				a.memChanged = true
				a.changedCells = append(a.changedCells, k)
			}
		}
	}
}

func (a *analysis) load(ad *AbsVal) *AbsVal {
	v := &AbsVal{}
	v.Join(a.any)
	if ad.PtrTop {
		for _, c := range a.mem {
			v.Join(c)
		}
		v.Join(a.initAll)
	}
	for k, p := range ad.Ptrs {
		if c, ok := a.mem[k]; ok {
			v.Join(c)
		}
		v.addValue(a.initial(p.p), 0)
	}
	return v
}

func (a *analysis) eval(s *Assign, args []*AbsVal) *AbsVal {
	out := &AbsVal{}
	switch s.Op {
	case OpCopy:
		out.Join(args[0])
		return out
	case OpSelect:
		out.Join(args[1])
		out.Join(args[2])
		return out
	case OpEq, OpNe, OpLt, OpLe:
		out.addNum(0, 0)
		out.addNum(1, 0)
		return out
	case OpMake:
		fs := make([]*AbsVal, len(args))
		for i, f := range args {
			fs[i] = &AbsVal{}
			fs[i].Join(f)
			fs[i].Comps = nil // composite fields are never composite
		}
		out.Comps = map[string][]*AbsVal{s.Comp: fs}
		return out
	case OpGet, OpSet:
		c := a.comps[s.Comp]
		if c == nil {
			return out
		}
		fi := c.FieldIndex(s.Field)
		fs, ok := args[0].Comps[s.Comp]
		if !ok || fi < 0 || fi >= len(fs) {
			return out
		}
		if s.Op == OpGet {
			out.Join(fs[fi])
			return out
		}
		nf := make([]*AbsVal, len(fs))
		for i := range fs {
			nf[i] = &AbsVal{}
			if i == fi {
				nf[i].Join(args[1])
				nf[i].Comps = nil
			} else {
				nf[i].Join(fs[i])
			}
		}
		out.Comps = map[string][]*AbsVal{s.Comp: nf}
		return out
	}
	// Arithmetic and pointer operations: summaries for unbounded arguments,
	// explicit enumeration otherwise.
	numTop, ptrTop := false, false
	for _, x := range args {
		numTop = numTop || x.NumTop
		ptrTop = ptrTop || x.PtrTop
	}
	switch s.Op {
	case OpPointer:
		if numTop {
			out.setPtrTop(1, -1<<62, 1<<62)
		}
	case OpOffset:
		if numTop || ptrTop {
			lo, hi := args[0].compBounds()
			l2, h2 := args[1].numBounds()
			out.setPtrTop(args[0].maxLen()+1, min(lo, l2), max(hi, h2))
			return out
		}
	case OpGetBase:
		if ptrTop {
			lo, hi := args[0].compBounds()
			out.setPtrTop(args[0].maxLen(), lo, hi)
		}
	case OpBaseOf, OpGetOffset:
		if ptrTop {
			out.setNumTop()
		}
	case OpSext, OpZext:
		if numTop {
			out.extendTop(s.Op, args)
			return out
		}
	case OpAdd, OpSub, OpMul, OpNeg:
		if numTop {
			out.intervalTop(s.Op, args)
			return out
		}
	default:
		if numTop {
			out.setNumTop()
			return out
		}
	}
	combos := 1
	lists := make([][]elem, len(args))
	for i, x := range args {
		lists[i] = x.scalars()
		combos *= len(lists[i])
		if combos > 1<<16 {
			if s.Op == OpOffset || s.Op == OpGetBase || s.Op == OpPointer {
				lo, hi := args[0].compBounds()
				out.setPtrTop(args[0].maxLen()+1, lo, hi)
			} else {
				out.setNumTop()
			}
			return out
		}
	}
	growth := 0
	if grows(s.Op) {
		growth = 1
	}
	vals := make([]Value, len(args))
	var rec func(i, depth int)
	rec = func(i, depth int) {
		if i == len(args) {
			if depth > a.depthCap {
				return
			}
			v, err := EvalOp(s.Op, a.comps[s.Comp], -1, vals)
			if err == "" {
				out.addValue(v, depth)
			}
			return
		}
		for _, e := range lists[i] {
			vals[i] = e.v
			rec(i+1, max(depth, e.depth+growth))
		}
	}
	rec(0, 0)
	return out
}

func (a *AbsVal) maxLen() int {
	n := 1
	if a.PtrTop && a.PtrTopLen > n {
		n = a.PtrTopLen
	}
	for _, p := range a.Ptrs {
		if len(p.p) > n {
			n = len(p.p)
		}
	}
	return n
}

func (a *AbsVal) compBounds() (lo, hi int64) {
	lo, hi = 0, 0
	if a.PtrTop {
		lo, hi = a.PtrTopComps[0], a.PtrTopComps[1]
	}
	for _, p := range a.Ptrs {
		for _, n := range p.p {
			lo, hi = min(lo, n), max(hi, n)
		}
	}
	return
}

func (a *AbsVal) numBounds() (lo, hi int64) {
	if a.NumTop {
		return -1 << 62, 1 << 62
	}
	l, h, ok := a.NumRange()
	if !ok {
		return 0, 0
	}
	return l, h
}

// measure computes the width and depth that represent every value.
func (a *analysis) measure(r *Ranges, opt RangeOptions) {
	w := 2
	depth := 1
	top := false
	see := func(v *AbsVal) {
		if v == nil {
			return
		}
		if v.NumTop {
			top = true
		}
		if v.PtrTop {
			if v.PtrTopComps[0] < -1<<40 || v.PtrTopComps[1] > 1<<40 {
				top = true
			} else {
				w = max(w, bitsFor(v.PtrTopComps[0]), bitsFor(v.PtrTopComps[1]))
			}
			depth = max(depth, v.PtrTopLen)
		}
		for n := range v.Nums {
			w = max(w, bitsFor(n))
		}
		for _, p := range v.Ptrs {
			depth = max(depth, len(p.p))
			for _, n := range p.p {
				w = max(w, bitsFor(n))
			}
		}
	}
	var visit func(v *AbsVal)
	visit = func(v *AbsVal) {
		see(v)
		if v != nil {
			for _, fs := range v.Comps {
				for _, f := range fs {
					visit(f)
				}
			}
		}
	}
	for _, v := range a.regs {
		visit(v)
	}
	for _, v := range a.mem {
		visit(v)
	}
	visit(a.any)
	visit(a.initAll)
	// Base numbers of every block must be representable.
	w = max(w, bitsFor(int64(len(a.u.Blocks))))
	for _, th := range a.u.Threads {
		Walk(th.Body, func(s Stmt) bool {
			if c, ok := s.(*Choose); ok {
				w = max(w, bitsFor(c.Lo), bitsFor(c.Hi))
			}
			ops := Operands(s)
			if as, ok := s.(*Assign); ok && (as.Op == OpZext || as.Op == OpSext) {
				ops = ops[:1] // the width is a parameter, not a number the encoding holds
				if n, ok := as.Args[1].(Const); ok && as.Op == OpZext && a.mayBeNegative(as.Args[0]) {
					// x + 2^n for a negative x: n + 1 bits, whatever
					// the value sets say (they may be capped)
					w = max(w, int(min(n.V.Num, 63))+1)
				}
			}
			for _, o := range ops {
				if c, ok := o.(Const); ok {
					visit(ConstAbs(c.V))
				}
			}
			return true
		})
	}
	if top {
		r.Fallback = true
		w = max(w, opt.FallbackWidth)
	}
	r.Width = w
	r.PtrDepth = depth
	for _, c := range a.u.Prog.Composites {
		r.MaxFields = max(r.MaxFields, len(c.Fields))
	}
}

// bitsFor returns the two's-complement width that holds n.
func bitsFor(n int64) int {
	w := 1
	for n < -(int64(1)<<(w-1)) || n > (int64(1)<<(w-1))-1 {
		w++
		if w >= 64 {
			return 64
		}
	}
	return w
}

// mayBeNegative reports whether o may hold a negative number.
func (a *analysis) mayBeNegative(o Operand) bool {
	v := a.operand(o)
	if v.NumTop {
		return true
	}
	for n := range v.Nums {
		if n < 0 {
			return true
		}
	}
	return false
}

// extendTop is the result of sext(x, n) or zext(x, n) for an unbounded
// x: the n-bit numbers (x itself when its bounds fit them).
func (a *AbsVal) extendTop(op Op, args []*AbsVal) {
	n, ok := args[1].singleNum()
	if !ok || n < 1 || n > 62 {
		a.setNumTop()
		return
	}
	lo, hi := int64(-1)<<(n-1), int64(1)<<(n-1)-1
	if op == OpZext {
		lo, hi = 0, int64(1)<<n-1
	}
	if l, h, ok := args[0].NumRange(); ok && l >= lo && h <= hi {
		lo, hi = l, h
	}
	a.setNumTopRange(lo, hi)
}

// singleNum is the one number a may hold.
func (a *AbsVal) singleNum() (int64, bool) {
	if a == nil || a.NumTop || len(a.Nums) != 1 {
		return 0, false
	}
	for v := range a.Nums {
		return v, true
	}
	return 0, false
}

// intervalTop is the result of a ring operation (+, -, *, unary -) with an
// unbounded argument: the interval of the exact results when every
// argument is bounded (a bounded NumTop or numbers), else unbounded. The
// encoding computes modulo 2^w, which agrees with the exact result
// whenever that fits w bits; the encoding uses the bounds only then.
func (a *AbsVal) intervalTop(op Op, args []*AbsVal) {
	var ls, hs []*big.Int
	for _, x := range args {
		if x.MayBe(KPtr) || x.MayBe(KComp) {
			a.setNumTop()
			return
		}
		l, h, ok := x.NumRange()
		if !ok {
			a.setNumTop()
			return
		}
		ls, hs = append(ls, big.NewInt(l)), append(hs, big.NewInt(h))
	}
	var lo, hi *big.Int
	switch {
	case op == OpNeg && len(args) == 1:
		lo, hi = new(big.Int).Neg(hs[0]), new(big.Int).Neg(ls[0])
	case op == OpAdd && len(args) == 2:
		lo, hi = new(big.Int).Add(ls[0], ls[1]), new(big.Int).Add(hs[0], hs[1])
	case op == OpSub && len(args) == 2:
		lo, hi = new(big.Int).Sub(ls[0], hs[1]), new(big.Int).Sub(hs[0], ls[1])
	case op == OpMul && len(args) == 2:
		for _, x := range []*big.Int{ls[0], hs[0]} {
			for _, y := range []*big.Int{ls[1], hs[1]} {
				p := new(big.Int).Mul(x, y)
				if lo == nil || p.Cmp(lo) < 0 {
					lo = p
				}
				if hi == nil || p.Cmp(hi) > 0 {
					hi = p
				}
			}
		}
	default:
		a.setNumTop()
		return
	}
	limit := big.NewInt(1 << 62)
	if lo.Cmp(new(big.Int).Neg(limit)) < 0 || hi.Cmp(limit) > 0 {
		a.setNumTop()
		return
	}
	a.setNumTopRange(lo.Int64(), hi.Int64())
}
