package report

import (
	"io/fs"
	"path/filepath"

	"github.com/checkfence/checkfence/internal/source"
)

// The traces of the golden tests show source lines from testdata (saved
// results name those files without the front ends having read them in
// this process): they are the inputs of these tests.
func init() {
	filepath.WalkDir("testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			source.NoteInputFile(p)
		}
		return nil
	})
}
