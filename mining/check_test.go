package mining

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/trace"
)

const progSrc = `
global X
global Y
global L
proc wx() { observe label "wx"  store @X, 1 }
proc wy() { observe label "wy"  store @Y, 1 }
proc rx() { observe label "rx"  %r := load @X  observe output "r" %r }
proc ry() { observe label "ry"  %r := load @Y  observe output "r" %r }
proc check() { %x := load @X  %c := eq(%x, 0)  assert %c "X changed" }
proc deref() { %p := load @Y  %v := load %p }
proc wait() { spin S { %x := load @X  %z := eq(%x, 0)  if %z { continue S } } }
proc lock() { spin S { atomic { %v := load @L  store @L, 1 }  %b := ne(%v, 0)  if %b { continue S } } }
proc count() {
    observe label "count"
    %i := 0
    loop: {
        %x := load @X
        %d := eq(%x, 0)
        if %d { break loop }
        %i := add(%i, 1)
        store @X, 0
        continue loop
    }
    observe output "i" %i
}
proc forever() { loop: { %x := load @X  store @Y, %x  continue loop } }
proc counting() { %i := 0  loop: { %i := add(%i, 1)  store @Y, %i  continue loop } }
proc wx3() { observe label "wx"  store @X, 3 }
`

func setup(t *testing.T, test string) (*lsl.Program, *lsl.Test) {
	t.Helper()
	p, err := lsl.Parse("p.lsl", []byte(progSrc))
	if err != nil {
		t.Fatal(err)
	}
	tf, err := lsl.ParseTests("p.tst", []byte("test T = "+test))
	if err != nil {
		t.Fatal(err)
	}
	if err := tf.Check(p); err != nil {
		t.Fatal(err)
	}
	return p, tf.Tests[0]
}

func builtin(t *testing.T, name string) *memmodel.Model {
	m, ok := memmodel.Builtin(name)
	if !ok {
		t.Fatal(name)
	}
	return m
}

func TestCheckVerdicts(t *testing.T) {
	cases := []struct {
		test, model string
		verdict     Verdict
		reason      string
		msg         string
	}{
		{"( wx ry | wy rx )", "sc", Pass, "", ""},
		{"( wx ry | wy rx )", "relaxed", Fail, ReasonConsistency, "not produced by any serial execution"},
		{"( check | wx )", "sc", Fail, ReasonAssertion, "X changed"},
		{"( deref )", "sc", Fail, ReasonRuntimeError, "null dereference: `p` is 0"},
		{"( wait | rx )", "sc", Fail, ReasonDeadlock, "waits forever"},
		{"( wait | wx )", "relaxed", Pass, "", ""},
		{"lock ( lock | rx )", "sc", Fail, ReasonDeadlock, "waits forever"},
		{"( lock | lock )", "relaxed", Fail, ReasonDeadlock, ""},
		{"wx3 ( count )", "sc", Pass, "", ""},
		{"( count | wx )", "relaxed", Pass, "", ""},
		// count reads 1, clears X, reads 3: i = 2, which no serial order gives
		{"( count | wx | wx3 )", "sc", Fail, ReasonConsistency, "count(i=2)"},
		{"( wait | deref )", "sc", Fail, ReasonRuntimeError, ""}, // the failure, not the blocked thread
	}
	for _, c := range cases {
		p, test := setup(t, c.test)
		r, err := Check(context.Background(), p, test, Options{Model: builtin(t, c.model), Witness: true})
		if err != nil {
			t.Fatalf("%s: %v", c.test, err)
		}
		if r.Verdict != c.verdict || r.Reason != c.reason || !strings.Contains(r.Message, c.msg) {
			t.Errorf("%s on %s: %s %s %q, want %s %s %q", c.test, c.model, r.Verdict, r.Reason, r.Message, c.verdict, c.reason, c.msg)
		}
		if r.Verdict == Fail && r.Trace == nil {
			t.Errorf("%s: FAIL without a trace", c.test)
		}
	}
}

