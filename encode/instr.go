package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// Instr is one load, store or fence of the unrolled program as the encoding
// sees it: guard G_i, address A_i and value D_i (§5.1.3).
type Instr struct {
	Index  int // position in Encoding.Instrs: the axioms.Universe numbering
	ID     int // lsl instruction id
	Kind   axioms.InstrKind
	Thread int // index into Encoding.Threads
	Op     int // operation index within the thread (-1: thread start/end fence)
	Stmt   lsl.Stmt
	Fence  lsl.FenceKind
	Guard  z.Lit
	Addr   *Val // accesses
	Data   *Val // loads: the fresh loaded value; stores: the stored value
	Atomic int  // atomic block id, 0 when outside atomic blocks
	ddeps  depSet
	cdeps  depSet
	adeps  depSet // the address's dependencies (cat addr)
	vdeps  depSet // a store's value's dependencies (cat data)
}

// Pos is the instruction's source position.
func (in *Instr) Pos() diag.Pos { return in.Stmt.Position() }

// Expr is the C-level expression the access implements ("" if unknown).
func (in *Instr) Expr() string {
	switch s := in.Stmt.(type) {
	case *lsl.Load:
		return s.Expr
	case *lsl.Store:
		return s.Expr
	}
	return ""
}

// IsAccess reports whether the instruction is a load or a store.
func (in *Instr) IsAccess() bool { return in.Kind == axioms.Load || in.Kind == axioms.Store }

// ErrorSite is a place where a thread can fail: a failing assertion, an
// explicit abort, or a runtime check of §7.1.1.
type ErrorSite struct {
	Reason string
	Thread int
	Op     int
	Stmt   lsl.Stmt
	Guard  z.Lit
	Msg    string // assertion or abort message; otherwise empty (see Args)
	Args   []*Val // operands of the failing operation, to explain runtime errors
	Assign *lsl.Assign
	Access *Instr // a use after free: the access (memsafety.go)
	Bounds bool   // an access outside an array's bounds (bounds.go)
}

// PrunedSite is a Pruned statement: reaching it means loop Loop needs a
// higher bound.
type PrunedSite struct {
	Loop   lsl.LoopKey
	Thread int
	Guard  z.Lit
	Pos    diag.Pos
	// InAtomic: the site is inside an atomic block, whose remaining
	// instructions would have to take effect before anything else.
	InAtomic bool
	// within lists the loop instances the site is inside (threadSymExec.loops):
	// fair progress keeps a cycle that stores in an execution cut off
	// inside the cycle's own loop instance (fairness.go).
	within []int
}

// ChoiceSite is one executed-if-Guard choose statement: its value, and
// Next, the number of instructions the encoding had before it, which
// places it among the thread's events.
type ChoiceSite struct {
	Stmt  *lsl.Choose
	Op    int
	Guard z.Lit
	Value *Val
	Next  int
}

// SpinSite is one spin loop: Blocked holds when its (only modelled) iteration
// wants to retry.
type SpinSite struct {
	Stmt    *lsl.Spin
	Thread  int
	Op      int
	Blocked z.Lit
	Loads   []int // instruction indices of the loads in the iteration
	Stores  []int // and of its stores (a failed lock exchange rewrites the held value)
}

// obsEvent is one Observe statement instance with a fixed key.
type obsEvent struct {
	key   trace.ObsKey
	guard z.Lit
	val   *Val
	op    int // operation index within the thread
}

// ThreadEnc is the encoding of one thread.
type ThreadEnc struct {
	T      *lsl.Thread
	Start  z.Lit // the thread starts: the threads it waits for completed
	Done   z.Lit // the thread completes normally
	Errors []*ErrorSite
	Pruned []*PrunedSite
	Spins  []*SpinSite
	// Livelocks are the loops whose last unrolled iteration may be
	// redundant (fair progress): the thread repeats it forever.
	Livelocks []*LivelockSite
	Instrs    []int
	// Choices are the thread's nondeterministic choices that name what
	// they stand for (lsl.Choose.Expr), for traces.
	Choices []*ChoiceSite
	obs     []*obsEvent
}
