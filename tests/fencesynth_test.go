package tests

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/frontend"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/synth"
)

// tests/fencesynth: fence synthesis (fences --insert) on small programs
// whose fences the literature knows. Each row lists the fences found as
// "file:line side kind", in source order.
var fenceSynthCases = []struct {
	impl, tst, model string
	tests            []string // nil: every test of the file
	want             []string
	// also: other answers as good (same number and kinds of fences at
	// equivalent points); which one the search meets first depends on
	// the counterexamples the solver returns.
	also [][]string
}{
	// Peterson: tso needs the store-load fence between giving away the
	// turn and reading the other's flag; pso also orders flag before turn
	// and the counter before the releasing store.
	{"peterson.c", "peterson.tst", "tso", nil, []string{"peterson.c:22 before store-load"}, nil},
	{"peterson.c", "peterson.tst", "pso", nil, []string{"peterson.c:21 before store-store", "peterson.c:22 before store-load", "peterson.c:38 before store-store"}, nil},
	// Dekker: the two store-load fences after raising the flag (the
	// places of dekker_fenced.c's STORE_LOAD).
	{"../fairness/dekker.c", "dekker.tst", "tso", nil, []string{"dekker.c:27 before store-load", "dekker.c:32 after store-load"}, nil},
	// Chase-Lev: store-load in take between bottom = b and t = top; on
	// pso also store-store in push before publishing bottom.
	{"../fairness/chaselev.c", "chaselev.tst", "tso", nil, []string{"chaselev.c:38 before store-load"}, nil},
	{"../fairness/chaselev.c", "chaselev.tst", "pso", nil, []string{"chaselev.c:29 before store-store", "chaselev.c:38 before store-load"}, nil},
	// SPSC ring: nothing on tso, the slot before tail on pso; asking for
	// a consistent full/empty answer as well (spsc_full.tst) needs
	// store-load fences on tso (a store-buffering pattern).
	{"spsc.c", "spsc.tst", "tso", nil, nil, nil},
	{"spsc.c", "spsc.tst", "pso", nil, []string{"spsc.c:25 before store-store"}, nil},
	// The consumer's fence may follow its store of head (line 36) or the
	// return of consume (line 55): nothing accesses memory in between;
	// the producer's may precede its load of head (line 22) or follow its
	// store of tail (line 25): only the next produce's load of tail comes
	// between, and a store-load fence orders that too. The consumer's may
	// also sit before its load of tail (line 33), after the load of head
	// that follows the previous consume's store of head; the producer's
	// after the return of produce(2) (line 49), before p1's load of head.
	{"spsc.c", "spsc_full.tst", "tso", nil, []string{"spsc.c:22 before store-load", "spsc.c:55 after store-load"},
		[][]string{{"spsc.c:22 before store-load", "spsc.c:36 after store-load"},
			{"spsc.c:33 before store-load", "spsc.c:49 after store-load"},
			{"spsc.c:22 before store-load", "spsc.c:33 before store-load"},
			{"spsc.c:25 after store-load", "spsc.c:36 after store-load"},
			{"spsc.c:25 after store-load", "spsc.c:55 after store-load"}}},
	// seqlock: nothing on tso, the writer's two store-store fences on pso.
	{"seqlock_nofence.c", "../fairness/seqlock.tst", "tso", nil, nil, nil},
	{"seqlock_nofence.c", "../fairness/seqlock.tst", "pso", nil, []string{"seqlock.c:16 before store-store", "seqlock.c:19 before store-store"}, nil},
	// The litmus shapes on the hardware models get the barriers of the
	// architecture manuals (litmus.c): MP a store barrier in the writer and
	// a load barrier in the reader, SB a full barrier on each side, LB a
	// load barrier on each side, IRIW a barrier between the reads of each
	// reader, a full one on Power (not multi-copy atomic).
	{"litmus.c", "litmus.tst", "arm8", []string{"MP"}, []string{"litmus.c:28 before DMB ISHST", "litmus.c:34 before DMB ISHLD"}, nil},
	{"litmus.c", "litmus.tst", "arm8", []string{"SB"}, []string{"litmus.c:45 before DMB ISH", "litmus.c:51 before DMB ISH"}, nil},
	{"litmus.c", "litmus.tst", "arm8", []string{"LB"}, []string{"litmus.c:62 before DMB ISHLD", "litmus.c:68 before DMB ISHLD"}, nil},
	{"litmus.c", "litmus.tst", "arm8", []string{"IRIW"}, []string{"litmus.c:89 before DMB ISHLD", "litmus.c:95 before DMB ISHLD"}, nil},
	{"litmus.c", "litmus.tst", "riscv", []string{"MP"}, []string{"litmus.c:28 before fence rw,w", "litmus.c:34 before fence r,rw"}, nil},
	{"litmus.c", "litmus.tst", "riscv", []string{"SB"}, []string{"litmus.c:45 before fence rw,rw", "litmus.c:51 before fence rw,rw"}, nil},
	{"litmus.c", "litmus.tst", "riscv", []string{"LB"}, []string{"litmus.c:62 before fence r,rw", "litmus.c:68 before fence r,rw"}, nil},
	{"litmus.c", "litmus.tst", "riscv", []string{"IRIW"}, []string{"litmus.c:89 before fence r,rw", "litmus.c:95 before fence r,rw"}, nil},
	{"litmus.c", "litmus.tst", "power", []string{"MP"}, []string{"litmus.c:28 before lwsync", "litmus.c:34 before lwsync"}, nil},
	{"litmus.c", "litmus.tst", "power", []string{"SB"}, []string{"litmus.c:45 before sync", "litmus.c:51 before sync"}, nil},
	{"litmus.c", "litmus.tst", "power", []string{"LB"}, []string{"litmus.c:62 before lwsync", "litmus.c:68 before lwsync"}, nil},
	{"litmus.c", "litmus.tst", "power", []string{"IRIW"}, []string{"litmus.c:89 before sync", "litmus.c:95 before sync"}, nil},
	// Peterson on arm8: the store barrier between flag and turn, the full
	// barrier before the loop's loads, and the critical section fenced
	// from the lock and the releasing store.
	{"peterson.c", "peterson.tst", "arm8", nil, []string{"peterson.c:21 before DMB ISHST", "peterson.c:22 before DMB ISH", "peterson.c:36 before DMB ISHLD", "peterson.c:38 before DMB ISHST"}, nil},
}

