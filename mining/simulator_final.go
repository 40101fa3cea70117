package mining

import (
	"encoding/binary"
	"slices"

	"github.com/checkfence/checkfence/lsl"
)

// The final thread's memo. A whole program's final thread (main after its
// last join, with the harness's checks and drain) starts when every other
// thread has completed and runs alone; when it makes no choice, what it
// does is a function of the values it reads. Its runs take few distinct
// paths (the C11 MS queue 2+2: about 10 in 1,000 runs; Treiber 3+3: 132
// in 1,800), while it was four fifths of a run's time there. So the
// simulator of an unrolling remembers the paths: a trie whose nodes are the
// cells the thread read first (before it wrote them), in order, with a
// child per value read, and whose leaves hold what the thread did. A run
// whose final thread would start finds its path by reading those cells
// in the memory it has now: where the values agree at every node, the
// thread would read the same values step by step (it is deterministic),
// and take the same path; so the run replays the leaf instead of running
// the thread:
//
//   - its steps and its entries in the schedule (a replay of the schedule
//     takes the same path);
//   - its status and its needs (iterations), when they depend on its own
//     accesses only (the other threads have completed, and read none of
//     its stores): no entry of it had a reload round (whose judgement
//     looks at the other threads' stores) and, with the fence case on a
//     cat model, no cycle that stores unless the init thread made no
//     choice (storesAccessedBefore looks at the init thread's accesses,
//     which are then the same in every run: it runs first, alone), and it
//     did not stop right after a cycle;
//   - which stores its loads read, where the rest of the run can see it:
//     a load of a cell it had not written yet read the cell's last store
//     before it started (readOutside: a concurrent thread's cycle whose
//     store main read is no cycle). In this run that is the cell's last
//     store now, which the replay records.
//
// The scheduler draws no random numbers for a replayed thread, so the
// runs after a replay draw others than they would have; each is still a
// run of the program. A final thread that chose a value (a
// nondeterministic input, a pool block) or failed with an internal error
// is not remembered.

// simFinal is what one run's final thread did.
type simFinal struct {
	steps  int // shared accesses
	sched  int // entries in the schedule
	status string
	need   lsl.Bounds
	reads  []simFinalRead
}

// simFinalRead is a load of the final thread that read a store made
// before the thread started (or the initial value).
type simFinalRead struct {
	pos  int
	cell string
}

// simFinalNode is a node of the memo's trie: the thread reads cell next
// (first, before writing it) and goes on by the value it reads; or, at a
// leaf, it ends as done says.
type simFinalNode struct {
	cell string
	ptr  []int64
	next map[string]*simFinalNode
	done *simFinal
}

// simFirstRead is a cell the final thread read before writing it, and
// the value it read.
type simFirstRead struct {
	cell string
	ptr  []int64
	val  lsl.Value
}

// simFinalRun is a run's final thread, between its start and the end of
// the run.
type simFinalRun struct {
	hit                    *simFinal
	steps, sched           int // s.steps and len(s.sched) when it started, before its first step
	storesBefore, loadsLen int
	// path: the cells it read first, in order; seen and written: the
	// cells it read and wrote
	path          []simFirstRead
	seen, written map[string]bool
}

// simFinalMemoNodes bounds the memo's trie (per simulator, that is per
// unrolling of the runs).
const simFinalMemoNodes = 200_000

// startFinal is called when the scheduler picked the final thread t for
// its first step (the schedule holds that step). It reports whether the
// memo replaced the thread: then t is finished and the run's steps and
// schedule are those the thread would have added. Else t records its
// first reads.
func (s *simulator) startFinal(t *simThread) bool {
	f := s.lookupFinal()
	if f == nil {
		s.final = &simFinalRun{steps: s.steps, sched: len(s.sched) - 1, storesBefore: s.stores, loadsLen: len(s.loads),
			seen: map[string]bool{}, written: map[string]bool{}}
		t.firstReads = s.final
		return false
	}
	s.final = &simFinalRun{hit: f}
	t.started, t.finished = true, true
	t.r.status = f.status
	s.steps += f.steps
	for i := 1; i < f.sched; i++ {
		s.sched = append(s.sched, t.idx)
	}
	for _, r := range f.reads {
		s.loads = append(s.loads, simLoad{simEvent{t.idx, r.pos}, s.lastStore[r.cell]})
	}
	return true
}

