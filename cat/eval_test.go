package cat

import (
	"testing"
)

// classic executions and whether each model allows them (herd's verdicts
// for the corresponding litmus tests).
var classics = []struct {
	name    string
	threads string
	co      []string
	allowed map[string]bool
}{
	{"SB", "W x 1; R y 0 | W y 1; R x 0", nil,
		map[string]bool{"sc": false, "tso": true, "aarch64": true, "riscv": true, "power": true}},
	{"SB+fences", "W x 1; F DMB.SY; R y 0 | W y 1; F DMB.SY; R x 0", nil,
		map[string]bool{"sc": false, "tso": true, "aarch64": false}},
	{"SB+mfences", "W x 1; F mfence; R y 0 | W y 1; F mfence; R x 0", nil,
		map[string]bool{"sc": false, "tso": false}},
	{"SB+syncs", "W x 1; F sync; R y 0 | W y 1; F sync; R x 0", nil,
		map[string]bool{"power": false}},
	{"SB+lwsyncs", "W x 1; F lwsync; R y 0 | W y 1; F lwsync; R x 0", nil,
		map[string]bool{"power": true}},
	{"SB+fence.rw.rws", "W x 1; F Fence.rw.rw; R y 0 | W y 1; F Fence.rw.rw; R x 0", nil,
		map[string]bool{"riscv": false}},
	{"MP", "W x 1; W y 1 | R y 1; R x 0", nil,
		map[string]bool{"sc": false, "tso": false, "aarch64": true, "riscv": true, "power": true}},
	{"MP+rel+acq", "W x 1; W.L y 1 | R.A y 1; R x 0", nil,
		map[string]bool{"aarch64": false}},
	{"MP+lwsyncs", "W x 1; F lwsync; W y 1 | R y 1; F lwsync; R x 0", nil,
		map[string]bool{"power": false}},
	{"MP+rl+aq", "W x 1; W.Rel y 1 | R.Acq y 1; R x 0", nil,
		map[string]bool{"riscv": false}},
	{"LB", "R x 1; W y 1 | R y 1; W x 1", nil,
		map[string]bool{"sc": false, "tso": false, "aarch64": true, "riscv": true, "power": true}},
	{"CoRR", "W x 1 | R x 1; R x 0", nil,
		map[string]bool{"sc": false, "tso": false, "aarch64": false, "riscv": false, "power": false}},
	{"2+2W", "W x 1; W y 2 | W y 1; W x 2", []string{"x:2,1", "y:2,1"},
		map[string]bool{"sc": false, "tso": false, "aarch64": true, "power": true}},
	{"IRIW+dmbs", "W x 1 | R x 1; F DMB.SY; R y 0 | W y 1 | R y 1; F DMB.SY; R x 0", nil,
		map[string]bool{"aarch64": false}},
	{"IRIW+syncs", "W x 1 | R x 1; F sync; R y 0 | W y 1 | R y 1; F sync; R x 0", nil,
		map[string]bool{"power": false}},
	{"IRIW+lwsyncs", "W x 1 | R x 1; F lwsync; R y 0 | W y 1 | R y 1; F lwsync; R x 0", nil,
		map[string]bool{"power": true}},
}

func TestEvalClassicsOnSuiteModels(t *testing.T) {
	models := map[string]*Model{}
	for _, name := range []string{"sc", "tso", "aarch64", "riscv", "power"} {
		models[name] = suiteModel(t, name)
	}
	for _, tc := range classics {
		x := litmus(t, tc.threads, tc.co...).Execution()
		for name, want := range tc.allowed {
			r := models[name].Eval(x)
			if r.Consistent() != want {
				t.Errorf("%s on %s: consistent=%v, want %v (violated %v)", tc.name, name, r.Consistent(), want, r.Violated)
			}
		}
	}
}

