package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const litmusData = "../../frontend/litmus/testdata"

// runLitmusCmd runs "checkfence litmus args…" and returns stdout, stderr
// and the exit status.
func runLitmusCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := newLitmusCmd()
	var out, errw bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errw)
	cmd.SetArgs(args)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.Execute()
	code := 0
	var ee exitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code = ee.code
	default:
		errw.WriteString(err.Error() + "\n")
		code = exitUsage
	}
	return out.String(), errw.String(), code
}

func TestLitmusCmdHerdOutput(t *testing.T) {
	out, errs, code := runLitmusCmd(t, filepath.Join(litmusData, "c", "SB.litmus"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"Test SB Allowed\n", "States 4\n", "0:r0=0; 1:r0=0;\n", "Ok\n",
		"Positive: 1 Negative: 3\n", "Condition exists (0:r0=0 /\\ 1:r0=0)\n", "Observation SB Sometimes 1 3\n",
		"Witness: 0:r0=0; 1:r0=0;\n", "memory order:", "1 tests\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestLitmusCmdJSON(t *testing.T) {
	out, _, code := runLitmusCmd(t, "--json", "--model", "sc", filepath.Join(litmusData, "x86"))
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		Model string
		Tests []struct {
			Name     string
			File     string
			Holds    bool
			Expected *bool
			States   []string
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if doc.Model != "sc" || len(doc.Tests) != 10 {
		t.Fatalf("model %s, %d tests", doc.Model, len(doc.Tests))
	}
	for _, tt := range doc.Tests {
		if tt.Expected != nil || tt.File == "" || len(tt.States) == 0 {
			t.Errorf("%+v", tt)
		}
		if tt.Name == "cmpxchg" && !tt.Holds || tt.Name == "MP" && tt.Holds {
			t.Errorf("%s: holds=%v on sc", tt.Name, tt.Holds)
		}
	}
	if !strings.Contains(out, `"expected": null`) {
		t.Errorf("expected is not null without --expect")
	}
}

func TestLitmusCmdExpect(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "expected.csv")
	// MP holds on pso, not on tso; SB+lfence holds on both
	if err := os.WriteFile(csv, []byte("x86/MP.litmus,1\nx86/SB+lfence.litmus,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []string{filepath.Join(litmusData, "x86", "MP.litmus"), filepath.Join(litmusData, "x86", "SB+lfence.litmus")}
	out, _, code := runLitmusCmd(t, append([]string{"-q", "--model", "pso", "--expect", csv}, files...)...)
	if code != 0 || !strings.HasSuffix(out, "2 tests, 2 agree\n") {
		t.Errorf("pso: exit %d\n%s", code, out)
	}
	out, _, code = runLitmusCmd(t, append([]string{"-q", "--model", "tso", "--expect", csv}, files...)...)
	if code != exitFail || !strings.Contains(out, "disagreement: "+files[0]+": MP: No, expected Ok\n") ||
		!strings.HasSuffix(out, "2 tests, 1 agree\n") {
		t.Errorf("tso: exit %d\n%s", code, out)
	}
	// with --json the summary goes to stderr
	out, errs, code := runLitmusCmd(t, append([]string{"--json", "--model", "tso", "--expect", csv}, files...)...)
	if code != exitFail || !strings.Contains(errs, "2 tests, 1 agree") || !strings.Contains(out, `"expected": true`) {
		t.Errorf("tso --json: exit %d\n%s\n%s", code, out, errs)
	}
}

func TestLitmusCmdErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.litmus")
	if err := os.WriteFile(bad, []byte("X86 bad\n{}\n P0 ;\n NOP ;\nexists (0:EAX=0)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badCSV := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(badCSV, []byte("a.litmus,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{bad}, bad + ":4:2: unsupported x86 instruction NOP"},
		{[]string{filepath.Join(dir, "missing.litmus")}, "missing.litmus:1:1: cannot read: no such file or directory"},
		{[]string{"--model", "nosuch", bad}, `unknown memory model "nosuch"`},
		{[]string{"--expect", badCSV, bad}, badCSV + ":1:10: expected 0 or 1 after the comma"},
		{[]string{dir + "/empty"}, "cannot read"},
	} {
		_, errs, code := runLitmusCmd(t, c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errs, c.want)
		}
	}
}

func TestLitmusCmdLSL(t *testing.T) {
	out, _, code := runLitmusCmd(t, "--lsl", filepath.Join(litmusData, "x86", "SB+xchgs.litmus"))
	if code != 0 || !strings.Contains(out, "atomic {") || !strings.Contains(out, "fence full") ||
		!strings.Contains(out, "// test SB+xchgs = ( P0 | P1 )") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// TestLitmusCmdRaces: a racy C11 test on a model without flags (tso) is
// reported as Flag racy and counted; --races=fail makes the exit status
// 1, --races=off leaves the check out, a bad value is a usage error.
func TestLitmusCmdRaces(t *testing.T) {
	const racy = "testdata/catlitmus/MP+rlx+race.litmus"
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--model", "tso", "-q"}, 0, "MP+rlx+race                              No (flag racy)\n1 tests, 1 racy\n"},
		{[]string{"--model", "tso", "-q", "--races", "fail"}, exitFail, "1 tests, 1 racy\n"},
		{[]string{"--model", "tso", "-q", "--races", "off"}, 0, "MP+rlx+race                              No\n1 tests\n"},
		{[]string{"--model", "tso", "--races", "often"}, exitUsage, ""},
	} {
		out, errs, code := runLitmusCmd(t, append(tc.args, racy)...)
		if code != tc.code || !strings.Contains(out, tc.want) {
			t.Errorf("litmus %v: exit %d (want %d), stderr %q, output:\n%s", tc.args, code, tc.code, errs, out)
		}
	}
}