// lookupFinal follows the trie by the memory's values.
func (s *simulator) lookupFinal() *simFinal {
	n := s.finalMemo
	for n != nil && n.done == nil {
		v, ok := s.mem[n.cell]
		if !ok {
			v = initialValue(s.u, n.ptr)
		}
		s.keyBuf = appendValueKey(s.keyBuf[:0], v)
		n = n.next[string(s.keyBuf)]
	}
	if n == nil {
		return nil
	}
	return n.done
}

// firstRead records a read of the final thread (simFinalRun.path).
func (f *simFinalRun) firstRead(cell string, ptr []int64, v lsl.Value) {
	if f.seen[cell] || f.written[cell] {
		return
	}
	f.seen[cell] = true
	f.path = append(f.path, simFirstRead{cell, slices.Clone(ptr), v})
}

// finalNeed returns the needs of the final thread t at the end of a
// finished run: the memo's on a replay; else its iterations, which it
// remembers when they depend on the thread's own accesses.
func (s *simulator) finalNeed(t *simThread) lsl.Bounds {
	f := s.final
	if f.hit != nil {
		return f.hit.need
	}
	need := s.iterations(t)
	if t.err != nil || t.chose || t.exempt || s.finalNodes >= simFinalMemoNodes {
		return need
	}
	for _, e := range t.entries {
		if e.reloads > 0 {
			return need
		}
		for _, c := range e.cycles {
			if c.reload || s.catStores && t.storesIn(c) && s.initChose() {
				return need
			}
		}
	}
	m := &simFinal{steps: s.steps - f.steps, sched: len(s.sched) - f.sched, status: t.r.status, need: need}
	for j, l := range s.loads[f.loadsLen:] {
		if l.thread == t.idx && l.store <= f.storesBefore {
			m.reads = append(m.reads, simFinalRead{pos: l.pos, cell: t.loadCells[j]})
		}
	}
	s.insertFinal(f.path, m)
	return need
}

// insertFinal adds the path that ends in m to the trie.
func (s *simulator) insertFinal(path []simFirstRead, m *simFinal) {
	if s.finalMemo == nil {
		s.finalMemo = &simFinalNode{}
		s.finalNodes++
	}
	n := s.finalMemo
	for _, r := range path {
		if n.done != nil || n.cell != "" && n.cell != r.cell {
			return // not the path the trie says: leave it
		}
		if n.cell == "" {
			n.cell, n.ptr, n.next = r.cell, r.ptr, map[string]*simFinalNode{}
		}
		k := string(appendValueKey(nil, r.val))
		c := n.next[k]
		if c == nil {
			c = &simFinalNode{}
			n.next[k] = c
			s.finalNodes++
		}
		n = c
	}
	if n.cell == "" && n.done == nil {
		n.done = m
	}
}

func appendValueKey(b []byte, v lsl.Value) []byte {
	b = append(b, byte(v.Kind))
	switch v.Kind {
	case lsl.KNum:
		b = binary.AppendVarint(b, v.Num)
	case lsl.KPtr:
		b = binary.AppendUvarint(b, uint64(len(v.Ptr)))
		for _, p := range v.Ptr {
			b = binary.AppendVarint(b, p)
		}
	case lsl.KComp:
		b = binary.AppendUvarint(b, uint64(len(v.Comp)))
		b = append(b, v.Comp...)
		b = binary.AppendUvarint(b, uint64(len(v.Fields)))
		for _, f := range v.Fields {
			b = appendValueKey(b, f)
		}
	}
	return b
}

// initChose reports whether an init thread of the run made a choice.
func (s *simulator) initChose() bool {
	for i, t := range s.threads {
		if s.u.Threads[i].Kind == lsl.ThreadInit && t.chose {
			return true
		}
	}
	return false
}
