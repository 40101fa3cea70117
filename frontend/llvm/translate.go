package llvmfront

import (
	"context"
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/limits"
	"github.com/checkfence/checkfence/internal/source"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
)

// Source is one LLVM IR file: its name (for positions) and text.
type Source struct {
	Name string
	Text []byte
}

// Options control a translation.
type Options struct {
	// Ctx, if set, stops a long translation (then the error is a
	// *limits.CanceledError). The IR parser (llir) cannot be interrupted;
	// the translation stops at the next check after it.
	Ctx context.Context
	// KeepPool keeps every malloc a pool allocation (freshAllocs is not
	// applied): for --leaks=on.
	KeepPool bool
	// SignedOverflow checks signed arithmetic for overflow (overflow.go).
	SignedOverflow bool
	// ThreadRounds is how often a loop that starts threads with a count
	// known only at run time is unrolled (pthread_guarded.go; 0:
	// DefaultThreadRounds).
	ThreadRounds int
}

// Translate reads LLVM IR files (.ll, typed pointers) that together form
// one program and lowers them to LSL.
func Translate(files []string) (*lsl.Program, error) { return TranslateWith(files, Options{}) }

// TranslateWith is Translate with options.
func TranslateWith(files []string, opt Options) (*lsl.Program, error) {
	var srcs []Source
	for _, name := range files {
		b, err := source.ReadSource(name)
		if err != nil {
			return nil, diag.ErrorList{err.(*diag.Error)}
		}
		source.NoteInputRoot(name) // its C sources beside it may be shown
		srcs = append(srcs, Source{Name: name, Text: b})
	}
	return TranslateSourcesWith(srcs, opt)
}

// TranslateSources is Translate on sources in memory.
func TranslateSources(srcs []Source) (*lsl.Program, error) {
	return TranslateSourcesWith(srcs, Options{})
}

// TranslateSourcesWith is TranslateSources with options.
func TranslateSourcesWith(srcs []Source, opt Options) (*lsl.Program, error) {
	return translateSources(srcs, opt, opt.KeepPool)
}

// translateSources translates; keepPool leaves every malloc a pool
// allocation (the tests compare freshAllocs with it).
func translateSources(srcs []Source, opt Options, keepPool bool) (prog *lsl.Program, err error) {
	t := newTranslator()
	t.checkOverflow = opt.SignedOverflow
	t.threadRounds = opt.ThreadRounds
	if t.threadRounds <= 0 {
		t.threadRounds = DefaultThreadRounds
	}
	t.poll = limits.Poller{Ctx: opt.Ctx, Phase: "the LLVM front end"}
	defer func() {
		if r := recover(); r != nil {
			if c, ok := r.(canceled); ok {
				prog, err = nil, c.err
				return
			}
			prog = nil
			err = diag.ErrorList{diag.ErrorfCode(t.lastPos, diag.CodeInternal, "internal error in the LLVM front end: %v", r)}
		}
	}()
	srcs, err = readableSources(srcs)
	if err != nil {
		return nil, diag.ErrorList{err.(*diag.Error)}
	}
	for _, s := range srcs {
		if err := limits.Canceled(opt.Ctx, "the LLVM front end"); err != nil {
			return nil, err
		}
		m, err := parseModule(s.Name, s.Text)
		if err != nil {
			return nil, diag.ErrorList{err.(*diag.Error)}
		}
		defs := defLines(s.Text)
		if err := bitFieldError(s.Name, m); err != nil {
			return nil, diag.ErrorList{err.(*diag.Error)}
		}
		if st := selfContaining(m.TypeDefs); st != nil {
			return nil, diag.ErrorList{diag.ErrorfCode(diag.Pos{File: s.Name, Line: max(1, defs[st.String()]), Col: 1}, diag.CodeType, "struct type %s contains itself", st)}
		}
		t.mods = append(t.mods, &module{name: s.Name, m: m, lines: instLines(s.Text, m), fields: structFieldNames(m), defs: defs})
	}
	t.link()
	if len(t.errs) == 0 {
		t.lowerFuncs()
	}
	if len(t.errs) > 0 {
		return nil, t.errs
	}
	t.sizeThreadGlobals()
	if t.pthread == nil {
		t.sequentialMain()
	}
	t.sizeTLS()
	if !keepPool {
		freshAllocs(t.prog)
	}
	t.prog.IntWidth = intWidth(t.mods)
	if t.checkOverflow {
		t.prog.IntWidth = 64 // exact 32-bit results (overflow.go)
	}
	if err := lsl.Sanity(t.prog); err != nil {
		return nil, internalErrors(err, srcs[0].Name)
	}
	return t.prog, nil
}

