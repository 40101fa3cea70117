package lsl

import (
	"strings"

	"github.com/checkfence/checkfence/diag"
)

// Barriers: what a candidate of fence synthesis puts at its point, and
// what a C front end makes of a barrier instruction written in the source
// (frontend/llvm reads `__asm__ volatile("dmb ish" ::: "memory")` with
// BarrierByAsm). A barrier is one or more fence statements, all sharing a
// candidate's selector: its first fence carries the barrier's tags (what
// cat models see), and every fence has one of the .mm fence kinds the
// barrier amounts to on the .mm models; the fences after the first are
// tagged mm-only, so that cat models see one event. A C11 fence
// (atomic_thread_fence) is built the way frontend/llvm translates one.

// Barrier is a fence instruction or C11 fence as fence synthesis proposes
// it and a front end reads it.
type Barrier struct {
	// Name is how the answer shows it: "DMB ISH", "fence rw,rw", "lwsync",
	// "atomic_thread_fence(memory_order_acquire)", or an LSL fence kind.
	Name string
	// Asm is the instruction text of an architecture barrier ("" for a C11
	// fence and an LSL fence kind).
	Asm string
	// Tags are the cat tags of the barrier (nil for an LSL fence kind).
	Tags []string
	// Kinds are the .mm fence kinds the barrier amounts to.
	Kinds []FenceKind
	// C11 is the memory order of a C11 fence (RLX … SC), "" otherwise.
	C11 string
}

// Fences returns the fence statements of the barrier at pos with
// candidate id (0 for a written barrier).
func (b *Barrier) Fences(pos diag.Pos, cand int) []*Fence {
	var out []*Fence
	for i, k := range b.Kinds {
		var tags []string
		switch {
		case i == 0:
			tags = b.Tags
		case len(b.Tags) > 0:
			tags = []string{TagMMOnly}
		}
		out = append(out, &Fence{Kind: k, Tags: tags, Pos: pos, Cand: cand})
	}
	return out
}

// KindBarrier is the barrier of one LSL fence kind (lsl_fence("kind")).
func KindBarrier(k FenceKind) *Barrier {
	return &Barrier{Name: k.String(), Kinds: []FenceKind{k}}
}

var (
	acqKinds    = []FenceKind{FenceLoadLoad, FenceLoadStore}
	relKinds    = []FenceKind{FenceLoadStore, FenceStoreStore}
	acqRelKinds = []FenceKind{FenceLoadLoad, FenceLoadStore, FenceStoreStore}
	fullKinds   = []FenceKind{FenceFull}
)

// archBarriers are the barrier instructions of the architectures the
// built-in cat models describe, by architecture, cheapest first. The .mm
// kinds say what each orders: a load barrier orders loads before every
// later access (load-load, load-store), a store barrier stores before
// stores, a full barrier everything; ISB and isync order what a control
// dependency reaches, as the control-dependent fence does.
var archBarriers = map[string][]*Barrier{
	"arm8": {
		{Name: "DMB ISHLD", Asm: "dmb ishld", Tags: []string{"DMB.ISHLD"}, Kinds: acqKinds},
		{Name: "DMB ISHST", Asm: "dmb ishst", Tags: []string{"DMB.ISHST"}, Kinds: []FenceKind{FenceStoreStore}},
		{Name: "DMB ISH", Asm: "dmb ish", Tags: []string{"DMB.ISH"}, Kinds: fullKinds},
	},
	"riscv": {
		{Name: "fence r,rw", Asm: "fence r,rw", Tags: []string{"Fence.r.rw"}, Kinds: acqKinds},
		{Name: "fence rw,w", Asm: "fence rw,w", Tags: []string{"Fence.rw.w"}, Kinds: relKinds},
		{Name: "fence.tso", Asm: "fence.tso", Tags: []string{"Fence.tso"}, Kinds: acqRelKinds},
		{Name: "fence rw,rw", Asm: "fence rw,rw", Tags: []string{"Fence.rw.rw"}, Kinds: fullKinds},
	},
	"power": {
		{Name: "lwsync", Asm: "lwsync", Tags: []string{"lwsync"}, Kinds: acqRelKinds},
		{Name: "sync", Asm: "sync", Tags: []string{"sync"}, Kinds: fullKinds},
	},
	"x86": {
		{Name: "mfence", Asm: "mfence", Tags: []string{"mfence"}, Kinds: fullKinds},
	},
}

