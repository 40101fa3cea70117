package encode

import (
	"strings"

	"github.com/checkfence/checkfence/axioms"
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
	ord := lsl.C11Order(tags)
	role, hasRole := lsl.C11RoleOf(tags)
	if ord == "" && !hasRole {
		if ci.m.C11 != nil && lsl.HasTag(tags, "NA") {
			return withoutC11(tags), nil
		}
		return tags, nil
	}
	if ci.m.KnowsC11() {
		return tags, nil
	}
	mp := ci.m.C11
	if mp == nil && !ci.e.U.Prog.C11 {
		return tags, nil
	}
	if mp == nil {
		return nil, lsl.Errorf(in.Pos(), "this %s is a C11 atomic (tags %s), and memory model %s does not know C11 memory orders; use rc11, a built-in hardware model (arm8, riscv, power, tso-cat compile C11 atomics to their instructions) or a .mm model",
			in.Kind, strings.Join(tags, ","), ci.m.Name)
	}
	var mapped []string
	switch {
	case in.Kind == axioms.Fence && lsl.HasTag(tags, lsl.TagMMOnly):
		if hasRole {
			mapped = mp.Beside(role.After, role.Kind, role.Order)
		}
	case in.Kind == axioms.Fence:
		mapped = mp.Fence(ord)
	case in.Kind == axioms.Load:
		mapped = mp.Access("R", in.Atomic != 0, ord)
	default:
		mapped = mp.Access("W", in.Atomic != 0, ord)
	}
	return append(withoutC11(tags), mapped...), nil
}

// withoutC11 drops the C11 vocabulary from tags.
func withoutC11(tags []string) []string {
	var out []string
	for _, t := range tags {
		if !lsl.IsC11Tag(t) {
			out = append(out, t)
		}
	}
	return out
}
