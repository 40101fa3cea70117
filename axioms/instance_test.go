package axioms

import (
	"reflect"
	"testing"

	"github.com/checkfence/checkfence/internal/gini/z"
)

func TestInstanceAPI(t *testing.T) {
	u := litmus("st X 1; f ss; st Y 1 | ld Y 1; f ll; ld X 0")
	for _, name := range []string{"sc", "relaxed", "rmo"} {
		m := mustBuiltin(t, name)
		opt, err := Instantiate(m, u, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := opt.TotalOrders(); !reflect.DeepEqual(got, []string{"memory_order"}) {
			t.Errorf("%s: TotalOrders() = %v", name, got)
		}
		if !opt.HasRel("memory_order") || opt.HasRel("nosuch") {
			t.Errorf("%s: HasRel wrong", name)
		}
		if opt.Rel("memory_order", 0, 3) != opt.Rel("memory_order", 3, 0).Not() {
			t.Errorf("%s: total order literals are not antisymmetric", name)
		}
		c := u.Circuit()
		if opt.Rel("memory_order", 3, 3) != c.F {
			t.Errorf("%s: memory_order(i, i) is not false", name)
		}
		if opt.Rel("memory_order", 1, 0) != c.F { // instruction 1 is a fence
			t.Errorf("%s: memory_order on a fence is not false", name)
		}
		// Program order (sc) and the fences fix X=1 before Y=1 and the
		// two loads: X=1 is 0, Y=1 is 2, the loads are 3 and 5.
		if opt.Rel("memory_order", 0, 2) != c.T || opt.Rel("memory_order", 3, 5) != c.T {
			t.Errorf("%s: fenced pairs are not fixed", name)
		}
		if st := opt.Stats(); st.FixedTuples < 2 || st.Pruned == 0 {
			t.Errorf("%s: stats %+v", name, st)
		}
		gen, _ := Instantiate(m, u, Options{Encoding: Generic})
		if len(gen.TotalOrders()) != 0 || gen.Lemmas(func(z.Lit) bool { return true }) != nil {
			t.Errorf("%s: generic encoding has total orders or lemmas", name)
		}
		if gen.Rel("memory_order", 0, 3) == gen.Rel("memory_order", 3, 0).Not() {
			t.Errorf("%s: generic encoding shares literals between (i,j) and (j,i)", name)
		}
	}
	inst, _ := Instantiate(mustBuiltin(t, "sc"), u, Options{})
	for _, bad := range []func(){
		func() { inst.Rel("nosuch", 0, 1) },
		func() { inst.Rel("memory_order", 0) },
		func() { inst.Rel("memory_order", 0, 99) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("Rel did not panic on a caller bug")
				}
			}()
			bad()
		}()
	}
}

// TestLemmas checks that lazy transitivity returns violated clauses for a
// cyclic assignment and nothing for a transitive one.
func TestLemmas(t *testing.T) {
	u := litmus("st X 1 | st Y 1 | st Z 1")
	inst, _ := Instantiate(mustBuiltin(t, "relaxed"), u, Options{Transitivity: Lazy})
	mo := func(i, j int) z.Lit { return inst.Rel("memory_order", i, j) }
	eval := func(order map[z.Lit]bool) func(z.Lit) bool {
		return func(l z.Lit) bool {
			if v, ok := order[l]; ok {
				return v
			}
			return !order[l.Not()]
		}
	}
	cycle := map[z.Lit]bool{mo(0, 1): true, mo(1, 2): true, mo(2, 0): true}
	lemmas := inst.Lemmas(eval(cycle))
	if len(lemmas) != 1 {
		t.Fatalf("cycle 0→1→2→0: %d lemmas, want 1", len(lemmas))
	}
	violated := true
	for _, l := range lemmas[0] {
		violated = violated && !eval(cycle)(l)
	}
	if !violated {
		t.Errorf("lemma %v is not violated by the cycle", lemmas[0])
	}
	order := map[z.Lit]bool{mo(0, 1): true, mo(1, 2): true, mo(0, 2): true}
	if l := inst.Lemmas(eval(order)); l != nil {
		t.Errorf("transitive order: lemmas %v", l)
	}
	eager, _ := Instantiate(mustBuiltin(t, "relaxed"), u, Options{Transitivity: Eager})
	if st := eager.Stats(); st.TransitivityClauses != 2 {
		t.Errorf("eager: %d transitivity clauses for one triple, want 2", st.TransitivityClauses)
	}
	if eager.Lemmas(eval(cycle)) != nil {
		t.Errorf("eager transitivity returned lemmas")
	}
}
