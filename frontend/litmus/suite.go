package litmus

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/checkfence/checkfence/diag"
)

// Files expands command-line arguments: a file stands for itself, a
// directory for every *.litmus file below it (sorted).
func Files(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil {
			return nil, &diag.Error{Pos: diag.Pos{File: a}, Msg: "cannot read: " + pathErr(err)}
		}
		if !fi.IsDir() {
			out = append(out, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".litmus") {
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			return nil, &diag.Error{Pos: diag.Pos{File: a}, Msg: "cannot read directory: " + pathErr(err)}
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}

func pathErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
