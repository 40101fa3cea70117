package memmodel

import "slices"

// ReadRetagKeepsConsistent reports whether an execution in which one read
// (half of no executed AMO) carries tags from stays consistent, with the
// same flags, when the read carries tags to instead: derived from a cat
// model's checks and flags (cat.Model.ReadRetagKeepsConsistent, which
// includes the tags the model cannot see at all, cat.Model.ReadRetagUnseen);
// on a .mm model, whose axioms the encoder applies to the fences around an
// access rather than its tags, only when the two are the same set.
func (m *Model) ReadRetagKeepsConsistent(to, from []string) bool {
	if m != nil && m.cat != nil {
		return m.cat.ReadRetagKeepsConsistent(to, from)
	}
	to, from = slices.Clone(to), slices.Clone(from)
	slices.Sort(to)
	slices.Sort(from)
	return slices.Equal(slices.Compact(to), slices.Compact(from))
}

// FenceMoveKeepsConsistent reports whether an execution in which a fence
// carrying tags fence comes just before a read carrying tags from (half of
// no executed AMO) stays consistent, with the same flags, when the fence
// comes just after the read and the read carries tags to: derived from a
// cat model's checks and flags (cat.Model.FenceMoveKeepsConsistent); never
// on a .mm model, whose reload rule matches fences by kind.
func (m *Model) FenceMoveKeepsConsistent(fence, to, from []string) bool {
	return m != nil && m.cat != nil && m.cat.FenceMoveKeepsConsistent(fence, to, from)
}