// TestLazyUnrolling: the count loop iterates once more than X is set, so
// its bound grows until no execution is pruned.
func TestLazyUnrolling(t *testing.T) {
	p, test := setup(t, "( count | wx )")
	r, err := Check(context.Background(), p, test, Options{Model: builtin(t, "sc")})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Pass {
		t.Fatalf("%s %s", r.Verdict, r.Message)
	}
	b := r.Bounds["t1.0:count/L1"]
	if b != 2 {
		t.Errorf("loop bound %d, want 2 (one store to count, one exit iteration): %v", b, r.Bounds)
	}
	r2, err := Check(context.Background(), p, test, Options{Model: builtin(t, "sc"), SATMining: true})
	if err != nil || r2.Verdict != Pass || r2.Bounds["t1.0:count/L1"] != 2 {
		t.Errorf("with SAT mining: %v %v %v", err, r2.Verdict, r2.Bounds)
	}
}

func TestUnrollLimit(t *testing.T) {
	// a loop whose state changes every iteration never repeats
	p, test := setup(t, "( counting )")
	r, err := Check(context.Background(), p, test, Options{Model: builtin(t, "sc"), MaxUnroll: 4})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Inconclusive || r.Reason != ReasonUnrollLimit || !strings.Contains(r.Message, "p.lsl:") {
		t.Errorf("%s %s %q", r.Verdict, r.Reason, r.Message)
	}
	// one that copies X to Y forever repeats: with fair progress it is a
	// livelock, without it the unrolling limit is reached
	p, test = setup(t, "( forever )")
	for _, unfair := range []bool{false, true} {
		r, err = Check(context.Background(), p, test, Options{Options: encode.Options{NoFairProgress: unfair}, Model: builtin(t, "sc"), MaxUnroll: 4})
		if err != nil {
			t.Fatal(err)
		}
		want := ReasonLivelock
		if unfair {
			want = ReasonUnrollLimit
		}
		if r.Reason != want {
			t.Errorf("forever, unfair %v: %s %s %q, want %s", unfair, r.Verdict, r.Reason, r.Message, want)
		}
	}
}

