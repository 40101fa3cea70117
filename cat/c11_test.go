package cat

import (
	"slices"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestC11MappingTagsExist: every tag a mapping emits is one its model
// mentions (a misspelt barrier would order nothing), and every hardware
// model has a mapping while rc11 reads the orders itself.
func TestC11MappingTagsExist(t *testing.T) {
	for name := range c11Mappings {
		m, ok := Builtin(name)
		if !ok || m.C11 == nil {
			t.Fatalf("%s: no built-in model with a mapping", name)
		}
		check := func(what string, tags []string) {
			for _, tag := range tags {
				if !slices.Contains(m.Tags, tag) {
					t.Errorf("%s: %s gives %s, which the model does not mention", name, what, tag)
				}
			}
		}
		for _, ord := range lsl.C11Orders {
			check("fence "+ord, m.C11.Fence(ord))
			for _, kind := range []string{"R", "W"} {
				check(kind+" "+ord, m.C11.Access(kind, false, ord))
				check(kind+" rmw "+ord, m.C11.Access(kind, true, ord))
			}
			for _, kind := range []string{"R", "W", "RMW"} {
				check("before "+kind+" "+ord, m.C11.Beside(false, kind, ord))
				check("after "+kind+" "+ord, m.C11.Beside(true, kind, ord))
			}
		}
	}
	rc11, _ := Builtin("rc11")
	if rc11.C11 != nil || !rc11.KnowsC11() {
		t.Error("rc11 must read C11 orders itself")
	}
	for _, name := range []string{"arm8", "riscv", "power", "tso-cat", "sc-cat"} {
		if m, _ := Builtin(name); m.C11 == nil || m.KnowsC11() {
			t.Errorf("%s: needs a mapping", name)
		}
	}
}

// TestC11MappingEntries spells out the rows of the table in c11.go.
func TestC11MappingEntries(t *testing.T) {
	type row struct {
		model, what string
		got         []string
		want        []string
	}
	mp := func(name string) *C11Mapping { m, _ := Builtin(name); return m.C11 }
	arm, rv, ppc, x86 := mp("arm8"), mp("riscv"), mp("power"), mp("tso-cat")
	for _, r := range []row{
		{"arm8", "load rlx", arm.Access("R", false, "RLX"), nil},
		{"arm8", "load acq", arm.Access("R", false, "ACQ"), []string{"A"}},
		{"arm8", "load con", arm.Access("R", false, "CON"), []string{"A"}},
		{"arm8", "store rel", arm.Access("W", false, "REL"), []string{"L"}},
		{"arm8", "rmw acq store", arm.Access("W", true, "ACQ"), nil},
		{"arm8", "rmw sc load", arm.Access("R", true, "SC"), []string{"A"}},
		{"arm8", "fence acq", arm.Fence("ACQ"), []string{"DMB.ISHLD"}},
		{"arm8", "fence rel", arm.Fence("REL"), []string{"DMB.ISH"}},
		{"arm8", "before store sc", arm.Beside(false, "W", "SC"), nil},
		{"riscv", "load acq", rv.Access("R", false, "ACQ"), nil},
		{"riscv", "after load acq", rv.Beside(true, "R", "ACQ"), []string{"Fence.r.rw"}},
		{"riscv", "before load sc", rv.Beside(false, "R", "SC"), []string{"Fence.rw.rw"}},
		{"riscv", "before store rel", rv.Beside(false, "W", "REL"), []string{"Fence.rw.w"}},
		{"riscv", "after store sc", rv.Beside(true, "W", "SC"), nil},
		{"riscv", "rmw sc", rv.Access("W", true, "SC"), []string{"X", "AMO", "AcqRel"}},
		{"riscv", "rmw rel load", rv.Access("R", true, "REL"), []string{"X", "AMO", "Rel"}},
		{"riscv", "before rmw sc", rv.Beside(false, "RMW", "SC"), nil},
		{"riscv", "fence acq_rel", rv.Fence("ACQ_REL"), []string{"Fence.tso"}},
		{"power", "before load sc", ppc.Beside(false, "R", "SC"), []string{"sync"}},
		{"power", "after load acq", ppc.Beside(true, "R", "ACQ"), []string{"lwsync"}},
		{"power", "before store rel", ppc.Beside(false, "W", "REL"), []string{"lwsync"}},
		{"power", "before store sc", ppc.Beside(false, "W", "SC"), []string{"sync"}},
		{"power", "after store sc", ppc.Beside(true, "W", "SC"), nil},
		{"power", "after rmw acq_rel", ppc.Beside(true, "RMW", "ACQ_REL"), []string{"lwsync"}},
		{"power", "before rmw acq", ppc.Beside(false, "RMW", "ACQ"), nil},
		{"power", "after load rlx", ppc.Beside(true, "R", "RLX"), nil},
		{"power", "fence sc", ppc.Fence("SC"), []string{"sync"}},
		{"power", "fence acq", ppc.Fence("ACQ"), []string{"lwsync"}},
		{"tso-cat", "rmw rlx", x86.Access("R", true, "RLX"), []string{"A"}},
		{"tso-cat", "load sc", x86.Access("R", false, "SC"), nil},
		{"tso-cat", "after store sc", x86.Beside(true, "W", "SC"), []string{"mfence"}},
		{"tso-cat", "after store rel", x86.Beside(true, "W", "REL"), nil},
		{"tso-cat", "fence acq_rel", x86.Fence("ACQ_REL"), nil},
		{"tso-cat", "fence sc", x86.Fence("SC"), []string{"mfence"}},
	} {
		if !slices.Equal(r.got, r.want) {
			t.Errorf("%s %s: %v, want %v", r.model, r.what, r.got, r.want)
		}
	}
}
