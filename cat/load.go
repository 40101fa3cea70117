package cat

import (
	"context"
	"embed"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/internal/source"
)

// The built-in models and the standard library are the .cat files in
// models/. stdlib.cat is included before every model.
//
//go:embed models/*.cat
var builtinFS embed.FS

// embeddedPrefix marks paths of files from the embedded directory.
const embeddedPrefix = "builtin:"

const stdlibName = "stdlib.cat"

// loader reads files and follows includes: a path is resolved relative to
// the including file's directory first and then among the built-in files.
//
// Disk files are read with source.ReadSource, like every other input: a
// device, a FIFO or a file over the input size limit is refused before it
// is read. Each file is read and parsed once per model (parsed), however
// often it is included; the statements of an include are compiled at each
// include, as herd does, but at most maxIncludes times per model, so that
// files that each include the next twice (2^n includes) are an error, not
// a hang.
type loader struct {
	read     func(path string) ([]byte, error) // disk files
	parsed   map[string]*file
	includes int
	poll     limits.Poller // --timeout, --max-memory, Ctrl-C
}

// maxIncludes bounds the includes compiled for one model: real models
// include a handful of files.
const maxIncludes = 1000

// loadPhase names the cat loader in limit messages.
const loadPhase = "reading the cat model"

func newLoader(ctx context.Context) *loader {
	return &loader{read: source.ReadSource, parsed: map[string]*file{}, poll: limits.Poller{Ctx: ctx, Phase: loadPhase}}
}

func (ld *loader) readEmbedded(name string) (*file, error) {
	key := embeddedPrefix + name
	if f, ok := ld.parsed[key]; ok {
		return f, nil
	}
	src, err := builtinFS.ReadFile(path.Join("models", name))
	if err != nil {
		return nil, err
	}
	f, err := parseFile(key, src)
	if err == nil {
		ld.parsed[key] = f
	}
	return f, err
}

// readDisk reads and parses a disk file once. found is false when no
// such file exists (the include then looks among the built-in files).
func (ld *loader) readDisk(p string, at diag.Pos) (f *file, found bool, err error) {
	if f, ok := ld.parsed[p]; ok {
		return f, true, nil
	}
	if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	src, err := ld.read(p)
	if err != nil {
		msg, code := err.Error(), diag.CodeUnreadable
		var le *diag.Error
		if errors.As(err, &le) {
			msg, code = le.Msg, le.Code
		}
		return nil, true, diag.ErrorfCode(at, code, "cannot read %s: %s", p, msg)
	}
	if f, err = parseFile(p, src); err != nil {
		return nil, true, err
	}
	ld.parsed[p] = f
	return f, true, nil
}

func (ld *loader) include(from string, s *includeStmt, stack []string) (*file, error) {
	if err := ld.poll.Check(); err != nil {
		return nil, err
	}
	if ld.includes++; ld.includes > maxIncludes {
		return nil, diag.ErrorfCode(s.Pos, diag.CodeTooDeep, "more than %d includes in one model: do files include each other more than once?", maxIncludes)
	}
	name := s.Path
	var f *file
	var err error
	found := false
	if !strings.HasPrefix(from, embeddedPrefix) {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(from), name)
		}
		if f, found, err = ld.readDisk(p, s.Pos); err != nil {
			return nil, err
		}
	}
	if !found {
		if f, err = ld.readEmbedded(path.Base(name)); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, diag.ErrorfCode(s.Pos, diag.CodeNoFile, "cannot find included file %q", name)
			}
			return nil, err
		}
	}
	for _, p := range stack {
		if p == f.Path {
			return nil, diag.ErrorfCode(s.Pos, diag.CodeInvalidConstruct, "%q includes itself", name)
		}
	}
	return f, nil
}

// compile parses a model file (already read) and compiles it after the
// standard library.
func compile(ld *loader, name string, f *file, before ...*file) (*Model, error) {
	c := newCompiler(name, ld)
	c.poll = &ld.poll
	std, err := ld.readEmbedded(stdlibName)
	if err != nil {
		return nil, err
	}
	e, err := c.stmts(std, nil, []string{std.Path})
	if err != nil {
		return nil, err
	}
	for _, x := range append(before, f) {
		c.m.Files = append(c.m.Files, x.Path)
		if e, err = c.stmts(x, e, []string{x.Path}); err != nil {
			return nil, err
		}
	}
	m := c.finish()
	m.Title = f.Title
	return m, nil
}

