package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
)

// Every program of the pthread table exists, and a cheap row prints with
// its verdict (races checked as checkfence run does: the two poppers of
// the bug pop one node and race on seen[v]), sizes, the event breakdown
// and its line of the summary.
func TestPthreadTable(t *testing.T) {
	for _, row := range pthreadRows {
		if _, err := os.Stat("../llvm/pthread/" + row.file); err != nil {
			t.Errorf("row %s: %v", row.file, err)
		}
	}
	if _, err := llvmfront.FindClang(); err != nil {
		t.Skipf("skipped: %v", err)
	}
	var out bytes.Buffer
	ok, err := runPthread(context.Background(), &out, pthreadConfig{dir: "../llvm/pthread", models: []string{"sc"},
		filter: regexp.MustCompile(`^c11/treiber_2_2_bug\.c$`), timeout: time.Minute, accesses: true})
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		t.Errorf("a verdict is wrong:\n%s", out.String())
	}
	text := out.String()
	for _, want := range []string{fmt.Sprintf("%-34s %-8s %s", "c11/treiber_2_2_bug.c", "sc", "FAIL (data-race)"), "store ../llvm/pthread/c11/treiber.h", "Top", "CPU seconds by model", fmt.Sprintf("%-34s | %-8s", "c11/treiber_2_2_bug.c", "sc")} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "msq_1_1.c") || strings.Contains(text, "c11bench") {
		t.Errorf("the filter let other rows through:\n%s", text)
	}
}