func loadSynth(t *testing.T, impl, tst string, only []string) (*lsl.Program, []*lsl.Test) {
	t.Helper()
	prog, tf := load(t, filepath.Join("fencesynth", tst), filepath.Join("fencesynth", impl))
	if only == nil {
		return prog, tf.Tests
	}
	tests, err := tf.Select(only)
	if err != nil {
		t.Fatal(err)
	}
	return prog, tests
}

func TestFenceSynthesis(t *testing.T) {
	for _, tc := range fenceSynthCases {
		t.Run(strings.TrimSuffix(filepath.Base(tc.impl), ".c")+"/"+strings.TrimSuffix(filepath.Base(tc.tst), ".tst")+strings.Join(tc.tests, "")+"/"+tc.model, func(t *testing.T) {
			t.Parallel()
			prog, tests := loadSynth(t, tc.impl, tc.tst, tc.tests)
			r, err := synth.Insert(context.Background(), prog, tests, synth.Options{Mining: modelOptions(t, tc.model)})
			if err != nil {
				t.Fatal(err)
			}
			if r.Outcome != synth.Found || !r.Verified {
				t.Fatalf("outcome %s, verified %v (%+v)", r.Outcome, r.Verified, r.Failure)
			}
			var got []string
			for _, f := range r.Fences {
				got = append(got, fmt.Sprintf("%s:%d %s %s", filepath.Base(f.Point.File), f.Point.Line, f.Point.Side, f.Name()))
				if f.Verdict != mining.Fail {
					t.Errorf("%s: without it %s, want FAIL", got[len(got)-1], f.Verdict)
				}
			}
			ok := strings.Join(got, ", ") == strings.Join(tc.want, ", ")
			for _, alt := range tc.also {
				ok = ok || strings.Join(got, ", ") == strings.Join(alt, ", ")
			}
			if !ok {
				t.Errorf("fences %q, want %q (or one of %q)", got, tc.want, tc.also)
			}
		})
	}
}

