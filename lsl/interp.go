package lsl

import (
	"fmt"
	"sort"

	"github.com/checkfence/checkfence/diag"
)

// InterpOptions configure Run, the sequential reference interpreter.
type InterpOptions struct {
	// Choose picks the value of a choose statement in [lo, hi]; nil picks lo.
	Choose func(lo, hi int64) int64
	// ThreadID and NumThreads are the values of threadid() and numthreads().
	ThreadID, NumThreads int64
	// MaxSteps bounds the statements executed (default 1000000); MaxDepth
	// the call depth (default 1000); MaxSpins the retries of one spin loop
	// before it counts as a deadlock (default 100).
	MaxSteps, MaxDepth, MaxSpins int
}

// InterpFailure classifies the ways an interpreted execution can fail.
type InterpFailure string

const (
	InterpAssertion InterpFailure = "assertion"     // an assert was false
	InterpAssume    InterpFailure = "assume"        // an assume was false: the execution is discarded
	InterpRuntime   InterpFailure = "runtime-error" // a runtime check (§7.1.1) or an abort
	InterpDeadlock  InterpFailure = "deadlock"      // a spin loop can never leave
	InterpLimit     InterpFailure = "limit"         // a step, depth or unrolling limit
)

// InterpError is a failed execution: its kind, message and position.
type InterpError struct {
	Kind InterpFailure
	Msg  string
	Pos  diag.Pos
}

func (e *InterpError) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.Pos, e.Kind, e.Msg)
}

// Observation is one observe statement executed.
type Observation struct {
	Kind ObsKind
	Name string
	Val  Value // Undef for labels
	Pos  diag.Pos
}

// InterpResult is the outcome of a run: the procedure's results, the
// observations in order, and the final memory: every cell that was
// initialized or written, keyed by the pointer's Key (e.g. "[2 1]").
type InterpResult struct {
	Results      []Value
	Observations []Observation
	Memory       map[string]Value
	Steps        int

	numGlobals int64
}

// Cell returns the final value of the cell at pointer p: as written, else
// 0 in a global and ⊥ elsewhere.
func (r *InterpResult) Cell(p Value) Value {
	if v, ok := r.Memory[p.Key()]; ok {
		return v
	}
	if p.Kind == KPtr && p.Ptr[0] >= 1 && p.Ptr[0] <= r.numGlobals {
		return Num(0)
	}
	return Undef
}

// Run executes procedure proc of p on one thread, sequentially, from a
// memory holding the globals' initial values: a reference semantics for
// testing translations. Atomic blocks and fences have no effect; allocation
// takes fresh blocks after the globals. An execution that fails returns an
// *InterpError (with the partial result).
func Run(p *Program, proc string, args []Value, opt InterpOptions) (*InterpResult, error) {
	if opt.MaxSteps <= 0 {
		opt.MaxSteps = 1000000
	}
	if opt.MaxDepth <= 0 {
		opt.MaxDepth = 1000
	}
	if opt.MaxSpins <= 0 {
		opt.MaxSpins = 100
	}
	in := &interp{
		prog:   p,
		opt:    opt,
		mem:    map[string]Value{},
		next:   int64(len(p.Globals)) + 1,
		blocks: map[int64]*interpBlock{},
		res:    &InterpResult{numGlobals: int64(len(p.Globals))},
	}
	for i, g := range p.Globals {
		base := int64(i + 1)
		in.blocks[base] = &interpBlock{global: true, allocated: true}
		for _, c := range g.Init {
			in.mem[Ptr(base, c.Path...).Key()] = c.Val
		}
	}
	q := p.Proc(proc)
	if q == nil {
		return nil, &InterpError{Kind: InterpRuntime, Msg: "unknown procedure " + proc}
	}
	results, err := in.call(q, args, q.Pos, 0)
	in.res.Results = results
	in.res.Memory = in.mem
	return in.res, err
}

