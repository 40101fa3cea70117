package tests

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

func catModel(t *testing.T, name string) *memmodel.Model {
	t.Helper()
	m, ok := memmodel.Builtin(name)
	if !ok {
		t.Fatalf("no built-in cat model %s", name)
	}
	return m
}

// observations is the set of observation vectors of a test's complete
// executions on a model.
func catObservations(t *testing.T, prog *lsl.Program, test *lsl.Test, opt mining.Options) map[string]bool {
	t.Helper()
	set, err := mining.Executions(context.Background(), prog, test, opt, false)
	if err != nil {
		t.Fatalf("%s: %v", test.Name, err)
	}
	out := map[string]bool{}
	for _, o := range set.Observations {
		out[o.Format(func(i int) string { return fmt.Sprint(i) }, func(int64) string { return "" })] = true
	}
	return out
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestCatLitmusMatchesMM: sc and tso written in cat give the verdicts and
// the observation sets of the .mm models on the LSL litmus tests (whose
// fences are LSL kinds, which the cat models map: docs/models.md).
func TestCatLitmusMatchesMM(t *testing.T) {
	prog, tf := load(t, "litmus/litmus.tst", "litmus/litmus.lsl")
	for _, pair := range [][2]string{{"sc", "sc-cat"}, {"tso", "tso-cat"}} {
		mm, ct := model(t, pair[0]), catModel(t, pair[1])
		for _, test := range tf.Tests {
			a := catObservations(t, prog, test, mining.Options{Model: mm})
			b := catObservations(t, prog, test, mining.Options{Model: ct})
			if fmt.Sprint(sortedKeys(a)) != fmt.Sprint(sortedKeys(b)) {
				t.Errorf("%s: %s observes %v, %s %v", test.Name, pair[0], sortedKeys(a), pair[1], sortedKeys(b))
			}
			ra := check(t, prog, test, mining.Options{Model: mm})
			rb := check(t, prog, test, mining.Options{Model: ct})
			if ra.Verdict != rb.Verdict {
				t.Errorf("%s: %s on %s, %s on %s", test.Name, ra.Verdict, pair[0], rb.Verdict, pair[1])
			}
		}
	}
}

// litmusVerdictsCat are the verdicts of tests/litmus on the hardware cat
// models, derived by hand from the models and the fence mapping of
// docs/models.md. Columns: arm8, riscv, power.
var litmusVerdictsCat = map[string][3]mining.Verdict{
	"SB":        {F, F, F},
	"SB+sl":     {P, P, P}, // DMB.ISH, fence w,r, sync
	"SB+full":   {P, P, P},
	"MP":        {F, F, F},
	"MP+ss":     {F, F, F}, // the loads still reorder
	"MP+ll":     {F, F, F}, // the stores still reorder
	"MP+ss+ll":  {P, P, P},
	"LB":        {F, F, F},
	"LB+ls":     {P, P, P},
	"IRIW":      {F, F, F},
	"IRIW+ll":   {P, P, F}, // multi-copy atomic, but lwsync does not restore IRIW on Power
	"CoRR":      {P, P, P}, // coherence
	"CoRR+al":   {P, P, P},
	"CoRR+ll":   {P, P, P},
	"2+2W":      {F, F, F},
	"2+2W+ss":   {P, P, P},
	"Fwd":       {F, F, F},
	"Fwd+sl":    {P, P, F}, // Power is not multi-copy atomic: sync after y=2 does not order x=1's propagation
	"MPdep":     {P, P, P}, // address dependencies are kept
	"MPdep+ddl": {P, P, P},
}

// TestCatLitmusVerdicts checks tests/litmus on arm8, riscv and power, and
// the inclusions SC ⊆ TSO ⊆ each of them on the observation sets.
func TestCatLitmusVerdicts(t *testing.T) {
	prog, tf := load(t, "litmus/litmus.tst", "litmus/litmus.lsl")
	hw := []string{"arm8", "riscv", "power"}
	for _, test := range tf.Tests {
		want, ok := litmusVerdictsCat[test.Name]
		if !ok {
			t.Errorf("%s: not in the verdict table", test.Name)
			continue
		}
		sc := catObservations(t, prog, test, mining.Options{Model: catModel(t, "sc-cat")})
		tso := catObservations(t, prog, test, mining.Options{Model: catModel(t, "tso-cat")})
		for o := range sc {
			if !tso[o] {
				t.Errorf("%s: %s observed on sc-cat but not on tso-cat", test.Name, o)
			}
		}
		for mi, name := range hw {
			m := catModel(t, name)
			r := check(t, prog, test, mining.Options{Model: m})
			if r.Verdict != want[mi] {
				t.Errorf("%s on %s: %s, want %s (%s)", test.Name, name, r.Verdict, want[mi], r.Message)
			}
			obs := catObservations(t, prog, test, mining.Options{Model: m})
			for o := range tso {
				if !obs[o] {
					t.Errorf("%s: %s observed on tso-cat but not on %s", test.Name, o, name)
				}
			}
		}
	}
}

// herdWrappers map LSL fence kinds onto the fences of the suites' .cat
// files (as docs/models.md suggests for third-party models), so that the
// built-in models can be compared with them on LSL programs.
var herdWrappers = map[string]string{
	"arm8": `let DMB.ISH = DMB.ISH | full | store-load
let DMB.ISHLD = DMB.ISHLD | load-load | load-store
let DMB.ISHST = DMB.ISHST | store-store
include "%s/aarch64.cat"`,
	"riscv": `let Fence.r.r = Fence.r.r | load-load
let Fence.r.w = Fence.r.w | load-store
let Fence.w.r = Fence.w.r | store-load
let Fence.w.w = Fence.w.w | store-store
let Fence.rw.rw = Fence.rw.rw | full
include "%s/riscv.cat"`,
	"power": `let sync = sync | full | store-load
let lwsync = lwsync | load-load | load-store | store-store
include "%s/power.cat"`,
	"tso-cat": `let mfence = mfence | full | store-load
include "%s/tso.cat"`,
	"sc-cat": `include "%s/sc.cat"`,
}

// TestCatLitmusMatchesHerd: each built-in model observes what the suite's
// .cat file does on the LSL litmus tests.
func TestCatLitmusMatchesHerd(t *testing.T) {
	dir, err := filepath.Abs("../../shared/suites/cat")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("suite not available: %v", err)
	}
	prog, tf := load(t, "litmus/litmus.tst", "litmus/litmus.lsl")
	tmp := t.TempDir()
	for name, wrapper := range herdWrappers {
		file := filepath.Join(tmp, name+".cat")
		if err := os.WriteFile(file, []byte(fmt.Sprintf(wrapper, dir)), 0o644); err != nil {
			t.Fatal(err)
		}
		herd, err := cat.LoadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, test := range tf.Tests {
			a := catObservations(t, prog, test, mining.Options{Model: memmodel.FromCat(herd)})
			b := catObservations(t, prog, test, mining.Options{Model: catModel(t, name)})
			if fmt.Sprint(sortedKeys(a)) != fmt.Sprint(sortedKeys(b)) {
				t.Errorf("%s: the suite's model observes %v, %s %v", test.Name, sortedKeys(a), name, sortedKeys(b))
			}
		}
	}
}

// A FAIL on a cat model lists the flags that fire too: the MS queue
// written with plain accesses fails T0 on rc11 because every publication
// of a node is a data race, and the result says so.
func TestCatFlagsOnFail(t *testing.T) {
	p, test := rowProgram(t, nil, datatypes.Row{Datatype: "msn", Variant: "fenced", Test: "T0"})
	r, err := mining.Check(context.Background(), p.Prog, test, mining.Options{Model: catModel(t, "rc11"), Omit: p.Omit, Timeout: datatypeTimeout})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != mining.Fail {
		t.Fatalf("%s %s (%s), want FAIL", r.Verdict, r.Reason, r.Message)
	}
	if !slices.Contains(r.Flags, "racy") {
		t.Errorf("flags %q, want racy among them", r.Flags)
	}
}
