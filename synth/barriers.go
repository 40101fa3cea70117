package synth

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// Choice is a candidate barrier with its cost (the tie-break among sets
// with the same number of barriers; 1 is cheapest).
type Choice struct {
	*lsl.Barrier
	Cost int
}

// archCost ranks the barriers of an architecture: a load or store barrier
// (DMB ISHLD/ISHST, fence r,rw / rw,w) is cheaper than fence.tso and
// lwsync, which are cheaper than a full barrier (DMB ISH, fence rw,rw,
// sync, mfence): a full barrier waits for the store buffer to drain.
var archCost = map[string]int{
	"DMB ISHLD": 4, "DMB ISHST": 5, "DMB ISH": 7,
	"fence r,rw": 4, "fence rw,w": 5, "fence.tso": 6, "fence rw,rw": 7,
	"lwsync": 5, "sync": 7,
	"mfence": 7,
}

// orderCost ranks the memory orders an access may get: cheaper than a
// fence (acquire and release are plain loads and stores on x86, LDAR and
// STLR on ARMv8), seq_cst a little cheaper than a full fence.
var orderCost = map[string]int{"ACQ": 2, "REL": 2, "ACQ_REL": 3, "SC": 6}

// c11Cost ranks the C11 fences like the barriers they compile to.
var c11Cost = map[string]int{"ACQ": 4, "REL": 5, "ACQ_REL": 6, "SC": 7}

// costOf is the default cost of a barrier.
func costOf(b *lsl.Barrier) int {
	switch {
	case b.C11 != "":
		return c11Cost[b.C11]
	case len(b.Tags) == 0 && len(b.Kinds) == 1:
		return Rank(b.Kinds[0])
	}
	if c, ok := archCost[b.Name]; ok {
		return c
	}
	return len(costRank) + 1
}

// C11Program reports whether the program's synchronisation is C11
// atomics: fences are then proposed as atomic_thread_fence (never as
// lsl_fence, which a C11 file need not know).
func C11Program(prog *lsl.Program) bool { return mining.C11Semantics(prog) }

// DefaultChoices are the candidate barriers for a program on the model of
// opt: atomic_thread_fence of each order for a C11 program (those that
// order something on the model), the architecture's barriers on a model
// with a built-in hardware cat model's checks (memmodel.Properties.Arch;
// arm8: DMB ISHLD, DMB ISHST, DMB ISH; riscv: fence
// r,rw, fence rw,w, fence.tso, fence rw,rw; power: lwsync, sync;
// tso-cat: mfence), on a user .cat the known barriers and LSL fence kinds
// that it names, and on a .mm model its fence kinds (Kinds).
func DefaultChoices(prog *lsl.Program, opt mining.Options) []Choice {
	var out []Choice
	add := func(b *lsl.Barrier) { out = append(out, Choice{Barrier: b, Cost: costOf(b)}) }
	if C11Program(prog) {
		for _, o := range []string{"ACQ", "REL", "ACQ_REL", "SC"} {
			b := lsl.C11FenceBarrier(o)
			if opt.Model.Orders(b) {
				add(b)
			}
		}
		return sortChoices(out)
	}
	switch {
	case opt.Model.Props().Arch != "":
		for _, b := range lsl.ArchBarriers(opt.Model.Props().Arch) {
			add(b)
		}
	case opt.Model.FencesByTag():
		tags := map[string]bool{}
		for _, t := range opt.Model.FenceTags() {
			tags[t] = true
		}
		for _, b := range lsl.AllArchBarriers() {
			if b.Asm != "" && tags[b.Tags[0]] && !hasChoice(out, b.Tags[0]) {
				add(b)
			}
		}
		for _, k := range lsl.FenceKinds() {
			if k != lsl.FenceFull && tags[k.String()] {
				add(lsl.KindBarrier(k))
			}
		}
	default:
		for _, k := range Kinds(opt.Model.Axiomatic()) {
			add(lsl.KindBarrier(k))
		}
	}
	return sortChoices(out)
}

func hasChoice(cs []Choice, tag string) bool {
	for _, c := range cs {
		if len(c.Tags) > 0 && c.Tags[0] == tag {
			return true
		}
	}
	return false
}

func sortChoices(cs []Choice) []Choice {
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].Cost < cs[j].Cost })
	return cs
}

// ParseChoices reads the --kinds list: each item a name with an optional
// "=COST" (a positive integer; default: the built-in cost). A name is an
// LSL fence kind (store-load), a barrier instruction or its tag (dmb
// ishld, DMB.ISHLD, "fence r,rw", Fence.r.rw, lwsync), a C11 order for
// atomic_thread_fence (acquire, release, acq_rel, seq_cst), or on a user
// .cat model any tag the model names (its fences, written in LSL as
// fence<TAG>).
//
// "none" alone means no barriers (with memory orders: orders only).
func ParseChoices(items []string, prog *lsl.Program, opt mining.Options) ([]Choice, error) {
	out := []Choice{}
	if len(items) == 1 && items[0] == "none" {
		return out, nil
	}
	for _, item := range items {
		name, costText, hasCost := strings.Cut(item, "=")
		name = strings.TrimSpace(name)
		b := barrierNamed(name, opt.Model.FenceTags())
		if b == nil {
			return nil, fmt.Errorf("unknown barrier %q for --kinds (an LSL fence kind such as store-load, a barrier such as \"dmb ish\" or DMB.ISH, fence.tso, lwsync, a C11 order such as acquire, or a tag of the .cat model)", name)
		}
		if !opt.Model.FencesByTag() && len(b.Tags) > 0 && b.C11 == "" {
			return nil, fmt.Errorf("barrier %q is for cat models; model %s sees only LSL fence kinds", name, opt.Model.Name())
		}
		if b.C11 != "" && !C11Program(prog) {
			return nil, fmt.Errorf("--kinds %s: atomic_thread_fence is for C11 programs (this program does not use C11 atomics)", name)
		}
		c := Choice{Barrier: b, Cost: costOf(b)}
		if hasCost {
			n, err := strconv.Atoi(strings.TrimSpace(costText))
			if err != nil || n < 1 {
				return nil, fmt.Errorf("--kinds %s: the cost must be a positive integer", item)
			}
			c.Cost = n
		}
		out = append(out, c)
	}
	return sortChoices(out), nil
}

var c11Names = map[string]string{
	"acquire": "ACQ", "release": "REL", "acq_rel": "ACQ_REL", "seq_cst": "SC",
	"memory_order_acquire": "ACQ", "memory_order_release": "REL", "memory_order_acq_rel": "ACQ_REL", "memory_order_seq_cst": "SC",
}

func barrierNamed(name string, modelTags []string) *lsl.Barrier {
	if k, ok := lsl.ParseFenceKind(name); ok && k != lsl.FenceFull {
		return lsl.KindBarrier(k)
	}
	if o, ok := c11Names[strings.ToLower(name)]; ok {
		return lsl.C11FenceBarrier(o)
	}
	if b := lsl.BarrierByAsm(name); b != nil {
		return b
	}
	for _, b := range lsl.AllArchBarriers() {
		if strings.EqualFold(b.Name, name) || strings.EqualFold(b.Tags[0], name) {
			return b
		}
	}
	if lsl.ValidTag(name) {
		for _, t := range modelTags {
			if t == name {
				return &lsl.Barrier{Name: name, Tags: []string{name}, Kinds: []lsl.FenceKind{0}}
			}
		}
	}
	return nil
}
