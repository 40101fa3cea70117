package encode

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/memmodel"
)

// orderGraphPrograms put the memory order's fixed pairs where the
// restricted order graph (axioms/restricted.go) reasons about them:
// store buffering across three threads, accesses in branches between two
// that conflict, compare-and-swaps between a store and a load, fences
// in a branch (which make them intransitive on relaxed), init and final
// threads.
var orderGraphPrograms = map[string]string{
	"sb3": `global X global Y global Z
proc p0() { store @X, 1  %a := load @Y  store @Z, 1 }
proc p1() { store @Y, 1  %b := load @Z  store @X, 2 }
proc p2() { store @Z, 2  %c := load @X }`,
	"branch-between": `global X global Y
proc init() { store @X, 1 }
proc p0() { %r := load @Y  if %r { store @Y, 2  %s := load @X }  %t := load @X  store @X, 3 }
proc p1() { store @X, 2  store @Y, 1  %u := load @X }
proc final() { %f := load @X  %g := load @Y }`,
	"cas-between": `global X global Y
proc p0() { store @Y, 1  atomic { %o := load @X  store @X, 2 }  %a := load @Y }
proc p1() { store @Y, 2  atomic { %p := load @X  store @X, 3 }  %b := load @Y  %c := load @X }`,
	"fence-in-branch": `global X global Y
proc p0() { store @X, 1  %r := load @Y  if %r { fence store-load }  %s := load @X  store @Y, 2 }
proc p1() { store @Y, 1  fence store-load  %t := load @X  store @X, 3 }`,
	// fences in a branch order the loads around them only when it runs:
	// on relaxed the fixed pairs are not transitive (guarded graph)
	"fences-in-branch": `global X global Y global Z
proc p0() { %a := load @X  %r := load @Z  if %r { fence load-load  %b := load @Y  fence load-load  store @Z, 2 }  %c := load @X  store @Y, 3 }
proc p1() { store @Y, 1  store @X, 1  store @Z, 1  %d := load @Y }`,
}

// buildMMOpt encodes src (one thread per procedure) on a .mm model.
func buildMMOpt(t *testing.T, src string, m *axioms.Model, opt Options) (*Encoding, error) {
	t.Helper()
	u := unrollPerProc(t, src)
	return Build(u, memmodel.FromMM(m), opt)
}

// TestRestrictedOrderGraphPrograms: on the built-in .mm models, programs
// encoded with the restricted order graph allow the same executions
// (guards and reads-from projected) as with the plain graph
// (axioms.Options.PlainOrderGraph), on the programs above and random
// ones, and the restriction is used.
func TestRestrictedOrderGraphPrograms(t *testing.T) {
	programs := map[string]string{}
	for k, v := range orderGraphPrograms {
		programs[k] = v
	}
	seeds := 10
	if testing.Short() {
		seeds = 4
	}
	for seed := int64(1); seed <= int64(seeds); seed++ {
		programs[fmt.Sprintf("random %d", seed)] = randomCatProgram(rand.New(rand.NewSource(300 + seed)))
	}
	restricted, guarded, allowed, compared := 0, 0, 0, 0
	for _, mname := range []string{"sc", "tso", "pso", "relaxed", "rmo"} {
		m, ok := axioms.Builtin(mname)
		if !ok {
			t.Fatalf("no built-in model %s", mname)
		}
		for pname, src := range programs {
			name := pname + "/" + mname
			e, err := buildMMOpt(t, src, m, Options{})
			if err != nil {
				continue // a tag or fence the model does not know
			}
			plain, err := buildMMOpt(t, src, m, Options{Axioms: axioms.Options{PlainOrderGraph: true}})
			if err != nil {
				t.Fatalf("%s: plain graph: %v", name, err)
			}
			proj := rfProjection(e)
			if fmt.Sprint(proj) != fmt.Sprint(rfProjection(plain)) {
				t.Fatalf("%s: the projection literals differ between encodings", name)
			}
			w := allowedExecutions(t, plain, proj, z.LitNull)
			if g := allowedExecutions(t, e, proj, z.LitNull); g != w {
				t.Errorf("%s: allowed executions differ:\nplain:\n%s\nrestricted:\n%s\n%s", name, w, g, src)
			}
			compared++
			if w != "" {
				allowed++
			}
			restricted += e.Model.Stats().RestrictedOrders
			guarded += e.Model.Stats().GuardedOrders
			if plain.Model.Stats().RestrictedOrders != 0 {
				t.Errorf("%s: PlainOrderGraph used the restricted graph", name)
			}
		}
	}
	t.Logf("%d comparisons, %d with executions, %d restricted orders, %d of them guarded", compared, allowed, restricted, guarded)
	if compared < 20 || allowed < compared/2 || restricted < compared/4 || guarded == 0 {
		t.Errorf("too little compared: %d comparisons, %d with executions, %d restricted orders", compared, allowed, restricted)
	}
}