// module is one parsed .ll file.
type module struct {
	name   string
	m      *ir.Module
	lines  map[any]int         // instruction → line in the .ll file
	fields map[string][]string // C struct → member names (debug info)
	defs   map[string]int      // global or type name (@x, %t) → line of its definition
}

// translator holds the program being built from all modules.
type translator struct {
	checkOverflow bool // Options.SignedOverflow
	threadRounds  int  // Options.ThreadRounds
	mods          []*module
	prog          *lsl.Program
	errs          diag.ErrorList
	poll          limits.Poller // --timeout, --max-memory, Ctrl-C

	structs     map[string]string // LLVM struct key → LSL struct name
	structTaken map[string]bool
	structDefs  map[string]string // LSL struct name → LLVM field list (to detect clashes)

	globals     map[*ir.Global]int64 // → base
	globalNames map[string]int64     // external definitions by name
	globalTaken map[string]bool
	globalTypes map[int64]types.Type // base → content type

	procs     map[*ir.Func]string // definitions → procedure name
	procByExt map[string]*ir.Func // external definitions by name
	procTaken map[string]bool
	procMod   map[*ir.Func]*module  // definition → its module
	dupOf     map[*ir.Func]*ir.Func // a linkonce definition → the one kept

	composites map[string]*lsl.Composite // packed words by tag

	src         sourceLines
	arrayAllocs bool     // some allocation is an array (free then frees the block)
	lastPos     diag.Pos // for internal errors
	pthread     *pthreadInfo
	// spawners: functions other than main that start or join threads
	// (pthread_spawn.go), by definition and by procedure name
	spawners      map[*ir.Func]bool
	spawnerByProc map[string]*ir.Func
	inlines       int // spawner calls inlined so far (renaming suffixes)
	// thread-local globals by base, and the index computations of their
	// addresses (tls.go)
	tls        map[int64]bool
	tlsSelects []tlsIndex
	// function pointers (funcptr.go): the functions whose address is
	// taken, the globals their addresses point to, the thread function
	// of pthread_create through a pointer
	addrTaken   map[*ir.Func]bool
	funcGlobals map[*ir.Func]int64
	dispatchFn  *ir.Func
	voidParams  map[*ir.Param]types.Type // void* parameters' object types (findVoidParams)
}

func newTranslator() *translator {
	return &translator{
		prog:        &lsl.Program{C11: true},
		structs:     map[string]string{},
		structTaken: map[string]bool{},
		structDefs:  map[string]string{},
		globals:     map[*ir.Global]int64{},
		globalNames: map[string]int64{},
		globalTaken: map[string]bool{},
		globalTypes: map[int64]types.Type{},
		tls:         map[int64]bool{},
		funcGlobals: map[*ir.Func]int64{},
		procs:       map[*ir.Func]string{},
		procByExt:   map[string]*ir.Func{},
		procTaken:   map[string]bool{},
		procMod:     map[*ir.Func]*module{},
		dupOf:       map[*ir.Func]*ir.Func{},
		src:         sourceLines{},
	}
}

func (t *translator) errorf(pos diag.Pos, code diag.ErrorCode, format string, args ...any) {
	if len(t.errs) < 50 {
		t.errs = append(t.errs, diag.ErrorfCode(pos, code, "%s", lsl.Unsupported(fmt.Sprintf(format, args...))))
	}
}

// instPos is the position of an instruction: its debug location, else its
// line in the .ll file.
func (t *translator) instPos(mod *module, x any) diag.Pos {
	if p := locPos(dbgLoc(x)); p.IsValid() {
		return p
	}
	if n, ok := mod.lines[x]; ok {
		return diag.Pos{File: mod.name, Line: n}
	}
	return diag.Pos{File: mod.name}
}

