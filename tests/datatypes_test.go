package tests

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/tests/datatypes"
)

var slowDatatypes = flag.Bool("datatypes.slow", false, "also check the rows of datatypes/expected.csv marked slow")

// datatypeTimeout bounds one row: a fast row takes a few seconds, so
// reaching it means the engine got much slower (or a verdict changed into
// a search that does not end).
const datatypeTimeout = 2 * time.Minute

// TestDatatypeVerdicts checks the verdicts of datatypes/expected.csv: the
// five data types of dissertation ch. 8 with their fences, without them,
// with single fences left out, with their known bugs, and with --spec.
func TestDatatypeVerdicts(t *testing.T) {
	rows := expectedRows(t)
	programs := map[string]*datatypes.Program{}
	for _, row := range rows {
		if row.Slow && !*slowDatatypes {
			continue
		}
		t.Run(row.String(), func(t *testing.T) {
			key := row.Datatype + "/" + row.Variant
			p, ok := programs[key]
			if !ok {
				v, err := datatypes.NewVariant("datatypes", row.Datatype, row.Variant)
				if err != nil {
					t.Fatal(err)
				}
				if p, err = v.Load(); err != nil {
					t.Fatal(err)
				}
				programs[key] = p
			}
			test, err := p.Test(row.Test)
			if err != nil {
				t.Fatal(err)
			}
			r, err := p.Check(context.Background(), test, row.Model, row.MaxUnroll, datatypeTimeout)
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict != row.Verdict || r.Reason != row.Reason {
				t.Errorf("expected.csv:%d: got %s %s (%s), want %s %s", row.Line, r.Verdict, r.Reason, r.Message, row.Verdict, row.Reason)
			}
		})
	}
}

func expectedRows(t *testing.T) []datatypes.Row {
	t.Helper()
	rows, err := datatypes.ReadExpected("datatypes/expected.csv")
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

var fenceCall = regexp.MustCompile(`lsl_fence\("`)

// TestDatatypeFencesShown checks that expected.csv shows every fence of
// every data type to be needed: a row that leaves it out and fails (or,
// for fences that only bound retry loops, does not terminate within an
// unrolling limit), and no omit: row names a line without a fence.
func TestDatatypeFencesShown(t *testing.T) {
	shown := map[string]bool{}
	for _, row := range expectedRows(t) {
		if strings.HasPrefix(row.Variant, "omit:") && row.Verdict != "PASS" {
			shown[row.Datatype+":"+strings.TrimPrefix(row.Variant, "omit:")] = true
		}
	}
	for _, name := range datatypes.Names {
		src, err := os.ReadFile(filepath.Join("datatypes", name, name+".c"))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			key := name + ":" + strconv.Itoa(i+1)
			if fenceCall.MatchString(line) != shown[key] {
				if shown[key] {
					t.Errorf("expected.csv omits the fence of %s.c:%d, which has none", name, i+1)
				} else {
					t.Errorf("%s.c:%d: no row of expected.csv shows that this fence is needed", name, i+1)
				}
			}
		}
	}
}

// TestDatatypeVariantsInSync checks that the variant files are the
// implementation with exactly the documented change, so that they cannot
// drift apart: each has its own leading comment, the rest must match.
func TestDatatypeVariantsInSync(t *testing.T) {
	dropLines := func(sub string) func(string) string {
		return func(s string) string {
			var out []string
			for _, l := range strings.SplitAfter(s, "\n") {
				if !strings.Contains(l, sub) {
					out = append(out, l)
				}
			}
			return strings.Join(out, "")
		}
	}
	cases := []struct {
		datatype, variant string
		change            func(string) string
	}{
		{"msn", "reuse", strings.NewReplacer("lsl_malloc_noreuse", "lsl_malloc", "lsl_free_noreuse", "lsl_free").Replace},
		{"lazylist", "nomark", dropLines("node->marked = false;")},
	}
	for _, name := range datatypes.Names {
		cases = append(cases, struct {
			datatype, variant string
			change            func(string) string
		}{name, "nofence", dropLines("lsl_fence(")})
	}
	body := func(path string) string {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := string(src)
		end := strings.Index(s, "*/")
		if !strings.HasPrefix(s, "/*") || end < 0 {
			t.Fatalf("%s: must start with a comment", path)
		}
		return s[end+2:]
	}
	for _, c := range cases {
		dir := filepath.Join("datatypes", c.datatype)
		want := c.change(body(filepath.Join(dir, c.datatype+".c")))
		got := body(filepath.Join(dir, c.datatype+"_"+c.variant+".c"))
		if got != want {
			t.Errorf("%s_%s.c is not %s.c with its documented change", c.datatype, c.variant, c.datatype)
		}
	}
	a, err := os.ReadFile("datatypes/ms2/ref.c")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("datatypes/msn/ref.c")
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != string(b) {
		t.Errorf("the two queue references ms2/ref.c and msn/ref.c differ")
	}
}
