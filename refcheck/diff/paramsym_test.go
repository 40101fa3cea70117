package diff

import (
	"context"
	"fmt"
	"strings"
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
	// name → globals, work's body, f's body; w1, w2, w3 call work(k) with
	// the arguments args
	cases := map[string]struct{ globals, work, final, args string }{
		"sum":                    {"global X", `atomic { %x := load @X  %y := add(%x, %k)  store @X, %y }`, `%x := load @X  %ok := eq(%x, 6)  assert %ok "sum"`, "1,2,3"},
		"lost update":            {"global X", `%x := load @X  %y := add(%x, %k)  store @X, %y`, `%x := load @X  %ok := eq(%x, 6)  assert %ok "sum"`, "1,2,3"},
		"last writer is never 3": {"global X", `store @X, %k`, `%x := load @X  %ok := ne(%x, 3)  assert %ok "3 wrote last"`, "1,2,3"},
		"last writer is never 4": {"global X", `store @X, %k`, `%x := load @X  %ok := ne(%x, 4)  assert %ok "4 wrote last"`, "1,2,3"},
		"flags by index":         {"global A : int[4]\nglobal Y", `%p := offset(@A, %k)  store %p, 1  %y := load @Y  %z := add(%y, 1)  store @Y, %z`, `%p := offset(@A, 1)  %a := load %p  %ok := eq(%a, 1)  assert %ok "row 1"  %y := load @Y  %ok2 := eq(%y, 3)  assert %ok2 "count"`, "0,1,2"},
	}
	for name, pc := range cases {
		c, e := workersEncoding(t, name, pc.globals, pc.work, pc.final, pc.args)
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

// workersEncoding parses workers(globals, work, final, args) and encodes
// its test as a whole program on sc, as mining does (ParamSymmetry).
func workersEncoding(t *testing.T, name, globals, work, final, args string) (*refcheck.Case, *encode.Encoding) {
	t.Helper()
	c, err := refcheck.ParseCase(name, []byte(workers(globals, work, final, args)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	whole := *c.Tests[0]
	whole.Program = true
	u, err := lsl.Unroll(c.Prog, mining.ThreadSpecs(&whole), lsl.UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := encode.Build(u, memmodel.MustBuiltin("sc"), encode.Options{ParamSymmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	return c, e
}

// workers is a whole program whose threads w1, w2, w3 call work(%k) with
// the comma-separated constants args, and whose final thread runs final.
func workers(globals, work, final, args string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "//# test T = ( w1 | w2 | w3 ) f\n%s\nproc work(%%k) { %s }\n", globals, work)
	for i, k := range strings.Split(args, ",") {
		fmt.Fprintf(&b, "proc w%d() { call work(%s) }\n", i+1, k)
	}
	fmt.Fprintf(&b, "proc f() { %s }", final)
	return b.String()
}
