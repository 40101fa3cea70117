package memmodel

import (
	"errors"
	"strings"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
)

// Properties are what a model's axioms guarantee, and so which of the
// encoder's shortcuts and features apply to it. They are derived from the
// axioms (or the cat checks), never from the model's name: a copy of a
// built-in model under another name has the built-in's properties.
type Properties struct {
	// Vetted: the model's axioms are, up to its name, comments, layout
	// and axiom labels, those of a built-in .mm model. The arguments the
	// encoder's shortcuts rest on (docs/semantics.md) were made for the
	// built-in models' axioms; they hold for these. Vetted implies:
	//   - stores of one thread to one address take effect in program
	//     order, and a load reads its thread's latest earlier store or a
	//     later one (fair progress's superseded cycles, reload rounds,
	//     silent read-modify-writes, the simulator's coherent runs).
	Vetted bool
	// LoadsInOrder: every load takes effect before the instructions after
	// it in its thread. Granted to a vetted model with an axiom
	// program_order(L, X) => memory_order(L, X) over every load L and
	// access X (sc's M1, tso's and pso's L); the arguments that use it
	// (silent read-modify-writes, po ∪ rf acyclic) also need v1-v3, which
	// vetting guarantees.
	LoadsInOrder bool
	// NoThinAir: po ∪ rf is acyclic in every execution (LoadsInOrder, or
	// the checks of rc11), so the race check needs no constraint of its own.
	NoThinAir bool
	// C11RaceFlag is the name of the flag that reports the C11 data races
	// (rc11's "racy"; "": none): the race check decides it.
	C11RaceFlag string
	// MemoryOrder: the model has a relation variable memory_order, a
	// total order of the accesses that traces number, symmetry breaking
	// orders threads by, and deadlock detection orders stores by.
	MemoryOrder bool
	// OrdersStores: the stores of one address are ordered (memory_order,
	// or a cat model's coherence), which spin loops and locks need to
	// detect deadlocks.
	OrdersStores bool
	// StorelessCycles: fair progress deletes only retry rounds that
	// store nothing (a cat model: cat.FairProgressSafe argues for deleting
	// reads and fences); else every redundant round.
	StorelessCycles bool
	// CoherentPerLocation: the model's checks make po-loc ∪ rf ∪ co ∪ fr
	// acyclic (cat.CoherentPerLocation), so a retry round whose stores a
	// later store of its thread overwrites may be deleted
	// (encode/catfair.go); on a .mm model store coherence is Vetted's.
	CoherentPerLocation bool
	// Flags: the model has flags of its own (a cat model's flag
	// constraints: rc11's racy, c11.cat's data_race, …), which a run
	// reports instead of failing.
	Flags bool
	// C11Fences: the model sees a C11 program's memory orders only
	// through the fences of the front ends' mapping (tagged mm-only), so
	// traces show the order on the access and fold those fences (a .mm
	// model); a cat model reads the orders as tags or compiles them.
	C11Fences bool
	// C11OrderInAccess: the model sees a C11 access's memory order only
	// in the access's own tags — it reads the orders (rc11), or its C11
	// mapping puts no fence beside an access (arm8's LDAR/STLR) — so
	// rewriting the orders is all it takes to change what it sees
	// (fence synthesis's --relax).
	C11OrderInAccess bool
	// Arch is the architecture whose barriers the model's fence tags are
	// (lsl.ArchBarriers: "arm8", "riscv", "power", "x86"): a model with
	// the checks of a built-in hardware cat model; "" for others.
	Arch string
	// RMWWrites: a read-modify-write that writes back what it read is a
	// write (a cat model's event); on .mm models such a store is silent
	// (docs/semantics.md, "Silent read-modify-writes").
	RMWWrites bool
	// SilentRMWs: fair progress may delete a retry round whose stores are
	// all silent read-modify-writes, handing each load that read one the
	// store its value came from (docs/semantics.md, "Silent
	// read-modify-writes", "… on rc11 and sc-cat" and "… on the hardware
	// models"): the vetted .mm models, whose loads must come after the
	// silent store (encode/silent.go, readsAfter); rc11, sc-cat, riscv and
	// tso-cat, where any load may (their checks only lose pairs when the
	// readers move); arm8 and power, where the spinning thread's own loads
	// need an order (SilentOrder).
	SilentRMWs bool
	// SilentAnyReader: on the model of SilentRMWs every load that read a
	// silent store may be handed its source (rc11, sc-cat, riscv,
	// tso-cat); the .mm models need the load after the store in memory
	// order.
	SilentAnyReader bool
	// SilentOrder: on a model of SilentRMWs whose loads may read their
	// own thread's store early (arm8, power), what orders a silent store's
	// source before a load of the spinning thread that read the store
	// (nil elsewhere; docs/semantics.md, "Silent read-modify-writes on the
	// hardware models"). Other threads' loads always may be handed it.
	SilentOrder *SilentReaderOrder
	// LinuxKernel: the model reads the Linux-kernel annotations of the C
	// front end's kernel primitives (the built-in lkmm, linux-kernel.cat).
	LinuxKernel bool
	// C11Tags: the model reads C11 memory orders as tags of its own
	// events (rc11) rather than compiling them (a hardware cat model's
	// mapping) or through the front ends' fences (.mm models); a kernel
	// primitive would be read as a C11 atomic on it.
	C11Tags bool
	// AtomicBlocks: an atomic block that accesses several locations (a
	// DCAS) is atomic as a whole: the .mm models' axioms about the atomic
	// relation (a1, a2: a block is contiguous in the memory order), a cat
	// model whose checks the built-in checks of atomic blocks lift
	// (cat.Model.TxnChecks place such a block at one instant of each
	// acyclicity check's order and at one event of each irreflexivity
	// check's walks: cat.TxnAtOneInstant, true for every built-in model).
	// On other models (a negated check, an irreflexivity check of one
	// relation) a FAIL through such a block is not trusted
	// (mining.ReasonAtomicBlock).
	AtomicBlocks bool
	// ReloadRounds: fair progress may delete a retry loop's reload round
	// (encode/reload.go; docs/semantics.md): on the built-in .mm models
	// (Vetted), whose stores are coherent per thread, and on cat models:
	// those that read the program's tags as written (C11Tags) compare the
	// two loads' tags, sc-cat (SequentiallyConsistentCat) takes any, and
	// those with a C11 mapping compare the tags the mapping gives and
	// need the fences after the moved load to map to no barrier.
	ReloadRounds bool
	// TaggedEvents: the model's checks read each access's tags and the
	// fences as events (cat models), so a load the reload rule moves must
	// keep its tags, pair with no exclusive and leave no fence event
	// behind (encode/reload.go).
	TaggedEvents bool
}

