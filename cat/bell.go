package cat

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/checkfence/checkfence/lsl"
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
// file, if there is one.
func parseWithBell(path string, src []byte) (*Model, error) {
	if !strings.HasSuffix(path, ".cat") {
		return Parse(path, src)
	}
	bp := bellPath(path)
	bsrc, err := os.ReadFile(bp)
	if errors.Is(err, fs.ErrNotExist) {
		return Parse(path, src)
	}
	if err != nil {
		return nil, &lsl.Error{Pos: lsl.Pos{File: bp}, Msg: "cannot read the bell file: " + unwrapPathError(err)}
	}
	bell, err := parseFile(bp, bsrc)
	if err != nil {
		return nil, err
	}
	f, err := parseFile(path, src)
	if err != nil {
		return nil, err
	}
	ld := defaultLoader()
	c := newCompiler(path, ld)
	std, err := ld.readEmbedded(stdlibName)
	if err != nil {
		return nil, err
	}
	e, err := c.stmts(std, nil, []string{std.Path})
	if err != nil {
		return nil, err
	}
	for _, x := range []*file{bell, f} {
		c.m.Files = append(c.m.Files, x.Path)
		if e, err = c.stmts(x, e, []string{x.Path}); err != nil {
			return nil, err
		}
	}
	m := c.finish()
	m.Title = f.Title
	return m, nil
}