type interpBlock struct {
	global    bool
	kind      AllocKind
	allocated bool
}

type interp struct {
	prog   *Program
	opt    InterpOptions
	mem    map[string]Value
	next   int64 // the next fresh base
	blocks map[int64]*interpBlock
	res    *InterpResult
}

type flowKind uint8

const (
	flowNext flowKind = iota
	flowBreak
	flowContinue
)

// flow is how a statement ended: normally, or by break/continue to a label.
type flow struct {
	kind  flowKind
	label string
}

type frame struct {
	regs  map[Reg]Value
	depth int
}

func fail(kind InterpFailure, pos diag.Pos, format string, args ...any) *InterpError {
	return &InterpError{Kind: kind, Msg: fmt.Sprintf(format, args...), Pos: pos}
}

func (in *interp) call(q *Proc, args []Value, pos diag.Pos, depth int) ([]Value, error) {
	if depth >= in.opt.MaxDepth {
		return nil, fail(InterpLimit, pos, "call depth limit (%d) reached in %s", in.opt.MaxDepth, q.Name)
	}
	if len(args) != len(q.Params) {
		return nil, fail(InterpRuntime, pos, "%s takes %d arguments, got %d", q.Name, len(q.Params), len(args))
	}
	fr := &frame{regs: map[Reg]Value{}, depth: depth}
	for i, r := range q.Params {
		fr.regs[r] = args[i]
	}
	if q.Body != nil {
		fl, err := in.block(fr, q.Body)
		if err != nil {
			return nil, err
		}
		if fl.kind != flowNext {
			return nil, fail(InterpRuntime, pos, "%s: %s to %s leaves the procedure", q.Name, fl.kindName(), fl.label)
		}
	}
	out := make([]Value, len(q.Results))
	for i, r := range q.Results {
		out[i] = fr.reg(r)
	}
	return out, nil
}

func (f flow) kindName() string {
	if f.kind == flowBreak {
		return "break"
	}
	return "continue"
}

func (fr *frame) reg(r Reg) Value {
	if v, ok := fr.regs[r]; ok {
		return v
	}
	return Undef
}

func (fr *frame) op(o Operand) Value {
	switch o := o.(type) {
	case Reg:
		return fr.reg(o)
	case Const:
		return o.V
	}
	return Undef
}

// block runs b; a continue to b's own label restarts it, a break ends it.
func (in *interp) block(fr *frame, b *Block) (flow, error) {
	for {
		fl, err := in.stmts(fr, b.Stmts)
		if err != nil || fl.kind == flowNext || b.Label == "" || fl.label != b.Label {
			return fl, err
		}
		if fl.kind == flowBreak {
			return flow{}, nil
		}
		if err := in.step(b.Pos); err != nil {
			return flow{}, err
		}
	}
}

func (in *interp) stmts(fr *frame, list []Stmt) (flow, error) {
	for _, s := range list {
		if err := in.step(s.Position()); err != nil {
			return flow{}, err
		}
		fl, err := in.stmt(fr, s)
		if err != nil || fl.kind != flowNext {
			return fl, err
		}
	}
	return flow{}, nil
}

func (in *interp) step(pos diag.Pos) error {
	in.res.Steps++
	if in.res.Steps > in.opt.MaxSteps {
		return fail(InterpLimit, pos, "step limit (%d) reached", in.opt.MaxSteps)
	}
	return nil
}

