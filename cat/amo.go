package cat

import "github.com/checkfence/checkfence/lsl"

// AMOTag marks the two events of an atomic memory operation that a model
// sees as one event, both a read and a write: RISC-V's AMOs (RVWMO treats
// an AMO as a single memory operation; herd's riscv-defs.cat has "let AMO
// = try AMO with (R & W)"). The encoding gives such an instruction a load
// and a store related by amo; when both carry AMOTag, each is in R and in
// W, and a dependency into or out of either half belongs to both, so that
// every relation of the model meets the pair where it would meet the one
// event (a fence's [R] or [W] filter, a data dependency into the store
// half followed by an address dependency out of the load half). AArch64's
// SWP, LDADD and CAS are two events in herd's model and do not carry it.
const AMOTag = "AMO"

// IsAMOHalf reports whether an access with these tags is a half of an AMO
// that stands for one event.
func IsAMOHalf(tags []string) bool { return lsl.HasTag(tags, AMOTag) }

// mergeAMOHalves applies AMOTag to a concrete execution: the halves join
// R and W, and addr, data and ctrl edges into one half or out of the
// load half are copied to the other half.
func mergeAMOHalves(c *Candidate, x *Execution) {
	type pair struct{ r, w int }
	var halves []pair
	for _, p := range c.Amo {
		if IsAMOHalf(c.Events[p[0]].Tags) && IsAMOHalf(c.Events[p[1]].Tags) {
			halves = append(halves, pair{p[0], p[1]})
		}
	}
	if len(halves) == 0 {
		return
	}
	for _, h := range halves {
		x.Sets["R"].Add(h.w)
		x.Sets["W"].Add(h.r)
	}
	for _, name := range []string{"addr", "data", "ctrl"} {
		d := x.Rels[name]
		orig := d.clone()
		for _, h := range halves {
			for src := range orig {
				if src == h.r || src == h.w {
					continue
				}
				if orig.Has(src, h.w) {
					d.Add(src, h.r)
				}
				if orig.Has(src, h.r) {
					d.Add(src, h.w)
				}
			}
			for dst := 0; dst < x.N; dst++ {
				if dst != h.r && dst != h.w && orig.Has(h.r, dst) {
					d.Add(h.w, dst)
				}
			}
		}
	}
}