// hardwareArch is the architecture of each built-in hardware cat model.
var hardwareArch = map[string]string{"arm8": "arm8", "riscv": "riscv", "power": "power", "tso-cat": "x86"}

// Props returns the model's properties (computed once; none for nil).
func (m *Model) Props() Properties {
	if m == nil {
		return Properties{}
	}
	m.propsOnce.Do(func() {
		if m.cat != nil {
			m.props = catProperties(m.cat)
		} else {
			m.props = mmProperties(m.mm)
		}
	})
	return m.props
}

func mmProperties(m *axioms.Model) Properties {
	p := Properties{
		Vetted:      vettedMM(m),
		MemoryOrder: m.Relation("memory_order") != nil,
		C11Fences:   true,
	}
	p.OrdersStores = p.MemoryOrder
	p.CoherentPerLocation = p.Vetted
	p.LoadsInOrder = p.Vetted && hasLoadsInOrderAxiom(m)
	p.AtomicBlocks = p.Vetted || mentionsAtomic(m)
	p.ReloadRounds = p.Vetted
	p.NoThinAir = p.LoadsInOrder
	p.SilentRMWs = p.Vetted
	return p
}

func catProperties(m *cat.Model) Properties {
	p := Properties{
		OrdersStores:        true,
		StorelessCycles:     true,
		CoherentPerLocation: cat.CoherentPerLocation(m),
		Flags:               len(m.Flags()) > 0,
		RMWWrites:           true,
		LinuxKernel:         m.IsLKMM(),
		C11Tags:             m.C11 == nil,
		AtomicBlocks:        cat.TxnAtOneInstant(m),
		TaggedEvents:        true,
	}
	if hasFlag(m, "racy") && sameCat(m, rc11()) {
		p.NoThinAir, p.C11RaceFlag = true, "racy"
	}
	p.C11OrderInAccess = m.KnowsC11() || m.C11 != nil && !c11FenceBeside(m.C11)
	if b := builtinCatOf(m); b != nil {
		// rc11 and sc-cat, copies included, with any C11 mapping (sc-cat's
		// check is po | rf | co | fr whatever the tags); riscv and tso-cat,
		// whose checks order a read-modify-write's store before a later
		// load of its thread that reads it (riscv's rule 3) or its load
		// before every later access (x86); arm8 where an acquire or a load
		// barrier does (docs/semantics.md, "Silent read-modify-writes on
		// rc11 and sc-cat", "… on the hardware models")
		switch b {
		case rc11(), builtinNamed("sc-cat"), builtinNamed("riscv"), builtinNamed("tso-cat"):
			p.SilentRMWs, p.SilentAnyReader = true, true
		case builtinNamed("arm8"):
			p.SilentRMWs, p.SilentOrder = true, arm8SilentOrder
		case builtinNamed("power"):
			p.SilentRMWs, p.SilentOrder = true, powerSilentOrder
		}
		for name, arch := range hardwareArch {
			if bn, ok := cat.Builtin(name); ok && bn == b {
				p.Arch = arch
			}
		}
	}
	p.ReloadRounds = true
	return p
}

