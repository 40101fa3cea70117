package limits

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"
)

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

// guardPoll is how often the guard looks at the memory: an allocation
// burst of a few GB/s overshoots the limit by that rate times this.
const guardPoll = 10 * time.Millisecond

// The memory guard. While a check runs:
//   - the Go runtime's soft memory limit (debug.SetMemoryLimit) is the
//     limit, so that garbage is collected before it counts;
//   - a goroutine cancels the check (cause ErrMemoryLimit) as soon as
//     the process's resident set exceeds the limit, or the live heap after
//     a collection reaches 90% of it (beyond that the collector would run
//     back to back and the check crawl instead of ending);
//   - the context carries the limit, so that phases refuse allocations
//     whose size they know up front (Reserve) before making them.
//
// Every phase polls the context, so a check ends within milliseconds of
// the guard firing, and the process never reaches the point where the Go
// runtime dies with "fatal error: out of memory".

var softLimit struct {
	sync.Mutex
	users int
	prev  int64
}

// GuardMemory returns a context that is canceled with ErrMemoryLimit
// once the process uses more than limit bytes, and a function to stop the
// guard (limit ≤ 0: no guard).
func GuardMemory(ctx context.Context, limit int64) (context.Context, func()) {
	if limit <= 0 {
		return ctx, func() {}
	}
	// Memory left from an earlier check (garbage not yet returned to the
	// system) must not count against this one.
	if residentBytes() > limit/2 {
		debug.FreeOSMemory()
	}
	setSoftLimit(limit)
	ctx = WithMemoryLimit(ctx, limit)
	ctx, cancel := context.WithCancelCause(ctx)
	done := make(chan struct{})
	go func() {
		samples := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		tick := time.NewTicker(guardPoll)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				metrics.Read(samples)
				live := int64(0)
				if samples[0].Value.Kind() == metrics.KindUint64 {
					live = int64(samples[0].Value.Uint64())
				}
				if residentBytes() > limit || live > limit/10*9 {
					cancel(ErrMemoryLimit)
					return
				}
			}
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			close(done)
			cancel(nil)
			restoreSoftLimit()
		})
	}
}

// setSoftLimit lowers the runtime's soft memory limit to limit while
// guards are active (nested guards keep the lowest).
func setSoftLimit(limit int64) {
	softLimit.Lock()
	defer softLimit.Unlock()
	cur := debug.SetMemoryLimit(-1)
	if softLimit.users == 0 {
		softLimit.prev = cur
	}
	softLimit.users++
	if limit < cur {
		debug.SetMemoryLimit(limit)
	}
}

func restoreSoftLimit() {
	softLimit.Lock()
	defer softLimit.Unlock()
	softLimit.users--
	if softLimit.users == 0 {
		debug.SetMemoryLimit(softLimit.prev)
	}
}

// statm is /proc/self/statm, opened once for the life of the process: a
// guard reads it every guardPoll, and opening and closing it each time
// cost twice as much as reading it (1-2% of a short check).
var statm = sync.OnceValue(func() *os.File {
	f, err := os.Open("/proc/self/statm")
	if err != nil {
		return nil
	}
	return f
})

// residentBytes is the process's resident set size (0 if unknown).
func residentBytes() int64 {
	f := statm()
	if f == nil {
		return 0
	}
	var buf [256]byte
	n, err := f.ReadAt(buf[:], 0) // a procfs file regenerates at offset 0
	if n == 0 || err != nil && err != io.EOF {
		return 0
	}
	fields := strings.Fields(string(buf[:n]))
	if len(fields) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(fields[1], 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}

// minMemory is the smallest --max-memory accepted: below it the process
// does not even start a check.
const minMemory = 64 << 20

// ParseSize reads a memory size such as 512M, 4G or 1500000000 (bytes).
// It must be a finite number of at least 64 MiB and fit in 63 bits.
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
	if err != nil || math.IsNaN(n) || math.IsInf(n, 0) || n <= 0 {
		return 0, errors.New("bad size (use e.g. 512M or 4G)")
	}
	bytes := n * float64(mult)
	if bytes >= math.MaxInt64 {
		return 0, errors.New("size too large")
	}
	if bytes < minMemory {
		return 0, fmt.Errorf("size too small (at least %dM)", minMemory>>20)
	}
	return int64(bytes), nil
}
