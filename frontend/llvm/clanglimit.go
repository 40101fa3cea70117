package llvmfront

import (
	"context"
	"fmt"
	"os/exec"
	"runtime"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/internal/limits"
)

// --max-memory bounds clang too. The memory limit the context carries
// (limits.MemoryLimit), less clangCode for the pages of clang's code, becomes
// clang's RLIMIT_DATA, set by a shell between fork and exec (ulimit -d),
// so it holds from clang's first allocation: its heap and other private
// memory count, its shared libraries do not (they take some 200 MB of
// address space, of which RLIMIT_AS would count all, and about 80 MB
// resident). A clang
// that reaches the limit reports "out of memory", which becomes a
// *limits.CanceledError with cause limits.ErrMemoryLimit (INCONCLUSIVE, as when
// checkfence itself reaches the limit).

const (
	// clangCode is the resident memory of clang's code, outside its
	// RLIMIT_DATA: the data limit is --max-memory less this, so that
	// clang's peak RSS stays near --max-memory.
	clangCode = 80 << 20
	// clangMinData is the least data limit: clang needs about 16 MB to
	// compile a small file.
	clangMinData = 16 << 20
)

// clangCommand returns the command that runs clang with args under the
// memory limit of ctx (none: clang itself).
func clangCommand(ctx context.Context, clang string, args []string) *exec.Cmd {
	limit := limits.MemoryLimit(ctx)
	if limit <= 0 || runtime.GOOS == "windows" {
		return exec.CommandContext(ctx, clang, args...)
	}
	kib := strconv.FormatInt(max(limit-clangCode, clangMinData)>>10, 10)
	// no reproducer files in /tmp when clang runs out of memory
	args = append([]string{"-fno-crash-diagnostics"}, args...)
	sh := append([]string{"-c", `ulimit -d "$0" && exec "$@"`, kib, clang}, args...)
	return exec.CommandContext(ctx, "/bin/sh", sh...)
}

// clangOutOfMemory returns the limit error when clang's stderr says it
// ran out of memory under the limit of ctx, else nil.
func clangOutOfMemory(ctx context.Context, clang, stderr string) error {
	limit := limits.MemoryLimit(ctx)
	if limit <= 0 {
		return nil
	}
	for _, s := range []string{"LLVM ERROR: out of memory", "Allocation failed", "std::bad_alloc", "cannot allocate memory", "Cannot allocate memory"} {
		if strings.Contains(stderr, s) {
			return &limits.CanceledError{Phase: "clang", Cause: fmt.Errorf("%w: %s needed more than %d MiB", limits.ErrMemoryLimit, clang, limit>>20)}
		}
	}
	return nil
}