// c11FenceBeside reports whether the mapping puts a fence before or after
// some atomic access.
func c11FenceBeside(mp *cat.C11Mapping) bool {
	for _, after := range []bool{false, true} {
		for _, kind := range []string{"R", "W", "RMW"} {
			for _, ord := range []string{"RLX", "CON", "ACQ", "REL", "ACQ_REL", "SC"} {
				if len(mp.Beside(after, kind, ord)) > 0 {
					return true
				}
			}
		}
	}
	return false
}

var errNoModel = errors.New("no memory model")

// rc11 is the built-in rc11, whose racy flag is C11's data races.
func rc11() *cat.Model { return builtinNamed("rc11") }

func builtinNamed(name string) *cat.Model {
	m, _ := cat.Builtin(name)
	return m
}

// SilentReaderOrder says when a load of the spinning thread that read a
// silent store may be handed the store's source (encode/silent.go,
// readsAfterLit): when the load, or the silent store's own load, carries
// one of Tags, or a fence event carrying one of Barriers runs between the
// read-modify-write's load and it.
type SilentReaderOrder struct {
	Tags, Barriers []string
	// Hint says, for an INCONCLUSIVE result's hint, what orders such a
	// load on the model.
	Hint string
}

// arm8SilentOrder: an acquire (A, Q: `[A | Q]; po`, and `[range(rmw)];
// local-read-successor; [A | Q]`), and the fence tags of arm8.cat's
// full-barrier and load-barrier (`po; [full-barrier]; po`, `[R]; po;
// [load-barrier]; po`), which order a load before every later access of
// its thread.
var arm8SilentOrder = &SilentReaderOrder{
	Tags: []string{"A", "Q"},
	Barriers: []string{
		"DMB.SY", "DMB.ISH", "DMB.OSH", "DMB.NSH", "DSB.SY", "DSB.ISH", "DSB.OSH", "DSB.NSH", "full", "store-load",
		"DMB.LD", "DMB.ISHLD", "DMB.OSHLD", "DMB.NSHLD", "DSB.LD", "DSB.ISHLD", "DSB.OSHLD", "DSB.NSHLD", "load-load", "load-store",
	},
	Hint: "on arm8 its round is left out only when a later load of the thread that reads its store is ordered " +
		"after the value's source — an acquire read-modify-write (LDAXR, CASA) or load, a load barrier between " +
		"the two (DMB ISHLD: an acquire fence) inside the loop, a stored value that depends on the load " +
		"(fetch_add(&x, 0)), or a load whose value only decides whether the loop goes round (no address or " +
		"stored value depends on it); otherwise a relaxed exchange's rounds count: make the exchange an acquire",
}

// powerSilentOrder: power's fences between two memory events of which
// the first is a load (`fences`: sync, lwsync and the LSL kinds power.cat
// maps to them), which put the load that read the value's source before
// the later load in hb; Power has no acquire accesses (a C11 acquire
// compiles to lwsync after it, a fence event). An address or data
// dependency through the rounds' stores is silentDataChain's.
var powerSilentOrder = &SilentReaderOrder{
	Barriers: []string{"sync", "full", "store-load", "lwsync", "load-load", "load-store", "store-store"},
	Hint: "on power its round is left out only when a later load of the thread that reads its store is ordered " +
		"after the value's source — a sync or lwsync between the read-modify-write's load and it (an acquire " +
		"read-modify-write, an acquire or stronger fence inside the loop), a stored value that depends on the " +
		"load (fetch_add(&x, 0)), or a load whose value only decides whether the loop goes round (no address " +
		"or stored value depends on it); otherwise a relaxed exchange's rounds count: make the exchange an acquire",
}

