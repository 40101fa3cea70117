package synth

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// costRank orders the fence kinds from cheapest to most expensive: the
// tie-break among selections with the same number of fences. Dependency
// fences are free or nearly so on real machines (an address or control
// dependency, Alpha's mb aside), load-load and store-store are lightweight
// barriers (lwsync, dmb ishld/ishst), load-store costs about as much, and
// store-load needs a full barrier (mfence, sync, dmb ish) everywhere; within
// a class, the kind that orders fewer pairs comes first.
var costRank = map[lsl.FenceKind]int{
	lsl.FenceDataDependentLoads: 1,
	lsl.FenceAliasedLoads:       2,
	lsl.FenceControlDependent:   3,
	lsl.FenceLoadLoad:           4,
	lsl.FenceStoreStore:         5,
	lsl.FenceLoadStore:          6,
	lsl.FenceStoreLoad:          7,
}

// Rank is the cost rank of a fence kind (1 cheapest).
func Rank(k lsl.FenceKind) int {
	if r, ok := costRank[k]; ok {
		return r
	}
	return len(costRank) + 1
}

// Kinds returns the fence kinds the model distinguishes: those whose fence
// predicates all occur in its axioms (a full fence is not a candidate kind:
// it is the four basic kinds at one point). Sorted by cost rank.
func Kinds(m *axioms.Model) []lsl.FenceKind {
	out := memmodel.FromMM(m).FenceKinds()
	sortKinds(out)
	return out
}

func sortKinds(ks []lsl.FenceKind) {
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && Rank(ks[j]) < Rank(ks[j-1]); j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
}

// KindsOrDefault returns kinds, or the model's kinds when kinds is empty.
func KindsOrDefault(kinds []lsl.FenceKind, m *axioms.Model) []lsl.FenceKind {
	if len(kinds) > 0 {
		return kinds
	}
	return Kinds(m)
}
