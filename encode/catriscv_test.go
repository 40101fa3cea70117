package encode

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// TestRiscvRewriteMatchesSpec: the built-in riscv.cat writes RVWMO's
// main axiom over different harts' co and fr, without ppo rule 2, and
// rules 3 and 12 over rfi & po (docs/semantics.md, "RISC-V's model,
// rewritten for size"). On checkfence's programs — init and final
// threads, whose po crosses threads, atomic blocks whose store rule 3
// names — it allows the same executions (events, reads-from and
// coherence projected) as the spec's `acyclic co | rfe | fr | ppo` with
// plain rfi. The herd suite checks the same on herd's litmus tests.
func TestRiscvRewriteMatchesSpec(t *testing.T) {
	src, err := os.ReadFile("../cat/models/riscv.cat")
	if err != nil {
		t.Fatal(err)
	}
	spec := string(src)
	for old, repl := range map[string]string{
		"acyclic (co & ext) | rfe | (fr & ext) | ppo-main as main": "acyclic co | rfe | fr | ppo as main",
		"(rfi & po)": "rfi",
	} {
		if !strings.Contains(spec, old) {
			t.Fatalf("riscv.cat has no %q: update the test", old)
		}
		spec = strings.ReplaceAll(spec, old, repl)
	}
	dir := t.TempDir()
	specPath := filepath.Join(dir, "riscv-spec.cat")
	if err := os.WriteFile(specPath, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	specModel, err := cat.LoadFile(specPath)
	if err != nil {
		t.Fatal(err)
	}
	builtin, _ := cat.Builtin("riscv")
	programs := map[string]string{}
	for k, v := range catPrograms {
		programs[k] = v
	}
	for k, v := range structurePrograms {
		programs[k] = v
	}
	for k, v := range riscvPrograms {
		programs[k] = v
	}
	seeds := 12
	if testing.Short() {
		seeds = 4
	}
	for seed := int64(1); seed <= int64(seeds); seed++ {
		programs[fmt.Sprintf("random %d", seed)] = randomCatProgram(rand.New(rand.NewSource(seed)))
	}
	allowed := 0
	for pname, src := range programs {
		b := buildCat(t, src, builtin)
		s := buildCat(t, src, specModel)
		proj := append(rfProjection(b), coProjection(b)...)
		if fmt.Sprint(proj) != fmt.Sprint(append(rfProjection(s), coProjection(s)...)) {
			t.Fatalf("%s: the projection literals differ between the models", pname)
		}
		w := allowedExecutions(t, s, proj, z.LitNull)
		if w != "" {
			allowed++
		}
		if g := allowedExecutions(t, b, proj, z.LitNull); w != g {
			t.Errorf("%s: allowed executions differ:\nspec:\n%s\nbuilt-in:\n%s\n%s", pname, w, g, src)
		}
	}
	if allowed == 0 {
		t.Fatal("no program has an execution")
	}
}

// riscvPrograms exercise RVWMO's fences (rule 4), two loads of one
// location (rule 2) and a load of an atomic block's store (rule 3).
var riscvPrograms = map[string]string{
	"SB+fences": `global X global Y
proc p0() { store @X, 1  fence full  %r := load @Y }
proc p1() { store @Y, 1  fence<Fence.rw.rw>  %s := load @X }`,
	"MP+fences": `global X global Y
proc p0() { store @X, 1  fence store-store  store @Y, 1 }
proc p1() { %r := load @Y  fence load-load  %s := load @X }`,
	"CoRR+fence": `global X global Y
proc p0() { store @X, 1  fence full  store @Y, 1 }
proc p1() { %r := load @Y  %a := load @X  %b := load @X }
proc p2() { store @X, 2 }`,
	"atomic-forward": `global X global Y
proc init() { store @Y, 0 }
proc p0() { atomic { %o := load @X  store @X, 2 }  %r := load @X  fence load-load  %s := load @Y }
proc p1() { store @Y, 1  fence full  %t := load @X }
proc final() { %x := load @X }`,
}
