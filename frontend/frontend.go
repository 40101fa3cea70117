package frontend

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/internal/source"
	"github.com/checkfence/checkfence/lsl"
)

// Func translates a group of files of one kind into an LSL program.
type Func func(files []string, opt Options) (*lsl.Program, error)

// Options control Load.
type Options struct {
	// Ctx, if set, stops a long translation (--timeout, --max-memory,
	// Ctrl-C): Load then returns a *limits.CanceledError. Parsers of other
	// projects that take no context (cc, llir) are not interrupted; the
	// CLI does not wait for them (see cmd/checkfence).
	Ctx context.Context
	// KeepPool: a whole program's malloc stays an lsl_malloc pool block
	// even when the program never frees (--leaks=on checks them), rather
	// than a fresh block (frontend/llvm/pthread_alloc.go).
	KeepPool bool
	// SignedOverflow: signed arithmetic that overflows is a runtime error
	// (the LLVM front end; checkfence run --prop no-overflow).
	SignedOverflow bool
	// ThreadRounds is how often the LLVM front end unrolls a loop that
	// starts threads with a count known only at run time (--max-threads;
	// 0: its default).
	ThreadRounds int
}

var registry = map[string]Func{}

// Register makes f the front end for files ending in ext (".c").
func Register(ext string, f Func) { registry[ext] = f }

// Extensions lists the registered extensions.
func Extensions() []string {
	var out []string
	for e := range registry {
		out = append(out, e)
	}
	sort.Strings(out)
	return out
}

func init() { Register(".lsl", loadLSL) }

func loadLSL(files []string, _ Options) (*lsl.Program, error) {
	var srcs []lsl.SourceFile
	for _, f := range files {
		b, err := source.ReadSource(f)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, lsl.SourceFile{Name: f, Src: b})
	}
	return lsl.ParseFiles(srcs)
}

// fileError reports an unreadable file in the file:line:col form.
func fileError(name string, err error) error {
	msg := err.Error()
	if os.IsNotExist(err) {
		msg = "no such file"
	} else if pe, ok := err.(*os.PathError); ok {
		msg = pe.Err.Error()
	}
	return &diag.Error{Pos: diag.Pos{File: name, Line: 1, Col: 1}, Msg: msg}
}

// Load translates the implementation files and links them into one program.
func Load(files []string) (*lsl.Program, error) { return LoadWith(files, Options{}) }

// LoadWith is Load with options.
func LoadWith(files []string, opt Options) (*lsl.Program, error) {
	groups := map[string][]string{}
	var order []string
	for _, f := range files {
		ext := strings.ToLower(filepath.Ext(f))
		if _, ok := registry[ext]; !ok {
			return nil, &diag.Error{Pos: diag.Pos{File: f, Line: 1, Col: 1},
				Msg: fmt.Sprintf("cannot read %q files (known: %s)", ext, strings.Join(Extensions(), " "))}
		}
		if _, err := os.Stat(f); err != nil {
			return nil, fileError(f, err)
		}
		if msg := source.NotRegular(f); msg != "" {
			return nil, &diag.Error{Pos: diag.Pos{File: f, Line: 1, Col: 1}, Msg: msg}
		}
		if _, ok := groups[ext]; !ok {
			order = append(order, ext)
		}
		groups[ext] = append(groups[ext], f)
	}
	var progs []*lsl.Program
	for _, ext := range order {
		if err := limits.Canceled(opt.Ctx, "the front end"); err != nil {
			return nil, err
		}
		p, err := registry[ext](groups[ext], opt)
		if err != nil {
			return nil, err
		}
		progs = append(progs, p)
	}
	if len(progs) == 1 {
		return progs[0], progs[0].Check()
	}
	p, err := lsl.Link(progs...)
	if err != nil {
		return nil, err
	}
	return p, p.Check()
}

// ReadFile reads an input file, reporting problems as input errors: only
// regular files up to source.MaxSourceSize are read.
func ReadFile(name string) ([]byte, error) {
	return source.ReadSource(name)
}
