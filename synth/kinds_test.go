package synth

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
)

func TestKindsPerModel(t *testing.T) {
	cases := []struct {
		model string
		kinds string
	}{
		{"sc", ""},
		{"tso", "store-load"},
		{"pso", "store-store store-load"},
		{"relaxed", "data-dependent-loads aliased-loads control-dependent load-load store-store load-store store-load"},
		{"rmo", "aliased-loads load-load store-store load-store store-load"},
	}
	for _, tc := range cases {
		m, ok := axioms.Builtin(tc.model)
		if !ok {
			t.Fatalf("no model %s", tc.model)
		}
		var names []string
		for _, k := range Kinds(m) {
			names = append(names, k.String())
		}
		if got := strings.Join(names, " "); got != tc.kinds {
			t.Errorf("%s: kinds %q, want %q", tc.model, got, tc.kinds)
		}
		if err := axioms.FenceMonotone(m); err != nil {
			t.Errorf("%s: built-in model not fence-monotone: %v", tc.model, err)
		}
		if axioms.TotalOrderOverFences(m) {
			t.Errorf("%s: built-in model orders fences totally", tc.model)
		}
	}
}

func TestRankOrder(t *testing.T) {
	order := []lsl.FenceKind{lsl.FenceDataDependentLoads, lsl.FenceAliasedLoads, lsl.FenceControlDependent,
		lsl.FenceLoadLoad, lsl.FenceStoreStore, lsl.FenceLoadStore, lsl.FenceStoreLoad}
	for i := 1; i < len(order); i++ {
		if Rank(order[i-1]) >= Rank(order[i]) {
			t.Errorf("%s should be cheaper than %s", order[i-1], order[i])
		}
	}
}
