package encode

import (
	"fmt"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// structurePrograms have init and final threads whose stores the other
// threads' loads may read (and so fr pairs from a concurrent load to an
// init store, and from a final load to a concurrent store, both against
// the test's structure), with fences, dependencies and atomic blocks for
// the models' ordering rules.
var structurePrograms = map[string]string{
	"init-stores": `global X global Y
proc init() { store @X, 1  store @X, 2  store @Y, 1 }
proc p0() { %r := load @X  fence full  %s := load @Y  store @X, 3 }
proc p1() { atomic { %o := load @Y  store @Y, 2 }  %t := load @X }
proc final() { %x := load @X  %y := load @Y }`,
	"init-deps": `global X global Y global P = @X
proc init() { store @Y, 1  %q := load @Y  store @X, %q }
proc p0() { %p := load @P  %v := load %p  store @Y, %v }
proc p1() { store @X, 2  fence<Fence.rw.rw>  %w := load @Y }
proc final() { %x := load @X  store @Y, 3  %y := load @Y }`,
}

// TestCatStructureFR: the fr pairs that contradict the test's structure
// (structure, catcheck.go) are left out of the relation fr rather than
// kept as negated literals (Options.CatStructureFR). Both encodings allow
// the same executions — events, reads-from and every coherence variable
// projected — and fire each flag in the same ones, on herd's models, the
// built-in arm8, riscv and rc11; without the option no such pair is left
// in fr, and with it some are (the test exercises the shortcut).
func TestCatStructureFR(t *testing.T) {
	models := catModels(t)
	for _, name := range []string{"arm8", "riscv", "rc11"} {
		m, _ := cat.Builtin(name)
		models["builtin-"+name] = m
	}
	programs := map[string]string{"init+final": catPrograms["init+final"]}
	for k, v := range structurePrograms {
		programs[k] = v
	}
	kept, allowed := 0, 0
	for pname, src := range programs {
		for mname, m := range models {
			name := pname + "/" + mname
			short := buildCatOpt(t, src, m, Options{})
			plain := buildCatOpt(t, src, m, Options{CatStructureFR: true})
			if n := structureFRPairs(short.catInst); n > 0 {
				t.Errorf("%s: %d fr pairs against the structure left in fr", name, n)
			}
			kept += structureFRPairs(plain.catInst)
			proj := append(rfProjection(short), coProjection(short)...)
			if fmt.Sprint(proj) != fmt.Sprint(append(rfProjection(plain), coProjection(plain)...)) {
				t.Fatalf("%s: the projection literals differ between encodings", name)
			}
			w := allowedExecutions(t, plain, proj, z.LitNull)
			if w != "" {
				allowed++
			}
			if g := allowedExecutions(t, short, proj, z.LitNull); w != g {
				t.Errorf("%s: allowed executions differ:\nplain:\n%s\nwithout the pairs:\n%s", name, w, g)
			}
			for i, f := range plain.catInst.Flags {
				if w, g := allowedExecutions(t, plain, proj, f.Lit), allowedExecutions(t, short, proj, short.catInst.Flags[i].Lit); w != g {
					t.Errorf("%s: flag %s fires in different executions", name, f.Name)
				}
			}
		}
	}
	if allowed == 0 {
		t.Fatal("no program has an execution on any model")
	}
	if kept == 0 {
		t.Fatal("no fr pair against the structure in any program: the shortcut was not exercised")
	}
}

// structureFRPairs counts the pairs of fr that go from a load of a
// concurrent thread to an init store or from a final load to a store of
// another thread.
func structureFRPairs(ci *CatInstance) int {
	n := 0
	for l, row := range ci.baseRel("fr").rows {
		lk := ci.threadKind(l)
		for _, e := range row {
			sk := ci.threadKind(int(e.j))
			if frAgainstStructure(lk, sk) && e.l != ci.c.F {
				n++
			}
		}
	}
	return n
}