// funcPos is the position of a function definition.
func (t *translator) funcPos(mod *module, f *ir.Func) diag.Pos {
	if sp := dbgSubprogram(f); sp != nil && sp.Line > 0 {
		return diag.Pos{File: sourceName(sp.File), Line: int(sp.Line)}
	}
	if n, ok := mod.lines[f]; ok {
		return diag.Pos{File: mod.name, Line: n}
	}
	return diag.Pos{File: mod.name, Line: 1}
}

func isLocalLinkage(l enum.Linkage) bool {
	return l == enum.LinkagePrivate || l == enum.LinkageInternal
}

// link assigns names to the globals and procedures of all modules and
// resolves declarations against definitions by name.
func (t *translator) link() {
	t.declareComposites()
	for _, mod := range t.mods {
		for _, g := range mod.m.Globals {
			if g.Init == nil || skipGlobal(g) {
				continue
			}
			pos := diag.Pos{File: mod.name, Line: 1}
			if p := globalDbgPos(g); p.IsValid() {
				pos = p
			}
			if !isLocalLinkage(g.Linkage) {
				if _, dup := t.globalNames[g.Name()]; dup {
					if g.Linkage == enum.LinkageCommon || g.Linkage == enum.LinkageWeak || g.Linkage == enum.LinkageLinkOnceODR || g.Linkage == enum.LinkageWeakODR || g.Linkage == enum.LinkageLinkOnce {
						t.globals[g] = t.globalNames[g.Name()]
						continue
					}
					t.errorf(pos, diag.CodeDuplicateDecl, "global %s is defined in more than one file", g.Name())
					continue
				}
			}
			base := t.addGlobal(mod, g)
			if g.TLSModel != enum.TLSModelNone {
				t.tls[base] = true // tls.go
			}
			if !isLocalLinkage(g.Linkage) {
				t.globalNames[g.Name()] = base
			}
		}
	}
	for _, mod := range t.mods {
		for _, f := range mod.m.Funcs {
			if len(f.Blocks) == 0 {
				continue
			}
			pos := t.funcPos(mod, f)
			if isPackedName(f.Name()) {
				continue // packed-word accessors: the body is ignored
			}
			if apiFuncs[f.Name()] {
				t.errorf(pos, diag.CodeInvalidName, "%s is a checkfence API function and cannot be defined by the program", f.Name())
				continue
			}
			if !isLocalLinkage(f.Linkage) {
				if prev, dup := t.procByExt[f.Name()]; dup {
					if f.Linkage == enum.LinkageLinkOnceODR || f.Linkage == enum.LinkageWeakODR || f.Linkage == enum.LinkageWeak || f.Linkage == enum.LinkageLinkOnce || t.sameSource(prev, f, pos) {
						t.dupOf[f] = prev
						continue
					}
					t.errorf(pos, diag.CodeDuplicateDecl, "function %s is defined in more than one file", f.Name())
					continue
				}
				t.procByExt[f.Name()] = f
			}
			t.procMod[f] = mod
		}
	}
	t.nameProcs()
}

// nameProcs names the procedures: by the function's name, demangled for
// C++ when that is unambiguous.
func (t *translator) nameProcs() {
	var defs []*ir.Func
	count := map[string]int{}
	for _, mod := range t.mods {
		for _, f := range mod.m.Funcs {
			if t.procMod[f] == mod {
				defs = append(defs, f)
				if d := demangle(f.Name()); d != "" {
					count[d]++
				}
			}
		}
	}
	for _, f := range defs {
		if d := demangle(f.Name()); d != "" && count[d] == 1 && t.procByExt[d] == nil {
			t.procs[f] = uniqueName(d, t.procTaken)
		}
	}
	for _, f := range defs {
		if _, ok := t.procs[f]; !ok {
			t.procs[f] = uniqueName(identName(f.Name()), t.procTaken)
		}
	}
	// linkonce duplicates share their first definition's name
	for f, first := range t.dupOf {
		t.procs[f] = t.procs[first]
	}
}

