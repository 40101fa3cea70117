package litmusrun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

var runModels = []string{"sc", "tso", "pso", "relaxed", "rmo"}

// verdicts of the tests in testdata, derived by hand: does the condition
// hold (herd's Ok)? Columns: runModels.
var verdicts = map[string][5]bool{
	// x86
	"x86/MP.litmus":           {false, false, true, true, true},  // pso reorders the stores
	"x86/MP+sfence.litmus":    {false, false, false, true, true}, // relaxed and rmo reorder the loads
	"x86/SB+lfence.litmus":    {false, true, true, true, true},   // neither fence orders store→load
	"x86/SB+lock-add.litmus":  {false, false, false, false, false},
	"x86/SB+xchgs.litmus":     {false, false, false, false, false},
	"x86/cmpxchg.litmus":      {true, true, true, true, true},
	"x86/xadd.litmus":         {true, true, true, true, true},
	"x86/indirect.litmus":     {false, true, true, true, true}, // SB through register-held addresses
	"x86/unlocked-add.litmus": {true, true, true, true, true},  // a lost update
	"x86/regs.litmus":         {true, true, true, true, true},
	// C
	"c/SB.litmus":         {false, true, true, true, true},
	"c/SB+mbs.litmus":     {false, false, false, false, false},
	"c/SB+rel+acq.litmus": {false, true, true, true, true},
	"c/SB+sc.litmus":      {false, false, false, false, false},
	"c/MP.litmus":         {false, false, true, true, true},
	"c/MP+wmb+rmb.litmus": {false, false, false, false, false},
	"c/MP+rel+acq.litmus": {false, false, false, false, false},
	"c/LB.litmus":         {false, false, false, true, true},
	"c/LB+fences.litmus":  {false, false, false, false, false},
	"c/CAS.litmus":        {true, true, true, true, true},
	"c/fetch_add.litmus":  {true, true, true, true, true},
	"c/ifelse.litmus":     {true, true, true, true, true},
	"c/pointers.litmus":   {false, false, false, true, false}, // rmo keeps the address dependency
}

func parseFile(t *testing.T, file string) *litmus.Test {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tt, err := litmus.Parse(file, src)
	if err != nil {
		t.Fatal(err)
	}
	return tt
}

func builtin(t *testing.T, name string) *memmodel.Model {
	t.Helper()
	m, ok := memmodel.Builtin(name)
	if !ok {
		t.Fatalf("no built-in model %s", name)
	}
	return m
}

func builtinCat(t *testing.T, name string) *memmodel.Model {
	t.Helper()
	m, ok := memmodel.Builtin(name)
	if !ok {
		t.Fatalf("no built-in cat model %s", name)
	}
	return m
}

func TestVerdicts(t *testing.T) {
	x86, _ := filepath.Glob(filepath.Join(litmusData, "x86", "*.litmus"))
	c, _ := filepath.Glob(filepath.Join(litmusData, "c", "*.litmus"))
	files := append(x86, c...)
	if len(files) != len(verdicts) {
		t.Errorf("%d test files, %d verdicts", len(files), len(verdicts))
	}
	for _, file := range files {
		key := filepath.ToSlash(strings.TrimPrefix(file, litmusData+string(filepath.Separator)))
		want, ok := verdicts[key]
		if !ok {
			t.Errorf("%s: no verdict", key)
			continue
		}
		tt := parseFile(t, file)
		for i, mn := range runModels {
			r, err := Run(context.Background(), tt, Options{Mining: mining.Options{Model: builtin(t, mn)}})
			if err != nil {
				t.Fatalf("%s on %s: %v", key, mn, err)
			}
			if r.Holds != want[i] {
				t.Errorf("%s on %s: holds=%v, want %v; states:\n%s", key, mn, r.Holds, want[i], statesText(tt, r))
			}
		}
	}
}

func statesText(tt *litmus.Test, r *Result) string {
	var s []string
	for _, st := range r.States {
		s = append(s, tt.FormatState(st))
	}
	return strings.Join(s, "\n")
}