// TestSelectorEncoding is the differential test of the selector encoding
// (encode/fencecandidates.go): a session's check under a selection must give the
// verdict and reason of a plain check of the program with the selected
// candidates written in as fences (lsl.SelectCandidates) — and nothing
// selected the verdict of the program without candidates.
func TestSelectorEncoding(t *testing.T) {
	cases := []struct {
		impl, tst, model string
		random           int // random selections besides none, singletons, all (all subsets up to 7 candidates)
	}{
		{"peterson.c", "peterson.tst", "tso", 0},
		{"peterson.c", "peterson.tst", "pso", 12},
		{"peterson.c", "peterson.tst", "relaxed", 12},
		{"../fairness/dekker.c", "dekker.tst", "tso", 12},
		{"spsc.c", "spsc.tst", "pso", 8},
		{"../fairness/chaselev.c", "chaselev.tst", "pso", 2},
		// cat models: the architecture's barriers (synth.DefaultChoices)
		{"peterson.c", "peterson.tst", "arm8", 12},
		{"peterson.c", "peterson.tst", "riscv", 8},
		{"litmus.c", "litmus.tst", "power", 0},
		{"litmus.c", "litmus.tst", "arm8", 4},
	}
	for _, tc := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(tc.impl), ".c")+"/"+tc.model, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			prog, tests := loadSynth(t, tc.impl, tc.tst, nil)
			opt := modelOptions(t, tc.model)
			cprog, cands := lsl.InsertBarriers(prog, barriersOf(synth.DefaultChoices(prog, opt)), nil)
			var sels [][]int
			if len(cands) <= 7 {
				for s := 0; s < 1<<len(cands); s++ {
					var sel []int
					for i, c := range cands {
						if s&(1<<i) != 0 {
							sel = append(sel, c.ID)
						}
					}
					sels = append(sels, sel)
				}
			} else {
				sels = append(sels, nil)
				var all []int
				for _, c := range cands {
					sels = append(sels, []int{c.ID})
					all = append(all, c.ID)
				}
				sels = append(sels, all)
				rng := rand.New(rand.NewSource(int64(len(cands))))
				for i := 0; i < tc.random; i++ {
					var sel []int
					for _, c := range cands {
						if rng.Intn(4) == 0 {
							sel = append(sel, c.ID)
						}
					}
					sels = append(sels, sel)
				}
			}
			verdicts := map[string]int{}
			for _, test := range tests {
				sess, decided, err := mining.NewSession(ctx, cprog, test, opt)
				if err != nil || decided != nil {
					t.Fatalf("%s: session: %v %+v", test.Name, err, decided)
				}
				base := check(t, prog, test, opt)
				for _, sel := range sels {
					in := map[int]bool{}
					for _, id := range sel {
						in[id] = true
					}
					got, err := sess.Check(ctx, func(id int) bool { return in[id] })
					if err != nil {
						t.Fatal(err)
					}
					want := check(t, lsl.SelectCandidates(cprog, func(id int) bool { return in[id] }), test, opt)
					if got.Verdict != want.Verdict || got.Reason != want.Reason {
						t.Errorf("%s with %v: session %s %s, fences written in %s %s", test.Name, sel, got.Verdict, got.Reason, want.Verdict, want.Reason)
					}
					if err := got.CheckCounterexample(); err != nil {
						t.Errorf("%s with %v: %v", test.Name, sel, err)
					}
					if len(sel) == 0 && (got.Verdict != base.Verdict || got.Reason != base.Reason) {
						t.Errorf("%s with no candidates selected: %s %s, the program itself %s %s", test.Name, got.Verdict, got.Reason, base.Verdict, base.Reason)
					}
					verdicts[string(got.Verdict)]++
				}
			}
			// The selections must tell something apart.
			if verdicts[string(mining.Pass)] == 0 || verdicts[string(mining.Fail)] == 0 {
				t.Errorf("verdicts %v: the test cannot fail", verdicts)
			}
		})
	}
}

