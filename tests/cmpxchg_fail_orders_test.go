package tests

import (
	"context"
	"math/rand"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/clangtest"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// TestOrderCandidatesOnFailedCAS: memory-order candidates on a
// compare-exchange with a relaxed failure order (tests/races/
// mp_cas_fail_rlx.c, whose consumer reads the flag with a CAS that always
// fails) give, selected through their selector literals, the verdicts of
// the program with the selection written in (lsl.SelectCandidates): the
// encoder's failed-read membership under conditional tags
// (encode/catfailtag.go) agrees with lsl.ResolveTags, which raises the
// failure order with the success order as the source edit does. Race
// check on: strengthening the CAS to acq_rel or seq_cst makes its failed
// read acquire, which removes the race.
func TestOrderCandidatesOnFailedCAS(t *testing.T) {
	needClang(t)
	prog, test := clangtest.LoadPthread(t, "races/mp_cas_fail_rlx.c")
	for _, m := range []string{"rc11", "sc", "arm8"} {
		t.Run(m, func(t *testing.T) {
			ctx := context.Background()
			opt := modelOptions(t, m)
			opt.Races = mining.RacesFail
			cprog, cands := lsl.InsertOrders(prog, 1, nil)
			rmw := 0
			for _, c := range cands {
				if c.Access == "RMW" {
					rmw++
				}
			}
			if rmw != 2 {
				t.Fatalf("%d candidates on the CAS, want 2 (acq_rel, seq_cst)", rmw)
			}
			sess, decided, err := mining.NewSession(ctx, cprog, test, opt)
			if err != nil || decided != nil {
				t.Fatalf("session: %v %+v", err, decided)
			}
			rng := rand.New(rand.NewSource(1))
			verdicts := map[mining.Verdict]int{}
			for i := 0; i < 12; i++ {
				in := map[int]bool{}
				for _, c := range cands {
					if rng.Intn(3) == 0 {
						in[c.ID] = true
					}
				}
				got, err := sess.Check(ctx, func(id int) bool { return in[id] })
				if err != nil {
					t.Fatal(err)
				}
				want := check(t, lsl.SelectCandidates(cprog, func(id int) bool { return in[id] }), test, opt)
				if got.Verdict != want.Verdict || got.Reason != want.Reason {
					t.Errorf("selection %v: session %s %s, orders written in %s %s", in, got.Verdict, got.Reason, want.Verdict, want.Reason)
				}
				verdicts[got.Verdict]++
			}
			if verdicts[mining.Pass] == 0 || verdicts[mining.Fail] == 0 {
				t.Errorf("verdicts %v: the selections are not told apart", verdicts)
			}
		})
	}
}

// TestFailedCASRaceExplained: the race explanation reads a failed
// compare-exchange's order as rc11 does, the failure order.
func TestFailedCASRaceExplained(t *testing.T) {
	needClang(t)
	prog, test := clangtest.LoadPthread(t, "races/mp_cas_fail_rlx.c")
	for _, m := range []string{"sc", "rc11"} {
		opt := modelOptions(t, m)
		opt.Races = mining.RacesFail
		r := check(t, prog, test, opt)
		if r.Verdict != F || r.Reason != mining.ReasonDataRace || !strings.Contains(r.Message, "but the load is relaxed, not an acquire") {
			t.Errorf("%s: %s %s: %s", m, r.Verdict, r.Reason, r.Message)
		}
	}
}
