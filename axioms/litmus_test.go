package axioms

import "testing"

// Litmus shapes of dissertation Fig. 3.2–3.5 (and a few classic ones) with
// their known verdicts: is the described execution allowed?
var litmusTests = []struct {
	name    string
	desc    string
	allowed map[string]bool
}{
	{"MP (Fig 3.2)", "st X 1; st Y 1 | ld Y 1; ld X 0",
		map[string]bool{"sc": false, "relaxed": true, "rmo": true}},
	{"MP+fences (Fig 3.3)", "st X 1; f ss; st Y 1 | ld Y 1; f ll; ld X 0",
		map[string]bool{"sc": false, "relaxed": false, "rmo": false}},
	{"MP+ss only", "st X 1; f ss; st Y 1 | ld Y 1; ld X 0",
		map[string]bool{"sc": false, "relaxed": true, "rmo": true}},
	{"forwarding (Fig 3.4)", "st X 1; f ss; st Y 1 | st Y 2; ld Y 2; f ll; ld X 0 | final: ld Y 2",
		map[string]bool{"sc": false, "relaxed": true, "rmo": true}},
	{"forwarding, Y=1 last", "st X 1; f ss; st Y 1 | st Y 2; ld Y 2; f ll; ld X 0 | final: ld Y 1",
		map[string]bool{"sc": true, "relaxed": true, "rmo": true}},
	{"IRIW+ll (Fig 3.5)", "st X 1 | st Y 1 | ld X 1; f ll; ld Y 0 | ld Y 1; f ll; ld X 0",
		map[string]bool{"sc": false, "relaxed": false, "rmo": false}},
	{"IRIW", "st X 1 | st Y 1 | ld X 1; ld Y 0 | ld Y 1; ld X 0",
		map[string]bool{"sc": false, "relaxed": true, "rmo": true}},
	{"SB", "st X 1; ld Y 0 | st Y 1; ld X 0",
		map[string]bool{"sc": false, "relaxed": true, "rmo": true}},
	{"SB+sl", "st X 1; f sl; ld Y 0 | st Y 1; f sl; ld X 0",
		map[string]bool{"sc": false, "relaxed": false, "rmo": false}},
	{"SB allowed outcome", "st X 1; ld Y 1 | st Y 1; ld X 1",
		map[string]bool{"sc": true, "relaxed": true, "rmo": true}},
	{"MP+ss+dd", "st X 1; f ss; st Y 1 | ld Y 1; ld X 0 dd",
		map[string]bool{"sc": false, "relaxed": true, "rmo": false}},
	{"MP+ss+ddl fence", "st X 1; f ss; st Y 1 | ld Y 1; f ddl; ld X 0 dd",
		map[string]bool{"sc": false, "relaxed": false, "rmo": false}},
	{"coherence CoRR", "st X 1 | ld X 1; ld X 0",
		map[string]bool{"sc": false, "relaxed": true, "rmo": true}},
	{"CoRR+al fence", "st X 1 | ld X 1; f al; ld X 0",
		map[string]bool{"sc": false, "relaxed": false, "rmo": false}},
	{"own store overwritten", "st X 1; ld X 2 | st X 2",
		map[string]bool{"sc": true, "relaxed": true, "rmo": true}},
	{"read own old store", "st X 1; st X 2; ld X 1",
		map[string]bool{"sc": false, "relaxed": false, "rmo": false}},
	{"LB", "ld X 1; st Y 1 | ld Y 1; st X 1",
		map[string]bool{"sc": false, "relaxed": true, "rmo": true}},
	{"LB+ls", "ld X 1; f ls; st Y 1 | ld Y 1; f ls; st X 1",
		map[string]bool{"sc": false, "relaxed": false, "rmo": false}},
	{"init before threads", "init: st X 1 | ld X 0",
		map[string]bool{"sc": false, "relaxed": false, "rmo": false}},
}

func TestLitmus(t *testing.T) {
	for _, lt := range litmusTests {
		for _, name := range []string{"sc", "relaxed", "rmo"} {
			m := mustBuiltin(t, name)
			want := lt.allowed[name]
			u := litmus(lt.desc)
			if got := bruteAllowed(m, u); got != want {
				t.Errorf("%s on %s: brute force says allowed=%v, want %v", lt.name, name, got, want)
			}
			for _, opts := range allOptions {
				if got := satisfiable(t, m, litmus(lt.desc), opts); got != want {
					t.Errorf("%s on %s (%v/%v): Θ satisfiable=%v, want %v", lt.name, name, opts.Encoding, opts.Transitivity, got, want)
				}
			}
		}
	}
}
