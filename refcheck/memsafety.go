package refcheck

import (
	"fmt"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
)

// Use after free, as the engine defines it (docs/semantics.md, "Memory
// safety"): an access to a block of the lsl_malloc pool is an error when,
// at its place in memory order, the block is not allocated: the last store
// to the block's flag (pool.flags[k]) before the access stores 0 (a free),
// or there is none. Runs guess at each such access (thread.go,
// useAfterFree); memSafe checks the guesses against a complete order.

// useAfterFree guesses whether access i (local index) through addr finds
// its pool block freed: true means the run fails there.
func (x *interp) useAfterFree(addr lsl.Value, i int) bool {
	if !inPool(x.u, addr) {
		return false
	}
	if x.choice(2) == 1 {
		x.r.freedAt = i
		return true
	}
	x.r.allocated = append(x.r.allocated, i)
	return false
}

func inPool(u *lsl.Unrolled, addr lsl.Value) bool {
	p := u.Pool
	return p != nil && addr.Kind == lsl.KPtr && len(addr.Ptr) > 0 && addr.Ptr[0] >= p.First && addr.Ptr[0] < p.First+p.N
}

// guessesMemSafety reports whether some run made a use-after-free guess.
func (c *combo) guessesMemSafety() bool {
	for _, r := range c.runs {
		if len(r.allocated) > 0 || r.freedAt >= 0 {
			return true
		}
	}
	return false
}

// memSafe checks every guess of the runs against the complete memory order.
func (s *searcher) memSafe() bool {
	c := s.c
	for ti, r := range c.runs {
		for _, l := range r.allocated {
			if !s.allocated(c.global(ti, l)) {
				return false
			}
		}
		if r.freedAt >= 0 && s.allocated(c.global(ti, r.freedAt)) {
			return false
		}
	}
	return true
}

// allocated: the last flag store of a's block before a stores 1.
func (s *searcher) allocated(a int) bool {
	c, pos := s.c, s.w.pos[s.md.memOrder]
	p := c.u.Pool
	addr := c.all[a].in.addr
	last, lastPos := -1, -1
	for i, g := range c.all {
		in := g.in
		if in.kind != axioms.Store || in.addr.Kind != lsl.KPtr || len(in.addr.Ptr) != 2 || in.addr.Ptr[0] != p.Flags {
			continue
		}
		if in.addr.Ptr[1]+p.First != addr.Ptr[0] || pos[i] > pos[a] || pos[i] <= lastPos {
			continue
		}
		last, lastPos = i, pos[i]
	}
	return last >= 0 && c.all[last].in.val.Equal(lsl.Num(1))
}

// checkMemSafetyModel: guesses need memory_order.
func (c *combo) checkMemSafetyModel(md *model) error {
	if md.memOrder < 0 && c.guessesMemSafety() {
		return fmt.Errorf("model %s has no relation memory_order, which the use-after-free check needs", md.m.Name)
	}
	return nil
}

// memCheck is the check of an access with id to addr that array bounds
// and the lifetime of locals ask (lsl.Unrolled.OutOfBounds, DeadLocal):
// the message of the runtime error, or "".
func (x *interp) memCheck(addr lsl.Value, id int) string {
	if msg := x.u.OutOfBounds(addr.Ptr); msg != "" {
		return msg
	}
	return x.u.DeadLocal(addr.Ptr, x.ti, id)
}
