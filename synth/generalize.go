package synth

import (
	"sort"

	"github.com/checkfence/checkfence/mining"
)

// generalize strengthens the clause a counterexample yields (monotone
// models only). A counterexample of test ti under the selection sel is
// ruled out by the candidates kills (Encoding.Kills): it survives every
// other candidate, so the selection T = all \ kills fails the test and,
// fences acting monotonically, so does every subset of T. The clause
// "some candidate outside T" is the stronger the larger T is. generalize
// grows T one candidate k of the clause at a time: when the test fails
// under T ∪ {k} too, the new counterexample's kills (a subset of the
// candidates outside T ∪ {k}) replace the clause; when it passes, k stays
// in the clause. At the end T is a maximal failing selection (every
// candidate outside it makes the test pass, checked), so the clause is the
// strongest that a single failing selection can give: a candidate of it
// is necessary exactly because T ∪ {k} passes for each of its k.
//
// Every growth step is a real check (a FAIL found by the solver), so the
// clause stays a necessary condition: a check that ends otherwise (a
// limit, a timeout) just keeps its candidate in the clause. Candidates are
// added in groups, halved after a pass (group testing): the solver's next
// counterexample is often much like the last, ruled out by all but a few
// of the same candidates, so one at a time would take a check per
// candidate. The strongest barriers are tried first (highest cost rank):
// a counterexample that survives a strong barrier at a point survives the
// weaker ones there too on the built-in models, and Kills then leaves
// them out without a check.
//
// limit says the clause came from an execution at the unroll limit; such
// a clause grows by limit executions too, a real one only by real
// counterexamples (so that it keeps holding at every bound).
func (s *search) generalize(ti int, kills []int, limit bool, all []int, rank func(int) int) ([]int, error) {
	clause := append([]int(nil), kills...)
	if len(clause) <= 1 {
		return clause, nil // a single candidate cannot be dropped
	}
	kept := map[int]bool{} // T ∪ {k} passes: k stays in the clause
	size := (len(clause) + 1) / 2
	for {
		var untried []int
		for _, k := range clause {
			if !kept[k] {
				untried = append(untried, k)
			}
		}
		if len(untried) == 0 || size == 0 {
			break
		}
		sort.Slice(untried, func(i, j int) bool {
			a, b := untried[i], untried[j]
			return rank(a) > rank(b) || rank(a) == rank(b) && a < b
		})
		add := untried[:min(size, len(untried))]
		out := setOf(clause)
		for _, k := range add {
			delete(out, k)
		}
		in := map[int]bool{}
		for _, id := range all {
			if !out[id] {
				in[id] = true
			}
		}
		r, err := s.check(ti, in)
		if err != nil {
			return nil, err
		}
		s.res.GrowChecks++
		grew := r != nil && (r.Verdict == mining.Fail || limit && r.LimitLesson)
		switch {
		case grew && len(r.Kills) == 0:
			// the test fails under every selection: the empty clause
			return []int{}, nil
		case grew:
			clause = append(clause[:0], r.Kills...)
			size *= 2
		case limit:
			// an execution at the limit is recovered only sometimes
			// (mining.SessionResult.Kills), and each check unrolls to
			// the limit: stop at the first check that does not grow
			size = 0
		case len(add) == 1:
			kept[add[0]] = true
		default:
			size = len(add) / 2
		}
	}
	sort.Ints(clause)
	return clause, nil
}
