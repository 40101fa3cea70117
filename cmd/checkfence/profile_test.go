package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestProfileFlags: --cpuprofile and --memprofile write gzipped pprof
// profiles of the command.
func TestProfileFlags(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof")
	code, out, errs := runCLI("run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "sc", "--cpuprofile", cpu, "--memprofile", mem)
	if code != exitPass {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	for _, name := range []string{cpu, mem} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) < 100 || b[0] != 0x1f || b[1] != 0x8b {
			t.Errorf("%s: %d bytes, not a gzipped profile", filepath.Base(name), len(b))
		}
	}
}
