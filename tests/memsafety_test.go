package tests

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMemorySafetyCLI runs the command on tests/memsafety (our own
// programs): reclamation bugs in a Treiber stack, and one error of each
// memory-safety kind. Each row checks the verdict row of the results
// table and the wording of the failure (SPEC §3: the access, the block,
// the free's thread and source line, in C terms).
func TestMemorySafetyCLI(t *testing.T) {
	bin := t.TempDir()
	buildCheckfence(t, bin)
	rows := []struct {
		impl, tst, test, model string
		verdict                string   // "PASS" or "FAIL"
		want                   []string // substrings of the output (the
		// threads of a symmetric test may swap roles as the encoding changes)
	}{
		// pop frees the node at once: another pop still reads it
		{"stack_free.c", "stack.tst", "P1", "sc", "FAIL", []string{
			"counterexample for P1 on sc: runtime error",
			"use after free: `t->next` reads node#1, freed by t", "at stack_free.c:40:5\n",
			"37 │         next = t->next;"}},
		{"stack_free.c", "stack.tst", "R1", "tso", "FAIL", []string{"use after free: `t->next` reads node#"}},
		// hazard pointers with the store-load fence after publishing
		{"stack_hp.c", "stack.tst", "P1", "sc", "PASS", nil},
		{"stack_hp.c", "stack.tst", "P1", "tso", "PASS", nil},
		{"stack_hp.c", "stack.tst", "R1", "tso", "PASS", nil},
		// without the fence, the publication waits in the store buffer
		{"stack_hp_nofence.c", "stack.tst", "P1", "sc", "PASS", nil},
		{"stack_hp_nofence.c", "stack.tst", "P1", "tso", "FAIL", []string{
			"use after free: `t->next` reads node#1, freed by t", "at stack_hp.c:46:5\n",
			// the reordering the failure depends on: the check of top
			// overtakes the publication of the hazard pointer
			"load top = [node#1] (#", ") takes effect before store hp["}},
		{"errors.c", "errors.tst", "FreeGlobal", "sc", "FAIL", []string{"free of a pointer that lsl_malloc did not return"}},
		{"errors.c", "errors.tst", "FreeInterior", "sc", "FAIL", []string{"free of a pointer into the middle of a block"}},
		{"errors.c", "errors.tst", "FreeTwice", "sc", "FAIL", []string{"free of a block that is not allocated (double free)"}},
		{"errors.c", "errors.tst", "StoreAfterFree", "relaxed", "FAIL", []string{
			"errors.c:32:5: use after free: `n->value` writes node#1, freed by t1 at errors.c:31:5"}},
		{"errors.c", "errors.tst", "ReadAfterFree", "tso", "FAIL", []string{
			"errors.c:41:29: use after free: `n->value` reads node#1, freed by t1 at errors.c:40:5"}},
		{"errors.c", "errors.tst", "IndexPastEnd", "sc", "FAIL", []string{
			"errors.c:47:5: out-of-bounds index: `arr[i]` with `i` outside 0..1 (arr has 2 elements)"}},
		{"errors.c", "errors.tst", "IndexConstant", "sc", "FAIL", []string{"out-of-bounds index: `arr[2]` (arr has 2 elements)"}},
		{"errors.c", "errors.tst", "ObserveUninit", "sc", "FAIL", []string{
			"lsl_observe_output(\"x\", x) of an uninitialised value: `x` is undefined"}},
		{"errors.c", "errors.tst", "ReuseOK", "relaxed", "PASS", nil},
		{"errors.c", "errors.tst", "BoundsOK", "sc", "PASS", nil},
		// free(NULL) does nothing, as in C; an undefined pointer still fails
		{"errors.c", "errors.tst", "FreeNullOK", "relaxed", "PASS", nil},
		{"errors.c", "errors.tst", "FreeUndefined", "sc", "FAIL", []string{"errors.c:95:5: ", "uninitialised value: `p` is undefined"}},
	}
	for _, r := range rows {
		t.Run(strings.TrimSuffix(r.impl, ".c")+"/"+r.test+"/"+r.model, func(t *testing.T) {
			cmd := exec.Command(filepath.Join(bin, "checkfence"), "run", r.impl, r.tst, "--test", r.test, "--model", r.model)
			cmd.Dir = "memsafety"
			out, err := cmd.CombinedOutput()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if got := verdictRows(string(out)); got != r.test+" "+r.verdict {
				t.Fatalf("verdict %q (exit %d), want %s %s\n%s", got, code, r.test, r.verdict, out)
			}
			if (code == 0) != (r.verdict == "PASS") {
				t.Errorf("exit status %d for %s", code, r.verdict)
			}
			for _, w := range r.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}
