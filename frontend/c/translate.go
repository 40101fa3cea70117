package cfront

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/internal/source"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// Source is one C source file: a translation unit (names ending in .h are
// only available to #include).
type Source struct {
	Name string
	Text []byte
}

// Options control a translation.
type Options struct {
	// Ctx, if set, stops a long translation (then the error is a
	// *limits.CanceledError). cc's own preprocessing and parsing cannot be
	// interrupted; the translation stops at the next check after them.
	Ctx context.Context
}

// Translate reads the named C files and translates them, as one program,
// to LSL.
func Translate(files []string) (*lsl.Program, error) { return TranslateWith(files, Options{}) }

// TranslateWith is Translate with options.
func TranslateWith(files []string, opt Options) (*lsl.Program, error) {
	var srcs []Source
	for _, name := range files {
		b, err := source.ReadSource(name)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, Source{Name: name, Text: b})
	}
	return TranslateSourcesWith(srcs, opt)
}

// TranslateSources translates C sources, each a translation unit, to one
// LSL program. Functions and globals are linked by name. Errors are an
// diag.ErrorList with C positions.
func TranslateSources(srcs []Source) (*lsl.Program, error) {
	return TranslateSourcesWith(srcs, Options{})
}

// TranslateSourcesWith is TranslateSources with options.
func TranslateSourcesWith(srcs []Source, opt Options) (prog *lsl.Program, err error) {
	t := newTranslator()
	t.poll = limits.Poller{Ctx: opt.Ctx, Phase: "the C front end"}
	defer func() {
		if r := recover(); r != nil {
			if c, ok := r.(canceled); ok {
				prog, err = nil, c.err
				return
			}
			prog = nil
			msg := fmt.Sprintf("checkfence internal error: %v", r)
			if os.Getenv("CHECKFENCE_DEBUG") != "" {
				msg += "\n" + string(debug.Stack())
			}
			err = withoutFollowUps(append(t.errs, &diag.Error{Pos: t.curPos, Msg: msg, Code: diag.CodeInternal}))
		}
	}()
	fsys := &sourceFS{mem: map[string][]byte{}, ctx: opt.Ctx}
	for _, s := range srcs {
		fsys.mem[s.Name] = s.Text
	}
	var parseErrs diag.ErrorList
	for _, s := range srcs {
		if strings.HasSuffix(s.Name, ".h") {
			continue
		}
		ast, err := parseUnit(s, fsys)
		if err != nil {
			if errors.Is(err, limits.ErrCanceled) {
				return nil, err
			}
			if l, ok := err.(diag.ErrorList); ok {
				parseErrs = append(parseErrs, l...)
			} else {
				parseErrs = append(parseErrs, &diag.Error{Pos: diag.Pos{File: s.Name}, Msg: err.Error(), Code: diag.CodeCompiler})
			}
			continue
		}
		t.units = append(t.units, &unit{
			name:        s.Name,
			ast:         ast,
			statics:     map[string]*globalVar{},
			staticFuncs: map[string]*funcDef{},
		})
	}
	if len(parseErrs) > 0 {
		return nil, parseErrs
	}
	t.run()
	if len(t.errs) > 0 {
		return nil, withoutFollowUps(t.errs)
	}
	t.prog.IntWidth = max(32, t.intWidth) // C computes in int at least
	return t.prog, nil
}

// internalPrefix starts the messages of the front end's own consistency
// checks.
const internalPrefix = "checkfence internal error: "

// withoutFollowUps drops internal errors from a list that also reports
// errors in the program: translation goes on after an error, and what it
// then finds inconsistent (a variable length array in a register) is a
// consequence of the error already reported, not news.
func withoutFollowUps(errs diag.ErrorList) diag.ErrorList {
	var real diag.ErrorList
	for _, e := range errs {
		if !strings.HasPrefix(e.Msg, internalPrefix) {
			real = append(real, e)
		}
	}
	if len(real) == 0 {
		return errs
	}
	return real
}