func barriersOf(cs []synth.Choice) []*lsl.Barrier {
	var out []*lsl.Barrier
	for _, c := range cs {
		out = append(out, c.Barrier)
	}
	return out
}

// TestSelectorEncodingSource compares a selected candidate with the fence
// written into the C source (the line --diff adds), through the front end.
func TestSelectorEncodingSource(t *testing.T) {
	ctx := context.Background()
	src, err := os.ReadFile("fencesynth/peterson.c")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	prog, tests := loadSynth(t, "peterson.c", "peterson.tst", nil)
	test := tests[0]
	opt := mining.Options{Model: model(t, "pso")}
	cprog, cands := lsl.InsertCandidates(prog, synth.Kinds(opt.Model.Axiomatic()), nil)
	sess, decided, err := mining.NewSession(ctx, cprog, test, opt)
	if err != nil || decided != nil {
		t.Fatalf("session: %v %+v", err, decided)
	}
	// B is the answer on pso; each candidate c is checked alone and in
	// place of one fence of B (which passes when c does B's job).
	var b []*lsl.Candidate
	for _, c := range cands {
		for _, w := range []struct {
			line int
			kind lsl.FenceKind
		}{{21, lsl.FenceStoreStore}, {22, lsl.FenceStoreLoad}, {38, lsl.FenceStoreStore}} {
			if c.Point.Line == w.line && c.Point.Side == lsl.InsertBefore && c.Kind == w.kind {
				b = append(b, c)
			}
		}
	}
	if len(b) != 3 {
		t.Fatalf("the answer's candidates: %d, want 3", len(b))
	}
	dir := t.TempDir()
	fails, passes := 0, 0
	for i, c := range cands {
		swapped := []*lsl.Candidate{c}
		for j, f := range b {
			if j != i%3 && f != c {
				swapped = append(swapped, f)
			}
		}
		for _, sel := range [][]*lsl.Candidate{{c}, swapped} {
			file := filepath.Join(dir, "peterson.c")
			if err := os.WriteFile(file, []byte(writeFences(lines, sel)), 0o644); err != nil {
				t.Fatal(err)
			}
			fenced, err := frontend.Load([]string{file})
			if err != nil {
				t.Fatalf("%v: %v", sel, err)
			}
			want := check(t, fenced, test, opt)
			in := map[int]bool{}
			var names []string
			for _, f := range sel {
				in[f.ID] = true
				names = append(names, fmt.Sprintf("%d %s %s", f.Point.Line, f.Point.Side, f.Kind))
			}
			got, err := sess.Check(ctx, func(id int) bool { return in[id] })
			if err != nil {
				t.Fatal(err)
			}
			if got.Verdict != want.Verdict || got.Reason != want.Reason {
				t.Errorf("%v: selected %s %s, written %s %s", names, got.Verdict, got.Reason, want.Verdict, want.Reason)
			}
			switch got.Verdict {
			case mining.Fail:
				fails++
			case mining.Pass:
				passes++
			}
		}
	}
	if fails == 0 || passes == 0 {
		t.Errorf("%d fails, %d passes: the test cannot tell selections apart", fails, passes)
	}
}

