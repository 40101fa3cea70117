package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/clangtest"
)

// --races on a C11 program (tests/races): a race is a FAIL by default,
// a warning with --races=warn (exit 0), nothing with --races=off; a bad
// value is a usage error. A CheckFence-style program (lsl_fence) is not
// checked unless asked.
func TestRacesFlag(t *testing.T) {
	clangtest.Need(t)
	racy := filepath.Join("..", "..", "tests", "races", "mp_plain_rlx.c")
	writers := filepath.Join("..", "..", "tests", "races", "two_writers.c")
	cases := []struct {
		name string
		args []string
		code int
		want []string // in stdout
		not  []string
	}{
		{"default", []string{"run", racy, "--frontend", "clang", "--model", "sc"}, exitFail,
			[]string{"FAIL", "counterexample for main on sc: data race", "data race (1 of 2)", "data race (2 of 2)"}, nil},
		{"fail on rc11", []string{"run", racy, "--frontend", "clang", "--model", "rc11", "--races=fail"}, exitFail,
			[]string{"data race"}, []string{"flag racy"}},
		{"warn", []string{"run", racy, "--frontend", "clang", "--model", "sc", "--races=warn"}, exitPass,
			[]string{"PASS", "warning: data race: ", "mp_plain_rlx.c:13:10: this store to data"}, []string{"counterexample"}},
		{"off", []string{"run", writers, "--frontend", "clang", "--model", "rc11", "--races=off"}, exitPass,
			[]string{"PASS"}, []string{"warning", "racy"}},
		{"bad value", []string{"run", racy, "--frontend", "clang", "--races=maybe"}, exitUsage, nil, nil},
	}
	for _, c := range cases {
		code, out, errs := runCLI(c.args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d\n%s%s", c.name, code, c.code, out, errs)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", c.name, w, out)
			}
		}
		for _, w := range c.not {
			if strings.Contains(out, w) {
				t.Errorf("%s: output has %q:\n%s", c.name, w, out)
			}
		}
	}
}

// --json of a race: reason data-race and both accesses; a warning of
// --races=warn is in "warnings".
func TestRacesJSON(t *testing.T) {
	clangtest.Need(t)
	racy := filepath.Join("..", "..", "tests", "races", "two_writers.c")
	for _, mode := range []string{"fail", "warn"} {
		code, out, errs := runCLI("run", racy, "--frontend", "clang", "--model", "arm8", "--races="+mode, "--json")
		var doc struct {
			Tests []struct {
				Verdict, Reason string
				Trace           *struct {
					Failure *struct {
						Race *struct{ First, Second struct{ Pos, Thread string } }
					}
				}
				Warnings []struct{ Kind, Pos string }
			}
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Tests) != 1 {
			t.Fatalf("%s: exit %d, not a JSON document: %v\n%s%s", mode, code, err, out, errs)
		}
		tt := doc.Tests[0]
		switch mode {
		case "fail":
			if code != exitFail || tt.Reason != "data-race" || tt.Trace == nil || tt.Trace.Failure == nil || tt.Trace.Failure.Race == nil ||
				tt.Trace.Failure.Race.First.Pos == "" || tt.Trace.Failure.Race.Second.Pos == "" {
				t.Errorf("fail: exit %d, %+v", code, tt)
			}
		case "warn":
			// main's assertion passes: both threads store 1
			if code != exitPass || tt.Verdict != "PASS" || len(tt.Warnings) != 1 || tt.Warnings[0].Kind != "data-race" || tt.Warnings[0].Pos == "" {
				t.Errorf("warn: exit %d, %+v", code, tt)
			}
		}
	}
}

// A clang-compiled program that synchronises with lsl_fence is
// CheckFence-style: no race check unless --races asks for one.
func TestRacesCheckFenceStyleExempt(t *testing.T) {
	clangtest.Need(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "cf.c")
	prog := `#include <pthread.h>
#include <assert.h>
void lsl_fence(char *);
int data, flag;
static void *producer(void *arg) { data = 1; lsl_fence("store-store"); flag = 1; return 0; }
static void *consumer(void *arg) { if (flag) { lsl_fence("load-load"); assert(data == 1); } return 0; }
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, producer, 0);
    pthread_create(&b, 0, consumer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
`
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runCLI("run", src, "--frontend", "clang", "--model", "relaxed"); code != exitPass {
		t.Errorf("CheckFence-style program: exit %d, want PASS\n%s%s", code, out, errs)
	}
	if code, out, errs := runCLI("run", src, "--frontend", "clang", "--model", "relaxed", "--races=fail"); code != exitFail || !strings.Contains(out, "data race") {
		t.Errorf("CheckFence-style program with --races=fail: exit %d, want a data race\n%s%s", code, out, errs)
	}
}