func hasFlag(m *cat.Model, name string) bool {
	for _, f := range m.Flags() {
		if f.Name == name {
			return true
		}
	}
	return false
}

// FairProgressSafe reports whether the fair-progress rule is argued for on
// the model: nil if so, else the axiom or check that keeps it off
// (axioms.FairProgressSafe, cat.FairProgressSafe).
func (m *Model) FairProgressSafe() error {
	if m == nil {
		return errNoModel
	}
	if m.cat != nil {
		return cat.FairProgressSafe(m.cat)
	}
	return axioms.FairProgressSafe(m.mm)
}

// FairProgressStoresSafe reports whether fair progress may also delete
// retry rounds that store, on a model whose rounds are otherwise kept to
// storeless ones (Properties.StorelessCycles): nil if so, else the check
// that keeps them (cat.FairProgressStoresSafe). On a .mm model it is
// FairProgressSafe, whose rule covers every redundant round.
func (m *Model) FairProgressStoresSafe() error {
	if m == nil {
		return errNoModel
	}
	if m.cat != nil {
		return cat.FairProgressStoresSafe(m.cat)
	}
	return axioms.FairProgressSafe(m.mm)
}

// vettedMM reports whether m's axioms are those of a built-in model: its
// text as printed (no comments, no layout), without the name and the
// axiom labels, is a built-in model's, or an earlier text of one that
// allows the same executions (axioms.Equivalent: the dissertation's rmo).
func vettedMM(m *axioms.Model) bool {
	if b, ok := axioms.Builtin(m.Name); ok && b == m {
		return true
	}
	key := mmKey(m)
	for _, name := range axioms.BuiltinNames() {
		if b, ok := axioms.Builtin(name); ok && mmKey(b) == key {
			return true
		}
	}
	// an earlier text of a built-in model, rewritten since without changing
	// the executions it allows (axioms/equivalent)
	for _, e := range axioms.Equivalent() {
		if mmKey(e) == key {
			return true
		}
	}
	return false
}

// mmKey is the text of m's declarations and axioms, without its name and
// labels.
func mmKey(m *axioms.Model) string {
	var b strings.Builder
	for _, d := range m.Predefined {
		b.WriteString(d.Signature() + "\n")
	}
	b.WriteString("exists\n")
	for _, d := range m.Exists {
		b.WriteString(d.Signature() + "\n")
	}
	b.WriteString("forall\n")
	for _, vd := range m.Vars {
		b.WriteString(strings.Join(vd.Names, ",") + ":" + vd.Sort.String() + "\n")
	}
	b.WriteString("require\n")
	for _, a := range m.Axioms {
		b.WriteString(axioms.FormulaString(a.Body) + "\n")
	}
	return b.String()
}

// mentionsAtomic reports whether an axiom of m uses the atomic relation
// (a user's model then says what an atomic block means).
func mentionsAtomic(m *axioms.Model) bool {
	for _, a := range m.Axioms {
		if strings.Contains(axioms.FormulaString(a.Body), "atomic(") {
			return true
		}
	}
	return false
}

// sameCat reports whether two cat models compile to the same checks and
// flags (their self-contained texts, title aside, are equal).
func sameCat(a, b *cat.Model) bool {
	if a == b {
		return true
	}
	body := func(m *cat.Model) string {
		s := m.Format()
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[i:]
		}
		return s
	}
	return body(a) == body(b)
}

// hasLoadsInOrderAxiom reports whether some axiom of m is
// program_order(A, B) => memory_order(A, B) with every load a value of A
// and every access a value of B.
func hasLoadsInOrderAxiom(m *axioms.Model) bool {
	for _, ax := range m.Axioms {
		imp, ok := ax.Body.(*axioms.Implies)
		if !ok {
			continue
		}
		po, ok1 := imp.L.(*axioms.Apply)
		mo, ok2 := imp.R.(*axioms.Apply)
		if !ok1 || !ok2 || po.Name != "program_order" || mo.Name != "memory_order" || len(po.Args) != 2 || len(mo.Args) != 2 {
			continue
		}
		a, b := po.Args[0].Name, po.Args[1].Name
		if a == b || mo.Args[0].Name != a || mo.Args[1].Name != b {
			continue
		}
		sa, okA := m.VarSort(a)
		sb, okB := m.VarSort(b)
		if okA && okB && sa.Contains(axioms.SortLoad) && sb.Contains(axioms.SortAccess) {
			return true
		}
	}
	return false
}
