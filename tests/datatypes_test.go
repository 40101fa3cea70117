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
			p, test := rowProgram(t, programs, row)
			r, err := p.CheckRow(context.Background(), test, row, datatypeTimeout)
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict != row.Verdict || r.Reason != row.Reason {
				t.Errorf("expected.csv:%d: got %s %s (%s), want %s %s", row.Line, r.Verdict, r.Reason, r.Message, row.Verdict, row.Reason)
			}
			if err := r.CheckCounterexample(); err != nil {
				t.Errorf("expected.csv:%d: the counterexample is not a real execution: %v", row.Line, err)
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
// for fences that only make retry loops terminate under the models' axioms,
// does not terminate within an unrolling limit without fair progress: fair
// column "off"), and no omit: row names a line without a fence.
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
// drift apart. Most variants include the implementation and redefine a name
// of lsl_protos.h (nofence: lsl_fence does nothing; msn reuse: the
// allocators); lazylist_nomark.c is a copy without one line.
func TestDatatypeVariantsInSync(t *testing.T) {
	read := func(path string) string {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(src)
	}
	body := func(path string) string {
		s := read(path)
		end := strings.Index(s, "*/")
		if !strings.HasPrefix(s, "/*") || end < 0 {
			t.Fatalf("%s: must start with a comment", path)
		}
		return s[end+2:]
	}
	derived := func(datatype string, defines ...string) string {
		return "\n#include <lsl_protos.h>\n" + strings.Join(defines, "\n") + "\n#include \"" + datatype + ".c\"\n"
	}
	type variant struct{ datatype, name, want string }
	cases := []variant{{"msn", "reuse", derived("msn", "#define lsl_malloc_noreuse lsl_malloc", "#define lsl_free_noreuse lsl_free")}}
	for _, name := range datatypes.Names {
		cases = append(cases, variant{name, "nofence", derived(name, "#define lsl_fence(kind) ((void)0)")})
	}
	for _, c := range cases {
		path := filepath.Join("datatypes", c.datatype, c.datatype+"_"+c.name+".c")
		if got := body(path); got != c.want {
			t.Errorf("%s is not %s.c with its documented change:\n%s\nwant\n%s", path, c.datatype, got, c.want)
		}
	}
	var kept []string
	for _, l := range strings.SplitAfter(body("datatypes/lazylist/lazylist.c"), "\n") {
		if !strings.Contains(l, "node->marked = false;") {
			kept = append(kept, l)
		}
	}
	if body("datatypes/lazylist/lazylist_nomark.c") != strings.Join(kept, "") {
		t.Errorf("lazylist_nomark.c is not lazylist.c without node->marked = false;")
	}
	if got := body("datatypes/msn/ref.c"); got != "\n#include \"../ms2/ref.c\"\n" {
		t.Errorf("msn/ref.c must be ms2/ref.c, the one queue reference: %q", got)
	}
}
