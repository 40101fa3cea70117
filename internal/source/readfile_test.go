package source

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

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
	for name, want := range map[string]diag.ErrorCode{
		dir:                          diag.CodeNotRegular,
		fifo:                         diag.CodeNotRegular,
		zero:                         diag.CodeNotRegular,
		big:                          diag.CodeFileTooLarge,
		filepath.Join(dir, "none.c"): diag.CodeNoFile,
	} {
		_, err := ReadSource(name)
		var e *diag.Error
		if !errors.As(err, &e) || e.Code != want || e.Pos != (diag.Pos{File: name, Line: 1, Col: 1}) {
			t.Errorf("ReadSource(%s) = %v, want %s at its first line", name, err, want)
		}
		if !diag.IsInputError(err) {
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
