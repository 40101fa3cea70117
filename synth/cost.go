package synth

import "github.com/checkfence/checkfence/lsl"

// CandidateCost is the cost the search gives candidate c: its barrier's
// cost among choices, or the cost of its memory order (orderCost).
func CandidateCost(c *lsl.Candidate, choices []Choice) int {
	if c.Barrier == nil {
		return orderCost[c.Order]
	}
	for _, ch := range choices {
		if ch.Barrier == c.Barrier {
			return ch.Cost
		}
	}
	return costOf(c.Barrier)
}
