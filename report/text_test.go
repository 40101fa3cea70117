package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// The text traces of saved results (see fixture), compared with golden
// files.
func TestWriteTraceGolden(t *testing.T) {
	cases := []struct {
		golden, impl, tst, model, test string
		verdict                        mining.Verdict
		color                          bool
	}{
		{"mp_relaxed.txt", "mp.lsl", "mp.tst", "relaxed", "MP", mining.Fail, false},
		{"mp_relaxed_color.txt", "mp.lsl", "mp.tst", "relaxed", "MP", mining.Fail, true},
		{"mpops_relaxed.txt", "mp.lsl", "mp.tst", "relaxed", "MPops", mining.Fail, false},
		{"mpops_sc_witness.txt", "mp.lsl", "mp.tst", "sc", "MPops", mining.Pass, false},
		{"2+2W_relaxed.txt", "mp.lsl", "mp.tst", "relaxed", "2+2W", mining.Fail, false},
		{"publish_relaxed.txt", "publish.lsl", "publish.tst", "relaxed", "Publish", mining.Fail, false},
		{"count_sc.txt", "errors.lsl", "errors.tst", "sc", "Count", mining.Fail, false},
		{"deadlock_sc.txt", "errors.lsl", "errors.tst", "sc", "Deadlock", mining.Fail, false},
		{"null_sc.txt", "errors.lsl", "errors.tst", "sc", "Null", mining.Fail, false},
		{"queue_relaxed.txt", "queue.lsl", "queue.tst", "relaxed", "T0", mining.Fail, false},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			name := strings.TrimSuffix(strings.TrimSuffix(c.golden, ".txt"), "_color")
			r := fixtureResult(t, name, c.impl, c.tst, c.model, c.test)
			if r.Verdict != c.verdict {
				t.Fatalf("verdict %s, want %s (%s)", r.Verdict, c.verdict, r.Message)
			}
			var b bytes.Buffer
			WriteTrace(&b, r, TextOptions{Color: c.color, Model: c.model})
			golden(t, c.golden, b.Bytes())
		})
	}
}

// What a newcomer needs to read an MP failure must be in the trace,
// whatever the exact layout.
func TestWriteTraceMPContent(t *testing.T) {
	r := result(t, check(t, "mp.lsl", "mp.tst", "relaxed"), "MP")
	var b bytes.Buffer
	WriteTrace(&b, r, TextOptions{Model: "relaxed"})
	out := b.String()
	for _, want := range []string{
		"counterexample for MP on relaxed: not sequentially consistent",
		"thread t1", "thread t2",
		"store  X = 1", "load   Y = 1",
		"← t1 store @ mp.lsl:6:45", // the load of Y read t1's store
		"← initial value",          // the load of X read the initial value
		"memory order",
		"reordered by the memory model",
		"observed   w()   r(x=0, y=1)",
		"serial #",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("trace lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("colour codes without TextOptions.Color")
	}
}

func TestWriteTraceColorOnlyWhenAsked(t *testing.T) {
	r := result(t, check(t, "mp.lsl", "mp.tst", "relaxed"), "MP")
	var plain, color bytes.Buffer
	WriteTrace(&plain, r, TextOptions{})
	WriteTrace(&color, r, TextOptions{Color: true})
	if !strings.Contains(color.String(), "\x1b[") {
		t.Error("no colour codes with Color set")
	}
	// without the escape codes and the caret lines (colour replaces
	// them), both say the same
	stripped := stripANSI(color.String())
	var noCarets []string
	for _, l := range strings.Split(plain.String(), "\n") {
		if strings.Trim(l, " ^") != "" || l == "" {
			noCarets = append(noCarets, l)
		}
	}
	if stripped != strings.Join(noCarets, "\n") {
		t.Errorf("coloured trace says something else:\n%s\nplain:\n%s", stripped, plain.String())
	}
}

func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && s[j] != 'm' {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// A result without an execution (INCONCLUSIVE, or no witness asked for)
// prints nothing rather than failing.
func TestWriteTraceWithoutExecution(t *testing.T) {
	var b bytes.Buffer
	WriteTrace(&b, &mining.Result{Test: "T", Verdict: mining.Inconclusive, Reason: mining.ReasonTimeout}, TextOptions{})
	if b.Len() != 0 {
		t.Errorf("wrote %q", b.String())
	}
}

// A C11 program's trace on a .mm model shows each atomic access with its
// order ("store release") and leaves out the fences the front end added
// for the model, unless verbose; on a cat model nothing is folded.
func TestC11FencesFolded(t *testing.T) {
	r := fixtureResult(t, "c11mp_relaxed", "c11mp.lsl", "c11mp.tst", "relaxed", "MP")
	if r.Verdict != mining.Fail {
		t.Fatalf("verdict %s, want FAIL (%s)", r.Verdict, r.Message)
	}
	for _, verbose := range []bool{false, true} {
		var b bytes.Buffer
		WriteTrace(&b, r, TextOptions{Model: "relaxed", Verbose: verbose})
		name := "c11mp_relaxed.txt"
		if verbose {
			name = "c11mp_relaxed_verbose.txt"
		}
		golden(t, name, b.Bytes())
		out := b.String()
		if strings.Contains(out, "store-store") == !verbose || !strings.Contains(out, "store release") {
			t.Errorf("verbose %v: the mapping's fences are not folded as they should be:\n%s", verbose, out)
		}
	}
}
