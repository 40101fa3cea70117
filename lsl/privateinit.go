package lsl

// Initializing stores and the loads that read only them (docs/semantics.md,
// "Storing rounds behind fences": stores into unpublished blocks). The
// load-order analysis (loadorder.go) asks that every load come, in memory
// order, before each later store of its thread; two kinds of accesses need
// not take part:
//
//   - an initializing store: its address is (an offset into) a fresh block
//     (alloc fresh) of the running procedure activation that no store has
//     published yet — no store since the allocation wrote a value that may
//     hold the block's address, and no call or other use let the address
//     out. Another thread can name the block only through a value loaded
//     from a store that holds its address, and the first of those is a later
//     store of the same thread, which the analysis does check;
//   - an initialized load: every block its address may point to
//     (points-to over allocation sites and globals) is a fresh block whose
//     every store is initializing. Such a load never reads a store that
//     needs ordering; it is still checked as a later load.
//
// Publication in a retry loop is the rule, not the exception (a push
// publishes its node with the compare-and-swap that ends the loop, and
// goes round again only when that failed), so the escape analysis follows
// one branch condition: a block published under "if c" is unpublished
// where c is known false, as after "if not c { continue }".

// privateInit is what the analysis found.
type privateInit struct {
	initializing map[*Store]bool
	initialized  map[*Load]bool
}

// analyzePrivateInit analyses every procedure of p. With poolFresh
// (poolIsFresh), a pool allocation gives a block no one has used, as a
// fresh one does.
func analyzePrivateInit(p *Program, poolFresh bool) privateInit {
	res := privateInit{initializing: map[*Store]bool{}, initialized: map[*Load]bool{}}
	fresh := func(al *Alloc) bool { return al.Kind == AllocFresh || poolFresh && al.Kind == AllocPool }
	for _, pr := range p.Procs {
		a := &escapeAnalysis{res: &res, fresh: fresh}
		a.block(pr.Body, initState{reach: true})
	}
	pt := pointsTo(p)
	// a fresh allocation site every store to which is initializing
	onlyInit := map[*Alloc]bool{}
	for _, pr := range p.Procs {
		Walk(pr.Body, func(s Stmt) bool {
			if al, ok := s.(*Alloc); ok && fresh(al) {
				onlyInit[al] = true
			}
			return true
		})
	}
	for _, pr := range p.Procs {
		Walk(pr.Body, func(s Stmt) bool {
			if st, ok := s.(*Store); ok && !res.initializing[st] {
				locs := pt.operand(pr.Name, st.Addr)
				if len(locs) == 0 { // an address the analysis cannot place
					clear(onlyInit)
				}
				for l := range locs {
					if al, ok := l.(*Alloc); ok {
						onlyInit[al] = false
					}
				}
			}
			return true
		})
	}
	for _, pr := range p.Procs {
		Walk(pr.Body, func(s Stmt) bool {
			ld, ok := s.(*Load)
			if !ok {
				return true
			}
			locs := pt.operand(pr.Name, ld.Addr)
			all := len(locs) > 0
			for l := range locs {
				if al, ok := l.(*Alloc); !ok || !onlyInit[al] {
					all = false
				}
			}
			res.initialized[ld] = all
			return true
		})
	}
	return res
}

// poolIsFresh reports whether every pool block that a malloc of the init or
// a concurrent thread takes is one no one has used: the unrolling gives
// each malloc its own block (PoolInfo.Fixed: every free is in the final
// thread), and no procedure those threads may run frees a block, so the
// same holds past any cut. Their mallocs then pass nothing between threads
// through the pool's flags either: each touches only its own block's flag,
// which only the final thread reads.
func poolIsFresh(u *Unrolled) bool {
	if u.Pool == nil || !u.Pool.Fixed || u.Prog == nil {
		return false
	}
	procs := map[string]*Proc{}
	for _, pr := range u.Prog.Procs {
		procs[pr.Name] = pr
	}
	var roots []string
	for _, th := range u.Threads {
		if th.Kind != ThreadFinal {
			roots = append(roots, th.Ops...)
		}
	}
	reach, known := reachableProcs(procs, roots)
	if !known {
		return false // code the analysis cannot see
	}
	frees := false
	for name := range reach {
		Walk(procs[name].Body, func(s Stmt) bool {
			_, isFree := s.(*Free)
			frees = frees || isFree
			return !frees
		})
	}
	return !frees
}
