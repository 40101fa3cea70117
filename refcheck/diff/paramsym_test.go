package diff

import (
	"context"
	"testing"
	"time"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// TestDiffParamSymmetry: whole programs whose threads run one procedure
// with different constant arguments, which the engine rewrites to choose
// them (encode/paramsym.go), against the reference checker. The final
// thread's checks depend on which thread did what (the last writer, a
// sum), so a rewriting that lost or invented an execution would show.
func TestDiffParamSymmetry(t *testing.T) {
	cases := map[string]string{
		"sum": `//# test T = ( w1 | w2 | w3 ) f
global X
proc work(%k) { atomic { %x := load @X  %y := add(%x, %k)  store @X, %y } }
proc w1() { call work(1) }
proc w2() { call work(2) }
proc w3() { call work(3) }
proc f() { %x := load @X  %ok := eq(%x, 6)  assert %ok "sum" }`,
		"lost update": `//# test T = ( w1 | w2 | w3 ) f
global X
proc work(%k) { %x := load @X  %y := add(%x, %k)  store @X, %y }
proc w1() { call work(1) }
proc w2() { call work(2) }
proc w3() { call work(3) }
proc f() { %x := load @X  %ok := eq(%x, 6)  assert %ok "sum" }`,
		"last writer is never 3": `//# test T = ( w1 | w2 | w3 ) f
global X
proc work(%k) { store @X, %k }
proc w1() { call work(1) }
proc w2() { call work(2) }
proc w3() { call work(3) }
proc f() { %x := load @X  %ok := ne(%x, 3)  assert %ok "3 wrote last" }`,
		"last writer is never 4": `//# test T = ( w1 | w2 | w3 ) f
global X
proc work(%k) { store @X, %k }
proc w1() { call work(1) }
proc w2() { call work(2) }
proc w3() { call work(3) }
proc f() { %x := load @X  %ok := ne(%x, 4)  assert %ok "4 wrote last" }`,
		"flags by index": `//# test T = ( w1 | w2 | w3 ) f
global A : int[4]
global Y
proc work(%k) { %p := offset(@A, %k)  store %p, 1  %y := load @Y  %z := add(%y, 1)  store @Y, %z }
proc w1() { call work(0) }
proc w2() { call work(1) }
proc w3() { call work(2) }
proc f() { %p := offset(@A, 1)  %a := load %p  %ok := eq(%a, 1)  assert %ok "row 1"  %y := load @Y  %ok2 := eq(%y, 3)  assert %ok2 "count" }`,
	}
	sc := memmodel.MustBuiltin("sc")
	for name, src := range cases {
		c, err := refcheck.ParseCase(name, []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		whole := *c.Tests[0]
		whole.Program = true
		u, err := lsl.Unroll(c.Prog, mining.ThreadSpecs(&whole), lsl.UnrollOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e, err := encode.Build(u, sc, encode.Options{ParamSymmetry: true})
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := e.ParamClasses(); n != 1 {
			t.Errorf("%s: %d classes rewritten, want 1", name, n)
		}
		rep := Compare(context.Background(), c, Config{Encodings: Encodings[1:2], Verdicts: true, Timeout: time.Minute})
		if rep.Skipped != "" {
			t.Errorf("%s: the reference declined: %s", name, rep.Skipped)
		}
		for _, d := range rep.Disagreements {
			t.Errorf("%s: %v", name, d)
		}
		t.Logf("%s: the reference's verdicts %v", name, rep.Verdicts)
	}
}
