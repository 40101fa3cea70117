package llvmfront

import (
	"strconv"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir/enum"
)

// Phased mains. A main that touches memory between two pthread_create
// calls, or between two pthread_join calls, or that creates a thread after
// joining one, cannot run its middle as one thread concurrent with all the
// others. Such a main keeps its thread handles in memory (as for join
// results) and synchronizes as POSIX says pthread_create and pthread_join
// do (XBD 4.12, "Memory Synchronization"), with flags:
//
//   - main_self runs main's code from its first pthread_create up to its
//     trailing joins (those after its last create and its last access to
//     memory other than reading handles), which stay in main_final;
//   - a thread created after main_self has touched memory or joined a
//     thread starts by waiting for its cell of main_thread_started, which
//     its pthread_create sets to 1 with a release store; the others start
//     at once, as before;
//   - every thread ends with a release store of 1 to its cell of
//     main_thread_done when a join is in main_self, and such a join waits
//     for the cell of the handle it read with an acquire load.
//
// The waits are spin loops: a thread that is never started, or a join of a
// thread that never ends, blocks (a deadlock, unless a loop bound cut the
// execution off). The release stores and acquire loads are those of C11
// atomics (atomics.go), so every model orders what main did before
// pthread_create before the thread, and what the thread did before what
// main does after pthread_join.

// needHandles ends a lowering of main that did not keep thread handles
// when the split finds main phased.
type needHandles struct{}

// phased reports whether main's code from its first create to its last
// join (items) needs the synchronization above: n threads are created.
func (f *fn) phased(items []lsl.Stmt, n int) bool {
	creates, joined := 0, 0
	reading := false // main has read a handle for a join
	for _, s := range items {
		switch {
		case f.isHandleLoad(s):
			reading = true
		case isMarker(s, createMarker):
			if joined > 0 || reading {
				return true
			}
			creates++
		case isMarker(s, joinMarker):
			joined++
			reading = true
		case touchesMemory([]lsl.Stmt{s}) && (creates < n || reading):
			return true
		}
	}
	return false
}

func isMarker(s lsl.Stmt, marker string) bool {
	c, ok := s.(*lsl.Call)
	return ok && c.Proc == marker
}

func (f *fn) isHandleLoad(s lsl.Stmt) bool {
	ld, ok := s.(*lsl.Load)
	return ok && f.handleLoads[ld]
}

// splitPhased splits a phased main (stmts, its thread operations from
// first to last, the threads it starts).
func (f *fn) splitPhased(stmts []lsl.Stmt, first, last int, starts []*threadStart) *mainSplit {
	sp := &mainSplit{starts: starts}
	if f.t.pthread.results {
		f.t.threadGlobal(&f.t.pthread.resultBase, "main_thread_result", f.proc.Pos)
	}
	sp.init = append(sp.init, stmts[:first]...)
	items := stmts[first : last+1]
	// the trailing joins: after the last create and the last access to
	// memory other than a handle's read
	tail := 0
	for i, s := range items {
		if isMarker(s, createMarker) || !isMarker(s, joinMarker) && !f.isHandleLoad(s) && touchesMemory([]lsl.Stmt{s}) {
			tail = i + 1
		}
	}
	var self []lsl.Stmt
	k := 0          // threads created so far
	synced := false // main_self has touched memory or joined a thread
	joins := 0
	for _, s := range items[:tail] {
		switch {
		case isMarker(s, createMarker):
			st := starts[k]
			k++
			g := f.guardOf(s.(*lsl.Call))
			st.guarded = g != nil
			// main_self writes the handle where pthread_create does: main
			// may reuse one pthread_t for threads it joins in turn
			self = append(self, guardedStmts(g, []lsl.Stmt{handleStore(st, k)}, st.pos)...)
			if synced || st.guarded {
				st.start = true
				var started []lsl.Stmt
				if len(st.fn.Params) == 1 {
					if _, ok := st.arg.(lsl.Reg); ok {
						// the thread reads it after its start: main may
						// have computed it from what it read or joined
						st.argCell = f.t.threadGlobal(&f.t.pthread.argBase, "main_thread_arg", f.proc.Pos)
						started = append(started, &lsl.Store{Addr: lsl.Const{V: lsl.Ptr(st.argCell, int64(k))}, Val: st.arg, Expr: "pthread_create's argument of thread " + strconv.Itoa(k), Pos: st.pos})
					}
				}
				base := f.t.threadGlobal(&f.t.pthread.startedBase, "main_thread_started", f.proc.Pos)
				started = append(started, releaseFlag(base, int64(k), "pthread_create starts thread "+strconv.Itoa(k), st.pos)...)
				self = append(self, f.startFlags(base, int64(k), g, st.pos, started)...)
			}
		case isMarker(s, joinMarker):
			c := s.(*lsl.Call)
			joins++
			at := lsl.Reg("%pthread_done_at." + strconv.Itoa(joins))
			join := []lsl.Stmt{&lsl.Assign{Dst: at, Op: lsl.OpOffset, Args: []lsl.Operand{lsl.Const{V: lsl.Ptr(f.t.threadGlobal(&f.t.pthread.doneBase, "main_thread_done", f.proc.Pos))}, c.Args[0]}, Pos: c.Pos}}
			join = append(join, acquireWait(at, "pthread_join"+strconv.Itoa(joins), "pthread_join waits for the thread", c.Pos)...)
			join = append(join, sp.joinResult(f, c)...)
			self = append(self, guardedStmts(f.guardOf(c), join, c.Pos)...)
			synced = true
		default:
			self = append(self, s)
			if !f.isHandleLoad(s) && touchesMemory([]lsl.Stmt{s}) {
				synced = true
			}
		}
	}
	if f.t.pthread.doneBase != 0 {
		for _, st := range starts {
			st.done = true
		}
	}
	for _, s := range items[tail:] {
		if isMarker(s, joinMarker) {
			c := s.(*lsl.Call)
			sp.final = append(sp.final, guardedStmts(f.guardOf(c), sp.joinResult(f, c), c.Pos)...)
			continue
		}
		sp.final = append(sp.final, s)
	}
	sp.final = f.dropDeadHandleLoads(append(sp.final, stmts[last+1:]...))
	// the copies of the threads' arguments (threadExpander.pin) move to
	// init when they only read what init computes: threads that start at
	// once read them there
	avail := defined(sp.init)
	pinned := map[lsl.Reg]bool{}
	for _, st := range starts {
		if r, ok := st.arg.(lsl.Reg); ok && st.argCell == 0 {
			pinned[r] = true
		}
	}
	for _, s := range self {
		if a, ok := s.(*lsl.Assign); ok && pinned[a.Dst] && readsOnly(a, avail) {
			sp.init = append(sp.init, a)
			avail[a.Dst] = true
			continue
		}
		sp.self = append(sp.self, s)
	}
	return sp
}

