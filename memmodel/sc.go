package memmodel

// SequentiallyConsistent reports whether the model is sequential
// consistency: a .mm model whose axioms are the built-in sc's, up to its
// name, labels and layout (as Vetted compares them). A reading of a trace
// that needs one total order of all accesses, consistent with each
// thread's program order, asks this rather than the model's name.
func (m *Model) SequentiallyConsistent() bool {
	if m == nil || m.mm == nil {
		return false
	}
	sc := SC().mm
	return m.mm == sc || mmKey(m.mm) == mmKey(sc)
}
