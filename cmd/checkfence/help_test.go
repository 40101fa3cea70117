package main

import (
	"strings"
	"testing"
)

// "checkfence help traces" explains the notation of traces, and run prints
// the same legend once, under its first trace.
func TestTracesLegend(t *testing.T) {
	code, out, errs := runCLI("help", "traces")
	if code != exitPass || !strings.HasPrefix(out, "How to read a trace:") {
		t.Fatalf("help traces: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	for _, want := range []string{"#5", "↑ before #16", "← init store", "┌ │ └", "← initial value"} {
		if !strings.Contains(out, want) {
			t.Errorf("help traces does not explain %q", want)
		}
	}
	code, out, _ = runCLI("run", "testdata/sb.lsl", "testdata/sb2.tst", "--model", "relaxed") // two FAILs
	if code != exitFail {
		t.Fatalf("run: exit %d, want %d", code, exitFail)
	}
	if n := strings.Count(out, "How to read a trace:"); n != 1 {
		t.Errorf("run prints the legend %d times, want once:\n%s", n, out)
	}
	if strings.Index(out, "How to read a trace:") < strings.Index(out, "counterexample for") {
		t.Errorf("the legend comes before the first trace:\n%s", out)
	}
	// a cat model's trace has no memory order, and its legend says so
	code, out, _ = runCLI("run", "testdata/sb.lsl", "testdata/sb2.tst", "--model", "arm8")
	if code != exitFail || !strings.Contains(out, "How to read a trace (cat model):") || strings.Contains(out, "↑ before #16") {
		t.Errorf("run on arm8: exit %d, want the cat legend:\n%s", code, out)
	}
	_, out, _ = runCLI("run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "relaxed", "-q")
	if strings.Contains(out, "How to read a trace:") {
		t.Errorf("run -q prints the legend:\n%s", out)
	}
}

// TestFrontendDefaultInHelp: run --help states the --frontend default as
// loadInputs applies it (a .c file without a .tst file goes to clang).
func TestFrontendDefaultInHelp(t *testing.T) {
	code, out, _ := runCLI("run", "--help")
	flat := strings.Join(strings.Fields(out), " ")
	if code != exitPass || !strings.Contains(flat, "Default: c when a .tst file is given, clang for a program without one") ||
		strings.Contains(flat, "the default)") {
		t.Errorf("run --help: exit %d:\n%s", code, out)
	}
	code, _, errs := runCLI("run", "--frontend", "c", "testdata/union.c")
	if code != exitUsage || !strings.Contains(errs, "needs --frontend clang") {
		t.Errorf("a .c file without .tst under --frontend c: exit %d, %q", code, errs)
	}
}
