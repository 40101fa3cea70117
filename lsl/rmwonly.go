package lsl

// RMWOnly describes a global that the concurrent threads access only by
// read-modify-writes (RMWOnlyGlobals): a pthread mutex word, locked by an
// exchange and unlocked by a checked read-modify-write.
type RMWOnly struct {
	// Checked: some read-modify-write of it asserts between its load and
	// its store (lsl.CheckedRMW), so it may fail without storing.
	Checked bool
	// Pass, when set, is the loaded value on which every such check
	// passes: each asserts that the value it loaded equals Pass (an unlock
	// asserts the lock is held). Nil when a check has another shape.
	Pass *Value
}

// RMWOnlyGlobals returns, by pointer base, the globals of u's program whose
// cells the concurrent threads can only reach through read-modify-write
// blocks (lsl.CheckedRMW) with the global's address as a constant operand,
// in every execution of the program, not only within u's loop bounds:
//
//   - the address never escapes: no constant pointer into the global is
//     anything but the address operand of a load or store (not a value
//     stored, assigned, compared, passed or observed, not in a global's
//     initializer), and the program makes no pointer from a number
//     (OpPointer), so no register or cell ever holds one;
//   - every load and store with such an address in a procedure the
//     concurrent threads may call is the first or last statement of a
//     read-modify-write block. The init and final threads may access the
//     global freely: they take effect before and after every access of the
//     concurrent threads.
//
// The procedures are those of the program, reached through calls from the
// threads' operations, so the answer covers code past any unrolling bound.
// Fair progress uses it to delete a chain of read-modify-writes of a thread
// cut off at a bound (docs/semantics.md, "Chains of read-modify-writes").
func RMWOnlyGlobals(u *Unrolled) map[int64]*RMWOnly {
	p := u.Prog
	if p == nil {
		return nil
	}
	procs := map[string]*Proc{}
	for _, pr := range p.Procs {
		procs[pr.Name] = pr
	}
	var conc []string
	for _, th := range u.Threads {
		if th.Kind == ThreadConcurrent {
			conc = append(conc, th.Ops...)
		}
	}
	concurrent, known := reachableProcs(procs, conc)
	if !known {
		// an operation that is no procedure of the program: assume any
		// procedure may run concurrently
		for name := range procs {
			concurrent[name] = true
		}
	}
	escaped := map[int64]bool{}
	forged := false
	escape := func(o Operand) {
		if c, ok := o.(Const); ok {
			markPointers(c.V, escaped)
		}
	}
	for _, g := range p.Globals {
		for _, ci := range g.Init {
			markPointers(ci.Val, escaped)
		}
	}
	info := map[int64]*RMWOnly{}
	loose := map[int64]bool{} // accessed outside a read-modify-write
	unknownCheck := map[int64]bool{}
	for _, pr := range p.Procs {
		inConc := concurrent[pr.Name]
		rmwAccess := map[Stmt]bool{}
		Walk(pr.Body, func(s Stmt) bool {
			switch s := s.(type) {
			case *Atomic:
				if CheckedRMW(s) {
					ss := s.Body.Stmts
					rmwAccess[ss[0]], rmwAccess[ss[len(ss)-1]] = true, true
					if b, ok := constBase(ss[0].(*Load).Addr); ok && inConc {
						in := info[b]
						if in == nil {
							in = &RMWOnly{}
							info[b] = in
						}
						if k, asserts, ok := rmwCheck(s); asserts {
							switch {
							case !ok, in.Checked && (in.Pass == nil || !in.Pass.Equal(k)):
								unknownCheck[b] = true
							default:
								in.Pass = &k
							}
							in.Checked = true
						}
					}
				}
			case *Load:
				if b, ok := constBase(s.Addr); ok && inConc && !rmwAccess[s] {
					loose[b] = true
				}
			case *Store:
				if b, ok := constBase(s.Addr); ok && inConc && !rmwAccess[s] {
					loose[b] = true
				}
				escape(s.Val)
			case *Assign:
				if s.Op == OpPointer {
					forged = true
				}
				for _, o := range s.Args {
					escape(o)
				}
			default:
				for _, o := range Operands(s) {
					escape(o)
				}
			}
			return true
		})
	}
	if forged {
		return nil
	}
	out := map[int64]*RMWOnly{}
	for b, in := range info {
		if b < 1 || b > int64(len(p.Globals)) || escaped[b] || loose[b] {
			continue
		}
		if unknownCheck[b] {
			in.Pass = nil
		}
		out[b] = in
	}
	return out
}

// reachableProcs returns the procedures reachable through calls from
// roots, and whether every root and callee is a procedure of the program.
func reachableProcs(procs map[string]*Proc, roots []string) (map[string]bool, bool) {
	seen := map[string]bool{}
	known := true
	work := append([]string(nil), roots...)
	for len(work) > 0 {
		name := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[name] {
			continue
		}
		pr, ok := procs[name]
		if !ok {
			known = false
			continue
		}
		seen[name] = true
		Walk(pr.Body, func(s Stmt) bool {
			if c, ok := s.(*Call); ok {
				work = append(work, c.Proc)
			}
			return true
		})
	}
	return seen, known
}

// constBase returns the base of a constant pointer operand.
func constBase(o Operand) (int64, bool) {
	c, ok := o.(Const)
	if !ok || c.V.Kind != KPtr || len(c.V.Ptr) == 0 {
		return 0, false
	}
	return c.V.Ptr[0], true
}

// markPointers marks the base of every pointer in v (composites included).
func markPointers(v Value, bases map[int64]bool) {
	switch v.Kind {
	case KPtr:
		if len(v.Ptr) > 0 {
			bases[v.Ptr[0]] = true
		}
	case KComp:
		for _, f := range v.Fields {
			markPointers(f, bases)
		}
	}
}

// rmwCheck analyses the assertions of a CheckedRMW block: asserts reports
// whether it has any; ok whether they amount to "the loaded value equals
// k": one assertion of a register that the block sets once, to eq of the
// loaded register and the constant k.
func rmwCheck(a *Atomic) (k Value, asserts, ok bool) {
	ss := a.Body.Stmts
	ld := ss[0].(*Load)
	var cond Operand
	for _, s := range ss[1 : len(ss)-1] {
		if as, isAssert := s.(*Assert); isAssert {
			if asserts {
				return Value{}, true, false
			}
			asserts, cond = true, as.Cond
		}
	}
	if !asserts {
		return Value{}, false, false
	}
	r, isReg := cond.(Reg)
	if !isReg || r == ld.Dst {
		return Value{}, true, false
	}
	var def *Assign
	for _, s := range ss[1 : len(ss)-1] {
		if as, isAssign := s.(*Assign); isAssign && (as.Dst == r || as.Dst == ld.Dst) {
			if as.Dst == ld.Dst || def != nil {
				return Value{}, true, false // the loaded register or the condition set again
			}
			def = as
		}
		if _, isAssert := s.(*Assert); isAssert && def == nil {
			return Value{}, true, false // asserted before it is set
		}
	}
	if def == nil || def.Op != OpEq || len(def.Args) != 2 {
		return Value{}, true, false
	}
	x, y := def.Args[0], def.Args[1]
	if _, isConst := x.(Const); isConst {
		x, y = y, x
	}
	c, isConst := y.(Const)
	if xr, isReg := x.(Reg); !isReg || xr != ld.Dst || !isConst {
		return Value{}, true, false
	}
	return c.V, true, true
}
