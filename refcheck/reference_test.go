package refcheck

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
)

// litmus programs; every observed output has a name unique in its program.
const (
	sbSrc = `
global X
global Y
proc a() { store @X, 1  FENCE  %r0 := load @Y  observe output "r0" %r0 }
proc b() { store @Y, 1  FENCE  %r1 := load @X  observe output "r1" %r1 }
`
	mpSrc = `
global X
global Y
proc w() { store @X, 1  WFENCE  store @Y, 1 }
proc r() { %f := load @Y  RFENCE  %d := load @X  observe output "f" %f  observe output "d" %d }
`
	lbSrc = `
global X
global Y
proc a() { %r0 := load @X  store @Y, 1  observe output "r0" %r0 }
proc b() { %r1 := load @Y  store @X, 1  observe output "r1" %r1 }
`
	// message passing through a pointer: the reader's second load is
	// data dependent on the first.
	mpPtrSrc = `
global X
global Y
global P = @Y
proc w() { store @X, 1  fence store-store  store @P, @X }
proc r() { %p := load @P  RFENCE  %d := load %p  observe output "p" %p  observe output "d" %d }
`
	// the reader's second load is control dependent on the first
	mpCtrlSrc = `
global X
global Y
proc w() { store @X, 1  fence store-store  store @Y, 1 }
proc r() {
    %f := load @Y
    observe output "f" %f
    %c := eq(%f, 1)
    if %c { RFENCE  %d := load @X  observe output "d" %d }
}
`
	// load buffering through control dependencies: each store happens only
	// if the other one was seen
	lbCtrlSrc = `
global X
global Y
proc a() { %r := load @X  %c := eq(%r, 1)  if %c { store @Y, 1 }  observe output "r" %r }
proc b() { %s := load @Y  %c := eq(%s, 1)  if %c { store @X, 1 }  observe output "s" %s }
`
	incSrc = `
global X
proc inc() { ATOMIC { %v := load @X  %w := add(%v, 1)  store @X, %w } }
proc fin() { %x := load @X  observe output "x" %x }
`
	spinSrc = `
global X
proc wait() { spin w { %f := load @X  %z := eq(%f, 0)  if %z { continue w } } }
proc set() { store @X, 1 }
proc nop() { fence full }
`
	errSrc = `
global X
global Q
proc check() { %v := load @X  %ok := eq(%v, 0)  assert %ok "saw the store" }
proc set() { store @X, 1 }
proc deref() { %p := load @Q  %v := load %p }
proc skip() { %v := load @X  %z := eq(%v, 0)  assume %z  observe output "v" %v }
`
)

func parse(t *testing.T, src, tests string) (*lsl.Program, *lsl.Test) {
	t.Helper()
	c, err := ParseCase("t.lsl", []byte("//# test "+tests+"\n"+src))
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return c.Prog, c.Tests[0]
}

