package cat

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/checkfence/checkfence/internal/source"
)

// A herd model may come with a .bell file of the same name beside it
// (linux-kernel.cat and linux-kernel.bell): herd reads the bell first
// (herd7 -bell, or the "bell" line of the model's .cfg) and the cat model
// after it, in the bell's environment. LoadFile does the same: the bell
// defines what the model uses (the RCU read-side critical sections
// rcu-rscs of the Linux-kernel model), and its enum and instructions
// declarations are read as documentation of the tags (parse.go).

// bellPath is the bell file that goes with a model file.
func bellPath(catPath string) string {
	return strings.TrimSuffix(catPath, ".cat") + ".bell"
}

// parseWithBell compiles the model in src (read from path) after its bell
// file, if there is one, under the limits of ctx. The bell file is read
// as every input is (source.ReadSource: no devices, FIFOs or huge files).
func parseWithBell(ctx context.Context, path string, src []byte) (*Model, error) {
	if !strings.HasSuffix(path, ".cat") {
		return ParseContext(ctx, path, src)
	}
	bp := bellPath(path)
	if _, err := os.Lstat(bp); errors.Is(err, fs.ErrNotExist) {
		return ParseContext(ctx, path, src)
	}
	bsrc, err := source.ReadSource(bp)
	if err != nil {
		return nil, err
	}
	bell, err := parseFile(bp, bsrc)
	if err != nil {
		return nil, err
	}
	f, err := parseFile(path, src)
	if err != nil {
		return nil, err
	}
	return compile(newLoader(ctx), path, f, bell)
}
