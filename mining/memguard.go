package mining

import (
	"bufio"
	"context"
	"errors"
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"
)

// errMemory is the cancellation cause when a test exceeds Options.MaxMemory.
var errMemory = errors.New("memory limit")

// DefaultMaxMemory is the memory guard's default: three quarters of the
// machine's RAM (or 4 GiB when it cannot be read).
func DefaultMaxMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) >= 2 && fields[0] == "MemTotal:" {
				if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil {
					return kb * 1024 / 4 * 3
				}
			}
		}
	}
	return 4 << 30
}

// guardMemory returns a context that is canceled with errMemory once the Go
// heap exceeds limit bytes (polled every 50ms), and a function to stop it.
func guardMemory(ctx context.Context, limit int64) (context.Context, func()) {
	if limit <= 0 {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	done := make(chan struct{})
	go func() {
		samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				metrics.Read(samples)
				if samples[0].Value.Kind() == metrics.KindUint64 && int64(samples[0].Value.Uint64()) > limit {
					cancel(errMemory)
					return
				}
			}
		}
	}()
	return ctx, func() { close(done); cancel(nil) }
}

// ParseSize reads a memory size such as 512M, 4G or 1500000000.
func ParseSize(s string) (int64, error) {
	s = strings.TrimSpace(strings.ToUpper(s))
	mult := int64(1)
	for suffix, m := range map[string]int64{"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40} {
		if strings.HasSuffix(s, suffix) || strings.HasSuffix(s, suffix+"B") {
			s = strings.TrimSuffix(strings.TrimSuffix(s, "B"), suffix)
			mult = m
			break
		}
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n <= 0 {
		return 0, errors.New("bad size (use e.g. 512M or 4G)")
	}
	return int64(n * float64(mult)), nil
}
