package lsl

import "github.com/checkfence/checkfence/diag"

// ThreadKind distinguishes the serial init and final threads of a test from
// its concurrent threads.
type ThreadKind uint8

const (
	ThreadInit ThreadKind = iota + 1
	ThreadConcurrent
	ThreadFinal
)

// WaitsFor reports whether a thread of kind k starts only after a thread
// of kind other completed: a concurrent thread waits for init, the final
// thread for every other thread.
func (k ThreadKind) WaitsFor(other ThreadKind) bool {
	return k == ThreadConcurrent && other == ThreadInit || k == ThreadFinal && other != ThreadFinal
}

func (k ThreadKind) String() string {
	switch k {
	case ThreadInit:
		return "init"
	case ThreadConcurrent:
		return "concurrent"
	case ThreadFinal:
		return "final"
	}
	return "?"
}

// ThreadSpec is one thread of a test as the unroller sees it: the operations
// (parameterless procedures) it calls, in order.
type ThreadSpec struct {
	Kind  ThreadKind
	Ops   []string
	OpPos []diag.Pos // positions of the op names in the .tst file (may be nil)
	// Detached: a concurrent thread the program may end before it does
	// (Test.Detached)
	Detached bool
	// CheckLeaks: the thread ends the test, which checks that every
	// lsl_malloc block is free then (Test.Leaks)
	CheckLeaks bool
}

// Thread is one unrolled thread. Body.Stmts[k] is the code of operation k
// (an *Atomic in serial mode, otherwise a *Block); the init thread ends and
// the final thread starts with a full fence (thread creation and join).
type Thread struct {
	Kind  ThreadKind
	Index int    // 0-based index among the concurrent threads; -1 for init/final
	Name  string // "init", "t1", "t2", …, "final"
	Ops   []string
	Body  *Block
	// Detached: the program may end while the thread runs
	// (ThreadSpec.Detached)
	Detached bool
}

// BlockKind says where a memory block (a pointer base) comes from.
type BlockKind uint8

const (
	BlockGlobal    BlockKind = iota + 1 // a global variable: cells start as its initializer or 0
	BlockFresh                          // one lsl_malloc_noreuse instance: cells start undefined
	BlockLocal                          // one address-taken local instance: cells start undefined
	BlockPool                           // one block of the lsl_malloc pool: cells start undefined
	BlockPoolFlags                      // the pool's allocation flags: cells start 0
)

// BlockInfo describes the memory block with base number Base.
type BlockInfo struct {
	Base int64
	Kind BlockKind
	Name string // "queue", "node#2", "value#1", "pool.flags"
	Type *TypeRef
	Site diag.Pos // where it is declared or allocated
	// A local of a procedure call that returns within its thread dies
	// there (Dies; bounds.go, DeadLocal): Thread is the index of that
	// thread in Unrolled.Threads, EndID the last instruction id before the
	// return (0 if none), Proc the procedure.
	Dies   bool
	Thread int
	EndID  int
	Proc   string
}

// ZeroInit reports whether never-written cells of the block read as 0 (rather
// than ⊥).
func (b *BlockInfo) ZeroInit() bool { return b.Kind == BlockGlobal || b.Kind == BlockPoolFlags }

// LoopInfo describes one loop instance (or recursive call site) of an
// unrolled program: the bound it was unrolled with and where it is.
type LoopInfo struct {
	Key       LoopKey
	Pos       diag.Pos
	Proc      string
	Label     string
	Bound     int
	Recursion bool // a recursive call rather than a loop
}

// Unrolled is an unrolled concurrent program (§4.5.2): loop- and call-free
// thread bodies with numbered instructions, plus the memory blocks they use.
type Unrolled struct {
	Prog    *Program
	Threads []*Thread
	Blocks  []*BlockInfo          // indexed by base - 1
	Loops   map[LoopKey]*LoopInfo // by key; every Pruned statement names one
	NumIDs  int                   // instruction ids are 1..NumIDs
	Serial  bool
	Pool    *PoolInfo // the lsl_malloc pool, or nil
	// FaintDropped counts the assignments to faint registers Unroll
	// deleted (faint.go; none with UnrollOptions.KeepFaint).
	FaintDropped int
	// StoreOrigin maps each unrolled store to the program's store it
	// copies (none for the pool's own stores).
	StoreOrigin map[*Store]*Store
}

// PoolInfo describes the lsl_malloc pool of an unrolled program: blocks
// First .. First+N-1, their allocation flags in block Flags, the choice of
// a block in each malloc (a value k picks block First+k) and the pool's own
// conversions between block numbers and pointers. Concrete mining uses it
// to explore only one of several interchangeable untouched blocks.
type PoolInfo struct {
	First, N, Flags int64
	Choices         map[*Choose]bool
	Conversions     map[*Assign]bool // OpPointer in malloc, OpBaseOf in free
	// FlagStores are the stores to the flags: true for a malloc's (the
	// block becomes allocated), false for a free's. The use-after-free
	// check asks which of them an access follows in memory order.
	FlagStores map[*Store]bool
	// Fixed: malloc instance i takes block i, no choice
	// (UnrollOptions.FixedPool); no symmetry of blocks to break.
	Fixed bool
}

// Block returns the block with the given base, or nil.
func (u *Unrolled) Block(base int64) *BlockInfo {
	if base >= 1 && base <= int64(len(u.Blocks)) {
		return u.Blocks[base-1]
	}
	return nil
}

// NumConcurrent returns the number of concurrent threads.
func (u *Unrolled) NumConcurrent() int {
	n := 0
	for _, t := range u.Threads {
		if t.Kind == ThreadConcurrent {
			n++
		}
	}
	return n
}

// ThreadSpecs lists the threads of a test as the unroller takes them: init
// (if it has operations), the concurrent threads, final (if any).
func (t *Test) ThreadSpecs() []ThreadSpec {
	var out []ThreadSpec
	conv := func(kind ThreadKind, ops []OpRef) ThreadSpec {
		s := ThreadSpec{Kind: kind}
		for _, o := range ops {
			s.Ops = append(s.Ops, o.Name)
			s.OpPos = append(s.OpPos, o.Pos)
		}
		return s
	}
	if len(t.Init) > 0 {
		out = append(out, conv(ThreadInit, t.Init))
	}
	for i, th := range t.Threads {
		spec := conv(ThreadConcurrent, th)
		spec.Detached = i < len(t.Detached) && t.Detached[i]
		out = append(out, spec)
	}
	if len(t.Final) > 0 {
		out = append(out, conv(ThreadFinal, t.Final))
	}
	if t.Leaks && len(out) > 0 {
		last := &out[len(out)-1]
		if last.Kind == ThreadFinal || len(t.Threads) == 1 && len(t.Init) == 0 {
			last.CheckLeaks = true
		}
	}
	return out
}
