package trace

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// Execution is a decoded execution: what each thread did, where every load
// got its value, the memory order, the observations, and (for a
// counterexample) the failure.
type Execution struct {
	Threads []*ThreadTrace
	Order   []int // executed accesses (instruction indices) in memory order
	Obs     Observation
	Failure *Failure
	Events  map[int]*Event // by instruction index
	// Race names the racing accesses of a data-race counterexample.
	Race *Race
	// Cat is the candidate execution of a cat model's trace (its events
	// and base relations, which CatGraph evaluates the model on); nil on
	// .mm models and in saved results.
	Cat *CatExecution `json:"-"`
	// C11AsEvents: the model reads a C11 program's orders as its own
	// events (tags, or barriers of its mapping: a cat model), so a trace
	// shows fences as they are. Otherwise (memmodel.Properties.C11Fences,
	// and a saved trace) a trace shows the order on the access and folds
	// the fences of the front ends' mapping.
	C11AsEvents bool `json:"-"`
	// MemoryOrder: the model orders all accesses in a memory order (the
	// .mm models), which Order lists; a cat model's trace has none.
	MemoryOrder bool `json:"-"`
	// RMWWrites: on the model a read-modify-write writes even when it
	// writes back the value it read (memmodel.Properties.RMWWrites).
	RMWWrites bool `json:"-"`
	// SilentRMWs: fair progress deletes retry rounds of read-modify-writes
	// that write back what they read (memmodel.Properties.SilentRMWs).
	SilentRMWs bool `json:"-"`
	// SilentOrderHint: on the model such a round is deleted only when the
	// thread's later loads that read it are ordered after the value's
	// source (memmodel.Properties.SilentOrder: arm8, power); what orders
	// them there, for the hint of an INCONCLUSIVE result ("" elsewhere).
	SilentOrderHint string `json:"-"`
	// Program is the unrolled program the execution runs: the code its
	// events, positions and loop keys refer to, and the names of its
	// pointers (lsl.Unrolled.BaseName).
	Program *lsl.Unrolled `json:"-"`
}

// ThreadTrace is one thread of an execution.
type ThreadTrace struct {
	Name   string
	Kind   lsl.ThreadKind
	Status string // "done", "failed", "pruned", "blocked", "livelock", "not-started"
	Ops    []*OpTrace
	Edge   []*Event // thread creation/join fences
	// Loop is the loop instance (a key of lsl.Unrolled.Loops) at whose
	// bound a pruned thread stopped.
	Loop lsl.LoopKey
	// Blocked locates the spin loop of a blocked thread.
	Blocked *Failure
}

// OpTrace is one operation of a thread.
type OpTrace struct {
	Name    string
	Index   int
	Events  []*Event
	Obs     []ObsItem
	Choices []*Choice
}

// Choice is a nondeterministic choice the operation made (a choose
// statement with a source expression: __VERIFIER_nondet_int(),
// lsl_nondet(0, 3)). It comes before the operation's events whose
// instruction index is Next or more, after the others.
type Choice struct {
	Expr  string
	Pos   diag.Pos
	Value lsl.Value
	Next  int
}

// Event is one executed instruction.
type Event struct {
	Instr    int
	ID       int
	Thread   int
	Kind     string // load, store, fence
	Pos      diag.Pos
	Expr     string
	Addr     lsl.Value
	AddrName string
	Value    lsl.Value
	Source   int // loads: instruction index of the seeding store, -1 for the initial value
	Fence    lsl.FenceKind
	// Barrier is, on a cat model, the barrier a fence of a C11 program
	// compiles to (its tags, cat.C11Mapping); "" otherwise.
	Barrier string
	Atomic  int
	Order   int // position in the memory order (-1 if none)
	// C11 are the instruction's C11 tags (lsl/c11.go: its memory order,
	// mm-only, …), which a trace shows; nil in other programs.
	C11 []string `json:",omitempty"`
}

// Failure describes why an execution is a counterexample.
type Failure struct {
	Reason string
	Thread int
	Op     int
	Pos    diag.Pos
	Msg    string
	// Related are instructions (indices) the failure involves besides the
	// failing statement: the free of a use after free.
	Related []int
}

// Race names the two racing accesses of a data-race counterexample
// (Execution.Race): instruction indices, First < Second, and why neither
// happens before the other, in words.
type Race struct {
	First, Second int
	Why           string
}
