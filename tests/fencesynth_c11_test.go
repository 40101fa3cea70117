package tests

import (
	"context"
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/clangtest"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/synth"
)

// Memory-order synthesis (fences --insert on C11 programs,
// lsl/candidates_orders.go) on tests/fencesynth/c11.

// TestOrderSynthesisMP: message passing with relaxed atomics gets the
// published release store and acquire load on rc11, on the hardware models
// through their C11 mappings, and on the .mm relaxed model.
func TestOrderSynthesisMP(t *testing.T) {
	needClang(t)
	prog, test := clangtest.LoadPthread(t, "fencesynth/c11/mp.c")
	want := "mp.c:13 store memory_order_relaxed -> memory_order_release, mp.c:19 load memory_order_relaxed -> memory_order_acquire"
	for _, m := range []string{"rc11", "arm8", "riscv", "power", "relaxed"} {
		t.Run(m, func(t *testing.T) {
			r, err := synth.Insert(context.Background(), prog, []*lsl.Test{test}, synth.Options{Mining: modelOptions(t, m), Orders: true})
			if err != nil {
				t.Fatal(err)
			}
			if r.Outcome != synth.Found || !r.Verified {
				t.Fatalf("outcome %s, verified %v", r.Outcome, r.Verified)
			}
			var got []string
			for _, f := range r.Fences {
				got = append(got, fmt.Sprintf("%s:%d %s", filepath.Base(f.Point.File), f.Point.Line, synth.Describe(f.Candidate)))
			}
			if strings.Join(got, ", ") != want {
				t.Errorf("%s, want %s", strings.Join(got, ", "), want)
			}
		})
	}
}

// TestOrderSelectorEncoding: a session's check with memory-order
// candidates selected against a plain check of the program with the
// orders written in (lsl.SelectCandidates), on every kind of model: rc11
// reads the conditional tags, arm8 compiles them, riscv and power see the
// candidates' role fences, relaxed the .mm fences.
func TestOrderSelectorEncoding(t *testing.T) {
	needClang(t)
	prog, test := clangtest.LoadPthread(t, "fencesynth/c11/mp.c")
	for _, m := range []string{"rc11", "arm8", "riscv", "power", "relaxed"} {
		t.Run(m, func(t *testing.T) {
			ctx := context.Background()
			opt := modelOptions(t, m)
			cprog, cands := lsl.InsertOrders(prog, 1, nil)
			if len(cands) != 8 {
				t.Fatalf("%d candidates, want 8 (two stronger orders for each of 4 accesses)", len(cands))
			}
			sess, decided, err := mining.NewSession(ctx, cprog, test, opt)
			if err != nil || decided != nil {
				t.Fatalf("session: %v %+v", err, decided)
			}
			rng := rand.New(rand.NewSource(1))
			verdicts := map[mining.Verdict]int{}
			for i := 0; i < 24; i++ {
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

// TestRelaxMP: --relax weakens MP's seq_cst accesses to the published
// orders on rc11 and arm8, and refuses the models that see the fences
// beside an access.
func TestRelaxMP(t *testing.T) {
	needClang(t)
	prog, test := clangtest.LoadPthread(t, "fencesynth/c11/mp_sc.c")
	want := "mp_sc.c:12 store memory_order_seq_cst -> memory_order_relaxed, mp_sc.c:13 store memory_order_seq_cst -> memory_order_release, mp_sc.c:19 load memory_order_seq_cst -> memory_order_acquire, mp_sc.c:20 load memory_order_seq_cst -> memory_order_relaxed"
	for _, m := range []string{"rc11", "arm8"} {
		rs, err := synth.Relax(context.Background(), prog, []*lsl.Test{test}, modelOptions(t, m), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rs {
			got = append(got, fmt.Sprintf("%s:%d %s", filepath.Base(r.Point.File), r.Point.Line, synth.Describe(r.Candidate)))
		}
		if strings.Join(got, ", ") != want {
			t.Errorf("%s: %s, want %s", m, strings.Join(got, ", "), want)
		}
	}
	if _, err := synth.Relax(context.Background(), prog, []*lsl.Test{test}, modelOptions(t, "riscv"), nil, nil); err == nil {
		t.Errorf("riscv: no error")
	}
}
