package synth

import (
	"context"
	"math/bits"
	"math/rand"
	"reflect"
	"testing"
)

func TestOptimizerTable(t *testing.T) {
	// ranks of candidates 1..6
	ranks := map[int]int{1: 7, 2: 1, 3: 5, 4: 5, 5: 2, 6: 7}
	cases := []struct {
		name    string
		clauses [][]int
		want    []int
		ok      bool
	}{
		{"no clauses: no fences", nil, nil, true},
		{"one clause: its cheapest", [][]int{{1, 2, 3}}, []int{2}, true},
		{"fewest before cheapest", [][]int{{1, 2}, {1, 3}}, []int{1}, true},
		{"two needed, cheapest pair", [][]int{{1, 2}, {3, 5}}, []int{2, 5}, true},
		{"a shared candidate wins", [][]int{{2, 3}, {3, 4}, {3, 5}}, []int{3}, true},
		{"tie on count, cheapest sum", [][]int{{1, 3}, {6, 4}}, []int{3, 4}, true},
		{"empty clause: unsolvable", [][]int{{1}, {}}, nil, false},
	}
	for _, tc := range cases {
		o := newOptimizer(func(id int) int { return ranks[id] })
		for _, cl := range tc.clauses {
			o.require(cl)
		}
		sel, ok, err := o.best(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if ok != tc.ok || !reflect.DeepEqual(sel, tc.want) {
			t.Errorf("%s: best %v %v, want %v %v", tc.name, sel, ok, tc.want, tc.ok)
		}
	}
}

// TestOptimizerBruteForce compares every proposal with the cheapest
// selection found by enumerating all subsets, clause after clause (the
// optimizer is incremental), for random positive clauses and forbidden
// selections.
func TestOptimizerBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 300; iter++ {
		n := 1 + rng.Intn(8)
		ranks := map[int]int{}
		var all []int
		for id := 1; id <= n; id++ {
			ranks[id] = 1 + rng.Intn(7)
			all = append(all, id)
		}
		o := newOptimizer(func(id int) int { return ranks[id] })
		var clauses []uint32   // bit id-1 set: id in the clause
		var forbidden []uint32 // selections ruled out exactly
		for step := 0; step < 6; step++ {
			if rng.Intn(4) == 0 && step > 0 {
				// forbid the last proposal (only it)
				sel, ok, _ := o.best(context.Background())
				if !ok {
					break
				}
				o.forbid(sel, all)
				var mask uint32
				for _, id := range sel {
					mask |= 1 << (id - 1)
				}
				forbidden = append(forbidden, mask)
			} else {
				var cl []int
				var mask uint32
				for id := 1; id <= n; id++ {
					if rng.Intn(3) == 0 {
						cl = append(cl, id)
						mask |= 1 << (id - 1)
					}
				}
				if len(cl) == 0 {
					cl = []int{1 + rng.Intn(n)}
					mask = 1 << (cl[0] - 1)
				}
				o.require(cl)
				clauses = append(clauses, mask)
			}
			sel, ok, err := o.best(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			bestN, bestCost, found := 0, 0, false
			for s := uint32(0); s < 1<<n; s++ {
				sat := true
				for _, cl := range clauses {
					if s&cl == 0 {
						sat = false
						break
					}
				}
				for _, f := range forbidden {
					if s == f {
						sat = false
					}
				}
				if !sat {
					continue
				}
				k, cost := bits.OnesCount32(s), 0
				for id := 1; id <= n; id++ {
					if s&(1<<(id-1)) != 0 {
						cost += ranks[id]
					}
				}
				if !found || k < bestN || (k == bestN && cost < bestCost) {
					bestN, bestCost, found = k, cost, true
				}
			}
			if ok != found {
				t.Fatalf("iter %d step %d: ok %v, brute force %v (clauses %b)", iter, step, ok, found, clauses)
			}
			if !ok {
				break
			}
			var mask uint32
			for _, id := range sel {
				mask |= 1 << (id - 1)
			}
			for _, cl := range clauses {
				if mask&cl == 0 {
					t.Fatalf("iter %d: %v violates clause %b", iter, sel, cl)
				}
			}
			for _, f := range forbidden {
				if mask == f {
					t.Fatalf("iter %d: %v was forbidden", iter, sel)
				}
			}
			if len(sel) != bestN || o.cost(sel) != bestCost {
				t.Fatalf("iter %d step %d: %v (%d fences, cost %d), brute force %d fences cost %d", iter, step, sel, len(sel), o.cost(sel), bestN, bestCost)
			}
		}
	}
}