// TestSelectorEncodingSourceBarriers: on arm8 and power, the answer's
// barriers and the answer without each one, selected, against the same
// barriers written into the C file as --diff writes them (inline assembly,
// read back by the front end).
func TestSelectorEncodingSourceBarriers(t *testing.T) {
	src, err := os.ReadFile("fencesynth/litmus.c")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	for _, name := range []string{"arm8", "power"} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			prog, tests := loadSynth(t, "litmus.c", "litmus.tst", []string{"SB"})
			opt := modelOptions(t, name)
			r, err := synth.Insert(ctx, prog, tests, synth.Options{Mining: opt})
			if err != nil || r.Outcome != synth.Found || len(r.Fences) != 2 {
				t.Fatalf("%v %+v", err, r)
			}
			cprog, cands := lsl.InsertBarriers(prog, barriersOf(r.Choices), nil)
			byKey := map[string]*lsl.Candidate{}
			for _, c := range cands {
				byKey[c.Point.Key()+c.Name()] = c
			}
			var answer []*lsl.Candidate
			for _, f := range r.Fences {
				answer = append(answer, byKey[f.Point.Key()+f.Name()])
			}
			sess, decided, err := mining.NewSession(ctx, cprog, tests[0], opt)
			if err != nil || decided != nil {
				t.Fatalf("session: %v %+v", err, decided)
			}
			sels := [][]*lsl.Candidate{answer, answer[:1], answer[1:], nil}
			verdicts := map[mining.Verdict]int{}
			for _, sel := range sels {
				file := filepath.Join(t.TempDir(), "litmus.c")
				if err := os.WriteFile(file, []byte(writeFences(lines, sel)), 0o644); err != nil {
					t.Fatal(err)
				}
				fenced, err := frontend.Load([]string{file})
				if err != nil {
					t.Fatal(err)
				}
				want := check(t, fenced, tests[0], opt)
				in := map[int]bool{}
				for _, c := range sel {
					in[c.ID] = true
				}
				got, err := sess.Check(ctx, func(id int) bool { return in[id] })
				if err != nil {
					t.Fatal(err)
				}
				if got.Verdict != want.Verdict || got.Reason != want.Reason {
					t.Errorf("%d barriers: selected %s %s, written %s %s", len(sel), got.Verdict, got.Reason, want.Verdict, want.Reason)
				}
				verdicts[want.Verdict]++
			}
			if verdicts[mining.Pass] != 1 || verdicts[mining.Fail] != 3 {
				t.Errorf("verdicts %v, want the answer alone to pass", verdicts)
			}
		})
	}
}

