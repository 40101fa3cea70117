package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestExitStatuses(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"pass", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "sc"}, exitPass},
		{"fail", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "relaxed"}, exitFail},
		{"inconclusive", []string{"run", "testdata/sb.lsl", "testdata/loop.tst", "--max-unroll", "3"}, exitInconclusive},
		{"usage", []string{"run", "testdata/sb.lsl"}, exitUsage},
		{"unknown flag", []string{"run", "--frobnicate", "testdata/sb.lsl", "testdata/sb.tst"}, exitUsage},
		{"eager transitivity", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "relaxed", "--transitivity", "eager"}, exitFail},
		{"no symmetry", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "sc", "--symmetry=false"}, exitPass},
		// SB splits each thread into two operations: no point between them
		{"insert on a cat model, no candidate", []string{"fences", "--insert", "testdata/sb.lsl", "testdata/sb.tst", "--model", "arm8"}, exitFail},
		{"insert, unknown barrier", []string{"fences", "--insert", "testdata/sb.lsl", "testdata/sb.tst", "--model", "arm8", "--kinds", "nosuch"}, exitUsage},
		{"fair progress off", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "relaxed", "--fair=false"}, exitFail},
		{"version", []string{"version"}, exitPass},
		{"models", []string{"models"}, exitPass},
	}
	for _, c := range cases {
		code, out, errs := runCLI(c.args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", c.name, code, c.code, out, errs)
		}
	}
}