func TestCanceled(t *testing.T) {
	p, test := setup(t, "( wx ry | wy rx )")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Check(ctx, p, test, Options{Model: builtin(t, "relaxed")})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Inconclusive || r.Reason != ReasonInterrupted {
		t.Errorf("%s %s", r.Verdict, r.Reason)
	}
	r, err = Check(context.Background(), p, test, Options{Model: builtin(t, "relaxed"), Timeout: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Inconclusive || r.Reason != ReasonTimeout {
		t.Errorf("timeout: %s %s", r.Verdict, r.Reason)
	}
}

func TestMineAndExecutions(t *testing.T) {
	p, test := setup(t, "( wx ry | wy rx )")
	r, err := Mine(context.Background(), p, test, Options{Model: builtin(t, "relaxed")})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Mined) != 3 {
		t.Errorf("%d serial observations, want 3", len(r.Mined))
	}
	set, err := Executions(context.Background(), p, test, Options{Model: builtin(t, "relaxed")}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Observations) != 4 || set.AnyError || set.AnyDeadlock {
		t.Errorf("relaxed executions: %d observations, error %v, deadlock %v", len(set.Observations), set.AnyError, set.AnyDeadlock)
	}
	// the non-serial observation has a witness on relaxed only
	var bad trace.Observation
	mined := map[string]bool{}
	for _, o := range r.Mined {
		mined[o.Canon()] = true
	}
	for _, o := range set.Observations {
		if !mined[o.Canon()] {
			bad = o
		}
	}
	w, err := Witness(context.Background(), p, test, Options{Model: builtin(t, "relaxed")}, bad)
	if err != nil || w.Verdict != Pass || w.Trace == nil {
		t.Errorf("relaxed witness: %v %+v", err, w)
	}
	w, err = Witness(context.Background(), p, test, Options{Model: builtin(t, "sc")}, bad)
	if err != nil || w.Verdict != Fail {
		t.Errorf("sc witness should not exist: %v %+v", err, w)
	}
}

// TestSpec mines from a reference implementation: a spec whose reads
// return 0 or 1 freely allows every outcome, one that returns 7 none.
func TestSpec(t *testing.T) {
	p, test := setup(t, "( wx ry | wy rx )")
	loose, err := lsl.Parse("spec.lsl", []byte(`
proc wx() { observe label "wx" }
proc wy() { observe label "wy" }
proc rx() { observe label "rx"  %r := choose 0 .. 1  observe output "r" %r }
proc ry() { observe label "ry"  %r := choose 0 .. 1  observe output "r" %r }`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(context.Background(), p, test, Options{Model: builtin(t, "relaxed"), Spec: loose})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Pass || len(r.Mined) != 4 {
		t.Errorf("loose spec: %s, %d observations", r.Verdict, len(r.Mined))
	}
	bad, err := lsl.Parse("spec.lsl", []byte(`
proc wx() { observe label "wx" }
proc wy() { observe label "wy" }
proc rx() { observe label "rx"  assert 0 "spec fails" }
proc ry() { observe label "ry" }`))
	if err != nil {
		t.Fatal(err)
	}
	r, err = Check(context.Background(), p, test, Options{Model: builtin(t, "sc"), Spec: bad})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Fail || r.Reason != ReasonSpecError {
		t.Errorf("failing spec: %s %s %s", r.Verdict, r.Reason, r.Message)
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"512M": 512 << 20, "4G": 4 << 30, "1.5GB": 3 << 29, "1500000000": 1500000000} {
		got, err := limits.ParseSize(in)
		if err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "-1", "lots"} {
		if _, err := limits.ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) accepted", in)
		}
	}
}

// TestUnrollLimitKeepsTraceWhenFlagQueriesStop: a check that reaches the
// unrolling limit asks its model's flags next; when those queries are
// interrupted, the result is still the limit's, with its cut-off execution.
func TestUnrollLimitKeepsTraceWhenFlagQueriesStop(t *testing.T) {
	// racy writes Y, then loops for as long as it reads X = 1: a complete
	// execution with a data race on Y (rc11's flag) and, with wxa, a cut-off
	p, err := lsl.Parse("p.lsl", []byte(progSrc+`
proc racy() { store<NA> @Y, 0  %i := 0  loop: { %x := load<A,RLX> @X  %d := eq(%x, 0)  if %d { break loop }  %i := add(%i, 1)  store<A,RLX> @L, %i  continue loop } }
proc ryna() { %r := load<NA> @Y }
proc wxa() { store<A,RLX> @X, 1 }
`))
	if err != nil {
		t.Fatal(err)
	}
	tf, err := lsl.ParseTests("p.tst", []byte("test T = ( racy | ryna | wxa )"))
	if err != nil {
		t.Fatal(err)
	}
	if err := tf.Check(p); err != nil {
		t.Fatal(err)
	}
	test := tf.Tests[0]
	test.Program = true // a whole program asks the flags where it stops
	opt := func(onQuery func(QueryEvent)) Options {
		return Options{Model: builtin(t, "rc11"), MaxUnroll: 3, OnQuery: onQuery, Races: RacesNone}
	}
	queries := 0
	r, err := Check(context.Background(), p, test, opt(func(ev QueryEvent) {
		if ev.Kind == EventQuery {
			queries++
		}
	}))
	if err != nil {
		t.Fatal(err)
	}
	if r.Reason != ReasonUnrollLimit || r.Trace == nil || len(r.Flags) == 0 {
		t.Fatalf("uninterrupted: %s %s %q, trace %v, flags %v; want the unrolling limit with a trace and a flag", r.Verdict, r.Reason, r.Message, r.Trace != nil, r.Flags)
	}
	// the same check, interrupted before its last query: the flag query
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	seen := 0
	r, err = Check(ctx, p, test, opt(func(ev QueryEvent) {
		if ev.Kind == EventQuery {
			if seen++; seen == queries-len(r.Flags) {
				cancel()
			}
		}
	}))
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Inconclusive || r.Reason != ReasonUnrollLimit || r.Trace == nil || len(r.Flags) != 0 ||
		!strings.Contains(r.Message, "flag queries after it did not finish: interrupted") {
		t.Errorf("interrupted: %s %s %q, trace %v, flags %v; want the unrolling limit with its trace and no flag", r.Verdict, r.Reason, r.Message, r.Trace != nil, r.Flags)
	}
}
