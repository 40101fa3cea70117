package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

const synthDir = "../../tests/fencesynth/"

// TestFencesInsertGolden runs fences --insert on tests/fencesynth and
// compares the text, --json and --diff outputs with golden files (go test
// -update rewrites them). JSON seconds are zeroed.
func TestFencesInsertGolden(t *testing.T) {
	cases := []struct {
		golden string
		args   []string
	}{
		{"insert_peterson_pso.txt", []string{synthDir + "peterson.c", synthDir + "peterson.tst", "--model", "pso"}},
		{"insert_peterson_pso.json", []string{synthDir + "peterson.c", synthDir + "peterson.tst", "--model", "pso", "--json"}},
		{"insert_peterson_pso.diff", []string{synthDir + "peterson.c", synthDir + "peterson.tst", "--model", "pso", "--diff"}},
		{"insert_dekker_tso.txt", []string{synthDir + "../fairness/dekker.c", synthDir + "dekker.tst", "--model", "tso"}},
		{"insert_dekker_tso.diff", []string{synthDir + "../fairness/dekker.c", synthDir + "dekker.tst", "--model", "tso", "--diff"}},
		{"insert_chaselev_tso.json", []string{synthDir + "../fairness/chaselev.c", synthDir + "chaselev.tst", "--model", "tso", "--json"}},
		{"insert_spsc_pso.diff", []string{synthDir + "spsc.c", synthDir + "spsc.tst", "--model", "pso", "--diff"}},
		{"insert_seqlock_tso.txt", []string{synthDir + "seqlock_nofence.c", synthDir + "../fairness/seqlock.tst", "--model", "tso"}},
	}
	seconds := regexp.MustCompile(`"seconds": [0-9.e+-]+`)
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			code, out, errs := runCLI(append([]string{"fences", "--insert"}, c.args...)...)
			if code != exitPass {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
			}
			out = seconds.ReplaceAllString(out, `"seconds": 0`)
			path := filepath.Join("testdata", "golden", c.golden)
			if *updateGolden {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if out != string(want) {
				t.Errorf("output differs from %s:\n--- got\n%s\n--- want\n%s", path, out, want)
			}
		})
	}
}

// TestFencesInsertDiffApplies applies the --diff patch to a copy of the
// source and checks the result: every test passes, and --insert on the
// patched file finds nothing more to add.
func TestFencesInsertDiffApplies(t *testing.T) {
	for _, tc := range []struct{ impl, tst, model string }{
		{"peterson.c", "peterson.tst", "pso"},
		{"spsc.c", "spsc_full.tst", "tso"},
	} {
		t.Run(tc.impl+"/"+tc.model, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range []string{tc.impl, tc.tst} {
				b, err := os.ReadFile(synthDir + f)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			impl, tst := filepath.Join(dir, tc.impl), filepath.Join(dir, tc.tst)
			code, before, errs := runCLI("run", impl, tst, "--model", tc.model, "-q")
			if code != exitFail {
				t.Fatalf("without fences: exit %d, want %d\n%s%s", code, exitFail, before, errs)
			}
			code, diff, errs := runCLI("fences", "--insert", impl, tst, "--model", tc.model, "--diff")
			if code != exitPass {
				t.Fatalf("fences --insert: exit %d\n%s%s", code, diff, errs)
			}
			orig, err := os.ReadFile(impl)
			if err != nil {
				t.Fatal(err)
			}
			patched, err := applyAdditions(string(orig), diff)
			if err != nil {
				t.Fatalf("%v\n%s", err, diff)
			}
			if err := os.WriteFile(impl, []byte(patched), 0o644); err != nil {
				t.Fatal(err)
			}
			if code, out, errs := runCLI("run", impl, tst, "--model", tc.model); code != exitPass {
				t.Errorf("patched: exit %d\n%s%s", code, out, errs)
			}
			code, out, errs := runCLI("fences", "--insert", impl, tst, "--model", tc.model)
			if code != exitPass || !strings.Contains(out, "minimal fence set: 0 fences") {
				t.Errorf("--insert on the patched file: exit %d\n%s%s", code, out, errs)
			}
		})
	}
}

var hunkHeader = regexp.MustCompile(`^@@ -(\d+),(\d+) \+(\d+),(\d+) @@$`)

// applyAdditions applies a unified diff of one file that only adds lines,
// checking every context line and the hunk headers.
func applyAdditions(orig, diff string) (string, error) {
	old := strings.Split(orig, "\n")
	var out []string
	next := 0 // next original line (0-based) to copy
	lines := strings.Split(strings.TrimSuffix(diff, "\n"), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "--- a/") || !strings.HasPrefix(lines[1], "+++ b/") {
		return "", fmt.Errorf("no file header")
	}
	for i := 2; i < len(lines); {
		m := hunkHeader.FindStringSubmatch(lines[i])
		if m == nil {
			return "", fmt.Errorf("line %d: not a hunk header: %q", i+1, lines[i])
		}
		oldStart, _ := strconv.Atoi(m[1])
		oldLen, _ := strconv.Atoi(m[2])
		newStart, _ := strconv.Atoi(m[3])
		newLen, _ := strconv.Atoi(m[4])
		out = append(out, old[next:oldStart-1]...)
		next = oldStart - 1
		if newStart != len(out)+1 {
			return "", fmt.Errorf("hunk %q: new start %d, want %d", lines[i], newStart, len(out)+1)
		}
		i++
		nOld, nNew := 0, 0
		for ; i < len(lines) && !strings.HasPrefix(lines[i], "@@"); i++ {
			l := lines[i]
			switch {
			case strings.HasPrefix(l, "+"):
				out = append(out, l[1:])
				nNew++
			case strings.HasPrefix(l, " "):
				if old[next] != l[1:] {
					return "", fmt.Errorf("context %q does not match line %d %q", l[1:], next+1, old[next])
				}
				out = append(out, old[next])
				next++
				nOld++
				nNew++
			default:
				return "", fmt.Errorf("unexpected diff line %q", l)
			}
		}
		if nOld != oldLen || nNew != newLen {
			return "", fmt.Errorf("hunk at %d: %d/%d lines, header says %d/%d", oldStart, nOld, nNew, oldLen, newLen)
		}
	}
	out = append(out, old[next:]...)
	return strings.Join(out, "\n"), nil
}