// skipGlobal reports globals that are not program data: string literals
// (the names passed to lsl_fence and lsl_observe_*) and LLVM's own tables.
func skipGlobal(g *ir.Global) bool {
	if strings.HasPrefix(g.Name(), "llvm.") || g.Linkage == enum.LinkageAppending {
		return true
	}
	if a, ok := g.ContentType.(*types.ArrayType); ok && g.Immutable && isByte(a.ElemType) {
		return true
	}
	return false
}

// stringData makes a string constant a global when the program reads it
// as data (const char *p = "abc"; p[1]); the names passed to lsl_fence
// and lsl_observe_* stay strings.
func (t *translator) stringData(g *ir.Global) (int64, bool) {
	switch g.Init.(type) {
	case *constant.CharArray, *constant.ZeroInitializer:
	default:
		return 0, false
	}
	if strings.HasPrefix(g.Name(), "llvm.") || g.Linkage == enum.LinkageAppending {
		return 0, false
	}
	for _, mod := range t.mods {
		for _, mg := range mod.m.Globals {
			if mg == g {
				base := t.addGlobal(mod, g)
				t.initGlobal(mod, g, t.prog.Globals[base-1])
				return base, true
			}
		}
	}
	return 0, false
}

// addGlobal declares the LSL global for a definition and returns its base.
func (t *translator) addGlobal(mod *module, g *ir.Global) int64 {
	name := uniqueName(identName(g.Name()), t.globalTaken)
	pos := diag.Pos{File: mod.name, Line: max(1, mod.defs[g.Ident()])}
	if loc := globalDbgPos(g); loc.IsValid() {
		pos = loc
	}
	lg := &lsl.Global{Name: name, Pos: pos, Type: t.typeRef(mod, g.ContentType)}
	t.prog.Globals = append(t.prog.Globals, lg)
	base := int64(len(t.prog.Globals))
	t.globals[g] = base
	t.globalTypes[base] = g.ContentType
	return base
}

// globalBase resolves a global (definition or declaration) to its base;
// its error is an *diag.Error without a position (the caller's is used).
func (t *translator) globalBase(g *ir.Global) (int64, error) {
	if b, ok := t.globals[g]; ok {
		return b, nil
	}
	if skipGlobal(g) {
		if base, ok := t.stringData(g); ok {
			return base, nil
		}
		return 0, diag.ErrorfCode(diag.Pos{}, diag.CodeUnsupported, "@%s is one of LLVM's own tables, not program data", g.Name())
	}
	if b, ok := t.globalNames[g.Name()]; ok {
		return b, nil
	}
	return 0, diag.ErrorfCode(diag.Pos{}, diag.CodeUndefined, "global %s is declared but not defined", g.Name())
}

// resolveFunc finds the definition a call of f runs (nil if none).
func (t *translator) resolveFunc(f *ir.Func) *ir.Func {
	if len(f.Blocks) > 0 {
		return f
	}
	return t.procByExt[f.Name()]
}

// lowerFuncs translates every defined function, after the global
// initializers (which need all bases).
func (t *translator) lowerFuncs() {
	for _, mod := range t.mods {
		for _, g := range mod.m.Globals {
			if base, ok := t.globals[g]; ok && g.Init != nil {
				lg := t.prog.Globals[base-1]
				if lg.Init == nil {
					t.initGlobal(mod, g, lg)
				}
			}
		}
	}
	t.findArrayAllocs()
	t.findAddrTaken()
	t.findPthreadMain()
	t.findVoidParams()
	for _, mod := range t.mods {
		for _, f := range mod.m.Funcs {
			if t.procMod[f] != mod {
				continue
			}
			if t.pthread != nil && t.pthread.main == f {
				t.lowerPthreadMain(mod, f)
				continue
			}
			if t.pthread != nil && t.spawners[f] {
				continue // inlined where it runs (pthread_spawn.go)
			}
			if p := lowerFunc(t, mod, f); p != nil {
				t.prog.Procs = append(t.prog.Procs, p)
			}
		}
	}
}

// canceled carries a cancellation out of the lowering to
// TranslateSourcesWith.
type canceled struct{ err error }

// checkCanceled stops the translation (by a panic that
// TranslateSourcesWith recovers) once the context is done.
func (t *translator) checkCanceled() {
	if err := t.poll.Check(); err != nil {
		panic(canceled{err})
	}
}
