package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// valid-memtrack (docs/sv-comp.md): SV-COMP's memory leak is memory the
// program lost track of, "definitely lost" in Valgrind's terms: a block
// still allocated when the program ends that no pointer reaches. The
// program's roots then are its global variables (main's locals and the
// threads' are gone); a block a global points to, or an allocated block
// reached from one, is still reachable, which violates valid-memcleanup
// but not valid-memtrack. The leak check finds an execution that ends
// with a block allocated; lostBlocks reads its final memory (the last
// store to each cell in memory order, on sequential consistency) and
// tells the two apart. A pointer into a block (not its start) reaches it;
// a pointer held only as an integer does not.

// lostBlocks names the blocks allocated at the end of a leak
// counterexample that no pointer from a global reaches (through allocated
// blocks). ok is false when the trace cannot tell (no trace, no pool).
func lostBlocks(r *mining.Result) (lost []string, ok bool) {
	if r == nil || r.Trace == nil || r.Trace.Program == nil || r.Trace.Program.Pool == nil {
		return nil, false
	}
	return lostIn(r.Trace.Program, r.Trace)
}

func lostIn(u *lsl.Unrolled, x *trace.Execution) (lost []string, ok bool) {
	pool := u.Pool
	final := map[string]lsl.Value{} // cell → the value its last store wrote
	cells := map[int64][]string{}   // block base → its cells stored to
	for _, ii := range x.Order {
		ev := x.Events[ii]
		if ev == nil || ev.Kind != "store" || ev.Addr.Kind != lsl.KPtr {
			continue
		}
		k := cellKey(ev.Addr)
		if _, seen := final[k]; !seen {
			cells[ev.Addr.Ptr[0]] = append(cells[ev.Addr.Ptr[0]], k)
		}
		final[k] = ev.Value
	}
	allocated := func(b int64) bool {
		i := b - pool.First
		if i < 0 || i >= pool.N {
			return false
		}
		v := final[cellKey(lsl.Ptr(pool.Flags, i))]
		return v.Kind == lsl.KNum && v.Num != 0
	}
	reached := map[int64]bool{}
	var queue []int64
	follow := func(v lsl.Value) {
		if v.Kind == lsl.KPtr && allocated(v.Ptr[0]) && !reached[v.Ptr[0]] {
			reached[v.Ptr[0]] = true
			queue = append(queue, v.Ptr[0])
		}
	}
	for base, ks := range cells {
		if base >= 1 && int(base) <= len(u.Blocks) && u.Blocks[base-1].Kind == lsl.BlockGlobal {
			for _, k := range ks {
				follow(final[k])
			}
		}
	}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, k := range cells[b] {
			follow(final[k])
		}
	}
	for i := int64(0); i < pool.N; i++ {
		b := pool.First + i
		if allocated(b) && !reached[b] {
			lost = append(lost, u.Blocks[b-1].Name)
		}
	}
	sort.Strings(lost)
	return lost, true
}

func cellKey(p lsl.Value) string {
	var b strings.Builder
	for i, n := range p.Ptr {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, n)
	}
	return b.String()
}