// writeFences inserts the line of each candidate's barrier (--diff's).
func writeFences(lines []string, cands []*lsl.Candidate) string {
	add := map[int][]string{}
	for _, c := range cands {
		at := c.Point.Line - 1
		if c.Point.Side == lsl.InsertAfter {
			at = c.Point.Line
		}
		line, err := synth.BarrierLine("x.c", c.Barrier)
		if err != nil {
			panic(err)
		}
		add[at] = append(add[at], line)
	}
	var out []string
	for i, l := range lines {
		out = append(out, add[i]...)
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// TestFenceSynthesisWeakClauses: on a model that is not fence-monotone (tso
// with an extra axiom over two fences, implied by <sl>) each
// counterexample only forbids its own selection; the answer must be as
// small as on tso and pass on tso.
func TestFenceSynthesisWeakClauses(t *testing.T) {
	src, err := os.ReadFile("../axioms/models/tso.mm")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), "F      : fence", "F, F' : fence", 1)
	text = strings.Replace(text, "end model", "<ff> sl_fence(F) & sl_fence(F') & program_order(S, F) & program_order(F, F') & program_order(F', L') => memory_order(S, L')\nend model", 1)
	m, err := axioms.Parse("tso2.mm", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	prog, tests := loadSynth(t, "peterson.c", "peterson.tst", nil)
	r, err := synth.Insert(context.Background(), prog, tests, synth.Options{Mining: mining.Options{Model: memmodel.FromMM(m)}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Monotone {
		t.Fatalf("the model counts as fence-monotone")
	}
	if r.Outcome != synth.Found || !r.Verified || len(r.Fences) != 1 || r.Fences[0].Kind != lsl.FenceStoreLoad {
		t.Fatalf("outcome %s, verified %v, %d fences", r.Outcome, r.Verified, len(r.Fences))
	}
	cprog, _ := lsl.InsertCandidates(prog, []lsl.FenceKind{lsl.FenceStoreLoad}, nil)
	fenced := lsl.SelectCandidates(cprog, func(id int) bool { return id == r.Fences[0].ID })
	if v := check(t, fenced, tests[0], mining.Options{Model: model(t, "tso")}); v.Verdict != mining.Pass {
		t.Errorf("%s %s: %s on tso", r.Fences[0].Point.Key(), r.Fences[0].Kind, v.Verdict)
	}
}

// TestFenceSynthesisUnrollLimit: without fair progress, the CAS retry loop
// of tests/fairness/cascounter.c spins forever on relaxed unless a retry
// sees what the failed CAS saw. The execution that reaches the unroll
// limit teaches like a counterexample, and the answer is the
// aliased-loads fence at the top of the loop, minimal within the limit.
func TestFenceSynthesisUnrollLimit(t *testing.T) {
	prog, tests := loadSynth(t, "../fairness/cascounter.c", "../fairness/cascounter.tst", []string{"T2"})
	opt := mining.Options{Options: encode.Options{NoFairProgress: true}, Model: model(t, "relaxed"), MaxUnroll: 3}
	r, err := synth.Insert(context.Background(), prog, tests, synth.Options{Mining: opt})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != synth.Found || !r.Verified || r.LimitClauses == 0 || len(r.Fences) != 1 {
		t.Fatalf("outcome %s, verified %v, %d limit clauses, %d fences", r.Outcome, r.Verified, r.LimitClauses, len(r.Fences))
	}
	f := r.Fences[0]
	if got := fmt.Sprintf("%s:%d %s %s", filepath.Base(f.Point.File), f.Point.Line, f.Point.Side, f.Kind); got != "cascounter.c:13 before aliased-loads" {
		t.Errorf("fence %s", got)
	}
	if f.Verdict != mining.Inconclusive || f.Reason != mining.ReasonUnrollLimit {
		t.Errorf("without it %s %s, want INCONCLUSIVE unroll-limit", f.Verdict, f.Reason)
	}
}

// TestFenceSynthesisStartUnroll: the search starts at a small bound and
// raises it only while executions at the bound matter. The CAS retry loop
// of cascounter spins at every bound without its fence, so the search
// goes up to --max-unroll and gives the answer of a search there; the
// data types' answers at bound 2 on pso need no execution at the bound
// and equal those of a search at the default bound.
func TestFenceSynthesisStartUnroll(t *testing.T) {
	ctx := context.Background()
	prog, tests := loadSynth(t, "../fairness/cascounter.c", "../fairness/cascounter.tst", []string{"T2"})
	opt := mining.Options{Options: encode.Options{NoFairProgress: true}, Model: model(t, "relaxed"), MaxUnroll: 4}
	var bounds []int
	r, err := synth.Insert(ctx, prog, tests, synth.Options{Mining: opt, StartUnroll: 1, OnUnroll: func(b int, _ string) { bounds = append(bounds, b) }})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(bounds) != "[1 2 4]" || r.Outcome != synth.Found || r.LimitClauses == 0 || r.MaxUnroll != 4 || len(r.Fences) != 1 || r.Fences[0].Kind != lsl.FenceAliasedLoads {
		t.Errorf("bounds %v, outcome %s, %d limit clauses, max %d, %d fences", bounds, r.Outcome, r.LimitClauses, r.MaxUnroll, len(r.Fences))
	}
	for _, tc := range []struct{ impl, tst, model string }{
		{"peterson.c", "peterson.tst", "pso"},
		{"../fairness/chaselev.c", "chaselev.tst", "pso"},
		{"litmus.c", "litmus.tst", "arm8"},
	} {
		prog, tests := loadSynth(t, tc.impl, tc.tst, nil)
		opt := modelOptions(t, tc.model)
		direct, err := synth.Insert(ctx, prog, tests, synth.Options{Mining: opt})
		if err != nil {
			t.Fatal(err)
		}
		small, err := synth.Insert(ctx, prog, tests, synth.Options{Mining: opt, StartUnroll: 2})
		if err != nil {
			t.Fatal(err)
		}
		names := func(r *synth.Result) string {
			var out []string
			for _, f := range r.Fences {
				out = append(out, f.Point.Key()+" "+f.Name())
			}
			return strings.Join(out, ", ")
		}
		if small.Outcome != synth.Found || small.SearchUnroll != 2 || len(small.Fences) != len(direct.Fences) {
			t.Errorf("%s on %s: from bound 2 %s at %d: %s; directly %s", tc.impl, tc.model, small.Outcome, small.SearchUnroll, names(small), names(direct))
		}
	}
}
