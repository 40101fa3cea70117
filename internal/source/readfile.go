package source

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/checkfence/checkfence/diag"
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
	fail := func(code diag.ErrorCode, format string, args ...any) error {
		return diag.ErrorfCode(diag.Pos{File: name, Line: 1, Col: 1}, code, format, args...)
	}
	fi, err := os.Stat(name)
	if err != nil {
		return nil, fail(fileErrorCode(err), "%s", fileErrorText(err))
	}
	if err := checkRegular(fi); err != "" {
		return nil, fail(diag.CodeNotRegular, "%s", err)
	}
	if fi.Size() > MaxSourceSize {
		return nil, fail(diag.CodeFileTooLarge, "file too large (%d MiB; input files are limited to %d MiB)", fi.Size()>>20, MaxSourceSize>>20)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fail(fileErrorCode(err), "%s", fileErrorText(err))
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxSourceSize+1))
	if err != nil {
		return nil, fail(fileErrorCode(err), "%s", fileErrorText(err))
	}
	if len(b) > MaxSourceSize {
		return nil, fail(diag.CodeFileTooLarge, "file too large (more than %d MiB)", MaxSourceSize>>20)
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
//
// One exception keeps the C source of an .ll file the user compiled: a
// file with a source extension (.c, .h, .cc, .cpp, …) in the directory
// of an implementation file or below it (NoteInputRoot), after symbolic
// links are resolved, may be shown too.
var inputFiles = struct {
	sync.Mutex
	m     map[string]bool
	roots []string
}{m: map[string]bool{}}

// sourceExts are the extensions of files shown below an input root.
var sourceExts = map[string]bool{
	".c": true, ".h": true, ".cc": true, ".cpp": true, ".cxx": true, ".c++": true,
	".hh": true, ".hpp": true, ".hxx": true, ".i": true, ".ll": true, ".lsl": true,
}

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

// NoteInputRoot records an implementation file the user gave: it may be
// shown, and so may source files in its directory or below.
func NoteInputRoot(name string) {
	NoteInputFile(name)
	dir := filepath.Dir(inputKey(name))
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	inputFiles.Lock()
	defer inputFiles.Unlock()
	if !slices.Contains(inputFiles.roots, dir) {
		inputFiles.roots = append(inputFiles.roots, dir)
	}
}

// IsInputFile reports whether the text of name may be shown: it was read
// as an input (or noted with NoteInputFile), or it is a source file below
// an input root.
func IsInputFile(name string) bool {
	if name == "" {
		return false
	}
	inputFiles.Lock()
	ok := inputFiles.m[inputKey(name)]
	roots := inputFiles.roots
	inputFiles.Unlock()
	if ok || !sourceExts[strings.ToLower(filepath.Ext(name))] {
		return ok
	}
	real, err := filepath.EvalSymlinks(name)
	if err != nil {
		return false
	}
	real = inputKey(real)
	if !sourceExts[strings.ToLower(filepath.Ext(real))] {
		return false // a link leak.c -> secret.txt
	}
	for _, root := range roots {
		if rel, err := filepath.Rel(root, real); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
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

// fileErrorCode classifies a file system error.
func fileErrorCode(err error) diag.ErrorCode {
	if os.IsNotExist(err) {
		return diag.CodeNoFile
	}
	return diag.CodeUnreadable
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
