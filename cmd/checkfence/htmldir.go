package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// checkHTMLDir makes sure --html DIR can be written before the tests run:
// it creates the directory if needed and writes a probe file into it. The
// pages are written as new files that replace the old ones
// (report.WriteHTML), never through a link.
// overwrites reports that DIR already holds an index.html (of another run).
func checkHTMLDir(dir string) (overwrites bool, err error) {
	if dir == "" {
		return false, nil
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("--html %s: %s", dir, fmt.Sprintf(format, args...))
	}
	// A DIR that is a symbolic link is refused: the pages would go
	// wherever a link planted in a checked-out tree points (docs: the
	// user names the directory itself).
	if fi, err := os.Lstat(filepath.Clean(dir)); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		target, _ := os.Readlink(filepath.Clean(dir))
		return false, bad("a symbolic link (to %s); give the directory itself if the pages are to go there", target)
	}
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		return false, bad("not a directory (the pages go into a directory)")
	case err != nil && !os.IsNotExist(err):
		return false, bad("%v", pathReason(err))
	case err != nil:
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return false, bad("cannot create the directory: %v", pathReason(err))
		}
	}
	probe, err := os.CreateTemp(dir, ".checkfence-probe-*")
	if err != nil {
		return false, bad("cannot write into the directory: %v", pathReason(err))
	}
	probe.Close()
	os.Remove(probe.Name())
	if _, err := os.Lstat(filepath.Join(dir, "index.html")); err == nil {
		overwrites = true
	}
	return overwrites, nil
}

// pathReason is a file system error without the path it names.
func pathReason(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
