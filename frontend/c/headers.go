package cfront

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"time"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/frontend/headers"
	"github.com/checkfence/checkfence/internal/source"
)

// The headers the front end ships (package headers) are the
// preprocessor's only system include directory, so no C compiler or
// system headers are needed.

// sysDir is the (virtual) system include directory. Its name cannot clash
// with a real directory a user would have.
const sysDir = "<checkfence>"

// predefinedName names the source holding the predefined macros.
const predefinedName = "<predefined>"

func predefinedSource() []byte { return headers.Predefined() }

// maxIncludes bounds how often one file is opened by #include: cc does not
// limit the include depth, so a file that includes itself without an
// include guard would be read forever.
const maxIncludes = 200

// sourceFS serves files to the preprocessor: the program's own sources by
// name, the embedded headers under sysDir, and regular files from disk
// (at most source.MaxSourceSize). Anything else yields a file that cannot be
// read (rather than an error), so the preprocessor never falls back to
// opening it itself: devices, FIFOs and directories are never read. Why a
// file was refused is kept for the error message (cc only says "not
// found").
type sourceFS struct {
	mem     map[string][]byte
	ctx     context.Context
	opens   map[string]int
	refused map[string]string // name → why it was not served
	// absolute lists the absolute paths the program #includes (found by
	// prescan), for absoluteInclude.
	absolute map[string]bool
	// single, while cc.Parse runs without the standalone preprocessing
	// pass, is what the unit's scan found (see planSinglePass).
	single *singlePass
}

func (s *sourceFS) Open(name string) (fs.File, error) {
	if s.opens == nil {
		s.opens, s.refused = map[string]int{}, map[string]string{}
	}
	if s.ctx != nil && s.ctx.Err() != nil {
		s.abortSinglePass()
		return badFile{name}, nil // the caller reports the cancellation
	}
	s.opens[name]++
	if s.opens[name] > maxIncludes {
		s.abortSinglePass()
		s.refused[name] = fmt.Sprintf("#include nested too deeply (%s is opened more than %d times: does it include itself without an include guard?)", name, maxIncludes)
		return badFile{name}, nil
	}
	if s.single != nil {
		if b, ok := s.single.files[name]; ok {
			return newMemFile(name, b), nil
		}
	}
	served, b, why := s.read(name)
	if why != "" {
		s.refused[served] = why
	}
	// cc looks in sysDir last: not finding a file there ends its token
	// stream.
	if b != nil || strings.HasPrefix(name, sysDir+"/") {
		s.abortSinglePass()
	}
	if b == nil {
		return badFile{name}, nil
	}
	return newMemFile(served, b), nil
}

// abortSinglePass stops cc.Parse when it runs on a single-pass plan and
// leaves it (see planSinglePass).
func (s *sourceFS) abortSinglePass() {
	if s.single != nil {
		panic(singlePassAbort{})
	}
}

// read is the file Open serves for name (served is the name it is found
// under), or nil; why says why a file that exists is refused. It has no
// side effects.
func (s *sourceFS) read(name string) (served string, b []byte, why string) {
	if b, ok := s.mem[name]; ok {
		return name, padSource(b), ""
	}
	if rest, ok := strings.CutPrefix(name, sysDir+"/"); ok {
		b, err := fs.ReadFile(headers.FS(), rest)
		if err != nil || rest == "predefined.h" {
			return name, nil, ""
		}
		return name, b, ""
	}
	if _, err := os.Stat(name); err != nil {
		abs := s.absoluteInclude(name)
		if abs == "" {
			return name, nil, ""
		}
		name = abs
	}
	b, err := source.ReadSource(name)
	if err != nil {
		return name, nil, err.(*diag.Error).Msg
	}
	return name, padSource(b), ""
}

// absoluteInclude finds the file an #include of an absolute path meant.
// cc passes such a path without its leading slash (fs.FS paths are
// relative), or joined to the directory of the including file: /dir/a.c
// including "/x/h.h" opens "/dir/x/h.h". The longest suffix of name (other
// than name) that the program #includes is the file ("" if none).
func (s *sourceFS) absoluteInclude(name string) string {
	parts := strings.Split(strings.TrimPrefix(name, "/"), "/")
	start := 0
	if path.IsAbs(name) {
		start = 1
	}
	for k := start; k < len(parts); k++ {
		if cand := "/" + strings.Join(parts[k:], "/"); s.absolute[cand] {
			return cand
		}
	}
	return ""
}

// whyRefused explains a failed #include of arg (as written, without quotes
// or brackets), if the file exists but was refused.
func (s *sourceFS) whyRefused(arg string) string {
	for name, why := range s.refused {
		if name == arg || strings.HasSuffix(name, "/"+arg) || path.Clean(name) == path.Clean(arg) {
			return why
		}
	}
	return ""
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
