package lsl

// PlainRMW reports whether an atomic block is an unconditional
// read-modify-write of one location: a load, assignments to registers
// other than the address, and a store to the same address operand — an
// atomic exchange or fetch-and-op. Every execution that runs the block
// runs both accesses, on one address. Fair progress treats such a store
// that writes back the value its load read as silent (docs/semantics.md,
// "Silent read-modify-writes").
func PlainRMW(a *Atomic) bool { return rmwShape(a, false) }

// CheckedRMW reports whether an atomic block is a read-modify-write of one
// location whose store may also depend on checks: a PlainRMW, or one with
// assertions between its load and its store (an unlock that asserts the
// lock is held). The store runs only if the checks pass, but when it runs,
// it writes the address its load read, in the same atomic block. Fair
// progress lets a chain of such read-modify-writes that writes back what
// its first one read form a cycle (docs/semantics.md, "Chains of
// read-modify-writes").
func CheckedRMW(a *Atomic) bool { return rmwShape(a, true) }

// rmwShape: a load, assignments to registers other than the address (and
// assertions when checks), and a store to the load's address operand.
func rmwShape(a *Atomic, checks bool) bool {
	ss := a.Body.Stmts
	if len(ss) < 2 {
		return false
	}
	l, ok := ss[0].(*Load)
	if !ok {
		return false
	}
	s, ok := ss[len(ss)-1].(*Store)
	if !ok || s.Status != "" || !sameOperand(s.Addr, l.Addr) {
		return false
	}
	addr, isReg := l.Addr.(Reg)
	if isReg && l.Dst == addr {
		return false
	}
	for _, st := range ss[1 : len(ss)-1] {
		if _, ok := st.(*Assert); ok && checks {
			continue
		}
		as, ok := st.(*Assign)
		if !ok || (isReg && as.Dst == addr) {
			return false
		}
	}
	return true
}

// StartsWithRMW reports whether an iteration block's first statement other
// than register assignments is a PlainRMW atomic block: every run of the
// iteration begins with that read-modify-write, on an address the
// registers at the iteration's start determine.
func StartsWithRMW(b *Block) bool {
	for _, st := range b.Stmts {
		switch st := st.(type) {
		case *Assign:
			continue
		case *Atomic:
			return PlainRMW(st)
		}
		return false
	}
	return false
}

// sameOperand: the same register, or equal constants.
func sameOperand(a, b Operand) bool {
	switch a := a.(type) {
	case Reg:
		br, ok := b.(Reg)
		return ok && a == br
	case Const:
		bc, ok := b.(Const)
		return ok && a.V.Equal(bc.V)
	}
	return false
}

// LoadsAndStores reports whether an atomic block's body has a load and a
// store (in branches, loops and nested blocks too; not in called
// procedures), executed or not: a read-modify-write in the wide sense,
// which a hardware model may compile to one locked instruction
// (cat.C11Mapping.Block).
func LoadsAndStores(a *Atomic) bool {
	load, store := false, false
	Walk(a.Body, func(s Stmt) bool {
		switch s.(type) {
		case *Load:
			load = true
		case *Store:
			store = true
		}
		return true
	})
	return load && store
}
