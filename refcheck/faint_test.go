package refcheck

import (
	"sort"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
)

func TestFaintRegs(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"unused counter", `%n := 0  L: { %v := load @X  %n := add(%n, 1)  %c := eq(%v, 0)  if %c { break L } }`, "%n"},
		{"stored counter", `%n := 0  %n := add(%n, 1)  store @X, %n`, ""},
		{"branch", `%n := 0  %c := lt(%n, 3)  if %c { }`, ""},
		{"chain", `%a := 1  %b := add(%a, 2)  %c := mul(%b, %b)`, "%a %b %c"},
		{"relevant operand", `%r := 5  store @X, %r  %t := add(%r, 1)`, "%t"},
		{"loaded operand", `%v := load @X  %t := add(%v, 1)`, ""},
		{"maybe unassigned", `if 1 { %n := 0 }  %n := add(%n, 1)`, ""},
		{"division", `%n := 1  %d := div(%n, 2)`, ""},
		{"pointer constant", `%p := copy(@X)`, ""},
	}
	for _, c := range cases {
		p, err := lsl.Parse("t.lsl", []byte("global X\nproc p() {\n"+c.src+"\n}"))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		for r := range faintRegs(p.Procs[0].Body) {
			got = append(got, string(r))
		}
		sort.Strings(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: faint %v, want %q", c.name, got, c.want)
		}
	}
}

// TestFaintCountersConverge: in the corner fair_faint_counter.lsl the
// reference, which runs the counters' assignments, converges at bound 1
// because it leaves faint registers out of the live sets, and finds the
// livelock of a poll that never sees its flag.
func TestFaintCountersConverge(t *testing.T) {
	c, err := ReadCase("testdata/corners/fair_faint_counter.lsl")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sc", "relaxed"} {
		m, _ := axioms.Builtin(name)
		for _, test := range c.Tests {
			rs, err := Explore(c.Prog, test, m, Options{Bounds: lsl.Bounds{}})
			if err != nil {
				t.Fatalf("%s on %s: %v", test.Name, name, err)
			}
			if len(rs.Pruned) > 0 {
				t.Errorf("%s on %s: cut off at bound 1: %v", test.Name, name, rs.Pruned)
			}
			if want := test.Name == "W"; rs.Livelock != want {
				t.Errorf("%s on %s: livelock %v, want %v", test.Name, name, rs.Livelock, want)
			}
		}
	}
}
