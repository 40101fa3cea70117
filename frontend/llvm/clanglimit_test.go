package llvmfront

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/limits"
)

// TestClangMemoryLimit: under a memory limit clang runs with a data
// limit, and a file whose macros expand to 2^24 tokens ends as a limit
// (INCONCLUSIVE), not an input error; a small file still compiles.
func TestClangMemoryLimit(t *testing.T) {
	needClang(t)
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("#define A0 x\n")
	for i := 1; i <= 24; i++ {
		fmt.Fprintf(&b, "#define A%d A%d A%d\n", i, i-1, i-1)
	}
	b.WriteString("int x;\nvoid w(void) { A24; }\n")
	bomb := filepath.Join(dir, "bomb.c")
	small := filepath.Join(dir, "small.c")
	os.WriteFile(bomb, []byte(b.String()), 0o644)
	os.WriteFile(small, []byte("int x;\nvoid w(void) { x = 1; }\n"), 0o644)
	ctx := limits.WithMemoryLimit(context.Background(), 100<<20)
	if _, err := CompileContext(ctx, []string{small}, filepath.Join(dir, "s")); err != nil {
		t.Errorf("small file under 100 MiB: %v", err)
	}
	_, err := CompileContext(ctx, []string{bomb}, filepath.Join(dir, "b"))
	var ce *limits.CanceledError
	if !errors.As(err, &ce) || !errors.Is(ce.Cause, limits.ErrMemoryLimit) {
		t.Errorf("macro bomb under 100 MiB: %v, want a memory limit", err)
	}
	if cmd := clangCommand(context.Background(), "clang", []string{"a.c"}); len(cmd.Args) != 2 {
		t.Errorf("without a limit clang runs directly: %v", cmd.Args)
	}
}
