package axioms

import (
	"embed"
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/source"
)

// Built-in models are the .mm files in models/: adding a model means
// dropping a file there.
//
//go:embed models/*.mm
var builtinFS embed.FS

// Equivalent texts are the files in equivalent/: earlier texts of a
// built-in model, rewritten since in a form that allows exactly the same
// executions (docs/semantics.md says why for each). A user's copy of one is
// treated as the built-in model it names (memmodel's vetting).
//
//go:embed equivalent/*.mm
var equivalentFS embed.FS

// Equivalent returns the parsed earlier texts of the built-in models, by
// the built-in's name.
func Equivalent() map[string]*Model {
	equivalent.once.Do(func() {
		equivalent.models = map[string]*Model{}
		for _, name := range source.EmbeddedNames(equivalentFS, "equivalent", ".mm") {
			file := path.Join("equivalent", name+".mm")
			src, _ := equivalentFS.ReadFile(file)
			m, err := Parse(file, src)
			if err != nil {
				panic(fmt.Sprintf("equivalent model %s: %v", name, err)) // caught by the tests
			}
			equivalent.models[name] = m
		}
	})
	return equivalent.models
}

var equivalent struct {
	once   sync.Once
	models map[string]*Model
}

// builtins caches the models parsed so far, by name: a run parses only the
// models it uses (parsing all of them cost every run ~20 ms).
var builtins = struct {
	mu     sync.Mutex
	models map[string]*Model
}{models: map[string]*Model{}}

// Builtin returns the built-in model with the given name. Models are
// shared; callers must not modify them.
func Builtin(name string) (*Model, bool) {
	builtins.mu.Lock()
	defer builtins.mu.Unlock()
	if m, ok := builtins.models[name]; ok {
		return m, true
	}
	src, ok := BuiltinSource(name)
	if !ok {
		return nil, false
	}
	m, err := Parse(path.Join("models", name+".mm"), src)
	if err != nil {
		panic(fmt.Sprintf("built-in model %s: %v", name, err)) // caught by the tests
	}
	builtins.models[name] = m
	return m, true
}

// BuiltinNames lists the built-in models in alphabetical order.
func BuiltinNames() []string {
	// Only the embedded file names: the help text of every command lists
	// the models, and parsing them all cost each process milliseconds.
	return source.EmbeddedNames(builtinFS, "models", ".mm")
}

// BuiltinSource returns the .mm text of a built-in model.
func BuiltinSource(name string) ([]byte, bool) {
	src, err := builtinFS.ReadFile(path.Join("models", name+".mm"))
	return src, err == nil
}

// LoadModel returns the built-in model nameOrPath, or parses the file
// nameOrPath if it ends in .mm.
func LoadModel(nameOrPath string) (*Model, error) {
	if strings.HasSuffix(nameOrPath, ".mm") {
		src, err := source.ReadSource(nameOrPath)
		if err != nil {
			e := err.(*diag.Error)
			e.Msg = "cannot read memory model: " + e.Msg
			return nil, e
		}
		return Parse(nameOrPath, src)
	}
	if m, ok := Builtin(nameOrPath); ok {
		return m, nil
	}
	return nil, &diag.Error{Msg: fmt.Sprintf("unknown memory model %q (built-in models: %s; or give a path ending in .mm)",
		nameOrPath, strings.Join(BuiltinNames(), ", ")), Code: diag.CodeUnknownModel}
}
