package tests

import (
	"fmt"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// TestParamSymmetryClasses: the threads of a pthread program that run one
// function with different integer arguments are rewritten to choose them
// (encode/paramsym.go) and are then identical, so symmetry breaking
// orders them; threads whose code differs otherwise are left alone.
func TestParamSymmetryClasses(t *testing.T) {
	needClang(t)
	cases := []struct {
		file             string
		classes, threads int
		rows             int // classes that keep their rows (encode/rowsym.go)
	}{
		// poppers keep their rows (main permutes them), so pushers keep
		// their values
		{"c11bench/treiber_3_3.c", 1, 3, 1},
		{"c11bench/treiber_2_2_2.c", 1, 3, 0}, // three threads that push, then pop
		{"c11/treiber_3_0.c", 1, 3, 0},        // three pushers
		{"c11bench/msq_2_2.c", 0, 0, 0},       // classes of two: not worth it (paramMinThreads)
		{"c11bench/treiber_3_3_free.c", 1, 3, 1},
		{"rows_ticket.c", 1, 3, 1},     // rows of two cells
		{"join_result_sum.c", 0, 0, 0}, // each thread stores its result to its own cell
		{"c11bench/msq_2_2_2.c", 1, 3, 0},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			prog, test := loadPthread(t, tc.file)
			build := func(opt encode.Options) *encode.Encoding {
				u, err := lsl.Unroll(prog, mining.ThreadSpecs(test), lsl.UnrollOptions{FixedPool: true})
				if err != nil {
					t.Fatal(err)
				}
				e, err := encode.Build(u, model(t, "sc"), opt)
				if err != nil {
					t.Fatal(err)
				}
				return e
			}
			e := build(encode.Options{ParamSymmetry: true})
			classes, threads := e.ParamClasses()
			if classes != tc.classes || threads != tc.threads {
				t.Errorf("%d classes of %d threads rewritten, want %d of %d", classes, threads, tc.classes, tc.threads)
			}
			if rows := len(e.RowClasses()); rows != tc.rows {
				t.Errorf("%d classes keep their rows (%v), want %d", rows, e.RowClasses(), tc.rows)
			}
			plain := build(encode.Options{})
			if n, _ := plain.ParamClasses(); n != 0 {
				t.Errorf("without ParamSymmetry: %d classes rewritten", n)
			}
			// every rewritten thread is in a class of identical threads,
			// and there are more of them than without the rewriting
			inClass := func(e *encode.Encoding) int {
				n := 0
				for _, cl := range e.SymmetricThreads() {
					n += len(cl)
				}
				return n
			}
			if tc.classes > 0 && inClass(e) < inClass(plain)+tc.threads {
				t.Errorf("identical threads: %v with the rewriting, %v without", e.SymmetricThreads(), plain.SymmetricThreads())
			}
		})
	}
}

// TestParamSymmetrySameVerdicts checks pthread programs with and without
// the rewriting, on models of every kind: the same verdicts and kinds of
// failure (the same reasons, except that an assertion and a runtime error
// are one kind: failureKind),
// and every counterexample a real execution in which each thread runs
// with its own arguments (the queries that report assume
// ParamIdentity: mining.solveBudget).
func TestParamSymmetrySameVerdicts(t *testing.T) {
	needClang(t)
	all := []string{"sc", "tso", "relaxed", "rc11"}
	files := []pthreadModels{
		{"c11bench/treiber_3_3.c", []string{"sc"}}, // a second each
		{"c11bench/treiber_3_3_store_bug.c", all},
		{"c11bench/treiber_3_3_relaxed_bug.c", all},
		{"c11bench/treiber_2_2_2.c", []string{"sc", "rc11"}},
		{"c11/treiber_3_0.c", all},
		{"counter.c", all}, // threads passed pointers: not rewritten
		// threads that keep their rows, main checking which row holds what
		{"rows_ticket.c", all},
		{"rows_ticket_bug.c", all},
		{"c11bench/treiber_3_3_free.c", []string{"sc"}},
		{"c11bench/msq_2_2_store_bug.c", all},
	}
	eachPthreadModel(t, files, func(t *testing.T, file, m string, prog *lsl.Program, test *lsl.Test) {
		with := check(t, prog, test, mining.Options{Model: model(t, m)})
		without := check(t, prog, test, mining.Options{Model: model(t, m), NoParamSymmetry: true})
		if with.Verdict != without.Verdict || failureKind(with.Reason) != failureKind(without.Reason) {
			t.Errorf("%s on %s: with the rewriting %s %s (%s), without %s %s (%s)", file, m,
				with.Verdict, with.Reason, with.Message, without.Verdict, without.Reason, without.Message)
		}
		if err := with.CheckCounterexample(); err != nil {
			t.Errorf("%s on %s: the counterexample is not a real execution: %v", file, m, err)
		}
		if with.Verdict == mining.Fail {
			if err := ownArguments(with); err != nil {
				t.Errorf("%s on %s: %v", file, m, err)
			}
		}
	})
}

