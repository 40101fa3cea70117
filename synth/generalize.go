package synth

import "github.com/checkfence/checkfence/mining"

// Generalizing a clause (searches with memory-order or C11 fence
// candidates, c11Candidates). A counterexample's kill set K (Encoding.Kills)
// is computed with the relation literals the model leaves unconstrained
// kept at the solver's values, so a candidate often joins K that a
// different valuation would survive: on rc11 a single seq_cst access
// "rules out" most counterexamples that way (17 of 21 sites in the MS
// queue), and the clause "some candidate of K" then excludes little.
//
// The counterexample survives every candidate outside K, so the selection
// T = all \ K fails. generalize asks the test whether T with half of K
// added still fails: if so, the new counterexample's kill set lies in the
// other half (the candidates of T and of the added half are selected), a
// clause at most half as long, which still excludes the proposal (its
// candidates are in T). If neither half can be added, K stays. Each step
// is one check or two, and halves the clause; every clause learned is the
// kill set of a real counterexample, so it holds for every passing
// selection, as before.

// generalizeChecks bounds the checks spent on one clause.
const generalizeChecks = 8

func (s *search) generalize(ti int, all, kills []int) ([]int, error) {
	k := kills
	for n := 0; len(k) > 1 && n < generalizeChecks; {
		halves := [][]int{k[:len(k)/2], k[len(k)/2:]}
		shrunk := false
		for _, add := range halves {
			in := map[int]bool{}
			for _, id := range all {
				in[id] = true
			}
			for _, id := range k {
				in[id] = false
			}
			for _, id := range add {
				in[id] = true
			}
			n++
			r, err := s.check(ti, in)
			if err != nil {
				return nil, err
			}
			if r == nil {
				return k, nil
			}
			if r.Verdict == mining.Fail && !r.LimitLesson && len(r.Kills) > 0 && len(r.Kills) < len(k) {
				k = r.Kills
				shrunk = true
				break
			}
		}
		if !shrunk {
			break
		}
	}
	return k, nil
}
