package lsl

import (
	"fmt"
	"strconv"

	"github.com/checkfence/checkfence/diag"
)

// Program is a (not yet unrolled) LSL program: type declarations, globals and
// procedure definitions. Tests call its parameterless procedures as operations.
type Program struct {
	Structs    []*Struct
	Composites []*Composite
	Globals    []*Global
	Procs      []*Proc
	// C11 is set by the front ends that tag C11 atomics (c11.go): a cat
	// model must read or compile those tags. In LSL written by hand,
	// tags mean what the model makes of them.
	C11 bool
	// ScopedCtrl is set by the front ends of languages whose control
	// dependencies end where an if statement does (herd's C, the Linux-
	// kernel model): code after the if depends on no load its condition
	// read. Otherwise (assembly jumps) everything after a branch depends
	// on it.
	ScopedCtrl bool
	// CheckFenceSync is set by a front end when the program synchronises
	// with CheckFence's own primitives (lsl_fence, lsl_cas): such a
	// program is not checked for C11 data races unless asked to
	// (docs/semantics.md, "Data races").
	CheckFenceSync bool
	// IntWidth is the width in bits of the source's widest integer type
	// (the C front ends: 32 for int, 64 with long or uint64_t; AArch64
	// litmus tests: 64): numbers the range analysis cannot bound are
	// encoded with it, so they wrap where the machine's do. 0: unknown
	// (the encoding's fallback width, --int-width).
	IntWidth int
}

// Struct declares the field names (and nested aggregate types) of a C struct.
// It only serves naming: field i lives at pointer offset i.
type Struct struct {
	Name   string
	Fields []Field
	Pos    diag.Pos
}

// Field is one field of a Struct. Type is nil for scalar fields.
type Field struct {
	Name string
	Type *TypeRef
}

// TypeRef names a type for address printing: "int" (a scalar) or a struct,
// with optional array dimensions (node_t[4] is Name "node_t", Dims [4]).
type TypeRef struct {
	Name string
	Dims []int64
}

func (t *TypeRef) String() string {
	if t == nil {
		return ""
	}
	s := t.Name
	for _, d := range t.Dims {
		s += "[" + strconv.FormatInt(d, 10) + "]"
	}
	return s
}

// Composite declares a tagged-union type tag(field1, …, fieldk) (§4.6.3).
type Composite struct {
	Name   string
	Fields []string
	Pos    diag.Pos
}

// Global is a named memory region. Its cells hold 0 unless Init says otherwise.
// Global number i (0-based, in declaration order) has base i+1. Tags are
// annotations of the initial writes of its cells for cat models (NAL: a
// non-atomic location, as in Dat3M's c11.cat).
type Global struct {
	Name string
	Type *TypeRef // nil: a scalar
	Init []CellInit
	Tags []string
	Pos  diag.Pos
}

// CellInit gives the initial value of one cell of a global: the cell at
// pointer [base Path…].
type CellInit struct {
	Path []int64
	Val  Value
}

// Proc is a procedure definition def p(params)(results) = body.
type Proc struct {
	Name    string
	Display string // shown in traces instead of Name when set (the thread function a pthread main starts)
	Params  []Reg
	Results []Reg
	Body    *Block
	Pos     diag.Pos
}

// Reg is a register name, including the % sigil of the text syntax ("%x").
// Registers are local to a procedure; their initial value is ⊥.
type Reg string

// Operand is a register or a constant.
type Operand interface{ operand() }

// Const is a constant operand.
type Const struct{ V Value }

func (Reg) operand()   {}
func (Const) operand() {}

// OperandString formats an operand.
func OperandString(o Operand) string {
	switch o := o.(type) {
	case Reg:
		return string(o)
	case Const:
		return o.V.String()
	}
	return fmt.Sprintf("<bad operand %T>", o)
}

// Stmt is an LSL statement.
type Stmt interface {
	Position() diag.Pos
	stmt()
}

// Block is a statement sequence, optionally labelled. A labelled block is the
// target of break (exit the block) and continue (restart the block); a loop is
// a labelled block that continues itself.
type Block struct {
	Label string
	Stmts []Stmt
	Pos   diag.Pos
	// Iter marks iteration k ≥ 1 of loop instance Loop in an unrolled
	// program (unrollLoop); a break to the block's own label continues
	// with the next iteration. Zero elsewhere.
	Iter int
	Loop LoopKey
}

// IsLoop reports whether b is a loop: a labelled block that something in
// it continues.
func (b *Block) IsLoop() bool {
	if b.Label == "" {
		return false
	}
	found := false
	Walk(b, func(s Stmt) bool {
		if c, ok := s.(*Continue); ok && c.Label == b.Label {
			found = true
		}
		return !found
	})
	return found
}

// UnrolledLoop reports whether b is the outer block of an unrolled loop
// (unrollLoop): its iterations, then the cut-off at the loop's bound.
func (b *Block) UnrolledLoop() bool {
	n := len(b.Stmts)
	if n < 2 || b.Iter != 0 {
		return false
	}
	p, ok := b.Stmts[n-1].(*Pruned)
	first, isIter := b.Stmts[0].(*Block)
	return ok && isIter && first.Iter == 1 && first.Loop == p.Loop
}

