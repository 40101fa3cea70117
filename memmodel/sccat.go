package memmodel

import "github.com/checkfence/checkfence/cat"

// SequentiallyConsistentCat reports whether the model is the built-in
// sc-cat (its text, up to the name) with a C11 mapping that adds no tags
// and no fences: one total order of all events consistent with program
// order, and no tag or fence of a C11 access visible to it. Reload rounds
// and the sc cases of superseded reload rounds apply to it as to sc
// (encode/reload.go, encode/reload_superseded.go).
func (m *Model) SequentiallyConsistentCat() bool {
	if m == nil || m.cat == nil || m.cat.C11 == nil {
		return false
	}
	b, ok := cat.Builtin("sc-cat")
	return ok && sameCat(m.cat, b) && silentC11Mapping(m.cat.C11)
}

// silentC11Mapping reports whether a C11 mapping gives no access, fence
// or neighbouring fence any tag.
func silentC11Mapping(mp *cat.C11Mapping) bool {
	ords := []string{"RLX", "CON", "ACQ", "REL", "ACQ_REL", "SC"}
	for _, ord := range ords {
		if len(mp.Fence(ord)) > 0 {
			return false
		}
		for _, kind := range []string{"R", "W"} {
			for _, rmw := range []bool{false, true} {
				if len(mp.Access(kind, rmw, ord)) > 0 {
					return false
				}
			}
		}
		for _, after := range []bool{false, true} {
			for _, kind := range []string{"R", "W", "RMW"} {
				if len(mp.Beside(after, kind, ord)) > 0 {
					return false
				}
			}
		}
	}
	return true
}
