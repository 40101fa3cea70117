package lsl

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func canceledCtx() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

func TestCanceledError(t *testing.T) {
	var none context.Context // the phases' options may leave it unset
	if err := Canceled(none, "x"); err != nil {
		t.Errorf("nil context: %v", err)
	}
	if err := Canceled(context.Background(), "x"); err != nil {
		t.Errorf("live context: %v", err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(ErrMemoryLimit)
	err := Canceled(ctx, "unrolling")
	var ce *CanceledError
	if !errors.As(err, &ce) || ce.Phase != "unrolling" {
		t.Fatalf("got %v", err)
	}
	if !errors.Is(err, ErrCanceled) || !errors.Is(err, ErrMemoryLimit) {
		t.Errorf("%v should match ErrCanceled and its cause", err)
	}
}

// TestPoller: the poller notices a cancellation at the next call.
func TestPoller(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p := Poller{Ctx: ctx, Phase: "p"}
	for i := 0; i < 1000; i++ {
		if p.Check() != nil {
			t.Fatal("a live context reported as canceled")
		}
	}
	cancel()
	if err := p.Check(); !errors.Is(err, context.Canceled) {
		t.Errorf("after cancel: %v", err)
	}
	for _, none := range []Poller{{}, {Ctx: context.Background()}} {
		for i := 0; i < 3; i++ {
			if none.Check() != nil {
				t.Fatal("a context that cannot be canceled reported a cancellation")
			}
		}
	}
}

func BenchmarkPoller(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p := Poller{Ctx: ctx}
	for b.Loop() {
		p.Check()
	}
}

// TestReserve: allocations beyond the memory limit the context carries
// are refused before they are made; an overflowing size (-1) too.
func TestReserve(t *testing.T) {
	if err := Reserve(context.Background(), "x", 1<<50); err != nil {
		t.Errorf("no limit: %v", err)
	}
	ctx := WithMemoryLimit(context.Background(), 1<<40)
	if err := Reserve(ctx, "x", 1<<20); err != nil {
		t.Errorf("1 MiB of 1 TiB: %v", err)
	}
	for _, n := range []int64{1 << 41, -1, Mul(1<<40, 1<<40)} {
		err := Reserve(ctx, "expansion", n)
		if !errors.Is(err, ErrCanceled) || !errors.Is(err, ErrMemoryLimit) || !strings.Contains(err.Error(), "expansion") {
			t.Errorf("Reserve(%d) = %v, want a refusal", n, err)
		}
	}
	if err := Reserve(canceledCtx(), "x", 1); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled context: %v", err)
	}
}

func TestMul(t *testing.T) {
	for _, c := range []struct{ a, b, want int64 }{
		{0, 5, 0}, {3, 4, 12}, {1 << 31, 1 << 31, 1 << 62}, {1 << 32, 1 << 31, -1}, {-1, 2, -1},
	} {
		if got := Mul(c.a, c.b); got != c.want {
			t.Errorf("Mul(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestUnrollCanceled: a done context stops the unroller with an error
// naming it.
func TestUnrollCanceled(t *testing.T) {
	p := mustParse(t, "proc f() { L: { %x := 1\n continue L } }")
	_, err := Unroll(p, []ThreadSpec{conc("f")}, UnrollOptions{DefaultBound: 5000, Ctx: canceledCtx()})
	var ce *CanceledError
	if !errors.As(err, &ce) || ce.Phase != "unrolling" {
		t.Errorf("got %v, want a cancellation of the unrolling", err)
	}
	if _, err := Unroll(p, []ThreadSpec{conc("f")}, UnrollOptions{DefaultBound: 3, Ctx: context.Background()}); err != nil {
		t.Errorf("live context: %v", err)
	}
}

// TestRangesCanceled: a done context stops the range analysis (Err set).
func TestRangesCanceled(t *testing.T) {
	p := mustParse(t, "global X\nproc f() { L: { %x := load @X\n %y := add(%x, 1)\n store @X, %y\n continue L } }")
	u, err := Unroll(p, []ThreadSpec{conc("f")}, UnrollOptions{DefaultBound: 2000})
	if err != nil {
		t.Fatal(err)
	}
	r := AnalyzeRanges(u, RangeOptions{Ctx: canceledCtx()})
	if !errors.Is(r.Err, ErrCanceled) {
		t.Errorf("Err = %v, want a cancellation", r.Err)
	}
	if r := AnalyzeRanges(u, RangeOptions{}); r.Err != nil {
		t.Errorf("without context: %v", r.Err)
	}
}

// TestRangesFullChoice: a choice over every int64 is unbounded (it used to
// overflow the size test and enumerate 2^64 values), and a choice that
// ends at MaxInt64 ends.
func TestRangesFullChoice(t *testing.T) {
	for _, src := range []string{
		"proc f() { %r := choose -9223372036854775808 .. 9223372036854775807 }",
		"proc f() { %r := choose 9223372036854775806 .. 9223372036854775807 }",
	} {
		p := mustParse(t, src)
		u, err := Unroll(p, []ThreadSpec{conc("f")}, UnrollOptions{})
		if err != nil {
			t.Fatal(err)
		}
		r := AnalyzeRanges(u, RangeOptions{})
		if r.Width != 64 {
			t.Errorf("%s: width %d, want 64", src, r.Width)
		}
	}
}

// TestReadSource: only regular files up to MaxSourceSize are read.
func TestReadSource(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.c")
	os.WriteFile(file, []byte("int x;\n"), 0o644)
	big := filepath.Join(dir, "big.c")
	f, _ := os.Create(big)
	f.Truncate(MaxSourceSize + 1)
	f.Close()
	fifo := filepath.Join(dir, "fifo.c")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.c")
	os.Symlink("/dev/zero", zero)
	if b, err := ReadSource(file); err != nil || string(b) != "int x;\n" {
		t.Errorf("regular file: %q, %v", b, err)
	}
	for name, want := range map[string]string{
		dir:                          ":1:1: is a directory, not a file",
		fifo:                         ":1:1: not a regular file (a FIFO)",
		zero:                         ":1:1: not a regular file (a device)",
		big:                          ":1:1: file too large (16 MiB; input files are limited to 16 MiB)",
		filepath.Join(dir, "none.c"): ":1:1: no such file",
	} {
		_, err := ReadSource(name)
		if err == nil || err.Error() != name+want {
			t.Errorf("ReadSource(%s) = %v, want %s%s", name, err, name, want)
		}
		if !IsInputError(err) {
			t.Errorf("%v is not an input error", err)
		}
	}
}

// TestReadSourceBOM: a UTF-8 byte order mark is dropped, and every file
// read is an input file whose text may be shown; others are not.
func TestReadSourceBOM(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "bom.lsl")
	os.WriteFile(file, []byte("\xef\xbb\xbfglobal X\n"), 0o644)
	other := filepath.Join(dir, "other.txt")
	os.WriteFile(other, []byte("secret\n"), 0o644)
	if b, err := ReadSource(file); err != nil || string(b) != "global X\n" {
		t.Errorf("ReadSource: %q, %v", b, err)
	}
	if !IsInputFile(file) || !IsInputFile(filepath.Join(dir, ".", "bom.lsl")) {
		t.Errorf("%s read but not an input file", file)
	}
	if b := ReadShownSource(file, MaxSourceSize); string(b) != "global X\n" {
		t.Errorf("ReadShownSource(input) = %q", b)
	}
	if IsInputFile(other) || ReadShownSource(other, MaxSourceSize) != nil {
		t.Errorf("%s shown without having been read as an input", other)
	}
}

// TestInputRoots: below the directory of an implementation file, source
// files may be shown (the C file an .ll was compiled from); other files,
// files elsewhere and links out of the directory may not.
func TestInputRoots(t *testing.T) {
	dir := t.TempDir()
	out := t.TempDir()
	write := func(p string) string {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("x\n"), 0o644)
		return p
	}
	ll := write(filepath.Join(dir, "prog.ll"))
	c := write(filepath.Join(dir, "prog.c"))
	h := write(filepath.Join(dir, "sub", "q.h"))
	env := write(filepath.Join(dir, ".env"))
	outside := write(filepath.Join(out, "other.c"))
	link := filepath.Join(dir, "leak.c")
	os.Symlink(write(filepath.Join(out, "secret.txt")), link)
	inner := filepath.Join(dir, "inner.c")
	os.Symlink(write(filepath.Join(dir, "secret.txt")), inner)
	NoteInputRoot(ll)
	for _, tc := range []struct {
		name string
		want bool
	}{
		{ll, true}, {c, true}, {h, true}, {filepath.Join(dir, "sub", "..", "prog.c"), true},
		{env, false}, {outside, false}, {link, false}, {inner, false}, {filepath.Join(dir, "secret.txt"), false}, {filepath.Join(dir, "..", filepath.Base(out), "other.c"), false},
	} {
		if got := IsInputFile(tc.name); got != tc.want {
			t.Errorf("IsInputFile(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
}
