package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/clangtest"
)

// TestOrderSynthesisDiff: fences --insert --diff on a C11 program rewrites
// the memory_order_ arguments; the patched file, compiled again, passes on
// rc11 and on arm8. And on arm8 a CheckFence-style program gets its
// barriers as inline assembly, which the front end reads back.
func TestOrderSynthesisDiff(t *testing.T) {
	clangtest.Need(t)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		model, src string
		files      []string
		want       []string
	}{
		{"rc11", "../../tests/fencesynth/c11/mp.c", []string{"mp.c"}, []string{"+    atomic_store_explicit(&flag, 1, memory_order_release);", "+    if (atomic_load_explicit(&flag, memory_order_acquire) == 1)"}},
		{"arm8", "../../tests/fencesynth/c11/mp.c", []string{"mp.c"}, []string{"memory_order_release);", "memory_order_acquire) == 1)"}},
		{"arm8", "../../tests/fencesynth/litmus.c", []string{"litmus.c", "litmus.tst", "--test", "SB"}, []string{`+    __asm__ volatile("dmb ish" ::: "memory");`}},
	} {
		dir := t.TempDir()
		for _, f := range []string{tc.src, strings.TrimSuffix(tc.src, ".c") + ".tst"} {
			if b, err := os.ReadFile(filepath.Join(wd, f)); err == nil {
				base := f[strings.LastIndex(f, "/")+1:]
				if err := os.WriteFile(dir+"/"+base, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Chdir(dir)
		args := append([]string{"fences", "--insert", "--diff", "--model", tc.model}, tc.files...)
		code, diff, errs := runCLI(args...)
		if code != exitPass {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		for _, w := range tc.want {
			if !strings.Contains(diff, w) {
				t.Errorf("%s: diff lacks %q:\n%s", tc.model, w, diff)
			}
		}
		patch := exec.Command("patch", "-p1")
		patch.Stdin = bytes.NewReader([]byte(diff))
		if out, err := patch.CombinedOutput(); err != nil {
			t.Fatalf("patch: %v\n%s", err, out)
		}
		runArgs := append([]string{"run", "--model", tc.model}, tc.files...)
		if code, out, errs := runCLI(runArgs...); code != exitPass {
			t.Errorf("%s: the patched program: exit %d\n%s%s", tc.model, code, out, errs)
		}
	}
}
