package lsl

// ConditionOnly reports whether the value of register r reaches, in the
// statements of body, only conditions — of ifs, assertions and
// assumptions — and observations, through assignments: no address of a
// load or store, no stored value, no freed pointer, no call argument.
// Registers are followed by name over the whole body (every iteration of
// an unrolled loop shares its names), so the answer holds for every
// instance of the register. A load whose register is condition-only has
// no address or data dependency to anything after it, only control
// dependencies (encode/silent.go, ctrlReader).
func ConditionOnly(body *Block, r Reg) bool {
	tainted := map[Reg]bool{r: true}
	is := func(o Operand) bool {
		reg, ok := o.(Reg)
		return ok && tainted[reg]
	}
	for changed := true; changed; {
		changed = false
		Walk(body, func(s Stmt) bool {
			if a, ok := s.(*Assign); ok && !tainted[a.Dst] {
				for _, o := range a.Args {
					if is(o) {
						tainted[a.Dst], changed = true, true
						break
					}
				}
			}
			return true
		})
	}
	ok := true
	Walk(body, func(s Stmt) bool {
		switch s := s.(type) {
		case *Load:
			ok = ok && !is(s.Addr)
		case *Store:
			ok = ok && !is(s.Addr) && !is(s.Val)
		case *Free:
			ok = ok && !is(s.Ptr)
		case *Call:
			for _, a := range s.Args {
				ok = ok && !is(a)
			}
		}
		return ok
	})
	return ok
}