// retryStore is testdata/retry_store.lsl.
func retryStore(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("testdata/retry_store.lsl")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

func builtin(t *testing.T, name string) *axioms.Model {
	t.Helper()
	m, ok := axioms.Builtin(name)
	if !ok {
		t.Fatalf("no built-in model %s", name)
	}
	return m
}

// matches reports whether some observation has all the given outputs,
// written name=value.
func matches(obs []string, outputs ...string) bool {
	for _, o := range obs {
		all := true
		for _, out := range outputs {
			name, val, _ := strings.Cut(out, "=")
			if !strings.Contains(o, `.output."`+name+`"=`+val+";") {
				all = false
			}
		}
		if all {
			return true
		}
	}
	return false
}

func TestLitmusOutcomes(t *testing.T) {
	tests := []struct {
		name, src, test string
		repl            []string // placeholder, replacement pairs
		model           string
		outcome         []string
		allowed         bool
	}{
		{"SB sc", sbSrc, "T = ( a | b )", []string{"FENCE", ""}, "sc", []string{"r0=0", "r1=0"}, false},
		{"SB relaxed", sbSrc, "T = ( a | b )", []string{"FENCE", ""}, "relaxed", []string{"r0=0", "r1=0"}, true},
		{"SB rmo", sbSrc, "T = ( a | b )", []string{"FENCE", ""}, "rmo", []string{"r0=0", "r1=0"}, true},
		{"SB relaxed store-load", sbSrc, "T = ( a | b )", []string{"FENCE", "fence store-load"}, "relaxed", []string{"r0=0", "r1=0"}, false},
		{"SB relaxed full", sbSrc, "T = ( a | b )", []string{"FENCE", "fence full"}, "relaxed", []string{"r0=0", "r1=0"}, false},
		{"SB relaxed load-load", sbSrc, "T = ( a | b )", []string{"FENCE", "fence load-load"}, "relaxed", []string{"r0=0", "r1=0"}, true},
		{"SB sc other", sbSrc, "T = ( a | b )", []string{"FENCE", ""}, "sc", []string{"r0=1", "r1=0"}, true},

		{"MP sc", mpSrc, "T = ( w | r )", []string{"WFENCE", "", "RFENCE", ""}, "sc", []string{"f=1", "d=0"}, false},
		{"MP relaxed", mpSrc, "T = ( w | r )", []string{"WFENCE", "", "RFENCE", ""}, "relaxed", []string{"f=1", "d=0"}, true},
		{"MP relaxed fenced", mpSrc, "T = ( w | r )", []string{"WFENCE", "fence store-store", "RFENCE", "fence load-load"}, "relaxed", []string{"f=1", "d=0"}, false},
		{"MP relaxed writer only", mpSrc, "T = ( w | r )", []string{"WFENCE", "fence store-store", "RFENCE", ""}, "relaxed", []string{"f=1", "d=0"}, true},
		{"MP rmo fenced", mpSrc, "T = ( w | r )", []string{"WFENCE", "fence store-store", "RFENCE", "fence load-load"}, "rmo", []string{"f=1", "d=0"}, false},
		{"MP rmo al-fence ignored", mpSrc, "T = ( w | r )", []string{"WFENCE", "fence store-store", "RFENCE", "fence aliased-loads"}, "rmo", []string{"f=1", "d=0"}, true},

		{"LB sc", lbSrc, "T = ( a | b )", nil, "sc", []string{"r0=1", "r1=1"}, false},
		{"LB relaxed", lbSrc, "T = ( a | b )", nil, "relaxed", []string{"r0=1", "r1=1"}, true},
		{"LB rmo", lbSrc, "T = ( a | b )", nil, "rmo", []string{"r0=1", "r1=1"}, true},

		// §3.4.2: a data dependency orders loads on rmo, not on relaxed
		// unless a data-dependent-loads fence says so.
		{"MP ptr relaxed ddl", mpPtrSrc, "T = ( w | r )", []string{"RFENCE", "fence data-dependent-loads"}, "relaxed", []string{"p=[1]", "d=0"}, false},
		{"MP ptr relaxed ddl sees new", mpPtrSrc, "T = ( w | r )", []string{"RFENCE", "fence data-dependent-loads"}, "relaxed", []string{"p=[1]", "d=1"}, true},
		{"MP ptr relaxed nofence", mpPtrSrc, "T = ( w | r )", []string{"RFENCE", ""}, "relaxed", []string{"p=[1]", "d=0"}, true},
		{"MP ptr relaxed ll", mpPtrSrc, "T = ( w | r )", []string{"RFENCE", "fence load-load"}, "relaxed", []string{"p=[1]", "d=0"}, false},
		{"MP ptr rmo", mpPtrSrc, "T = ( w | r )", []string{"RFENCE", ""}, "rmo", []string{"p=[1]", "d=0"}, false},
		{"MP ptr sc", mpPtrSrc, "T = ( w | r )", []string{"RFENCE", ""}, "sc", []string{"p=[1]", "d=0"}, false},

		// A control dependency orders a later load only with a
		// control-dependent fence on relaxed; rmo orders only stores.
		{"MP ctrl relaxed", mpCtrlSrc, "T = ( w | r )", []string{"RFENCE", ""}, "relaxed", []string{"f=1", "d=0"}, true},
		{"MP ctrl relaxed cd", mpCtrlSrc, "T = ( w | r )", []string{"RFENCE", "fence control-dependent"}, "relaxed", []string{"f=1", "d=0"}, false},
		{"MP ctrl rmo", mpCtrlSrc, "T = ( w | r )", []string{"RFENCE", ""}, "rmo", []string{"f=1", "d=0"}, true},

		// Relaxed does not order control-dependent accesses, so the cycle
		// is allowed; rmo's dependence order forbids it (D1, A1).
		{"LB ctrl relaxed", lbCtrlSrc, "T = ( a | b )", nil, "relaxed", []string{"r=1", "s=1"}, true},
		{"LB ctrl rmo", lbCtrlSrc, "T = ( a | b )", nil, "rmo", []string{"r=1", "s=1"}, false},
		{"LB ctrl sc", lbCtrlSrc, "T = ( a | b )", nil, "sc", []string{"r=1", "s=1"}, false},

		{"inc atomic relaxed", incSrc, "T = ( inc | inc ) fin", []string{"ATOMIC", "atomic"}, "relaxed", []string{"x=1"}, false},
		{"inc atomic relaxed 2", incSrc, "T = ( inc | inc ) fin", []string{"ATOMIC", "atomic"}, "relaxed", []string{"x=2"}, true},
		{"inc racy sc", incSrc, "T = ( inc | inc ) fin", []string{"ATOMIC", ""}, "sc", []string{"x=1"}, true},
		{"inc atomic rmo", incSrc, "T = ( inc | inc ) fin", []string{"ATOMIC", "atomic"}, "rmo", []string{"x=1"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.NewReplacer(tc.repl...).Replace(tc.src)
			prog, test := parse(t, src, tc.test)
			set, err := Explore(prog, test, builtin(t, tc.model), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := matches(set.Observations, tc.outcome...); got != tc.allowed {
				t.Errorf("outcome %v allowed = %v, want %v; observations:\n%s", tc.outcome, got, tc.allowed, strings.Join(set.Observations, "\n"))
			}
		})
	}
}

func TestObservationFormat(t *testing.T) {
	prog, test := parse(t, `
global X
proc a() { observe label "a"  %r := load @X  observe output "r" %r  observe input "in" 7 }
proc b() { observe output "early" 1  observe label "b"  observe label "b2"  observe output "o" -2 }
proc i() { store @X, 4 }
`, "T = i ( a | b )")
	set, err := Explore(prog, test, builtin(t, "sc"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`1.1.label."a"=1;1.1.input."in"=7;1.1.output."r"=4;` +
		`2.0.output."early"=1;2.1.label."b"=1;2.2.label."b2"=1;2.2.output."o"=-2;`}
	if !slices.Equal(set.Observations, want) {
		t.Errorf("observations\n%q\nwant\n%q", set.Observations, want)
	}
}

func TestStatusFacts(t *testing.T) {
	tests := []struct {
		name, src, test string
		errors          []string
		deadlock        bool
		observations    int
	}{
		{"spin deadlock", spinSrc, "T = ( wait | nop )", nil, true, 0},
		{"spin released", spinSrc, "T = ( wait | set )", nil, false, 1},
		{"spin released by init", spinSrc, "T = set ( wait | nop )", nil, false, 1},
		// The final thread only starts once every concurrent thread
		// completes, so a spin waiting for its store is a deadlock.
		{"spin before final store", spinSrc, "T = ( wait | nop ) set", nil, true, 0},
		{"assertion", errSrc, "T = ( check | set )", []string{ReasonAssertion}, false, 1},
		{"no assertion", errSrc, "T = ( check | skip )", nil, false, 1},
		{"null dereference", errSrc, "T = ( deref | skip )", []string{ReasonRuntimeError}, false, 0},
		{"assume discards", errSrc, "T = ( skip | set )", nil, false, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog, test := parse(t, tc.src, tc.test)
			for _, name := range []string{"sc", "relaxed"} {
				set, err := Explore(prog, test, builtin(t, name), Options{})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(set.ErrorReasons, tc.errors) || set.Deadlock != tc.deadlock || len(set.Observations) != tc.observations {
					t.Errorf("%s: errors %v deadlock %v observations %d, want %v %v %d", name,
						set.ErrorReasons, set.Deadlock, len(set.Observations), tc.errors, tc.deadlock, tc.observations)
				}
			}
		})
	}
}

func TestDecide(t *testing.T) {
	sb, test := parse(t, strings.ReplaceAll(sbSrc, "FENCE", "fence full"), "T = ( a | b )")
	atomic, incTest := parse(t, strings.ReplaceAll(incSrc, "ATOMIC", "atomic"), "T = ( inc | inc ) fin")
	racy, _ := parse(t, strings.ReplaceAll(incSrc, "ATOMIC", ""), "T = ( inc | inc ) fin")
	spin, spinTest := parse(t, spinSrc, "T = ( wait | nop )")
	check, checkTest := parse(t, errSrc, "T = ( check | set )")
	for _, tc := range []struct {
		prog  *lsl.Program
		test  *lsl.Test
		model string
		want  string
	}{
		// r0 = r1 = 1 is not serializable, even on sc
		{sb, test, "sc", "FAIL (consistency)"},
		{atomic, incTest, "relaxed", "PASS"},
		{racy, incTest, "sc", "FAIL (consistency)"},
		{spin, spinTest, "sc", "FAIL (deadlock)"},
		{check, checkTest, "relaxed", "FAIL (assertion)"},
	} {
		test := tc.test
		conc, err := Explore(tc.prog, test, builtin(t, tc.model), Options{})
		if err != nil {
			t.Fatal(err)
		}
		serial, err := Serial(tc.prog, test, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Decide(conc, serial)
		if err != nil || v.String() != tc.want {
			t.Errorf("%s: verdict %v (%v), want %s", tc.model, v, err, tc.want)
		}
	}
}

func TestCompileBuiltins(t *testing.T) {
	for _, name := range axioms.BuiltinNames() {
		md, err := compileModel(builtin(t, name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if md.memOrder < 0 || md.rels[md.memOrder].kind != relTotal {
			t.Errorf("%s: memory_order is not recognized as a total order", name)
		}
	}
	md, err := compileModel(builtin(t, "rmo"))
	if err != nil {
		t.Fatal(err)
	}
	do := md.rels[md.relIdx["dependence_order"]]
	if do.kind != relHorn || do.onOrders {
		t.Errorf("rmo dependence_order: kind %v onOrders %v, want a static Horn relation", do.kind, do.onOrders)
	}
}

func TestCompileRejects(t *testing.T) {
	src := `model odd
predefined
set instruction
predicate access(instruction)
exists
relation r(access, access)
forall
X, Y : access
require
<t> r(X, Y) | r(Y, X)
end model
`
	m, err := axioms.Parse("odd.mm", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := compileModel(m); err == nil || errors.Is(err, ErrLimit) {
		t.Errorf("a relation that is neither a total order nor Horn-definable: err = %v", err)
	}
}

func TestUnrollingBounds(t *testing.T) {
	prog, test := parse(t, `
global X
proc loop() { l: { %v := load @X  %z := eq(%v, 0)  if %z { continue l } } }
proc set() { store @X, 1 }
`, "T = ( loop | set )")
	// With fair progress an iteration that reads 0 again changes nothing:
	// bound 1 suffices.
	set, err := Explore(prog, test, builtin(t, "sc"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Pruned) != 0 {
		t.Fatalf("fair, bound 1: pruned %v, want none", set.Pruned)
	}
	set, err = Explore(prog, test, builtin(t, "sc"), Options{Unfair: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Pruned) != 1 {
		t.Fatalf("bound 1: pruned %v, want the loop", set.Pruned)
	}
	if _, err := Decide(set, set); err == nil {
		t.Errorf("Decide accepted a set with pruned executions")
	}
	// The loop can read 0 any number of times: more unrolling never ends.
	set, err = Explore(prog, test, builtin(t, "sc"), Options{Bounds: lsl.Bounds{set.Pruned[0]: 2}, Unfair: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Pruned) != 1 {
		t.Errorf("bound 2: pruned %v; the loop can spin on 0 forever", set.Pruned)
	}
}

func TestGenerateDeterministic(t *testing.T) {
	for seed := int64(0); seed < 50; seed++ {
		a, b := Generate(seed, SmallGen), Generate(seed, SmallGen)
		if a != b {
			t.Fatalf("seed %d: two different programs", seed)
		}
		if _, err := ParseCase("gen", []byte(a)); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, a)
		}
	}
	if Generate(1, SmallGen) == Generate(2, SmallGen) {
		t.Errorf("seeds 1 and 2 give the same program")
	}
}

// TestGenerateCoverage checks that the generator exercises every feature
// the differential test is meant to cover.
func TestGenerateCoverage(t *testing.T) {
	features := map[string]bool{}
	for _, kind := range lsl.FenceKinds() {
		features["fence "+kind.String()] = false
	}
	for _, f := range []string{"atomic {", "choose", "assert", "assume", "spin", "if ", "} else {", "load %p", "proc init", "proc final", "global Z", "= 1\n", "| t3a"} {
		features[f] = false
	}
	for seed := int64(0); seed < 300; seed++ {
		src := Generate(seed, SmallGen)
		for f := range features {
			if strings.Contains(src, f) {
				features[f] = true
			}
		}
	}
	for f, seen := range features {
		if !seen {
			t.Errorf("no generated program has %q", f)
		}
	}
}

// TestFairCutOffKeepsStoringCycle: fair progress deletes a cycle that
// stores only when its thread is not cut off after it inside the same
// loop instance (docs/semantics.md, "Fair progress"). t1's first round
// stores X = 1 and changes nothing else; at bound 2 the round after it
// counts c up, so the third is cut off, and the whole execution (the third
// round leaves, the assertion reads X == 1) needs bound 3. Deleting the
// first round from the cut-off execution — what the reference and the
// engine did until 2026-11-23 — left no cut-off at bound 2, and the check
// said PASS.
func TestFairCutOffKeepsStoringCycle(t *testing.T) {
	prog, test := parse(t, `
global X
global F
proc t1() {
    %c := 0
    l: {
        %f := load @F
        %two := eq(%f, 2)
        if %two { store @X, 1  continue l }
        %zero := eq(%c, 0)
        %three := eq(%f, 3)
        %again := and(%zero, %three)
        if %again { %c := 1  continue l }
    }
    %x := load @X
    %ok := eq(%x, 0)
    assert %ok
}
proc t2() { store @F, 2  store @F, 3 }
`, "T = ( t1 | t2 )")
	at1, err := Explore(prog, test, builtin(t, "sc"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(at1.Pruned) != 1 {
		t.Fatalf("bound 1: pruned %v, want the loop", at1.Pruned)
	}
	at2, err := Explore(prog, test, builtin(t, "sc"), Options{Bounds: lsl.Bounds{at1.Pruned[0]: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if len(at2.Pruned) != 1 {
		t.Fatalf("bound 2: pruned %v, want the loop (the cut-off after the storing round is kept)", at2.Pruned)
	}
}

// TestFairSupersededCycleDeleted: a retry that stores the same location
// again in its next round (Treiber's node->next = top) converges when the
// other threads are done: a stale round's store is superseded, so nothing
// after the cut can read it.
func TestFairSupersededCycleDeleted(t *testing.T) {
	prog, test := parse(t, retryStore(t), "T = ( retry | set )")
	if pruned := prunedAtBound3(t, prog, test, builtin(t, "relaxed")); len(pruned) != 0 {
		t.Errorf("bound 3 on relaxed: pruned %v, want none (stale rounds are superseded)", pruned)
	}
}

// prunedAtBound3 explores a test with the loops cut off at the default
// bounds raised to 3, and returns the loops still cut off there.
func prunedAtBound3(t *testing.T, prog *lsl.Program, test *lsl.Test, m *axioms.Model) []lsl.LoopKey {
	t.Helper()
	set, err := Explore(prog, test, m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	bounds := lsl.Bounds{}
	for _, p := range set.Pruned {
		bounds[p] = 3
	}
	set, err = Explore(prog, test, m, Options{Bounds: bounds})
	if err != nil {
		t.Fatal(err)
	}
	return set.Pruned
}

// TestFairSupersededSharedCycleKept is TestFairSupersededCycleDeleted with
// a reader of N: on relaxed a load after the cut may read a superseded
// round's store (docs/semantics.md, "Storing cycles"), so the cut-off run
// stays, while on sc, where the others are done, it goes; and with the
// store silent-free but sealed (nobody else reads N) it goes on relaxed too.
func TestFairSupersededSharedCycleKept(t *testing.T) {
	src := retryStore(t)
	for _, tc := range []struct {
		model, test string
		pruned      bool
	}{
		{"relaxed", "T = ( retry | setRead )", true},
		{"sc", "T = ( retry | setRead )", false},
		{"relaxed", "T = ( retry | set )", false},
	} {
		prog, test := parse(t, src, tc.test)
		pruned := prunedAtBound3(t, prog, test, builtin(t, tc.model))
		if got := len(pruned) != 0; got != tc.pruned {
			t.Errorf("%s on %s at bound 3: pruned %v, want pruned %v", tc.test, tc.model, pruned, tc.pruned)
		}
	}
}
