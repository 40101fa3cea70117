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

// TestRelaxMP: --relax weakens MP's seq_cst accesses on every kind of
// model. On rc11 and arm8: the published release store and acquire load
// with relaxed data accesses. On riscv, power and relaxed the flag load
// goes first (source order) and can be relaxed, because the data load
// kept seq_cst is compiled with a full fence before it, which orders the
// two loads on those targets (not in C11: rc11 keeps the acquire). On
// tso every access can be relaxed (the data is atomic, so there is no
// race). The rewriting itself is compared with the compiled source in
// synth.TestRelaxRewrite.
func TestRelaxMP(t *testing.T) {
	needClang(t)
	prog, test := clangtest.LoadPthread(t, "fencesynth/c11/mp_sc.c")
	published := "mp_sc.c:12 store memory_order_seq_cst -> memory_order_relaxed, mp_sc.c:13 store memory_order_seq_cst -> memory_order_release, mp_sc.c:19 load memory_order_seq_cst -> memory_order_acquire, mp_sc.c:20 load memory_order_seq_cst -> memory_order_relaxed"
	leadingFence := "mp_sc.c:12 store memory_order_seq_cst -> memory_order_relaxed, mp_sc.c:13 store memory_order_seq_cst -> memory_order_release, mp_sc.c:19 load memory_order_seq_cst -> memory_order_relaxed"
	allRelaxed := "mp_sc.c:12 store memory_order_seq_cst -> memory_order_relaxed, mp_sc.c:13 store memory_order_seq_cst -> memory_order_relaxed, mp_sc.c:19 load memory_order_seq_cst -> memory_order_relaxed, mp_sc.c:20 load memory_order_seq_cst -> memory_order_relaxed"
	for _, tc := range []struct{ model, want string }{
		{"rc11", published}, {"arm8", published},
		{"riscv", leadingFence}, {"power", leadingFence}, {"relaxed", leadingFence},
		{"tso", allRelaxed},
	} {
		rs, err := synth.Relax(context.Background(), prog, []*lsl.Test{test}, modelOptions(t, tc.model), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rs {
			got = append(got, fmt.Sprintf("%s:%d %s", filepath.Base(r.Point.File), r.Point.Line, synth.Describe(r.Candidate)))
		}
		if strings.Join(got, ", ") != tc.want {
			t.Errorf("%s: %s, want %s", tc.model, strings.Join(got, ", "), tc.want)
		}
	}
}

// orderAnswer runs order synthesis (orders only when ordersOnly) and
// returns the answer as "file:line description" items.
func orderAnswer(t *testing.T, file, model string, ordersOnly, plain bool) (string, *synth.Result) {
	t.Helper()
	prog, test := clangtest.LoadPthread(t, file)
	opt := synth.Options{Mining: modelOptions(t, model), Orders: true, Plain: plain}
	if ordersOnly {
		opt.Choices = []synth.Choice{}
	}
	r, err := synth.Insert(context.Background(), prog, []*lsl.Test{test}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != synth.Found || !r.Verified {
		t.Fatalf("%s on %s: outcome %s, verified %v", file, model, r.Outcome, r.Verified)
	}
	var got []string
	for _, f := range r.Fences {
		got = append(got, fmt.Sprintf("%s:%d %s", filepath.Base(f.Point.File), f.Point.Line, synth.Describe(f.Candidate)))
	}
	return strings.Join(got, ", "), r
}

// TestOrderSynthesisDekkerMSQueue: Dekker's lock and the Michael-Scott
// queue with every atomic relaxed get the orders docs/fences.md compares
// with the published ones: on rc11 Dekker's flag stores and loads seq_cst
// (store buffering) and the unlocking flag store release; on arm8, whose
// STLR is not reordered with a later LDAR, release and acquire suffice.
// The queue's linking and tail-swinging compare-and-swaps release, the
// dequeuer's loads of tail and next acquire.
func TestOrderSynthesisDekkerMSQueue(t *testing.T) {
	needClang(t)
	cases := []struct{ file, model, want string }{
		{"fencesynth/c11/dekker.c", "rc11", "dekker.c:19 store memory_order_relaxed -> memory_order_seq_cst, dekker.c:20 load memory_order_relaxed -> memory_order_seq_cst, dekker.c:30 store memory_order_relaxed -> memory_order_release, dekker.c:36 store memory_order_relaxed -> memory_order_seq_cst, dekker.c:37 load memory_order_relaxed -> memory_order_seq_cst, dekker.c:47 store memory_order_relaxed -> memory_order_release"},
		{"fencesynth/c11/dekker.c", "arm8", "dekker.c:19 store memory_order_relaxed -> memory_order_release, dekker.c:20 load memory_order_relaxed -> memory_order_acquire, dekker.c:30 store memory_order_relaxed -> memory_order_release, dekker.c:36 store memory_order_relaxed -> memory_order_release, dekker.c:37 load memory_order_relaxed -> memory_order_acquire, dekker.c:47 store memory_order_relaxed -> memory_order_release"},
		{"fencesynth/c11/msqueue.c", "rc11", "msqueue.c:33 read-modify-write memory_order_relaxed -> memory_order_release, msqueue.c:34 read-modify-write memory_order_relaxed -> memory_order_release, msqueue.c:48 load memory_order_relaxed -> memory_order_acquire, msqueue.c:49 load memory_order_relaxed -> memory_order_acquire"},
	}
	for _, tc := range cases {
		t.Run(filepath.Base(tc.file)+"/"+tc.model, func(t *testing.T) {
			if got, _ := orderAnswer(t, tc.file, tc.model, true, false); got != tc.want {
				t.Errorf("%s, want %s", got, tc.want)
			}
		})
	}
}

// TestOrderSearchPlain: the search with dominance and generalized
// clauses (synth/dominance.go, generalize.go) finds answers as small and
// as cheap as the plain search, which learns each counterexample's kill
// set as it is and proposes every candidate from the start.
func TestOrderSearchPlain(t *testing.T) {
	needClang(t)
	cases := []struct {
		file, model string
		ordersOnly  bool
	}{
		{"fencesynth/c11/mp.c", "rc11", false},
		{"fencesynth/c11/mp.c", "arm8", false},
		{"fencesynth/c11/dekker.c", "rc11", true},
	}
	for _, tc := range cases {
		t.Run(filepath.Base(tc.file)+"/"+tc.model, func(t *testing.T) {
			tuned, rt := orderAnswer(t, tc.file, tc.model, tc.ordersOnly, false)
			plain, rp := orderAnswer(t, tc.file, tc.model, tc.ordersOnly, true)
			if len(rt.Fences) != len(rp.Fences) || cost(rt) != cost(rp) {
				t.Errorf("tuned search: %s (cost %d); plain: %s (cost %d)", tuned, cost(rt), plain, cost(rp))
			}
		})
	}
}

// cost is the sum of the built-in costs of an answer's changes.
func cost(r *synth.Result) int {
	n := 0
	for _, f := range r.Fences {
		n += synth.CandidateCost(f.Candidate, r.Choices)
	}
	return n
}
