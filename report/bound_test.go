package report

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// boundResult checks testdata/retry.lsl (a CAS retry loop that needs two
// iterations when two increments contend, without fair progress, which
// would find the failed iteration redundant) with --max-unroll 1:
// INCONCLUSIVE, with the execution that reached the bound.
func boundResult(t *testing.T) *mining.Result {
	t.Helper()
	implPath := filepath.Join("testdata", "retry.lsl")
	src, err := os.ReadFile(implPath)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lsl.ParseFiles([]lsl.SourceFile{{Name: implPath, Src: src}})
	if err != nil {
		t.Fatal(err)
	}
	tf, err := lsl.ParseTests("retry.tst", []byte("test Inc = ( inc | inc )\n"))
	if err != nil {
		t.Fatal(err)
	}
	sc, _ := memmodel.Builtin("sc")
	r, err := mining.Check(context.Background(), prog, tf.Tests[0], mining.Options{Options: encode.Options{NoFairProgress: true}, Model: sc, MaxUnroll: 1, Witness: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != mining.Inconclusive || r.Reason != mining.ReasonUnrollLimit || r.Trace == nil {
		t.Fatalf("got %s %s (trace %v), want INCONCLUSIVE unroll-limit with a trace", r.Verdict, r.Reason, r.Trace != nil)
	}
	return r
}

// An INCONCLUSIVE result's execution is not a witness: every form says it
// stopped at a loop bound, and which loop and bound.
func TestBoundExecutionLabels(t *testing.T) {
	r := boundResult(t)
	var b bytes.Buffer
	WriteTrace(&b, r, TextOptions{Model: "sc"})
	text := b.String()
	for _, want := range []string{
		"execution at the loop bound for Inc on sc: not a failure",
		"stopped at the loop in inc at retry.lsl:7:5 after 1 iteration",
		"(stopped at the bound: 1 iteration of the loop in inc at retry.lsl:7:5)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text trace lacks %q:\n%s", want, text)
		}
	}
	for _, bad := range []string{"witness", "every execution passes", "produces the same"} {
		if strings.Contains(text, bad) {
			t.Errorf("text trace of an INCONCLUSIVE result says %q:\n%s", bad, text)
		}
	}

	jt := TraceJSON(r)
	if jt.Kind != "bound" || !strings.Contains(jt.Bound, "the loop in inc") {
		t.Errorf("JSON kind %q bound %q, want kind bound naming the loop", jt.Kind, jt.Bound)
	}
	stopped := 0
	for _, th := range jt.Threads {
		if th.StoppedAt != nil {
			stopped++
			if th.StoppedAt.Proc != "inc" || th.StoppedAt.Bound != 1 || !strings.HasSuffix(th.StoppedAt.Pos, "retry.lsl:7:5") {
				t.Errorf("JSON stopped_at %+v, want inc, bound 1, retry.lsl:7:5", *th.StoppedAt)
			}
		}
	}
	if stopped == 0 {
		t.Error("no JSON thread says where it stopped")
	}
	var jb bytes.Buffer
	if err := WriteJSON(&jb, "sc", []*mining.Result{r}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tests []struct{ Hint string }
	}
	if err := json.Unmarshal(jb.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Tests) != 1 || !strings.Contains(doc.Tests[0].Hint, "--max-unroll 2") {
		t.Errorf("JSON hint %+v, want one suggesting --max-unroll 2", doc.Tests)
	}

	dir := t.TempDir()
	if err := WriteHTML(dir, "sc", []*mining.Result{r}); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, PageFiles([]*mining.Result{r})[0]))
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	for _, want := range []string{"Execution at the loop bound", "The execution below is not a failure", "What to do:", "at loop bound"} {
		if !strings.Contains(html, want) {
			t.Errorf("HTML page lacks %q", want)
		}
	}
	if strings.Contains(html, "Witness execution") {
		t.Error("HTML page calls the execution of an INCONCLUSIVE result a witness")
	}
}

func TestHint(t *testing.T) {
	cases := []struct {
		r    *mining.Result
		want string
	}{
		{&mining.Result{Reason: mining.ReasonUnrollLimit, Bounds: lsl.Bounds{"a": 3, "b": 5}}, "--max-unroll 10"},
		{&mining.Result{Reason: mining.ReasonUnrollLimit}, "a higher --max-unroll"},
		{&mining.Result{Reason: mining.ReasonUnrollLimit, Flags: []string{"racy"}}, "a flag of the model names (racy)"},
		{&mining.Result{Reason: mining.ReasonUnrollLimit, Message: "a.c:3:5: " + lsl.ThreadBoundLoop + " more than 4 times (...)"}, "--max-threads 8"},
		{&mining.Result{Reason: mining.ReasonTimeout}, "--timeout"},
		{&mining.Result{Reason: mining.ReasonMemory}, "--max-memory"},
		{&mining.Result{Reason: mining.ReasonInterrupted}, ""},
	}
	for _, c := range cases {
		got := Hint(c.r)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("Hint(%s) = %q, want it to contain %q", c.r.Reason, got, c.want)
		}
	}
}