// Parse compiles the cat model in src (read from file path, which
// includes are resolved against).
func Parse(path string, src []byte) (*Model, error) {
	return ParseContext(context.Background(), path, src)
}

// ParseContext is Parse under the limits of ctx: reading
// includes and expanding functions poll it and return a
// *limits.CanceledError when it is done.
func ParseContext(ctx context.Context, path string, src []byte) (*Model, error) {
	f, err := parseFile(path, src)
	if err != nil {
		return nil, err
	}
	return compile(newLoader(ctx), path, f)
}

// LoadFile reads and compiles a .cat file (after its .bell file, bell.go).
func LoadFile(path string) (*Model, error) {
	return LoadFileContext(context.Background(), path)
}

// LoadFileContext is LoadFile under the limits of ctx. The
// file is read with source.ReadSource, as every input is.
func LoadFileContext(ctx context.Context, path string) (*Model, error) {
	src, err := source.ReadSource(path)
	if err != nil {
		return nil, err
	}
	return parseWithBell(ctx, path, src)
}

// builtins caches the built-in models compiled so far, by name: a run
// compiles only the model it uses.
var builtins = struct {
	mu     sync.Mutex
	models map[string]*Model
}{models: map[string]*Model{}}

// Builtin returns the built-in cat model with the given name (shared; do
// not modify).
func Builtin(name string) (*Model, bool) {
	builtins.mu.Lock()
	defer builtins.mu.Unlock()
	if m, ok := builtins.models[name]; ok {
		return m, true
	}
	file := name + ".cat"
	if file == stdlibName {
		return nil, false
	}
	if _, ok := BuiltinSource(name); !ok {
		return nil, false
	}
	ld := newLoader(context.Background())
	f, err := ld.readEmbedded(file)
	if err == nil {
		var m *Model
		if m, err = compile(ld, name, f); err == nil {
			m.C11 = c11Mappings[name]
			builtins.models[name] = m
			return m, true
		}
	}
	panic("built-in cat model " + name + ": " + err.Error()) // caught by the tests
}

// Equivalent texts are the files in equivalent/: earlier texts of a
// built-in model, rewritten since in a form with the same verdicts
// (docs/semantics.md says why for each). A user's copy of one is treated
// as the built-in model it names (memmodel), as axioms.Equivalent's are.
//
//go:embed equivalent/*.cat
var equivalentFS embed.FS

var equivalent struct {
	once   sync.Once
	models map[string]*Model
}

// Equivalent returns the compiled earlier texts of the built-in models, by
// the built-in's name.
func Equivalent() map[string]*Model {
	equivalent.once.Do(func() {
		equivalent.models = map[string]*Model{}
		for _, name := range source.EmbeddedNames(equivalentFS, "equivalent", ".cat") {
			file := path.Join("equivalent", name+".cat")
			src, _ := equivalentFS.ReadFile(file)
			m, err := Parse(file, src)
			if err != nil {
				panic("equivalent cat model " + name + ": " + err.Error()) // caught by the tests
			}
			equivalent.models[name] = m
		}
	})
	return equivalent.models
}

// BuiltinNames lists the built-in cat models.
func BuiltinNames() []string {
	// Only the embedded file names: the help text of every command lists
	// the models, and parsing them all cost each process milliseconds.
	return source.EmbeddedNames(builtinFS, "models", ".cat", stdlibName)
}

// BuiltinSource returns the text of a built-in model (or of stdlib).
func BuiltinSource(name string) ([]byte, bool) {
	src, err := builtinFS.ReadFile(path.Join("models", name+".cat"))
	return src, err == nil
}

// Load returns the built-in model nameOrPath, or compiles the file
// nameOrPath if it ends in .cat.
func Load(nameOrPath string) (*Model, error) {
	if strings.HasSuffix(nameOrPath, ".cat") {
		return LoadFile(nameOrPath)
	}
	if m, ok := Builtin(nameOrPath); ok {
		return m, nil
	}
	return nil, &diag.Error{Msg: "unknown cat model " + nameOrPath + " (built-in: " + strings.Join(BuiltinNames(), ", ") + ")", Code: diag.CodeUnknownModel}
}
