package lsl

// AnalyzeRangesSweep is the range analysis as it was before the worklist
// of fixpoint: every statement in every pass, until a pass changes no
// register and no memory cell. It is the reference the worklist is
// compared with (ranges_worklist_test.go).
func AnalyzeRangesSweep(u *Unrolled, opt RangeOptions) *Ranges {
	if opt.FallbackWidth <= 0 {
		opt.FallbackWidth = 16
	}
	a := newAnalysis(u)
	r := &Ranges{addr: a.addr, value: a.value, regs: a.regs}
	for changed := true; changed; {
		r.Passes++
		changed = false
		for _, th := range u.Threads {
			Walk(th.Body, func(s Stmt) bool {
				a.changedRegs, a.memChanged = a.changedRegs[:0], false
				a.stmt(s)
				changed = changed || len(a.changedRegs) > 0 || a.memChanged
				return true
			})
		}
	}
	a.measure(r, opt)
	return r
}

// SameRanges reports the first difference between two analyses of the
// same unrolled program ("" if none).
func SameRanges(x, y *Ranges) string {
	switch {
	case x.Width != y.Width || x.Fallback != y.Fallback:
		return "width"
	case x.PtrDepth != y.PtrDepth:
		return "pointer depth"
	case x.MaxFields != y.MaxFields:
		return "fields"
	case !sameAbsMap(x.addr, y.addr):
		return "addresses"
	case !sameAbsMap(x.value, y.value):
		return "values"
	case !sameAbsMap(x.regs, y.regs):
		return "registers"
	}
	return ""
}

func sameAbsMap[K comparable](x, y map[K]*AbsVal) bool {
	if len(x) != len(y) {
		return false
	}
	for k, v := range x {
		w, ok := y[k]
		if !ok || !sameAbs(v, w) {
			return false
		}
	}
	return true
}

func sameAbs(x, y *AbsVal) bool {
	if x == nil || y == nil {
		return x == y
	}
	if x.Undef != y.Undef || x.NumTop != y.NumTop || x.PtrTop != y.PtrTop || x.PtrTopLen != y.PtrTopLen || x.PtrTopComps != y.PtrTopComps {
		return false
	}
	if len(x.Nums) != len(y.Nums) || len(x.Ptrs) != len(y.Ptrs) || len(x.Comps) != len(y.Comps) {
		return false
	}
	for n, d := range x.Nums {
		if e, ok := y.Nums[n]; !ok || e != d {
			return false
		}
	}
	for k, p := range x.Ptrs {
		if q, ok := y.Ptrs[k]; !ok || q.depth != p.depth {
			return false
		}
	}
	for c, fs := range x.Comps {
		gs, ok := y.Comps[c]
		if !ok || len(fs) != len(gs) {
			return false
		}
		for i := range fs {
			if !sameAbs(fs[i], gs[i]) {
				return false
			}
		}
	}
	return true
}
