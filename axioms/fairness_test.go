package axioms

import (
	"strings"
	"testing"
)

func TestFairProgressSafeBuiltins(t *testing.T) {
	for _, name := range BuiltinNames() {
		m, _ := Builtin(name)
		if err := FairProgressSafe(m); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestFairProgressUnsafe(t *testing.T) {
	head := `model m
predefined
set instruction
predicate access(instruction)
predicate load(access)
predicate store(access)
relation seed(load, store)
relation data_dependent(load, instruction)
forall
L : load
S : store
X : instruction
require
`
	cases := []struct{ name, axiom, want string }{
		{"exists load", "<a> exists L2 : load . seed(L2, S)", "requires some load"},
		{"forall negated", "<a> ~(forall X2 : instruction . ~seed(L, S))", "requires some instruction"},
		{"dependency conclusion", "<a> seed(L, S) => data_dependent(L, X)", "data_dependent appears as a conclusion"},
		{"exists store is fine", "<a> exists S2 : store . seed(L, S2)", ""},
		{"dependency premise is fine", "<a> data_dependent(L, X) => seed(L, S)", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse("m.mm", []byte(head+tc.axiom+"\nend model\n"))
			if err != nil {
				t.Fatal(err)
			}
			err = FairProgressSafe(m)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("unexpected %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}
