package main

import (
	"regexp"
	"strings"
	"testing"
)

// times matches what differs from one run to the next: the seconds of the
// results table and of --json.
var times = regexp.MustCompile(`[0-9]+\.[0-9]+s\b|"[a-z_]*(seconds|time)[a-z_]*": [0-9.e+-]+`)

// TestRunJobs: run -j 3 prints what -j 1 prints (traces, tables, JSON),
// in test order, with the same exit status.
func TestRunJobs(t *testing.T) {
	const dir = "../../tests/datatypes/msn/"
	for _, args := range [][]string{
		{"run", dir + "msn_nofence.c", dir + "harness.c", dir + "msn.tst", "--model", "relaxed", "--test", "T0", "--test", "Ti2", "--test", "T1", "--test", "Tpc2"},
		{"run", dir + "msn.c", dir + "harness.c", dir + "msn.tst", "--model", "tso", "-v", "--test", "T0", "--test", "Ti2"},
		{"run", dir + "msn_nofence.c", dir + "harness.c", dir + "msn.tst", "--model", "relaxed", "--json", "--test", "T0", "--test", "Ti2", "--test", "T1"},
	} {
		code1, out1, _ := runCLI(append(args, "-j", "1")...)
		code3, out3, _ := runCLI(append(args, "-j", "3")...)
		if code1 != code3 || times.ReplaceAllString(out1, "T") != times.ReplaceAllString(out3, "T") {
			t.Errorf("%v: -j 1 exit %d, -j 3 exit %d; outputs:\n%s\n----\n%s", args, code1, code3, out1, out3)
		}
		if code1 == exitUsage || !strings.Contains(out1, "Ti2") {
			t.Errorf("%v: exit %d:\n%s", args, code1, out1)
		}
	}
	if code, _, errs := runCLI("run", "testdata/sb.lsl", "testdata/sb.tst", "-j", "-2"); code != exitUsage || !strings.Contains(errs, "--jobs -2") {
		t.Errorf("-j -2: exit %d, %q", code, errs)
	}
}

// TestRunSeveralTestFiles: the tests of several .tst files run in order;
// their names must differ, and the test files come last.
func TestRunSeveralTestFiles(t *testing.T) {
	code, out, errs := runCLI("run", "testdata/sb.lsl", "testdata/sb.tst", "testdata/wx.tst", "--model", "sc", "-q")
	if code != exitPass || !regexp.MustCompile(`(?s)\nSB .*\nA `).MatchString(out) {
		t.Errorf("sb.tst wx.tst: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, _, errs = runCLI("run", "testdata/sb.lsl", "testdata/sb.tst", "testdata/sb2.tst")
	if code != exitUsage || !strings.Contains(errs, "testdata/sb2.tst:1:6: test SB is also in testdata/sb.tst") {
		t.Errorf("sb.tst sb2.tst: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCLI("run", "testdata/sb.tst", "testdata/sb.lsl", "testdata/wx.tst")
	if code != exitUsage || !strings.Contains(errs, "the test file testdata/sb.tst must come after the implementation files") {
		t.Errorf("sb.tst first: exit %d, stderr %q", code, errs)
	}
}