func (in *interp) stmt(fr *frame, s Stmt) (flow, error) {
	switch s := s.(type) {
	case *Block:
		return in.block(fr, s)
	case *Assign:
		return flow{}, in.assign(fr, s)
	case *Load:
		key, err := in.cell(fr.op(s.Addr), "load", s.Pos)
		if err != nil {
			return flow{}, err
		}
		fr.regs[s.Dst] = in.read(key, fr.op(s.Addr))
	case *Store:
		key, err := in.cell(fr.op(s.Addr), "store", s.Pos)
		if err != nil {
			return flow{}, err
		}
		in.mem[key] = fr.op(s.Val)
		if s.Status != "" {
			fr.regs[s.Status] = Num(0)
		}
	case *Fence:
	case *If:
		c, msg := Truth(fr.op(s.Cond))
		if msg != "" {
			return flow{}, fail(InterpRuntime, s.Pos, "%s", msg)
		}
		if c {
			return in.block(fr, s.Then)
		}
		if s.Else != nil {
			return in.block(fr, s.Else)
		}
	case *Break:
		return flow{kind: flowBreak, label: s.Label}, nil
	case *Continue:
		return flow{kind: flowContinue, label: s.Label}, nil
	case *Abort:
		return flow{}, fail(InterpRuntime, s.Pos, "%s", s.Msg)
	case *Pruned:
		return flow{}, fail(InterpLimit, s.Pos, "pruned loop %s", s.Loop)
	case *Call:
		return flow{}, in.callStmt(fr, s)
	case *Choose:
		v := s.Lo
		if in.opt.Choose != nil {
			v = in.opt.Choose(s.Lo, s.Hi)
		}
		if v < s.Lo || v > s.Hi {
			return flow{}, fail(InterpRuntime, s.Pos, "choice %d outside %d .. %d", v, s.Lo, s.Hi)
		}
		fr.regs[s.Dst] = Num(v)
	case *Atomic:
		return in.block(fr, s.Body)
	case *Spin:
		return in.spin(fr, s)
	case *Assert:
		c, msg := Truth(fr.op(s.Cond))
		if msg != "" {
			return flow{}, fail(InterpRuntime, s.Pos, "assertion: %s", msg)
		}
		if !c {
			m := s.Msg
			if m == "" {
				m = "assertion failed"
			}
			return flow{}, fail(InterpAssertion, s.Pos, "%s", m)
		}
	case *Assume:
		c, msg := Truth(fr.op(s.Cond))
		if msg != "" {
			return flow{}, fail(InterpRuntime, s.Pos, "assumption: %s", msg)
		}
		if !c {
			return flow{}, fail(InterpAssume, s.Pos, "assumption does not hold")
		}
	case *Observe:
		o := Observation{Kind: s.Kind, Name: s.Name, Val: Undef, Pos: s.Pos}
		if s.Val != nil {
			o.Val = fr.op(s.Val)
			if o.Val.Kind == KUndef {
				return flow{}, fail(InterpRuntime, s.Pos, "observation of an uninitialised value (%s %q)", s.Kind, s.Name)
			}
		}
		in.res.Observations = append(in.res.Observations, o)
	case *Alloc:
		base := in.next
		in.next++
		in.blocks[base] = &interpBlock{kind: s.Kind, allocated: true}
		fr.regs[s.Dst] = Ptr(base)
	case *Free:
		return flow{}, in.free(fr.op(s.Ptr), s)
	default:
		return flow{}, fail(InterpRuntime, s.Position(), "unknown statement %T", s)
	}
	return flow{}, nil
}

func (in *interp) assign(fr *frame, s *Assign) error {
	switch s.Op {
	case OpThreadID:
		fr.regs[s.Dst] = Num(in.opt.ThreadID)
		return nil
	case OpNumThreads:
		fr.regs[s.Dst] = Num(in.opt.NumThreads)
		return nil
	}
	args := make([]Value, len(s.Args))
	for i, a := range s.Args {
		args[i] = fr.op(a)
	}
	var comp *Composite
	field := -1
	if s.Op == OpMake || s.Op == OpGet || s.Op == OpSet {
		comp = in.prog.Composite(s.Comp)
		if comp == nil {
			return fail(InterpRuntime, s.Pos, "unknown composite %s", s.Comp)
		}
		field = comp.FieldIndex(s.Field)
	}
	v, msg := EvalOp(s.Op, comp, field, args)
	if msg != "" {
		return fail(InterpRuntime, s.Pos, "%s", msg)
	}
	fr.regs[s.Dst] = v
	return nil
}

