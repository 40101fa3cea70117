package lsl

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
)

// MaxSourceSize caps every input file (sources, tests, models, litmus
// tests): a larger file is a mistake (a symlink to a device, a generated
// dump), and reading it whole would take the memory of the check.
const MaxSourceSize = 16 << 20

// ReadSource reads an input file. Only regular files up to MaxSourceSize
// are read: directories, devices, FIFOs and sockets are refused before
// they are opened (a FIFO would block, /dev/zero never ends). Errors are
// *Error at the file's first line.
func ReadSource(name string) ([]byte, error) {
	fail := func(format string, args ...any) error {
		return &Error{Pos: Pos{File: name, Line: 1, Col: 1}, Msg: fmt.Sprintf(format, args...)}
	}
	fi, err := os.Stat(name)
	if err != nil {
		return nil, fail("%s", fileErrorText(err))
	}
	if err := checkRegular(fi); err != "" {
		return nil, fail("%s", err)
	}
	if fi.Size() > MaxSourceSize {
		return nil, fail("file too large (%d MiB; input files are limited to %d MiB)", fi.Size()>>20, MaxSourceSize>>20)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fail("%s", fileErrorText(err))
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxSourceSize+1))
	if err != nil {
		return nil, fail("%s", fileErrorText(err))
	}
	if len(b) > MaxSourceSize {
		return nil, fail("file too large (more than %d MiB)", MaxSourceSize>>20)
	}
	NoteInputFile(name)
	return StripBOM(b), nil
}

// utf8BOM is the byte order mark some editors put at the start of UTF-8
// files.
const utf8BOM = "\xef\xbb\xbf"

// StripBOM drops a UTF-8 byte order mark at the start of src: every input
// format accepts one (positions then count from the first character after
// it, as editors show the line).
func StripBOM(src []byte) []byte {
	return bytes.TrimPrefix(src, []byte(utf8BOM))
}

// Source text is shown (traces, --json, JUnit, SARIF, HTML) only from the
// files the user gave as input and the files the front ends read for
// them (headers): every file read through ReadSource. A position can name
// any file (#line 1 "/etc/passwd" in C, loc in LSL, !DIFile in LLVM IR),
// and a report that copied that file's lines would publish whatever the
// process can read; for other files the position is shown without text.
var inputFiles = struct {
	sync.Mutex
	m map[string]bool
}{m: map[string]bool{}}

// inputKey identifies a file name: its absolute, cleaned path.
func inputKey(name string) string {
	if abs, err := filepath.Abs(name); err == nil {
		return abs
	}
	return filepath.Clean(name)
}

// NoteInputFile records name as a file whose text may be shown.
func NoteInputFile(name string) {
	inputFiles.Lock()
	inputFiles.m[inputKey(name)] = true
	inputFiles.Unlock()
}

// IsInputFile reports whether name was read as an input (or noted with
// NoteInputFile), so that its text may be shown.
func IsInputFile(name string) bool {
	if name == "" {
		return false
	}
	inputFiles.Lock()
	defer inputFiles.Unlock()
	return inputFiles.m[inputKey(name)]
}

// ReadShownSource reads the text of a file for display: nil unless name
// is an input file (IsInputFile), a regular file and at most limit bytes.
func ReadShownSource(name string, limit int64) []byte {
	if !IsInputFile(name) {
		return nil
	}
	fi, err := os.Stat(name)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > limit {
		return nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	return StripBOM(b)
}

// checkRegular describes why fi is not a file we read ("" if it is).
func checkRegular(fi fs.FileInfo) string {
	m := fi.Mode()
	switch {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "is a directory, not a file"
	case m&fs.ModeNamedPipe != 0:
		return "not a regular file (a FIFO)"
	case m&fs.ModeSocket != 0:
		return "not a regular file (a socket)"
	case m&fs.ModeDevice != 0:
		return "not a regular file (a device)"
	}
	return "not a regular file"
}

// NotRegular describes why the file name is not a regular file we read
// ("" if it is, or if it cannot be examined: opening it will say why).
func NotRegular(name string) string {
	fi, err := os.Stat(name)
	if err != nil {
		return ""
	}
	return checkRegular(fi)
}

// fileErrorText is the reason of a file system error without the path
// (the position already names the file).
func fileErrorText(err error) string {
	if os.IsNotExist(err) {
		return "no such file"
	}
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// EmbeddedNames lists, in alphabetical order, the names (without ext) of
// the files ending in ext in directory dir of an embedded file system,
// except those in skip: the built-in models of the axioms and cat
// packages, listed without parsing them.
func EmbeddedNames(fsys fs.ReadDirFS, dir, ext string, skip ...string) []string {
	entries, err := fsys.ReadDir(dir)
	if err != nil {
		panic(err) // the embedded directory is part of the binary
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ext) && !slices.Contains(skip, e.Name()) {
			names = append(names, strings.TrimSuffix(e.Name(), ext))
		}
	}
	sort.Strings(names)
	return names
}
