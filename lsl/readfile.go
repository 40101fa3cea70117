package lsl

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strings"
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
	return b, nil
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