func (in *interp) callStmt(fr *frame, s *Call) error {
	q := in.prog.Proc(s.Proc)
	if q == nil {
		return fail(InterpRuntime, s.Pos, "call to unknown procedure %s", s.Proc)
	}
	args := make([]Value, len(s.Args))
	for i, a := range s.Args {
		args[i] = fr.op(a)
	}
	results, err := in.call(q, args, s.Pos, fr.depth+1)
	if err != nil {
		return err
	}
	if len(s.Results) > len(results) {
		return fail(InterpRuntime, s.Pos, "%s returns %d results, %d expected", s.Proc, len(results), len(s.Results))
	}
	for i, r := range s.Results {
		fr.regs[r] = results[i]
	}
	return nil
}

// spin runs a spin loop: "continue L" retries. Memory does not change
// between side-effect-free retries of a single thread, so a loop that
// keeps retrying is a deadlock.
func (in *interp) spin(fr *frame, s *Spin) (flow, error) {
	for tries := 0; ; tries++ {
		fl, err := in.stmts(fr, s.Body.Stmts)
		if err != nil {
			return flow{}, err
		}
		if fl.kind == flowNext || fl.label != s.Label {
			return fl, nil
		}
		if fl.kind == flowBreak {
			return flow{}, nil
		}
		if tries >= in.opt.MaxSpins {
			return flow{}, fail(InterpDeadlock, s.Pos, "spin loop %s never exits", s.Label)
		}
	}
}

// cell checks an address and returns its memory key.
func (in *interp) cell(a Value, what string, pos diag.Pos) (string, error) {
	switch a.Kind {
	case KPtr:
		b := in.blocks[a.Ptr[0]]
		if b == nil {
			return "", fail(InterpRuntime, pos, "%s through %s, which points to no block", what, a)
		}
		if b.kind == AllocPool && !b.allocated {
			return "", fail(InterpRuntime, pos, "use after free: %s through %s, which lsl_free freed", what, a)
		}
		return a.Key(), nil
	case KNum:
		if a.Num == 0 {
			return "", fail(InterpRuntime, pos, "%s through the null pointer", what)
		}
		return "", fail(InterpRuntime, pos, "%s through the number %d", what, a.Num)
	case KUndef:
		return "", fail(InterpRuntime, pos, "%s through an undefined value", what)
	}
	return "", fail(InterpRuntime, pos, "%s through a composite value", what)
}

func (in *interp) read(key string, a Value) Value {
	if v, ok := in.mem[key]; ok {
		return v
	}
	if b := in.blocks[a.Ptr[0]]; b != nil && b.global {
		return Num(0)
	}
	return Undef
}

func (in *interp) free(p Value, s *Free) error {
	if p.Kind != KPtr {
		return fail(InterpRuntime, s.Pos, "free of a %s value", p.Kind)
	}
	b := in.blocks[p.Ptr[0]]
	if s.Kind != AllocPool {
		if b == nil {
			return fail(InterpRuntime, s.Pos, "free of %s, which points to no block", p)
		}
		return nil
	}
	switch {
	case b == nil || b.global || b.kind != AllocPool:
		return fail(InterpRuntime, s.Pos, "free of a pointer that lsl_malloc did not return")
	case len(p.Ptr) != 1:
		return fail(InterpRuntime, s.Pos, "free of a pointer into the middle of a block")
	case !b.allocated:
		return fail(InterpRuntime, s.Pos, "free of a block that is not allocated (double free)")
	}
	b.allocated = false
	return nil
}

// MemoryKeys lists the keys of the final memory in a stable order.
func (r *InterpResult) MemoryKeys() []string {
	keys := make([]string, 0, len(r.Memory))
	for k := range r.Memory {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
