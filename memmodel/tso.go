package memmodel

// TotalStoreOrder reports whether the model is the built-in tso: a .mm
// model whose axioms are tso's, up to its name, labels and layout (as
// SequentiallyConsistent compares them). Fair progress deletes a storing
// reload round superseded while the other threads are done on sc and tso
// only (encode/reload_superseded.go): both keep a thread's stores in
// order and a load before what follows it.
func (m *Model) TotalStoreOrder() bool {
	if m == nil || m.mm == nil {
		return false
	}
	tso := MustBuiltin("tso").mm
	return m.mm == tso || mmKey(m.mm) == mmKey(tso)
}
