package encode

import (
	"slices"
	"strings"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// c11Tags are the tags event in carries for the cat model: its own,
// unless it comes from a C11 atomic (lsl/c11.go) and the model compiles
// C11 to its instructions (cat.C11Mapping). Then an atomic access gets the
// tags of its instruction, an mm-only fence those of the fence the
// mapping puts beside the access (none: the event orders nothing), and a
// C11 fence those of its barrier; what else a C11 program tags (NA, and A
// where the model means something else by it) is dropped. A model that
// neither reads C11 tags nor has a mapping cannot check a program a C11
// front end translated (lsl.Program.C11); in LSL written by hand such a
// model makes of the tags what it says.
func (ci *CatInstance) c11Tags(in *Instr, tags []string) ([]string, error) {
	out, mapped, ok := c11EventTags(ci.m, ci.e.U.Prog.C11, in.Kind, in.Atomic != 0, ci.e.lockedBlock(in), tags)
	if !ok {
		return nil, diag.Errorf(in.Pos(), "this %s is a C11 atomic (tags %s), and memory model %s does not know C11 memory orders; use rc11, a built-in hardware model (arm8, riscv, power, tso-cat compile C11 atomics to their instructions) or a .mm model",
			in.Kind, strings.Join(tags, ","), ci.m.Name)
	}
	if mapped == nil {
		return out, nil
	}
	return append(out, ci.condC11Tags(in, tags, mapped)...), nil
}

// c11EventTags are the tags of an event of kind k (inside an atomic block
// when atomic, one that loads and stores when locked) with LSL tags tags
// on model m, for a program a C11 front end translated when progC11
// (c11Tags), without the conditional tags of fence synthesis; mapped is
// what the model's C11 mapping gave (nil when it mapped nothing), ok false
// when the model cannot read a C11 atomic. An access without a C11 order
// in a locked block gets the mapping's Block tags (tso-cat: a locked
// instruction).
func c11EventTags(m *cat.Model, progC11 bool, k axioms.InstrKind, atomic, locked bool, tags []string) (out, mapped []string, ok bool) {
	ord := lsl.C11Order(tags)
	role, hasRole := lsl.C11RoleOf(tags)
	if ord == "" && !hasRole {
		if m.C11 != nil && lsl.HasTag(tags, "NA") {
			tags = withoutC11(tags)
		}
		if locked && m.C11 != nil && k != axioms.Fence {
			tags = withTags(tags, m.C11.Block)
		}
		return tags, nil, true
	}
	if m.KnowsC11() {
		return tags, nil, true
	}
	mp := m.C11
	if mp == nil && !progC11 {
		return tags, nil, true
	}
	if mp == nil {
		return nil, nil, false
	}
	switch {
	case k == axioms.Fence && lsl.HasTag(tags, lsl.TagMMOnly):
		if hasRole {
			mapped = mp.Beside(role.After, role.Kind, role.Order)
		}
	case k == axioms.Fence:
		mapped = mp.Fence(ord)
	case k == axioms.Load:
		mapped = mp.Access("R", atomic, ord)
	default:
		mapped = mp.Access("W", atomic, ord)
	}
	if mapped == nil {
		mapped = []string{}
	}
	return append(withoutC11(tags), mapped...), mapped, true
}

// withTags is tags with each of more it lacks appended (a new slice when
// it adds one).
func withTags(tags, more []string) []string {
	out := tags
	for _, t := range more {
		if !lsl.HasTag(out, t) {
			out = append(slices.Clip(out), t)
		}
	}
	return out
}

// withoutC11 drops the C11 vocabulary from tags.
func withoutC11(tags []string) []string {
	var out []string
	for _, t := range tags {
		if _, ct, ok := lsl.ParseCondTag(t); ok && lsl.IsC11Tag(ct) {
			continue // a memory-order candidate (condC11Tags)
		}
		if !lsl.IsC11Tag(t) {
			out = append(out, t)
		}
	}
	return out
}

// mmOnlyNoBarrier reports a fence tagged mm-only (tags) that the model's
// C11 mapping did not turn into one of its barriers (mapped): it is no
// event of the cat model. It belongs to no set a model names, and a
// model that names F (every fence) means the fences of the program, which
// these are not; leaving them out keeps the relations small (a C11
// program has one or two of them beside each atomic access).
func mmOnlyNoBarrier(tags, mapped []string) bool {
	return lsl.HasTag(tags, lsl.TagMMOnly) && len(withoutC11(mapped)) == 0
}

// sameBarrier reports an mm-only fence right after another of the same
// role (and guard): the front ends emit the .mm mapping's fences for one
// access as a group (load-load and load-store after an acquire load), and
// the hardware mapping puts one barrier there, on the group's first fence.
func (ci *CatInstance) sameBarrier(i int) bool {
	return ci.m.C11 != nil && sameBarrierAt(ci.e.Instrs, i)
}

// sameBarrierAt is sameBarrier on a model with a C11 mapping, for
// instruction i of instrs.
func sameBarrierAt(instrs []*Instr, i int) bool {
	if i == 0 {
		return false
	}
	in, prev := instrs[i], instrs[i-1]
	if prev.Kind != axioms.Fence || prev.Thread != in.Thread || prev.Guard != in.Guard {
		return false
	}
	tags, prevTags := lsl.Tags(in.Stmt), lsl.Tags(prev.Stmt)
	if !lsl.HasTag(tags, lsl.TagMMOnly) || !lsl.HasTag(prevTags, lsl.TagMMOnly) {
		return false
	}
	r, ok := lsl.C11RoleOf(tags)
	pr, pok := lsl.C11RoleOf(prevTags)
	return ok && pok && r == pr
}

// catBarrier says how a trace shows instruction in (modelEncoding.barrier).
func (e *Encoding) catBarrier(in *Instr) (barrier string, shown bool) { return e.enc.barrier(in) }

// barrier says how a trace shows instruction in on a cat model: a fence
// of a C11 program that is no event of the model (mmOnlyNoBarrier,
// sameBarrier) is not shown, and one the mapping made a barrier shows as
// that barrier. Other instructions show as they are.
func (ci *CatInstance) barrier(in *Instr) (barrier string, shown bool) {
	if in.Kind != axioms.Fence || in.Op < 0 || !lsl.HasTag(lsl.Tags(in.Stmt), lsl.TagMMOnly) && lsl.C11Order(lsl.Tags(in.Stmt)) == "" {
		return "", true
	}
	ev := ci.evOf[in.Index]
	if ev < 0 {
		return "", false
	}
	return strings.Join(ci.Events[ev].Tags, ","), true
}