// Assign is r := op(args). Op OpCopy has one argument and prints as r := a.
type Assign struct {
	Dst   Reg
	Op    Op
	Comp  string // composite type for OpMake/OpGet/OpSet
	Field string // field name for OpGet/OpSet
	Args  []Operand
	Pos   diag.Pos
}

// Load is r := *addr. Expr is the C-level expression that was read (for traces).
// ID is the instruction identifier, assigned by the unroller (0 before).
// Tags are annotations for cat memory models (tags.go): the sets of herd's
// models the event belongs to (ACQ, A, X, …). The .mm models ignore them.
type Load struct {
	Dst  Reg
	Addr Operand
	Expr string
	Tags []string
	ID   int
	Pos  diag.Pos
}

// Store is *addr := val. Status, when set, makes it a store-conditional
// that succeeded: the store sets register Status to 0, and for cat models
// the register depends on the store event (the success register of a
// RISC-V sc or an Arm STXR carries a dependency from the write).
type Store struct {
	Addr   Operand
	Val    Operand
	Expr   string
	Tags   []string
	Status Reg
	ID     int
	Pos    diag.Pos
}

// Fence is a memory ordering fence of the given kind. Tags name the fence
// for cat models (DMB.ISH, Fence.rw.rw, sync, …). A fence with tags may
// have no kind (Kind 0): it then orders nothing on the .mm models, whose
// semantics rest on the kind alone.
// Cand > 0 marks a candidate fence of fence synthesis (InsertCandidates):
// it executes only in executions whose fence selection includes candidate
// Cand.
type Fence struct {
	Kind FenceKind
	Tags []string
	ID   int
	Pos  diag.Pos
	Cand int
}

// If executes Then when Cond is true (a nonzero number or a pointer), Else
// otherwise. Branching on ⊥ or a composite is a runtime error. Else may be nil.
type If struct {
	Cond Operand
	Then *Block
	Else *Block
	Pos  diag.Pos
}

// Break exits the enclosing block labelled Label.
type Break struct {
	Label string
	Pos   diag.Pos
}

// Continue restarts the enclosing block labelled Label (or retries a Spin).
type Continue struct {
	Label string
	Pos   diag.Pos
}

// Abort ends the thread with an error (an explicit runtime failure).
type Abort struct {
	Msg string
	Pos diag.Pos
}

// Pruned marks code cut off by the unroller (§4.5): reaching it means the
// loop or recursion bound Loop was too small. Only in unrolled programs.
type Pruned struct {
	Loop LoopKey
	Pos  diag.Pos
}

// Call calls a procedure by value; on normal completion the callee's result
// registers are copied into Results.
type Call struct {
	Proc    string
	Args    []Operand
	Results []Reg
	Pos     diag.Pos
}

// Choose assigns a nondeterministic number in [Lo, Hi] (§4.6.1). Expr
// says what the choice stands for in the source (the C call
// "__VERIFIER_nondet_int()", "spurious wakeup of pthread_cond_wait"), for
// traces; a choice without one is shown by its register.
type Choose struct {
	Dst    Reg
	Lo, Hi int64
	Expr   string
	Pos    diag.Pos
}

// Atomic executes Body as an atomic block (§3.4.1, §4.6.2). Nested atomic
// blocks are redundant.
type Atomic struct {
	Body *Block
	Pos  diag.Pos
}

// Spin is a side-effect-free spin loop (§7.2.3): Body runs, and "continue
// Label" inside it means "retry". Only the last iteration is modelled; a
// thread whose retry can never succeed is deadlocked.
type Spin struct {
	Label string
	Body  *Block
	Pos   diag.Pos
}

// Assert fails the test (reason "assertion") when Cond is false.
type Assert struct {
	Cond Operand
	Msg  string
	Pos  diag.Pos
}

// Assume discards every execution in which Cond is false.
type Assume struct {
	Cond Operand
	Pos  diag.Pos
}

// Observe records an observation: Label starts a new operation record named
// Name for the thread; Input and Output add the named value Val to it.
type Observe struct {
	Kind ObsKind
	Name string
	Val  Operand // nil for ObsLabel
	Pos  diag.Pos
}

// Alloc assigns a pointer to a new memory block. Name labels local blocks
// ("x" for the address-taken local x); Type names the block's type for traces.
type Alloc struct {
	Dst  Reg
	Kind AllocKind
	Type *TypeRef
	Name string
	Pos  diag.Pos
}

// Free releases a block from Alloc (fresh: only checks the pointer; pool:
// returns the block to the pool, freeing an unallocated block is an error).
type Free struct {
	Ptr  Operand
	Kind AllocKind
	Pos  diag.Pos
}