// TestWitness checks that the witness execution ends in the reported
// state: its loads of the shown registers and final locations have the
// state's values.
func TestWitness(t *testing.T) {
	for _, c := range []struct {
		file, model string
		want        bool // a witness exists
	}{
		{litmusData + "/c/SB.litmus", "tso", true},
		{litmusData + "/c/SB.litmus", "sc", false},
		{litmusData + "/x86/MP.litmus", "pso", true},
		{litmusData + "/x86/unlocked-add.litmus", "sc", true},
		{litmusData + "/x86/xadd.litmus", "relaxed", false}, // forall holds: no counterexample
	} {
		tt := parseFile(t, c.file)
		r, err := Run(context.Background(), tt, Options{Mining: mining.Options{Model: builtin(t, c.model)}, Witness: true})
		if err != nil {
			t.Fatal(err)
		}
		if (r.Witness != nil) != c.want {
			t.Errorf("%s on %s: witness %v, want %v", c.file, c.model, r.Witness != nil, c.want)
			continue
		}
		if r.Witness == nil {
			continue
		}
		if got := stateOf(tt, r.Witness.Obs); tt.FormatState(got) != tt.FormatState(*r.WitnessState) {
			t.Errorf("%s: witness ends in %s, reported %s", c.file, tt.FormatState(got), tt.FormatState(*r.WitnessState))
		}
		if sat := tt.Satisfies(*r.WitnessState); sat != (tt.Cond.Quant != litmus.Forall) {
			t.Errorf("%s: witness state satisfies the condition: %v", c.file, sat)
		}
		text := FormatExecution(tt, r.Witness)
		if !strings.Contains(text, "memory order:") || !strings.Contains(text, "P0") {
			t.Errorf("%s: witness text lacks threads or the memory order:\n%s", c.file, text)
		}
	}
}

// TestFilter checks herd's filter clause: only the executions satisfying
// it count.
func TestFilter(t *testing.T) {
	src := "X86 MP+filter\n{}\n P0 | P1 ;\n MOV [x],$1 | MOV EAX,[y] ;\n MOV [y],$1 | MOV EBX,[x] ;\n" +
		"filter (1:EAX=1)\nforall (1:EBX=1)\n"
	tt, err := litmus.Parse("f.litmus", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		model  string
		holds  bool
		states int
	}{{"tso", true, 1}, {"pso", false, 2}} {
		r, err := Run(context.Background(), tt, Options{Mining: mining.Options{Model: builtin(t, c.model)}})
		if err != nil {
			t.Fatal(err)
		}
		if r.Holds != c.holds || len(r.States) != c.states {
			t.Errorf("%s: holds=%v with %d states, want %v with %d:\n%s", c.model, r.Holds, len(r.States), c.holds, c.states, statesText(tt, r))
		}
	}
}

func TestStateOf(t *testing.T) {
	tt := parseFile(t, litmusData+"/x86/indirect.litmus")
	// thread 0 observes EAX and EBX; y is the first location (base 1)
	o := trace.Observation{Items: []trace.ObsItem{
		{Key: trace.ObsKey{Thread: 0, Kind: lsl.ObsOutput, Name: "EAX"}, Value: lsl.Ptr(1)},
		{Key: trace.ObsKey{Thread: 0, Kind: lsl.ObsOutput, Name: "EBX"}, Value: lsl.Num(0)},
		{Key: trace.ObsKey{Thread: 1, Kind: lsl.ObsOutput, Name: "EDX"}, Value: lsl.Num(1)},
	}}
	if got, want := tt.FormatState(stateOf(tt, o)), "0:EAX=y; 0:EBX=0; 1:EDX=1;"; got != want {
		t.Errorf("state %s, want %s", got, want)
	}
}

// TestRuntimeError checks that a test whose executions fail a runtime
// check is an input error at the failing instruction.
func TestRuntimeError(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"C divzero\n{}\nP0(int *x) {\n  int r0 = READ_ONCE(*x);\n  int r1 = 10 / r0;\n}\nexists (0:r1=1)\n",
			"e.litmus:5:15: division by zero: `r0` is 0 (test divzero, thread P0)"},
		{"X86 null\n{}\n P0 | P1 ;\n MOV [x],$1 | MOV EBX,[EAX] ;\nexists (1:EBX=1)\n",
			"e.litmus:4:15: null dereference: `EAX` is 0 (test null, thread P1)"},
	} {
		tt, err := litmus.Parse("e.litmus", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		_, err = Run(context.Background(), tt, Options{Mining: mining.Options{Model: builtin(t, "tso")}})
		var le *diag.Error
		if !errors.As(err, &le) || err.Error() != c.want {
			t.Errorf("got %v, want %s", err, c.want)
		}
	}
}
