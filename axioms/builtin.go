package axioms

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/checkfence/checkfence/lsl"
)

// Built-in models are the .mm files in models/: adding a model means
// dropping a file there.
//
//go:embed models/*.mm
var builtinFS embed.FS

var builtins = struct {
	once   sync.Once
	models map[string]*Model
	names  []string
}{}

func loadBuiltins() {
	builtins.models = map[string]*Model{}
	entries, err := builtinFS.ReadDir("models")
	if err != nil {
		panic(err) // the embedded directory is part of the binary
	}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".mm")
		src, err := builtinFS.ReadFile(path.Join("models", e.Name()))
		if err != nil {
			panic(err)
		}
		m, err := Parse(path.Join("models", e.Name()), src)
		if err != nil {
			panic(fmt.Sprintf("built-in model %s: %v", name, err)) // caught by the tests
		}
		builtins.models[name] = m
		builtins.names = append(builtins.names, name)
	}
	sort.Strings(builtins.names)
}

// Builtin returns the built-in model with the given name. Models are
// shared; callers must not modify them.
func Builtin(name string) (*Model, bool) {
	builtins.once.Do(loadBuiltins)
	m, ok := builtins.models[name]
	return m, ok
}

// BuiltinNames lists the built-in models in alphabetical order.
func BuiltinNames() []string {
	builtins.once.Do(loadBuiltins)
	return append([]string(nil), builtins.names...)
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
		src, err := lsl.ReadSource(nameOrPath)
		if err != nil {
			e := err.(*lsl.Error)
			e.Msg = "cannot read memory model: " + e.Msg
			return nil, e
		}
		return Parse(nameOrPath, src)
	}
	if m, ok := Builtin(nameOrPath); ok {
		return m, nil
	}
	return nil, &lsl.Error{Msg: fmt.Sprintf("unknown memory model %q (built-in models: %s; or give a path ending in .mm)",
		nameOrPath, strings.Join(BuiltinNames(), ", "))}
}