func (s *Block) Position() diag.Pos    { return s.Pos }
func (s *Assign) Position() diag.Pos   { return s.Pos }
func (s *Load) Position() diag.Pos     { return s.Pos }
func (s *Store) Position() diag.Pos    { return s.Pos }
func (s *Fence) Position() diag.Pos    { return s.Pos }
func (s *If) Position() diag.Pos       { return s.Pos }
func (s *Break) Position() diag.Pos    { return s.Pos }
func (s *Continue) Position() diag.Pos { return s.Pos }
func (s *Abort) Position() diag.Pos    { return s.Pos }
func (s *Pruned) Position() diag.Pos   { return s.Pos }
func (s *Call) Position() diag.Pos     { return s.Pos }
func (s *Choose) Position() diag.Pos   { return s.Pos }
func (s *Atomic) Position() diag.Pos   { return s.Pos }
func (s *Spin) Position() diag.Pos     { return s.Pos }
func (s *Assert) Position() diag.Pos   { return s.Pos }
func (s *Assume) Position() diag.Pos   { return s.Pos }
func (s *Observe) Position() diag.Pos  { return s.Pos }
func (s *Alloc) Position() diag.Pos    { return s.Pos }
func (s *Free) Position() diag.Pos     { return s.Pos }

func (*Block) stmt()    {}
func (*Assign) stmt()   {}
func (*Load) stmt()     {}
func (*Store) stmt()    {}
func (*Fence) stmt()    {}
func (*If) stmt()       {}
func (*Break) stmt()    {}
func (*Continue) stmt() {}
func (*Abort) stmt()    {}
func (*Pruned) stmt()   {}
func (*Call) stmt()     {}
func (*Choose) stmt()   {}
func (*Atomic) stmt()   {}
func (*Spin) stmt()     {}
func (*Assert) stmt()   {}
func (*Assume) stmt()   {}
func (*Observe) stmt()  {}
func (*Alloc) stmt()    {}
func (*Free) stmt()     {}

// FenceKind is the type of a fence (§3.4.3, plus Full = all four basic kinds).
type FenceKind uint8

const (
	FenceLoadLoad FenceKind = iota + 1
	FenceLoadStore
	FenceStoreLoad
	FenceStoreStore
	FenceAliasedLoads
	FenceDataDependentLoads
	FenceControlDependent
	FenceFull
)

var fenceNames = [...]string{
	FenceLoadLoad:           "load-load",
	FenceLoadStore:          "load-store",
	FenceStoreLoad:          "store-load",
	FenceStoreStore:         "store-store",
	FenceAliasedLoads:       "aliased-loads",
	FenceDataDependentLoads: "data-dependent-loads",
	FenceControlDependent:   "control-dependent",
	FenceFull:               "full",
}

func (k FenceKind) String() string {
	if int(k) < len(fenceNames) && fenceNames[k] != "" {
		return fenceNames[k]
	}
	return "fence(" + strconv.Itoa(int(k)) + ")"
}

// FenceKinds lists every fence kind in order.
func FenceKinds() []FenceKind {
	return []FenceKind{FenceLoadLoad, FenceLoadStore, FenceStoreLoad, FenceStoreStore,
		FenceAliasedLoads, FenceDataDependentLoads, FenceControlDependent, FenceFull}
}

// ParseFenceKind maps a fence name (as in lsl_fence("…")) to its kind.
func ParseFenceKind(s string) (FenceKind, bool) {
	for k, n := range fenceNames {
		if n != "" && n == s {
			return FenceKind(k), true
		}
	}
	return 0, false
}

// FenceNames lists the valid fence names, for error messages.
func FenceNames() []string {
	var out []string
	for _, k := range FenceKinds() {
		out = append(out, k.String())
	}
	return out
}

// Predicates returns the memory-model predicates (ll_fence, …) that a fence of
// kind k satisfies. A full fence satisfies the four basic ones.
func (k FenceKind) Predicates() []string {
	switch k {
	case FenceLoadLoad:
		return []string{"ll_fence"}
	case FenceLoadStore:
		return []string{"ls_fence"}
	case FenceStoreLoad:
		return []string{"sl_fence"}
	case FenceStoreStore:
		return []string{"ss_fence"}
	case FenceAliasedLoads:
		return []string{"al_fence"}
	case FenceDataDependentLoads:
		return []string{"ddl_fence"}
	case FenceControlDependent:
		return []string{"cd_fence"}
	case FenceFull:
		return []string{"ll_fence", "ls_fence", "sl_fence", "ss_fence"}
	}
	return nil
}

// ObsKind is the kind of an Observe statement.
type ObsKind uint8

const (
	ObsLabel ObsKind = iota + 1
	ObsInput
	ObsOutput
)

func (k ObsKind) String() string {
	switch k {
	case ObsLabel:
		return "label"
	case ObsInput:
		return "input"
	case ObsOutput:
		return "output"
	}
	return "obs(" + strconv.Itoa(int(k)) + ")"
}

// AllocKind selects the allocator.
type AllocKind uint8

const (
	AllocFresh AllocKind = iota + 1 // lsl_malloc_noreuse: a new block every call
	AllocPool                       // lsl_malloc: a block from a pool, reusable after free
	AllocLocal                      // an address-taken local variable
)

func (k AllocKind) String() string {
	switch k {
	case AllocFresh:
		return "fresh"
	case AllocPool:
		return "pool"
	case AllocLocal:
		return "local"
	}
	return "alloc(" + strconv.Itoa(int(k)) + ")"
}
