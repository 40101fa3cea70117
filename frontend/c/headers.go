package cfront

import (
	"bytes"
	"embed"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"time"
)

// The headers the front end ships: the preprocessor's only system include
// directory, so no C compiler or system headers are needed.
//
//go:embed include/*.h
var includeFS embed.FS

// sysDir is the (virtual) system include directory. Its name cannot clash
// with a real directory a user would have.
const sysDir = "<checkfence>"

// predefinedName names the source holding the predefined macros.
const predefinedName = "<predefined>"

func predefinedSource() []byte {
	b, err := includeFS.ReadFile("include/predefined.h")
	if err != nil {
		panic(err) // embedded at build time
	}
	return b
}

// maxIncludeSize bounds a header read from disk.
const maxIncludeSize = 16 << 20

// sourceFS serves files to the preprocessor: the program's own sources by
// name, the embedded headers under sysDir, and regular files from disk.
// Anything else yields a file that cannot be read (rather than an error),
// so the preprocessor never falls back to opening it itself: devices, FIFOs
// and directories are never read.
type sourceFS struct {
	mem map[string][]byte
}

func (s *sourceFS) Open(name string) (fs.File, error) {
	if b, ok := s.mem[name]; ok {
		return newMemFile(name, padSource(b)), nil
	}
	if rest, ok := strings.CutPrefix(name, sysDir+"/"); ok {
		b, err := includeFS.ReadFile(path.Join("include", rest))
		if err != nil || rest == "predefined.h" {
			return badFile{name}, nil
		}
		return newMemFile(name, b), nil
	}
	fi, err := os.Stat(name)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxIncludeSize {
		return badFile{name}, nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return badFile{name}, nil
	}
	return newMemFile(name, padSource(b)), nil
}

type memFile struct {
	*bytes.Reader
	name string
	size int64
}

func newMemFile(name string, b []byte) *memFile {
	return &memFile{Reader: bytes.NewReader(b), name: name, size: int64(len(b))}
}

func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo{f.name, f.size}, nil }
func (f *memFile) Close() error               { return nil }

type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return path.Base(i.name) }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }

var errNoFile = errors.New("file not found")

// badFile is a file that does not exist: Stat and Read fail.
type badFile struct{ name string }

func (badFile) Stat() (fs.FileInfo, error) { return nil, errNoFile }
func (badFile) Read([]byte) (int, error)   { return 0, errNoFile }
func (badFile) Close() error               { return nil }

var _ io.Reader = badFile{}

// Headers returns the headers the front end ships (lsl_protos.h and the
// minimal C library headers), for other front ends that compile the same C
// with another compiler.
func Headers() fs.FS {
	sub, err := fs.Sub(includeFS, "include")
	if err != nil {
		panic(err) // embedded at build time
	}
	return sub
}