// TestBadInput checks that input errors are reported as file:line:col:
// message on stderr with exit status 2.
func TestBadInput(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"missing impl", []string{"run", "testdata/none.lsl", "testdata/sb.tst"}, "testdata/none.lsl:1:1: no such file"},
		{"missing tst", []string{"run", "testdata/sb.lsl", "testdata/none.tst"}, "testdata/none.tst:1:1: no such file"},
		{"unknown op", []string{"run", "testdata/sb.lsl", "testdata/bad.tst"}, "testdata/bad.tst:1:17: "},
		{"tst syntax", []string{"run", "testdata/sb.lsl", "testdata/syntax.tst"}, "testdata/syntax.tst:2:1: "},
		{"lsl error", []string{"run", "testdata/bad.lsl", "testdata/sb.tst"}, "testdata/bad.lsl:2:11: "},
		{"bad model file", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "testdata/bad.mm"}, "testdata/bad.mm:5:"},
		{"unknown model", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "nosuch"}, "nosuch"},
		{"models bad file", []string{"models", "testdata/bad.mm"}, "testdata/bad.mm:5:"},
		{"unknown extension", []string{"run", "testdata/sb.txt", "testdata/sb.tst"}, "testdata/sb.txt:1:1: "},
		{"duplicate test", []string{"run", "testdata/sb.lsl", "testdata/dup.tst"}, "testdata/dup.tst:2:6: "},
		{"unknown --test", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--test", "Nope"}, "Nope"},
		{"bad fence name", []string{"run", "testdata/badfence.c", "testdata/wx.tst"}, "testdata/badfence.c:3:"},
		{"unsupported C", []string{"run", "testdata/union.c", "testdata/wx.tst"}, "testdata/union.c:2:9: unsupported: unions (v)"},
		{"mm type error", []string{"models", "testdata/typeerr.mm"}, "testdata/typeerr.mm:12:"},
		{"bad encoding", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--encoding", "fast"}, "fast"},
		{"bad transitivity", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--transitivity", "chordal"}, `unknown transitivity "chordal" (use sparse, eager or lazy)`},
		{"bad litmus transitivity", []string{"litmus", "testdata/bad.litmus", "--transitivity", "none"}, `unknown transitivity "none"`},
		{"bad int width", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--int-width", "99"}, "--int-width"},
		{"bad memory size", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--max-memory", "lots"}, "--max-memory"},
		{"litmus syntax", []string{"litmus", "testdata/bad.litmus"}, "testdata/bad.litmus:4:"},
		{"missing litmus", []string{"litmus", "testdata/none.litmus"}, "testdata/none.litmus"},
	}
	for _, c := range cases {
		code, _, errs := runCLI(c.args...)
		if code != exitUsage {
			t.Errorf("%s: exit %d, want %d (stderr %q)", c.name, code, exitUsage, errs)
		}
		if !strings.Contains(errs, c.want) {
			t.Errorf("%s: stderr %q does not contain %q", c.name, errs, c.want)
		}
		if strings.Contains(errs, "panic") || strings.Contains(errs, "goroutine") {
			t.Errorf("%s: panic: %s", c.name, errs)
		}
	}
}

// TestJSONSchema checks the --json document against SPEC §2.
func TestJSONSchema(t *testing.T) {
	code, out, errs := runCLI("run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "relaxed", "--json")
	if code != exitFail {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if doc["model"] != "relaxed" {
		t.Errorf("model = %v", doc["model"])
	}
	tests, ok := doc["tests"].([]any)
	if !ok || len(tests) != 1 {
		t.Fatalf("tests = %v", doc["tests"])
	}
	tc := tests[0].(map[string]any)
	for _, k := range []string{"name", "verdict", "reason", "message", "stats", "trace"} {
		if _, ok := tc[k]; !ok {
			t.Errorf("test result lacks %q", k)
		}
	}
	if tc["verdict"] != "FAIL" || tc["reason"] != "consistency" {
		t.Errorf("verdict %v reason %v", tc["verdict"], tc["reason"])
	}
	stats := tc["stats"].(map[string]any)
	for _, k := range []string{"instrs", "loads", "stores", "vars", "clauses", "observations", "seconds"} {
		if _, ok := stats[k]; !ok {
			t.Errorf("stats lack %q", k)
		}
	}
	if stats["loads"].(float64) != 2 || stats["stores"].(float64) != 2 {
		t.Errorf("stats %v", stats)
	}
}

func TestUnrollLimitMessage(t *testing.T) {
	code, out, _ := runCLI("run", "testdata/sb.lsl", "testdata/loop.tst", "--max-unroll", "3")
	if code != exitInconclusive {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out, "testdata/sb.lsl:12:") || !strings.Contains(out, "more than 3 iterations") {
		t.Errorf("INCONCLUSIVE message should name the loop and its line:\n%s", out)
	}
	if !strings.Contains(out, "-v shows the execution that stopped at the bound") || strings.Contains(out, "thread t1 (stopped at the bound") {
		t.Errorf("INCONCLUSIVE at the bound should point to -v, not print the execution:\n%s", out)
	}
	_, out, _ = runCLI("run", "testdata/sb.lsl", "testdata/loop.tst", "--max-unroll", "3", "-v")
	if !strings.Contains(out, "(stopped at the bound: 3 iterations") || strings.Contains(out, "-v shows") {
		t.Errorf("-v should print the execution that stopped at the bound:\n%s", out)
	}
}

func TestModelsListsBuiltins(t *testing.T) {
	_, out, _ := runCLI("models")
	for _, m := range []string{"sc", "relaxed", "rmo"} {
		if !strings.Contains(out, m) {
			t.Errorf("models output lacks %s:\n%s", m, out)
		}
	}
	code, out, _ := runCLI("models", "relaxed")
	if code != 0 || !strings.Contains(out, "model relaxed") {
		t.Errorf("models relaxed: %d\n%s", code, out)
	}
}

// TestLogQueries: --log-queries prints, on stderr, a line for each
// encoded unrolling and each solver query, and nothing on stdout; a
// PASS ends with an unsatisfiable query of the check.
func TestLogQueries(t *testing.T) {
	// the MS queue's T0 raises its dequeue loop once
	code, out, errs := runCLI("run", "../../tests/lslqueue/msn.lsl", "../../tests/lslqueue/msn.tst", "--test", "T0", "--model", "sc", "--log-queries", "-q")
	if code != exitPass {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if strings.Contains(out, "query ") {
		t.Errorf("the query log went to stdout:\n%s", out)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	encodes, rounds := 0, map[string]bool{}
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 || f[0] != "encode" && f[0] != "query" {
			t.Fatalf("not a query log line: %q", l)
		}
		kv := map[string]string{}
		for _, x := range f[1:] {
			k, v, ok := strings.Cut(x, "=")
			if !ok {
				t.Fatalf("field %q of %q is not key=value", x, l)
			}
			kv[k] = v
		}
		for _, k := range []string{"test", "round", "instrs", "vars", "clauses", "cpu", "wall"} {
			if kv[k] == "" {
				t.Errorf("%q has no %s", l, k)
			}
		}
		if f[0] == "encode" {
			encodes++
			if kv["round"] != "1" && kv["serial"] == "" && kv["bounds"] == "" {
				t.Errorf("round %s of the check raised no bound: %q", kv["round"], l)
			}
			rounds[kv["serial"]+kv["round"]] = true
			continue
		}
		if !rounds[kv["serial"]+kv["round"]] {
			t.Errorf("a query of a round not encoded: %q", l)
		}
		if kv["phase"] == "" || kv["result"] == "" || kv["conflicts"] == "" {
			t.Errorf("%q lacks phase, result or conflicts", l)
		}
	}
	if encodes < 2 {
		t.Errorf("%d encodings logged, want the rounds of a loop that needs raising:\n%s", encodes, errs)
	}
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "query ") || !strings.Contains(last, " phase=check result=unsat ") {
		t.Errorf("the last line is not the check's unsatisfiable query: %q", last)
	}
}
