package litmus

import (
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// Test is one litmus test, parsed and translated to LSL.
type Test struct {
	File    string
	Arch    string // "X86" or "C"
	Name    string
	Pos     diag.Pos // the header line
	Threads []string
	// Locs are the memory locations; location i is LSL global i+1.
	Locs []string
	Cond *Condition
	// Filter, when not nil, restricts the executions considered (herd's
	// filter clause).
	Filter Prop
	// Shown are the terms a final state lists: those of the locations
	// clause, the filter and the condition. Each is observed in LSL.
	Shown []Term
	// Program and LSLTest are the translation: thread Pi is operation Pi
	// of concurrent thread i; the final thread reads the shown locations.
	Program *lsl.Program
	LSLTest *lsl.Test
	// Kernel is the first Linux-kernel primitive a C test calls (""
	// for none), KernelOnly the first that only a Linux-kernel model
	// defines (spinlocks, RCU, SRCU), C11Atomic the first C11 atomic
	// (litmusrun's checkDialect).
	Kernel, KernelOnly, C11Atomic string
	// AddrArith: a C thread adds an offset to a location (cexpr.go); an
	// execution in which the offset is not 0 leaves the locations the
	// translation knows
	AddrArith bool
}

// Quantifier is the kind of a final condition.
type Quantifier uint8

const (
	Exists    Quantifier = iota + 1 // some execution ends in a state satisfying the proposition
	NotExists                       // no execution does
	Forall                          // every execution does
)

func (q Quantifier) String() string {
	switch q {
	case Exists:
		return "exists"
	case NotExists:
		return "~exists"
	case Forall:
		return "forall"
	}
	return "quantifier(" + strconv.Itoa(int(q)) + ")"
}

// Condition is the final condition of a test.
type Condition struct {
	Quant Quantifier
	Prop  Prop
	Pos   diag.Pos
}

func (c *Condition) String() string {
	s := c.Prop.String()
	if _, atom := c.Prop.(*Atom); !atom {
		if _, k := c.Prop.(Const); !k {
			s = "(" + s + ")"
		}
	}
	return c.Quant.String() + " " + s
}

// Term is a register of a thread or a memory location in a condition.
type Term struct {
	Thread int    // -1: the memory location Loc
	Reg    string // canonical register name
	Loc    string
}

func (t Term) String() string {
	if t.Thread < 0 {
		return t.Loc
	}
	return strconv.Itoa(t.Thread) + ":" + t.Reg
}

// ObsName is the name under which the LSL translation observes the term.
func (t Term) ObsName() string {
	if t.Thread < 0 {
		return t.Loc
	}
	return t.Reg
}

// State is a final state: one value per shown term.
type State struct {
	Values []lsl.Value // parallel to Test.Shown
}

// Lookup returns the value of term in s.
func (t *Test) Lookup(s State, term Term) lsl.Value {
	for i, x := range t.Shown {
		if x == term && i < len(s.Values) {
			return s.Values[i]
		}
	}
	return lsl.Undef
}

// FormatState renders s as herd does: "0:EAX=0; 1:EAX=1; x=2;".
func (t *Test) FormatState(s State) string {
	var b strings.Builder
	for i, term := range t.Shown {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(term.String())
		b.WriteByte('=')
		b.WriteString(t.FormatValue(s.Values[i]))
		b.WriteByte(';')
	}
	return b.String()
}

// FormatValue prints a number, or a pointer to a location by its name
// (x+4 for byte 4 of x in the byte layout of mixed-size tests).
func (t *Test) FormatValue(v lsl.Value) string {
	if v.Kind == lsl.KPtr && len(v.Ptr) <= 2 && v.Ptr[0] >= 1 && v.Ptr[0] <= int64(len(t.Locs)) {
		name := t.Locs[v.Ptr[0]-1]
		if len(v.Ptr) == 2 && v.Ptr[1] != 0 {
			name += "+" + strconv.FormatInt(v.Ptr[1], 10)
		}
		return name
	}
	return v.String()
}

// Holds evaluates the condition over the reachable final states, as herd
// does: exists holds when some state satisfies the proposition, ~exists
// when none does, forall when all do.
func (c *Condition) Holds(sat func(State) bool, states []State) bool {
	some, all := false, true
	for _, s := range states {
		if sat(s) {
			some = true
		} else {
			all = false
		}
	}
	switch c.Quant {
	case Exists:
		return some
	case NotExists:
		return !some
	}
	return all
}
