package encode

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// suffixPrograms put barriers and dependencies where program order does
// something other than run straight through one thread: a barrier in a
// branch, two barriers in a row, the init thread's barrier (whose po
// reaches every later thread), a final thread, an address dependency
// followed by stores.
var suffixPrograms = map[string]string{
	"fence-in-branch": `global X global Y
proc p0() { %r := load @Y  if %r { fence load-load }  %s := load @X  store @Y, 2 }
proc p1() { store @X, 1  fence store-store  store @Y, 1  fence<Fence.rw.rw>  %t := load @X }`,
	"two-fences": `global X global Y
proc p0() { %a := load @X  fence<Fence.r.rw>  %b := load @Y  fence<DMB.ISHLD>  store @X, 2  %c := load @Y }
proc p1() { store @Y, 1  fence<DMB.SY>  store @X, 1  fence<Fence.w.w>  store @Y, 2 }`,
	"init-fence": `global X global Y
proc init() { store @X, 1  fence full  store @Y, 1 }
proc p0() { %r := load @Y  fence load-load  %s := load @X }
proc p1() { store @X, 2  fence<Fence.rw.rw>  store @Y, 2 }
proc final() { fence full  %x := load @X  %y := load @Y }`,
	"addr-then-stores": `global X global Y global P = @X
proc p0() { %p := load @P  %v := load %p  store @Y, 1  store @X, 3 }
proc p1() { store @Y, 2  fence<DMB.ISH>  store @P, @Y  %w := load @X }`,
}

// TestCatSuffixMatchesPlain: an acyclicity check's X; po; [B] operands
// encoded as chains of program order (catsuffix.go) allow the same
// executions — events, reads-from and coherence projected — as the
// flattened relation (Options.CatPlainSuffixes), and fire each flag in
// the same ones, on herd's models and the built-in arm8, riscv and power;
// and the chains are used (with the size guard off: these programs are
// small). The flattened encoding is the one the comparisons with the cat
// evaluator (TestCatEncodingMatchesEvaluator, TestCatEncodingRandom)
// check on such programs.
func TestCatSuffixMatchesPlain(t *testing.T) {
	chainsOnlyWhenSmaller = false // the programs are too small to pass the guard
	defer func() { chainsOnlyWhenSmaller = true }()
	models := catModels(t)
	for _, name := range []string{"arm8", "riscv", "power"} {
		m, _ := cat.Builtin(name)
		models["builtin-"+name] = m
	}
	programs := map[string]string{}
	for _, set := range []map[string]string{catPrograms, structurePrograms, riscvPrograms, suffixPrograms} {
		for k, v := range set {
			programs[k] = v
		}
	}
	seeds := 8
	if testing.Short() {
		seeds = 3
	}
	for seed := int64(1); seed <= int64(seeds); seed++ {
		programs[fmt.Sprintf("random %d", seed)] = randomCatProgram(rand.New(rand.NewSource(100 + seed)))
	}
	chains, allowed := 0, 0
	for pname, src := range programs {
		for mname, m := range models {
			name := pname + "/" + mname
			short := buildCat(t, src, m)
			plain := buildCatOpt(t, src, m, Options{CatPlainSuffixes: true})
			if plain.catInst.chainVertices != 0 {
				t.Fatalf("%s: chains with CatPlainSuffixes", name)
			}
			chains += short.catInst.chainVertices
			if sameAllowedExecutions(t, name, src, plain, short, "flattened", "chains") {
				allowed++
			}
		}
	}
	if allowed == 0 {
		t.Fatal("no program has an execution on any model")
	}
	if chains == 0 {
		t.Fatal("no check had a program-order suffix: the chains were not exercised")
	}
}

// sameAllowedExecutions compares two encodings of src on one model by
// their executions (events, rf, co) and the executions in which each flag
// fires, and reports whether plain allows some execution.
func sameAllowedExecutions(t *testing.T, name, src string, plain, other *Encoding, plainLabel, otherLabel string) bool {
	t.Helper()
	proj := append(rfProjection(other), coProjection(other)...)
	if fmt.Sprint(proj) != fmt.Sprint(append(rfProjection(plain), coProjection(plain)...)) {
		t.Fatalf("%s: the projection literals differ between encodings", name)
	}
	w := allowedExecutions(t, plain, proj, z.LitNull)
	if g := allowedExecutions(t, other, proj, z.LitNull); w != g {
		t.Errorf("%s: allowed executions differ:\n%s:\n%s\n%s:\n%s\n%s", name, plainLabel, w, otherLabel, g, src)
	}
	for i, f := range plain.catInst.Flags {
		if w, g := allowedExecutions(t, plain, proj, f.Lit), allowedExecutions(t, other, proj, other.catInst.Flags[i].Lit); w != g {
			t.Errorf("%s: flag %s fires in different executions", name, f.Name)
		}
	}
	return w != ""
}