func TestEvalRC11(t *testing.T) {
	rc11 := suiteModel(t, "rc11")
	for _, tc := range []struct {
		name          string
		threads       string
		allowed, racy bool
	}{
		{"MP+rel+acq", "W.A.RLX x 1; W.A.REL y 1 | R.A.ACQ y 1; R.A.RLX x 0", false, false},
		{"MP+rlx", "W.A.RLX x 1; W.A.RLX y 1 | R.A.RLX y 1; R.A.RLX x 0", true, false},
		{"MP+na+rel+acq", "W.NA x 1; W.A.REL y 1 | R.A.ACQ y 1; R.NA x 1", true, false},
		{"MP+na", "W.NA x 1; W.NA y 1 | R.NA y 1; R.NA x 1", true, true},
		{"SB+sc", "W.A.SC x 1; R.A.SC y 0 | W.A.SC y 1; R.A.SC x 0", false, false},
		{"SB+rlx", "W.A.RLX x 1; R.A.RLX y 0 | W.A.RLX y 1; R.A.RLX x 0", true, false},
		{"IRIW+acq", "W.A.SC x 1 | R.A.ACQ x 1; R.A.ACQ y 0 | W.A.SC y 1 | R.A.ACQ y 1; R.A.ACQ x 0", true, false},
		{"IRIW+sc", "W.A.SC x 1 | R.A.SC x 1; R.A.SC y 0 | W.A.SC y 1 | R.A.SC y 1; R.A.SC x 0", false, false},
		{"LB+rlx", "R.A.RLX x 1; W.A.RLX y 1 | R.A.RLX y 1; W.A.RLX x 1", false, false},
	} {
		r := rc11.Eval(litmus(t, tc.threads).Execution())
		if r.Consistent() != tc.allowed || (len(r.Flagged) > 0) != tc.racy {
			t.Errorf("%s: consistent=%v flagged=%v, want %v %v (violated %v)", tc.name, r.Consistent(), r.Flagged, tc.allowed, tc.racy, r.Violated)
		}
	}
}

// TestEvalOperators checks each operator on a small execution against a
// hand-computed value.
func TestEvalOperators(t *testing.T) {
	// events: 0 IW x, 1 IW y, 2 W x 1 (T0), 3 R y 0 (T0), 4 W y 1 (T1), 5 R x 1 (T1)
	x := litmus(t, "W.A x 1; R y 0 | W y 1; R.A x 1").Execution()
	for _, tc := range []struct {
		expr string
		want string // pairs "i-j" or set elements "i", space-separated
	}{
		{"po", "2-3 4-5"},
		{"rf", "1-3 2-5"},
		{"co", "0-2 1-4"},
		{"fr", "3-4"},
		{"rf^-1", "3-1 5-2"},
		{"po | rf", "1-3 2-3 2-5 4-5"},
		{"(po | rf) & ext", "1-3 2-5"},
		{"po \\ (W * R)", ""},
		{"po \\ (R * W)", "2-3 4-5"},
		{"rf ; po", ""},
		{"fr ; po", "3-5"},
		{"(po | rf)+", "1-3 2-3 2-5 4-5"},
		{"(po | rf | fr)+ & id", ""},
		{"po?", "0-0 1-1 2-2 2-3 3-3 4-4 4-5 5-5"},
		{"[A] ; po", "2-3"},
		{"[W] ; (po | rf) ; [A]", "2-5 4-5"},
		{"domain(rf)", "1 2"},
		{"range(fr)", "4"},
		{"IW", "0 1"},
		{"FW", "2 4"},
		{"M \\ IW", "2 3 4 5"},
		{"~(M \\ IW)", "0 1"},
		{"A * W", "2-0 2-1 2-2 2-4 5-0 5-1 5-2 5-4"},
		{"loc & po", ""},
		{"loc & ext & (W * R)", "0-5 1-3 2-5 4-3"},
		{"int & ~id & (M * M)", "2-3 3-2 4-5 5-4"},
	} {
		m, err := Parse("t.cat", []byte("let r = "+tc.expr+"\nempty r as probe\n"))
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		n := m.Constraints[0].Expr
		var got []string
		if n.Kind == KSet {
			s := m.EvalSet(n, x)
			for i := 0; i < x.N; i++ {
				if s.Has(i) {
					got = append(got, itoa(i))
				}
			}
		} else {
			for _, p := range m.EvalRel(n, x).Pairs() {
				got = append(got, itoa(p[0])+"-"+itoa(p[1]))
			}
		}
		if g := join(got); g != tc.want {
			t.Errorf("%s = {%s}, want {%s}", tc.expr, g, tc.want)
		}
	}
}

// TestEvalRecursion checks a let rec least fixpoint (the transitive
// closure written recursively) against +.
func TestEvalRecursion(t *testing.T) {
	m, err := Parse("t.cat", []byte(`
let r = po | rf | fr
let rec t = r | t ; t
and u = r | u ; r
let d1 = t \ r+
let d2 = r+ \ t
let d3 = u \ r+
empty d1 | d2 | d3 as same
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, th := range []string{"W x 1; R y 0 | W y 1; R x 0", "W x 1; W y 1 | R y 1; R x 0", "W x 1 | R x 1; R y 0 | W y 1 | R y 1; R x 0"} {
		if r := m.Eval(litmus(t, th).Execution()); !r.Consistent() {
			t.Errorf("%s: recursive closure differs from +", th)
		}
	}
}

func itoa(i int) string { return string(rune('0' + i)) }

func join(xs []string) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += " "
		}
		s += x
	}
	return s
}
