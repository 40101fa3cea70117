package litmusrun

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/mining"
)

// raceModels are the models of TestRaceFlag: the .mm models sc, tso and
// relaxed and the hardware cat model arm8 decide races with the
// program-level check; rc11 with its own racy flag.
var raceModels = []string{"sc", "tso", "relaxed", "arm8", "rc11"}

// raceVerdicts: is testdata/races/NAME.litmus racy (herd's Flag racy) on
// each of raceModels? Derived by hand from the C11 definition: a race
// needs two conflicting accesses, one plain, that no release/acquire pair
// orders, in an execution the model allows.
var raceVerdicts = map[string][5]bool{
	"MP+na+rlx":      {true, true, true, true, true},      // a relaxed flag does not synchronise
	"MP+na+rel+acq":  {false, false, false, false, false}, // release/acquire does
	"MP+na+rel+rlx":  {true, true, true, true, true},      // both sides must
	"MP+na+fences":   {false, false, false, false, false}, // release and acquire fences around relaxed accesses
	"MP+na+rel+con":  {true, true, true, true, true},      // herd's rc11.cat (and ours): consume does not synchronise
	"SB+rlx+guarded": {false, true, true, true, true},     // both writes only in a store-buffering execution
	"SB+sc+guarded":  {false, false, false, false, false}, // which seq_cst forbids
	"lock+protects":  {false, false, false, false, false},
	"lock+missed":    {true, true, true, true, true},
	"DCL+acq":        {false, false, false, false, false},
	"DCL+rlx":        {true, true, true, true, true},
	"RR+na":          {false, false, false, false, false}, // reads do not conflict
}

func raceModel(t *testing.T, name string) mining.Options {
	return mining.Options{Model: builtin(t, name)}
}

// TestRaceFlag: the race shapes on every model, with both ways of
// running a test (all states, one verdict query); NoRaces leaves the
// program-level check out.
func TestRaceFlag(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(litmusData, "races", "*.litmus"))
	if len(files) != len(raceVerdicts) {
		t.Errorf("%d test files, %d verdicts", len(files), len(raceVerdicts))
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".litmus")
		want, ok := raceVerdicts[name]
		if !ok {
			t.Errorf("%s: no verdict", name)
			continue
		}
		tt := parseFile(t, file)
		for i, mn := range raceModels {
			for _, verdictOnly := range []bool{false, true} {
				r, err := Run(context.Background(), tt, Options{Mining: raceModel(t, mn), VerdictOnly: verdictOnly})
				if err != nil {
					t.Fatalf("%s on %s: %v", name, mn, err)
				}
				if r.Racy() != want[i] {
					t.Errorf("%s on %s (verdict only %v): racy %v, want %v (flags %v)", name, mn, verdictOnly, r.Racy(), want[i], r.Flags)
				}
			}
		}
		r, err := Run(context.Background(), tt, Options{Mining: raceModel(t, "tso"), NoRaces: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Flags) > 0 {
			t.Errorf("%s with NoRaces: flags %v", name, r.Flags)
		}
	}
}

// TestRaceFlagKernelDialect: a test in the Linux-kernel dialect is not a
// C11 program: its plain accesses are not checked for C11 races on a .mm
// model, while the same shape in C11 is racy.
func TestRaceFlagKernelDialect(t *testing.T) {
	for _, tc := range []struct {
		src   string
		racy  bool
		model string
	}{
		{"C MP+plain+once\n{}\nP0(int *x, int *y) { *x = 1; WRITE_ONCE(*y, 1); }\nP1(int *x, int *y) { int r0 = READ_ONCE(*y); int r1 = *x; }\nexists (1:r0=1 /\\ 1:r1=0)\n", false, "tso"},
		{"C MP+plain+once\n{}\nP0(int *x, int *y) { *x = 1; WRITE_ONCE(*y, 1); }\nP1(int *x, int *y) { int r0 = READ_ONCE(*y); int r1 = *x; }\nexists (1:r0=1 /\\ 1:r1=0)\n", false, "relaxed"},
		{"C MP+plain+rlx\n{}\nP0(int *x, atomic_int *y) { *x = 1; atomic_store_explicit(y, 1, memory_order_relaxed); }\nP1(int *x, atomic_int *y) { int r0 = atomic_load_explicit(y, memory_order_relaxed); int r1 = *x; }\nexists (1:r0=1 /\\ 1:r1=0)\n", true, "tso"},
	} {
		tt, err := litmus.Parse("t.litmus", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		r, err := Run(context.Background(), tt, Options{Mining: raceModel(t, tc.model), VerdictOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		if r.Racy() != tc.racy {
			t.Errorf("%s on %s: racy %v, want %v", tt.Name, tc.model, r.Racy(), tc.racy)
		}
	}
}

// TestRaceFlagMatchesRC11 runs the C11 suite (a sample without -suite) on
// rc11, whose own racy flag decides races, and on the models that use the
// program-level check: a race found on a model must be one rc11 finds
// (the check is sound: each execution of a mapped C11 program without
// thin air is an rc11 execution), and the tests racy on rc11 only are
// counted (a race only a weaker execution shows).
func TestRaceFlagMatchesRC11(t *testing.T) {
	files, err := litmus.Files([]string{filepath.Join(sharedSuites, "dat3m-c11/litmus/C11")})
	if err != nil || len(files) == 0 {
		t.Skipf("suite not available: %v", err)
	}
	if !*fullSuite {
		var sample []string
		for i := 0; i < len(files); i += 4 {
			sample = append(sample, files[i])
		}
		files = sample
	}
	racyOn := func(model string) map[string]bool {
		out := map[string]bool{}
		opt := SuiteOptions{Options: Options{Mining: raceModel(t, model), VerdictOnly: true}}
		RunFiles(context.Background(), files, opt, func(o Outcome) {
			if _, ok := litmus.IsUnsupported(o.Err); ok {
				return
			}
			if o.Err != nil {
				t.Errorf("%s on %s: %v", o.File, model, o.Err)
				return
			}
			out[o.File] = o.Result.Racy()
		})
		return out
	}
	ref := racyOn("rc11")
	racy := 0
	for _, v := range ref {
		if v {
			racy++
		}
	}
	if racy == 0 {
		t.Errorf("no racy test among %d: the comparison tests nothing", len(ref))
	}
	for _, m := range []string{"sc", "tso", "relaxed", "arm8"} {
		got, onlyRC11 := racyOn(m), 0
		for f, r := range ref {
			switch {
			case got[f] && !r:
				t.Errorf("%s: racy on %s, not on rc11", f, m)
			case r && !got[f]:
				onlyRC11++
			}
		}
		t.Logf("%s: %d tests, %d racy on rc11, %d of them not on %s", m, len(ref), racy, onlyRC11, m)
	}
}
