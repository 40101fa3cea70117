package cat

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/internal/source"
)

// TestLoadRefusesNonRegular: a model or an included file that is a
// device, a FIFO or larger than the input limit is refused before it is
// read (reading /dev/zero or a FIFO never ends).
func TestLoadRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.cat")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.cat"), 0o644); err != nil {
		t.Fatal(err)
	}
	big, err := os.Create(filepath.Join(dir, "big.cat"))
	if err != nil {
		t.Fatal(err)
	}
	big.Truncate(source.MaxSourceSize + 1)
	big.Close()
	for _, tc := range []struct {
		file, want string // want: the position (the include, for an included file) and the file's kind
		code       diag.ErrorCode
	}{
		{filepath.Join(dir, "zero.cat"), "zero.cat:1:1: not a regular file (a device)", diag.CodeNotRegular},
		{filepath.Join(dir, "fifo.cat"), "fifo.cat:1:1: not a regular file (a FIFO)", diag.CodeNotRegular},
		{filepath.Join(dir, "big.cat"), "big.cat:1:1: ", diag.CodeFileTooLarge},
		{write("inczero.cat", "include \"zero.cat\"\n"), "inczero.cat:1:1: cannot read " + filepath.Join(dir, "zero.cat") + ": not a regular file (a device)", diag.CodeNotRegular},
		{write("incfifo.cat", "let x = po\ninclude \"fifo.cat\"\n"), "incfifo.cat:2:1: cannot read " + filepath.Join(dir, "fifo.cat") + ": not a regular file (a FIFO)", diag.CodeNotRegular},
		{write("incbig.cat", "include \"big.cat\"\n"), "incbig.cat:1:1: cannot read " + filepath.Join(dir, "big.cat") + ": ", diag.CodeFileTooLarge},
	} {
		done := make(chan error, 1)
		go func() { _, err := LoadFile(tc.file); done <- err }()
		select {
		case err := <-done:
			if !slices.Equal(diag.Codes(err), []diag.ErrorCode{tc.code}) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: got %v (codes %v), want %q [%v]", filepath.Base(tc.file), err, diag.Codes(err), tc.want, tc.code)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: still reading after 5s", filepath.Base(tc.file))
		}
	}
}

// TestIncludeBomb: files that each include the next twice are read and
// parsed once each, and the includes stop at maxIncludes.
func TestIncludeBomb(t *testing.T) {
	dir := t.TempDir()
	reads := 0
	bomb := func(n int) string {
		for i := 0; i < n; i++ {
			next := fmt.Sprintf("include \"b%d.cat\"\n", i+1)
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("b%d.cat", i)), []byte(next+next), 0o644)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("b%d.cat", n)), []byte("let x = po\n"), 0o644)
		return filepath.Join(dir, "b0.cat")
	}
	load := func(path string) (*Model, error) {
		src, err := source.ReadSource(path)
		if err != nil {
			return nil, err
		}
		f, err := parseFile(path, src)
		if err != nil {
			return nil, err
		}
		ld := newLoader(context.Background())
		read := ld.read
		ld.read = func(p string) ([]byte, error) { reads++; return read(p) }
		return compile(ld, path, f)
	}
	// 2^8 includes: fine, each of the 8 included files read once
	if _, err := load(bomb(8)); err != nil || reads != 8 {
		t.Errorf("8 levels: %v, %d reads (want 8)", err, reads)
	}
	reads = 0
	_, err := load(bomb(40))
	if !slices.Equal(diag.Codes(err), []diag.ErrorCode{diag.CodeTooDeep}) {
		t.Errorf("40 levels: %v", err)
	}
	if reads > 40 {
		t.Errorf("40 levels: %d reads, want at most 40", reads)
	}
}

// expansionBomb defines f0 … fn, each calling the one before twice: on
// the same argument extended two ways (po, rf: 2^n different terms) or on
// the argument and the argument extended (shared terms: n² nodes).
func expansionBomb(n int, shared bool) string {
	var b strings.Builder
	b.WriteString("let f0(x) = x\n")
	for i := 1; i <= n; i++ {
		if shared {
			fmt.Fprintf(&b, "let f%d(x) = f%d(x) | f%d(x;po)\n", i, i-1, i-1)
		} else {
			fmt.Fprintf(&b, "let f%d(x) = f%d(x;po) | f%d(x;rf)\n", i, i-1, i-1)
		}
	}
	fmt.Fprintf(&b, "acyclic f%d(po)\n", n)
	return b.String()
}

// TestExpansionShared: calls on common sub-terms are expanded once, and
// the compiled model and its printed form stay polynomial.
func TestExpansionShared(t *testing.T) {
	m, err := Parse("bomb.cat", []byte(expansionBomb(40, true)))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Nodes) > 5000 {
		t.Errorf("%d nodes, want a polynomial number", len(m.Nodes))
	}
	if n := len(m.Format()); n > 1<<20 {
		t.Errorf("Format: %d bytes", n)
	}
}

// TestExpansionCanceled: an expansion that is exponential stops when its
// context is done.
func TestExpansionCanceled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := ParseContext(ctx, "bomb.cat", []byte(expansionBomb(40, false)))
	if !errors.Is(err, limits.ErrCanceled) {
		t.Fatalf("got %v, want a cancellation", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopped after %v", d)
	}
}