// pthreadModels is a pthread program and the models to check it on.
type pthreadModels struct {
	file   string
	models []string
}

// eachPthreadModel runs f on every program (a parallel subtest each)
// and each of its models.
func eachPthreadModel(t *testing.T, files []pthreadModels, f func(t *testing.T, file, m string, prog *lsl.Program, test *lsl.Test)) {
	for _, pm := range files {
		t.Run(pm.file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, pm.file)
			for _, m := range pm.models {
				f(t, pm.file, m, prog, test)
			}
		})
	}
}

// failureKind groups the reasons of a FAIL that one query finds (mining's
// report: a failed assertion and a runtime error are both errors, and the
// solver may find either execution first; a race is looked for before
// them, a deadlock after).
func failureKind(reason string) string {
	switch reason {
	case "assertion", "runtime-error":
		return "error"
	}
	return reason
}

// ownArguments checks that the rewritten threads of a counterexample
// chose their own arguments (the i-th thread of a class the i-th tuple).
func ownArguments(r *mining.Result) error {
	var bad []string
	for _, ch := range r.ParamChoices() {
		if ch.Chosen != ch.Own {
			bad = append(bad, fmt.Sprintf("thread %s chose %d, its own is %d", ch.Thread, ch.Chosen, ch.Own))
		}
	}
	slices.Sort(bad)
	if len(bad) > 0 {
		return fmt.Errorf("the counterexample exchanges arguments: %v", bad)
	}
	return nil
}

// TestSymmetryAnchorSameVerdicts: C11 programs whose identical threads
// (after the rewriting) are sorted by a store to one global cell — the
// allocation counter's fetch_add, a popper's CAS on Top — give the same
// verdicts and kinds of failure with symmetry breaking and without, on
// .mm and cat models (encode/catsymmetry.go, symmetryAnchor), and their
// classes have anchors.
func TestSymmetryAnchorSameVerdicts(t *testing.T) {
	needClang(t)
	files := []pthreadModels{
		{"c11bench/treiber_3_3_store_bug.c", []string{"sc", "relaxed", "rc11", "arm8"}},
		{"c11bench/treiber_3_3_relaxed_bug.c", []string{"relaxed", "rc11"}},
		{"c11bench/treiber_2_2_2.c", []string{"rc11"}},
		{"c11/treiber_3_0.c", []string{"sc", "relaxed", "rc11", "arm8"}},
	}
	eachPthreadModel(t, files, func(t *testing.T, file, m string, prog *lsl.Program, test *lsl.Test) {
		u, err := lsl.Unroll(prog, mining.ThreadSpecs(test), lsl.UnrollOptions{FixedPool: true})
		if err != nil {
			t.Fatal(err)
		}
		e, err := encode.Build(u, model(t, m), encode.Options{ParamSymmetry: true})
		if err != nil {
			t.Fatal(err)
		}
		anchors := e.SymmetryAnchors()
		if len(anchors) == 0 || slices.Contains(anchors, -1) {
			t.Errorf("%s on %s: classes %v, anchors %v", file, m, e.SymmetricThreads(), anchors)
		}
		with := check(t, prog, test, mining.Options{Model: model(t, m)})
		without := check(t, prog, test, mining.Options{Model: model(t, m), Options: encode.Options{NoSymmetry: true}})
		if with.Verdict != without.Verdict || failureKind(with.Reason) != failureKind(without.Reason) {
			t.Errorf("%s on %s: with symmetry breaking %s %s (%s), without %s %s (%s)", file, m,
				with.Verdict, with.Reason, with.Message, without.Verdict, without.Reason, without.Message)
		}
	})
}