// translator holds the program-wide state of one translation.
type translator struct {
	prog  *lsl.Program
	units []*unit
	errs  diag.ErrorList
	seen  map[diag.Pos]bool // positions that already have an error

	globals    map[string]*globalVar // external linkage, by C name
	funcs      map[string]*funcDef   // external linkage, by C name
	globalName nameSet               // LSL global names in use
	procName   nameSet               // LSL procedure names in use

	structs     map[string]*lsl.Struct // declared LSL structs, by name
	structSrc   map[string]diag.Pos    // where each struct was first declared
	anonStructs map[*cc.Declarator]string
	anonCount   int
	composites  map[string]*composite // by composite (packed word) name
	packedTypes map[string]string     // C struct name → composite name
	arrayAllocs bool                  // some allocator call allocates an array
	intWidth    int                   // the widest integer type used (intwidth.go)

	curPos diag.Pos // what is being translated, for internal errors

	poll limits.Poller // --timeout, --max-memory, Ctrl-C
}

// canceled carries a cancellation out of the recursive translation to
// TranslateSourcesWith.
type canceled struct{ err error }

// checkCanceled stops the translation (by a panic that
// TranslateSourcesWith recovers) once the context is done.
func (t *translator) checkCanceled() {
	if err := t.poll.Check(); err != nil {
		panic(canceled{err})
	}
}

// unit is one translation unit.
type unit struct {
	name        string
	ast         *cc.AST
	statics     map[string]*globalVar // file-scope statics, by C name
	staticFuncs map[string]*funcDef

	staticOrder     []*globalVar // in declaration order, for naming
	staticFuncOrder []*funcDef
}

func newTranslator() *translator {
	return &translator{
		prog:        &lsl.Program{},
		seen:        map[diag.Pos]bool{},
		globals:     map[string]*globalVar{},
		funcs:       map[string]*funcDef{},
		globalName:  nameSet{},
		procName:    nameSet{},
		structs:     map[string]*lsl.Struct{},
		structSrc:   map[string]diag.Pos{},
		anonStructs: map[*cc.Declarator]string{},
		composites:  map[string]*composite{},
		packedTypes: map[string]string{},
	}
}

// errorAt records an error. Only the first error at a position is kept, so
// one problem is not reported again by every enclosing expression.
func (t *translator) errorAt(pos diag.Pos, code diag.ErrorCode, format string, args ...any) {
	if t.seen[pos] {
		return
	}
	t.seen[pos] = true
	t.errs = append(t.errs, diag.ErrorfCode(pos, code, "%s", lsl.Unsupported(fmt.Sprintf(format, args...))))
}

func (t *translator) errorf(n cc.Node, code diag.ErrorCode, format string, args ...any) {
	pos := nodePos(n)
	if !pos.IsValid() {
		pos = t.curPos
	}
	t.errorAt(pos, code, format, args...)
}

// run translates the parsed units: declarations first (so that every global
// has its base number and every function its procedure name before any code
// refers to them), then initializers, then function bodies.
func (t *translator) run() {
	for _, u := range t.units {
		t.checkNames(u)
		t.collectTypedefs(u)
	}
	if len(t.errs) > 0 {
		return
	}
	for _, u := range t.units {
		t.declareUnit(u)
	}
	t.nameStatics()
	t.findArrayAllocs()
	t.checkGlobalTypes()
	for _, u := range t.units {
		t.initGlobals(u)
	}
	t.threadLocalCopies()
	for _, u := range t.units {
		t.translateFuncs(u)
	}
}

// externals iterates the external declarations of a unit in order.
func externals(u *unit) []*cc.ExternalDeclaration {
	var out []*cc.ExternalDeclaration
	for l := u.ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		if l.ExternalDeclaration != nil {
			out = append(out, l.ExternalDeclaration)
		}
	}
	return out
}

// initDeclarators lists the declarators of a declaration.
func initDeclarators(d *cc.Declaration) []*cc.InitDeclarator {
	if d == nil || d.Case != cc.DeclarationDecl {
		return nil
	}
	var out []*cc.InitDeclarator
	for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		if l.InitDeclarator != nil {
			out = append(out, l.InitDeclarator)
		}
	}
	return out
}

// nameSet hands out unique names.
type nameSet map[string]bool

// unique returns base if unused, else base+sep+"2", base+sep+"3", … and
// marks the result used.
func (s nameSet) unique(base, sep string) string {
	name := base
	for i := 2; s[name]; i++ {
		name = fmt.Sprintf("%s%s%d", base, sep, i)
	}
	s[name] = true
	return name
}
