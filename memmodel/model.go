package memmodel

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/diag"
)

// Model is a memory model: an axiomatic .mm model (package axioms) or a
// herd cat model (package cat). Models are shared and immutable.
type Model struct {
	name string
	mm   *axioms.Model
	cat  *cat.Model
	// file is the path a model was read from ("" for a built-in one).
	file string

	propsOnce sync.Once
	props     Properties
}

// FromMM wraps a parsed .mm model. A built-in one is better taken from
// Builtin, which returns one *Model per name.
func FromMM(m *axioms.Model) *Model { return &Model{name: m.Name, mm: m} }

// FromCat wraps a compiled cat model.
func FromCat(m *cat.Model) *Model { return &Model{name: m.Name, cat: m} }

// Name is the model's name: a built-in one's, the name a .mm file
// declares, or a .cat file's path.
func (m *Model) Name() string {
	if m == nil {
		return ""
	}
	return m.name
}

// String is Name.
func (m *Model) String() string { return m.Name() }

// Axiomatic is the .mm model, nil for a cat model. Only the encoder's
// instantiation of Θ and the .mm tools (refcheck, fence synthesis)
// look inside.
func (m *Model) Axiomatic() *axioms.Model {
	if m == nil {
		return nil
	}
	return m.mm
}

// Cat is the cat model, nil for a .mm model (see Axiomatic).
func (m *Model) Cat() *cat.Model {
	if m == nil {
		return nil
	}
	return m.cat
}

// Language is "mm" or "cat", the language the model is written in.
func (m *Model) Language() string {
	if m.cat != nil {
		return "cat"
	}
	return "mm"
}

// IsFile reports whether the model was read from a file (Load).
func (m *Model) IsFile() bool { return m.file != "" }

// builtins holds the models Builtin returned, by name, so that each
// built-in model is one *Model (whose properties are computed once).
var builtins sync.Map

// Builtin returns the built-in model name: a .mm model (sc, tso, pso,
// relaxed, rmo) or a cat model (arm8, riscv, power, rc11, …). A name of
// both languages is the .mm model's.
func Builtin(name string) (*Model, bool) {
	if m, ok := builtins.Load(name); ok {
		return m.(*Model), true
	}
	var m *Model
	if mm, ok := axioms.Builtin(name); ok {
		m = FromMM(mm)
	} else if cm, ok := cat.Builtin(name); ok {
		m = FromCat(cm)
	} else {
		return nil, false
	}
	first, _ := builtins.LoadOrStore(name, m)
	return first.(*Model), true
}

// MustBuiltin is Builtin for names the caller knows exist (tests, sc).
func MustBuiltin(name string) *Model {
	m, ok := Builtin(name)
	if !ok {
		panic("memmodel: no built-in model " + name)
	}
	return m
}

// SC is the built-in sequentially consistent model, on which serial
// executions run.
func SC() *Model { return MustBuiltin("sc") }

// Names lists the built-in models: the .mm ones, then the cat ones.
func Names() []string { return append(MMNames(), CatNames()...) }

// MMNames and CatNames list the built-in models of each language,
// alphabetically.
func MMNames() []string  { return axioms.BuiltinNames() }
func CatNames() []string { return cat.BuiltinNames() }

// Load returns the built-in model nameOrPath, or reads the .mm or .cat
// file nameOrPath and validates it (Validate). Reading a cat model can
// take exponential time (function expansion): ctx bounds it, and a
// *limits.CanceledError is returned when it is done. Errors in the file are
// *diag.Error values (file:line:col).
func Load(ctx context.Context, nameOrPath string) (*Model, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	var m *Model
	switch {
	case strings.HasSuffix(nameOrPath, ".cat"):
		cm, err := cat.LoadFileContext(ctx, nameOrPath)
		if err != nil {
			return nil, err
		}
		adoptC11Mapping(cm)
		m = FromCat(cm)
	case strings.HasSuffix(nameOrPath, ".mm"):
		mm, err := axioms.LoadModel(nameOrPath)
		if err != nil {
			return nil, err
		}
		m = FromMM(mm)
	default:
		if b, ok := Builtin(nameOrPath); ok {
			return b, nil
		}
		return nil, unknown(nameOrPath)
	}
	m.file = nameOrPath
	if err := m.Validate(ctx); err != nil {
		return nil, err
	}
	return m, nil
}

// adoptC11Mapping gives a cat model from a file the C11 compilation
// mapping of the built-in model whose checks it has (a copy of arm8.cat
// compiles C11 atomics as arm8 does): the mapping follows the checks, not
// the name.
func adoptC11Mapping(cm *cat.Model) {
	if cm.C11 != nil {
		return
	}
	if b := builtinCatOf(cm); b != nil && b.C11 != nil {
		cm.C11 = b.C11
	}
}

// builtinCatOf returns the built-in cat model whose checks cm has: its
// text, or an earlier text of it rewritten since without changing a
// verdict (cat.Equivalent); nil if none.
func builtinCatOf(cm *cat.Model) *cat.Model {
	for _, name := range CatNames() {
		b, ok := cat.Builtin(name)
		if !ok {
			continue
		}
		if sameCat(cm, b) {
			return b
		}
		if old, ok := cat.Equivalent()[name]; ok && sameCat(cm, old) {
			return b
		}
	}
	return nil
}

// unknown is the error for a name that is no built-in model and no file.
func unknown(name string) error {
	return &diag.Error{Msg: fmt.Sprintf("unknown memory model %q (built-in models: %s; cat models: %s; or give a .mm or .cat file)",
		name, strings.Join(MMNames(), ", "), strings.Join(CatNames(), ", "))}
}

func mmSource(name string) (string, bool) {
	src, ok := axioms.BuiltinSource(name)
	return string(src), ok
}

func catSource(name string) (string, bool) {
	src, ok := cat.BuiltinSource(name)
	return string(src), ok
}
