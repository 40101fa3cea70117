package axioms

import "testing"

// chainModel derives reach by prepending data dependencies, so that the
// derivation runs against the enumeration order and least-model fixing
// needs several rounds to find all derivable tuples.
const chainModel = `
model chain
predefined
  set instruction
  predicate access(instruction)
  predicate load(access)
  predicate store(access)
  predicate fence(instruction)
  predicate ss_fence(fence)
  relation program_order(instruction, instruction)
  relation aliased(access, access)
  relation seed(load, store)
  predicate has_seed(load)
  relation data_dependent(load, instruction)
exists
  relation memory_order(access, access)
  relation reach(access, access)
forall
  X, Y, Z : access
  L : load
  S, S' : store
  F : fence
require
  <T1> memory_order(X, Y) & memory_order(Y, Z) => memory_order(X, Z)
  <T2> ~memory_order(X, X)
  <T3> memory_order(X, Y) | memory_order(Y, X) | X = Y
  <M1> program_order(X, S) & aliased(X, S) => memory_order(X, S)
  <ss> ss_fence(F) & program_order(S, F) & program_order(F, S') => memory_order(S, S')
  <b> data_dependent(X, Y) => reach(X, Y)
  <s> reach(Y, Z) & data_dependent(X, Y) => reach(X, Z)
  <u> reach(X, Y) => memory_order(X, Y)
  <v1> seed(L, S) => memory_order(S, L) | program_order(S, L)
  <v2> seed(L, S) & aliased(L, S') & (memory_order(S', L) | program_order(S', L))
        & ~(S = S') => memory_order(S', S)
  <v3> aliased(L, S) & (memory_order(S, L) | program_order(S, L)) => has_seed(L)
end model
`

func TestLeastModelFixing(t *testing.T) {
	m, err := Parse("chain.mm", []byte(chainModel))
	if err != nil {
		t.Fatal(err)
	}
	cm, _ := compileModel(m)
	u := litmus("st Y 1; f ss; st X 1 | ld X 1; ld Z 0 dd; ld W 0 dd; ld Y 0 dd")
	in := newInterp(u, nil)
	var rels []*relation
	for _, d := range cm.rels {
		rels = append(rels, newRelation(d, in, false))
	}
	if got := hornRelations(rels, cm.axioms); len(got) != 1 || cm.rels[got[0]].Name != "reach" {
		t.Fatalf("Horn relations %v, want [reach]", got)
	}
	rmo, _ := compileModel(mustBuiltin(t, "rmo"))
	rels = rels[:0]
	for _, d := range rmo.rels {
		rels = append(rels, newRelation(d, in, false))
	}
	if got := hornRelations(rels, rmo.axioms); len(got) != 1 || rmo.rels[got[0]].Name != "dependence_order" {
		t.Errorf("rmo Horn relations %v, want [dependence_order]", got)
	}

	// reach(first load, last load) needs three rounds; it orders the
	// loads of the message-passing shape, which forbids the execution.
	cases := []struct {
		desc  string
		allow bool
	}{
		{"st Y 1; f ss; st X 1 | ld X 1; ld Z 0 dd; ld W 0 dd; ld Y 0 dd", false},
		{"st Y 1; f ss; st X 1 | ld X 1; ld Z 0 dd; ld W 0 dd; ld Y 1 dd", true},
		{"st Y 1; f ss; st X 1 | ld X 1; ld Z 0; ld W 0 dd; ld Y 0 dd", true},
		{"st Y 1; f ss; st X 1 | ld X 1; ld Y 0", true},
	}
	for _, c := range cases {
		if got := bruteAllowed(m, litmus(c.desc)); got != c.allow {
			t.Errorf("%s: brute force allowed=%v, want %v", c.desc, got, c.allow)
		}
		for _, opts := range allOptions {
			if got := satisfiable(t, m, litmus(c.desc), opts); got != c.allow {
				t.Errorf("%s (%v/%v): allowed=%v, want %v", c.desc, opts.Encoding, opts.Transitivity, got, c.allow)
			}
		}
		inst, _ := Instantiate(m, litmus(c.desc), Options{})
		if inst.Stats().FixedTuples == 0 {
			t.Errorf("%s: nothing fixed", c.desc)
		}
	}
}
