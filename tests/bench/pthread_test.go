package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
)

// Every program of the pthread table exists, and a cheap row prints with
// its verdict, sizes, the event breakdown and an empty GenMC column.
func TestPthreadTable(t *testing.T) {
	for _, row := range pthreadRows {
		if _, err := os.Stat("../llvm/pthread/c11/" + row.file); err != nil {
			t.Errorf("row %s: %v", row.file, err)
		}
	}
	if _, err := llvmfront.FindClang(); err != nil {
		t.Skipf("skipped: %v", err)
	}
	var out bytes.Buffer
	ok, err := runPthread(context.Background(), &out, "../llvm/pthread/c11", []string{"sc"}, regexp.MustCompile(`^treiber_2_2_bug\.c$`), time.Minute, true)
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		t.Errorf("a verdict is wrong:\n%s", out.String())
	}
	text := out.String()
	for _, want := range []string{"GenMC [s]", "treiber_2_2_bug.c  sc       FAIL (assertion)", "store ../llvm/pthread/c11/treiber.h", "Top"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "msq_1_1.c") {
		t.Errorf("the filter let other rows through:\n%s", text)
	}
}
