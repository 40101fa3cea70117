package lsl

import (
	"math/rand"
)

// CheckRangesSoundSC runs the threads of u `runs` times interleaved on one
// memory, at random points between accesses (an atomic block runs
// uninterrupted), the init threads first and the final threads last: every
// value is then one of a sequentially consistent execution, whatever the
// analysis' arguments about derivations, and must be in its range. It
// reports the first that is not ("" if none). Spin loops do not retry, so
// every statement runs at most once.
func CheckRangesSoundSC(u *Unrolled, r *Ranges, seed int64, runs int) string {
	rnd := rand.New(rand.NewSource(seed))
	comps := map[string]*Composite{}
	for _, c := range u.Prog.Composites {
		comps[c.Name] = c
	}
	a, _ := newAnalysis(u, RangeOptions{})
	for range runs {
		mem := &scMemory{vals: map[string]Value{}, depth: map[string]int{}, a: a}
		for _, kind := range []ThreadKind{ThreadInit, ThreadConcurrent, ThreadFinal} {
			var xs []*soundRun
			for _, th := range u.Threads {
				if th.Kind != kind {
					continue
				}
				xs = append(xs, &soundRun{u: u, r: r, rnd: rand.New(rand.NewSource(rnd.Int63())), comps: comps,
					maxDepth: 1 << 30, sc: mem, id: len(xs), regs: map[Reg]Value{}, depth: map[Reg]int{}})
			}
			if bad := mem.interleave(u, kind, xs, rnd); bad != "" {
				return bad
			}
		}
	}
	return ""
}

// scMemory is the memory of an interleaved run and its scheduler: one
// thread runs at a time, until its next access outside atomic blocks.
type scMemory struct {
	vals  map[string]Value
	depth map[string]int
	a     *analysis
	turn  []chan struct{}
	back  chan bool // true: the thread ended
}

func (m *scMemory) load(ad Value) (Value, int) {
	k := ptrKey(ad.Ptr)
	if v, ok := m.vals[k]; ok {
		return v, m.depth[k]
	}
	return m.a.initial(ad.Ptr), 0
}

func (m *scMemory) store(ad, v Value, d int) {
	k := ptrKey(ad.Ptr)
	m.vals[k], m.depth[k] = v, d
}

// yield lets the scheduler pick the next thread to run, unless x is inside
// an atomic block.
func (m *scMemory) yield(x *soundRun) {
	if x.atomic > 0 {
		return
	}
	m.back <- false
	<-m.turn[x.id]
}

func (m *scMemory) interleave(u *Unrolled, kind ThreadKind, xs []*soundRun, rnd *rand.Rand) string {
	m.turn = make([]chan struct{}, len(xs))
	m.back = make(chan bool)
	var bodies []*Block
	var names []string
	for _, th := range u.Threads {
		if th.Kind == kind {
			bodies = append(bodies, th.Body)
			names = append(names, th.Name)
		}
	}
	live := map[int]bool{}
	for i, x := range xs {
		m.turn[i] = make(chan struct{})
		live[i] = true
		go func() {
			<-m.turn[i]
			x.block(bodies[i])
			m.back <- true
		}()
	}
	for len(live) > 0 {
		ids := make([]int, 0, len(live))
		for i := range xs {
			if live[i] {
				ids = append(ids, i)
			}
		}
		t := ids[rnd.Intn(len(ids))]
		m.turn[t] <- struct{}{}
		if <-m.back {
			delete(live, t)
			if xs[t].bad != "" {
				// the others wait at their next access forever: end them
				// by letting each run to completion first
				bad := xs[t].bad
				for i := range live {
					for {
						m.turn[i] <- struct{}{}
						if <-m.back {
							break
						}
					}
				}
				return names[t] + ": " + bad
			}
		}
	}
	return ""
}
