package litmus

// The register tracker of the AArch64 front end: what the front end knows
// of each register's value (a number, a location plus an offset, or
// nothing), so that it knows each access's address for the byte layout
// (mixed.go) and emits a zero-extension only where a value may not fit.

// absKind classifies what the front end knows about a register's value.
type absKind uint8

const (
	absAny       absKind = iota // nothing: a loaded value or arithmetic on one
	absConst                    // the number n
	absLoc                      // location loc at byte offset n
	absLocAnyOff                // location loc at an offset computed at run time
)

// absVal is a register's value as far as the front end knows it; bits is
// a bound on the unsigned width of a number (64: none), so that a value
// known to fit needs no zero-extension. dep marks a constant computed from
// a loaded value (EOR r,r,r): the front end must not replace it by the
// number, which would drop the dependency.
type absVal struct {
	kind absKind
	n    int64
	loc  string
	bits int
	dep  bool
}

// folds reports whether the value is a constant that may replace its
// register (no dependency to keep).
func (a absVal) folds() bool { return a.kind == absConst && !a.dep }

func absNum(n int64) absVal {
	b := 64
	if n >= 0 {
		b = bitLen(uint64(n))
	}
	return absVal{kind: absConst, n: n, bits: b}
}

func absUnknown(bits int) absVal { return absVal{kind: absAny, bits: bits} }

func bitLen(u uint64) int {
	n := 0
	for ; u != 0; u >>= 1 {
		n++
	}
	return n
}

// fits reports whether the value is surely a number below 2^bits (or,
// for 64 bits, any value but a known pointer).
func (a absVal) fits(bits int) bool { return !a.pointer() && a.bits <= bits }

// pointer reports whether the value is a location's address.
func (a absVal) pointer() bool { return a.kind == absLoc || a.kind == absLocAnyOff }

func joinAbs(a, b absVal) absVal {
	if a == b {
		return a
	}
	if a.pointer() && b.pointer() && a.loc == b.loc {
		return absVal{kind: absLocAnyOff, loc: a.loc, bits: 64}
	}
	return absUnknown(max(a.bits, b.bits))
}

// The register tracker of an AArch64 thread: the value of each register
// as far as the front end knows it, in program order. Jumps go forward, so
// the state at a label joins the states of the jumps to it with the state
// falling through (none after an unconditional branch).

// absOf returns what is known of a canonical register.
func (th *thread) absOf(r string) absVal {
	if r == "XZR" {
		return absNum(0)
	}
	if v, ok := th.abs[r]; ok {
		return v
	}
	return absNum(0)
}

func (th *thread) setAbs(r string, v absVal) {
	if r != "XZR" && !th.absDead {
		th.abs[r] = v
	}
}

// absJump records the state at a jump to label; after an unconditional
// jump the code that follows is reached only through a label.
func (th *thread) absJump(label string, always bool) {
	if !th.absDead {
		th.absAt[label] = joinStates(th.absAt[label], th.abs)
	}
	if always {
		th.absDead = true
	}
}

// absLabel joins the states of the jumps to label into the current one.
func (th *thread) absLabel(label string) {
	in, ok := th.absAt[label]
	switch {
	case !ok:
	case th.absDead:
		th.abs, th.absDead = copyState(in), false
	default:
		th.abs = joinStates(th.abs, in)
	}
}

func copyState(s map[string]absVal) map[string]absVal {
	out := make(map[string]absVal, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

// joinStates joins two register states (nil: unreached).
func joinStates(a, b map[string]absVal) map[string]absVal {
	if a == nil {
		return copyState(b)
	}
	out := map[string]absVal{}
	for k, v := range a {
		w, ok := b[k]
		if !ok {
			w = absNum(0)
		}
		out[k] = joinAbs(v, w)
	}
	for k, w := range b {
		if _, ok := a[k]; !ok {
			out[k] = joinAbs(absNum(0), w)
		}
	}
	return out
}
