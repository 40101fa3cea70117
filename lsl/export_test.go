package lsl

// AnalyzeRangesSweep is the range analysis as it was before the worklist
// of fixpoint and reaching definitions: every statement in every pass,
// with one set of values per register, until a pass changes no register
// and no memory cell. The worklist's ranges must lie within it
// (ranges_worklist_test.go).
func AnalyzeRangesSweep(u *Unrolled, opt RangeOptions) *Ranges {
	if opt.FallbackWidth <= 0 {
		opt.FallbackWidth = 16
	}
	a, _ := newAnalysis(u, RangeOptions{})
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
