package limits

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestParseSizeRejects: sizes that are not finite, too small to run
// anything, or overflow are errors, not "no limit".
func TestParseSizeRejects(t *testing.T) {
	for _, in := range []string{"inf", "+Inf", "NaN", "1e-300", "0", "1", "63M", "-1G", "1e30", "9999999T", "0x10"} {
		if n, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) = %d, want an error", in, n)
		}
	}
	if n, err := ParseSize("64M"); err != nil || n != 64<<20 {
		t.Errorf("ParseSize(64M) = %d, %v", n, err)
	}
}

// TestGuardMemoryFires: the guard cancels with ErrMemoryLimit once the
// process uses more than the limit (here: less than it already uses).
func TestGuardMemoryFires(t *testing.T) {
	limit := residentBytes() / 2
	if limit <= 0 {
		t.Skip("no /proc/self/statm")
	}
	ctx, stop := GuardMemory(context.Background(), limit)
	defer stop()
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the guard did not fire")
	}
	if !errors.Is(context.Cause(ctx), ErrMemoryLimit) {
		t.Errorf("cause %v, want the memory limit", context.Cause(ctx))
	}
	if MemoryLimit(ctx) != limit {
		t.Errorf("the context carries limit %d, want %d", MemoryLimit(ctx), limit)
	}
}

// TestGuardMemoryQuiet: under the limit nothing happens, and stopping the
// guard restores the runtime's soft limit.
func TestGuardMemoryQuiet(t *testing.T) {
	ctx, stop := GuardMemory(context.Background(), 1<<40)
	time.Sleep(3 * guardPoll)
	if ctx.Err() != nil {
		t.Fatalf("guard fired: %v", context.Cause(ctx))
	}
	stop()
	stop() // idempotent
}