// otherAsm are barrier instructions a front end reads that synthesis does
// not propose (they order no more than the ones above, or are spellings
// of them).
var otherAsm = []*Barrier{
	{Name: "DMB SY", Asm: "dmb sy", Tags: []string{"DMB.SY"}, Kinds: fullKinds},
	{Name: "DMB LD", Asm: "dmb ld", Tags: []string{"DMB.LD"}, Kinds: acqKinds},
	{Name: "DMB ST", Asm: "dmb st", Tags: []string{"DMB.ST"}, Kinds: []FenceKind{FenceStoreStore}},
	{Name: "DSB SY", Asm: "dsb sy", Tags: []string{"DSB.SY"}, Kinds: fullKinds},
	{Name: "DSB ISH", Asm: "dsb ish", Tags: []string{"DSB.ISH"}, Kinds: fullKinds},
	{Name: "ISB", Asm: "isb", Tags: []string{"ISB"}, Kinds: []FenceKind{FenceControlDependent}},
	{Name: "fence r,r", Asm: "fence r,r", Tags: []string{"Fence.r.r"}, Kinds: []FenceKind{FenceLoadLoad}},
	{Name: "fence w,w", Asm: "fence w,w", Tags: []string{"Fence.w.w"}, Kinds: []FenceKind{FenceStoreStore}},
	{Name: "fence r,w", Asm: "fence r,w", Tags: []string{"Fence.r.w"}, Kinds: []FenceKind{FenceLoadStore}},
	{Name: "fence w,r", Asm: "fence w,r", Tags: []string{"Fence.w.r"}, Kinds: []FenceKind{FenceStoreLoad}},
	{Name: "fence", Asm: "fence", Tags: []string{"Fence.rw.rw"}, Kinds: fullKinds},
	{Name: "hwsync", Asm: "hwsync", Tags: []string{"sync"}, Kinds: fullKinds},
	{Name: "isync", Asm: "isync", Tags: []string{"isync"}, Kinds: []FenceKind{FenceControlDependent}},
	{Name: "eieio", Asm: "eieio", Tags: []string{"eieio"}, Kinds: []FenceKind{FenceStoreStore}},
}

// ArchBarriers returns the barriers synthesis proposes for an
// architecture ("arm8", "riscv", "power", "x86"), cheapest first; nil for
// an unknown one.
func ArchBarriers(arch string) []*Barrier { return archBarriers[arch] }

// AllArchBarriers returns every barrier instruction a front end reads.
func AllArchBarriers() []*Barrier {
	var out []*Barrier
	for _, a := range []string{"arm8", "riscv", "power", "x86"} {
		out = append(out, archBarriers[a]...)
	}
	return append(out, otherAsm...)
}

// BarrierByAsm returns the barrier of an inline-assembly text: one
// instruction, case and the spaces around commas ignored, optionally with
// a trailing ';' ("dmb ish", "fence rw, rw", "lwsync"). Nil when the text
// is no barrier this package knows.
func BarrierByAsm(text string) *Barrier {
	t := strings.ToLower(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), ";")))
	t = strings.Join(strings.Fields(strings.ReplaceAll(t, ",", " , ")), " ")
	t = strings.ReplaceAll(t, " , ", ",")
	for _, b := range AllArchBarriers() {
		if b.Asm == t {
			return b
		}
	}
	return nil
}

// C11FenceBarrier is atomic_thread_fence(order) for a C11 order tag (ACQ,
// REL, ACQ_REL, SC), built as frontend/llvm translates one: the .mm
// fences of the order, the first tagged with it.
func C11FenceBarrier(order string) *Barrier {
	var kinds []FenceKind
	switch order {
	case "ACQ":
		kinds = acqKinds
	case "REL":
		kinds = relKinds
	case "ACQ_REL":
		kinds = acqRelKinds
	case "SC":
		kinds = fullKinds
	default:
		return nil
	}
	return &Barrier{Name: "atomic_thread_fence(" + C11OrderName(order) + ")", Tags: []string{order}, Kinds: kinds, C11: order}
}

// C11OrderName is the C name of an order tag: memory_order_acquire, ….
func C11OrderName(order string) string {
	switch order {
	case "RLX":
		return "memory_order_relaxed"
	case "CON":
		return "memory_order_consume"
	case "ACQ":
		return "memory_order_acquire"
	case "REL":
		return "memory_order_release"
	case "ACQ_REL":
		return "memory_order_acq_rel"
	case "SC":
		return "memory_order_seq_cst"
	}
	return ""
}