// threadGlobal returns the base of a global of one cell per thread (cell
// k for thread k), declaring it on first use; its length is set when
// every thread is known (sizeThreadGlobals).
func (t *translator) threadGlobal(base *int64, name string, pos diag.Pos) int64 {
	if *base == 0 {
		name = uniqueName(name, t.globalTaken)
		t.prog.Globals = append(t.prog.Globals, &lsl.Global{Name: name, Type: &lsl.TypeRef{Name: "int", Dims: []int64{1}}, Pos: pos})
		*base = int64(len(t.prog.Globals))
	}
	return *base
}

// sizeThreadGlobals gives the globals of threadGlobal one cell per thread
// (cell 0 is unused: threads are numbered from 1).
func (t *translator) sizeThreadGlobals() {
	if t.pthread == nil {
		return
	}
	for _, b := range []int64{t.pthread.resultBase, t.pthread.startedBase, t.pthread.doneBase, t.pthread.argBase} {
		if b != 0 {
			t.prog.Globals[b-1].Type.Dims = []int64{int64(t.pthread.threads + 1)}
		}
	}
}

// releaseFlag sets cell k of the flag global base to 1 with a release
// store: the fences and tags of a C11 release store (atomicStore).
func releaseFlag(base, k int64, expr string, pos diag.Pos) []lsl.Stmt {
	o := enum.AtomicOrderingRelease
	var out []lsl.Stmt
	role := lsl.C11Role{Kind: "W", Order: orderingTags(o)[1]}.Tag()
	for _, kind := range fencesBefore(o) {
		out = append(out, &lsl.Fence{Kind: kind, Tags: []string{mmOnly, role}, Pos: pos})
	}
	return append(out, &lsl.Store{Addr: lsl.Const{V: lsl.Ptr(base, k)}, Val: num(1), Expr: expr, Tags: orderingTags(o), Pos: pos})
}

// acquireWait spins until the cell at addr is 1, reading it with an
// acquire load: the tags and fences of a C11 acquire load (atomicLoad).
func acquireWait(addr lsl.Operand, label, expr string, pos diag.Pos) []lsl.Stmt {
	o := enum.AtomicOrderingAcquire
	v := lsl.Reg("%" + label + ".flag")
	unset := lsl.Reg("%" + label + ".unset")
	body := &lsl.Block{Pos: pos, Stmts: []lsl.Stmt{
		&lsl.Load{Dst: v, Addr: addr, Expr: expr, Tags: orderingTags(o), Pos: pos},
		&lsl.Assign{Dst: unset, Op: lsl.OpEq, Args: []lsl.Operand{v, num(0)}, Pos: pos},
		&lsl.If{Cond: unset, Then: &lsl.Block{Stmts: []lsl.Stmt{&lsl.Continue{Label: label, Pos: pos}}, Pos: pos}, Pos: pos},
	}}
	out := []lsl.Stmt{&lsl.Spin{Label: label, Body: body, Pos: pos}}
	role := lsl.C11Role{After: true, Kind: "R", Order: orderingTags(o)[1]}.Tag()
	for _, kind := range loadFencesAfter(o) {
		out = append(out, &lsl.Fence{Kind: kind, Tags: []string{mmOnly, role}, Pos: pos})
	}
	return out
}
