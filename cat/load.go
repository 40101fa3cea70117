package cat

import (
	"embed"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/checkfence/checkfence/lsl"
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
type loader struct {
	read func(path string) ([]byte, error) // disk files
}

func defaultLoader() *loader {
	return &loader{read: os.ReadFile}
}

func (ld *loader) readEmbedded(name string) (*file, error) {
	src, err := builtinFS.ReadFile(path.Join("models", name))
	if err != nil {
		return nil, err
	}
	return parseFile(embeddedPrefix+name, src)
}

func (ld *loader) include(from string, s *includeStmt, stack []string) (*file, error) {
	name := s.Path
	var f *file
	var err error
	found := false
	if !strings.HasPrefix(from, embeddedPrefix) {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(from), name)
		}
		var src []byte
		if src, err = ld.read(p); err == nil {
			found = true
			if f, err = parseFile(p, src); err != nil {
				return nil, err
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, lsl.Errorf(s.Pos, "cannot read %s: %v", p, unwrapPathError(err))
		}
	}
	if !found {
		if f, err = ld.readEmbedded(path.Base(name)); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, lsl.Errorf(s.Pos, "cannot find included file %q", name)
			}
			return nil, err
		}
	}
	for _, p := range stack {
		if p == f.Path {
			return nil, lsl.Errorf(s.Pos, "%q includes itself", name)
		}
	}
	return f, nil
}

func unwrapPathError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// compile parses a model file (already read) and compiles it after the
// standard library.
func compile(ld *loader, name string, f *file) (*Model, error) {
	c := newCompiler(name, ld)
	std, err := ld.readEmbedded(stdlibName)
	if err != nil {
		return nil, err
	}
	e, err := c.stmts(std, nil, []string{std.Path})
	if err != nil {
		return nil, err
	}
	c.m.Files = append(c.m.Files, f.Path)
	if _, err := c.stmts(f, e, []string{f.Path}); err != nil {
		return nil, err
	}
	m := c.finish()
	m.Title = f.Title
	return m, nil
}

// Parse compiles the cat model in src (read from file path, which
// includes are resolved against).
func Parse(path string, src []byte) (*Model, error) {
	f, err := parseFile(path, src)
	if err != nil {
		return nil, err
	}
	return compile(defaultLoader(), path, f)
}

// LoadFile reads and compiles a .cat file (after its .bell file, bell.go).
func LoadFile(path string) (*Model, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, &lsl.Error{Pos: lsl.Pos{File: path}, Msg: "cannot read memory model: " + unwrapPathError(err)}
	}
	return parseWithBell(path, src)
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
	ld := defaultLoader()
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

// BuiltinNames lists the built-in cat models.
func BuiltinNames() []string {
	// Only the embedded file names: the help text of every command lists
	// the models, and parsing them all cost each process milliseconds.
	return lsl.EmbeddedNames(builtinFS, "models", ".cat", stdlibName)
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
	return nil, &lsl.Error{Msg: "unknown cat model " + nameOrPath + " (built-in: " + strings.Join(BuiltinNames(), ", ") + ")"}
}
