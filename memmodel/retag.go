package memmodel

import "slices"

// ReadRetagUnseen reports whether the model's checks and flags give the
// same answers on two executions that differ only in that one read
// carries tags a in one and b in the other: derived from a cat model's
// checks (cat.Model.ReadRetagUnseen); on a .mm model, whose axioms the
// encoder applies to the fences around an access rather than its tags,
// only when a and b are the same set.
func (m *Model) ReadRetagUnseen(a, b []string) bool {
	if m != nil && m.cat != nil {
		return m.cat.ReadRetagUnseen(a, b)
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

// ReadRetagKeepsConsistent reports whether an execution in which one read
// (half of no executed AMO) carries tags from stays consistent, with the
// same flags, when the read carries tags to instead: derived from a cat
// model's checks and flags (cat.Model.ReadRetagKeepsConsistent); on a .mm
// model only when the two are the same set, as ReadRetagUnseen.
func (m *Model) ReadRetagKeepsConsistent(to, from []string) bool {
	if m != nil && m.cat != nil {
		return m.cat.ReadRetagKeepsConsistent(to, from)
	}
	return m.ReadRetagUnseen(to, from)
}
