package llvmfront

import (
	"sort"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
)

// C++ (clang++ -S -emit-llvm -g -fno-exceptions, typed pointers): function
// names are mangled (Itanium ABI). A plain function or member function
// gets its demangled name as the procedure name (_Z2t0v is t0,
// _ZN5Queue4pushEi is Queue_push), so that tests can name operations as
// written, unless two functions demangle to the same name (overloads),
// which keep their mangled names. operator new and delete are malloc and
// free.

// demangle returns the plain name of a simple mangled C++ function name,
// or "".
func demangle(name string) string {
	rest, ok := strings.CutPrefix(name, "_Z")
	if !ok {
		return ""
	}
	nested := strings.HasPrefix(rest, "N")
	if nested {
		rest = rest[1:]
		// cv-qualifiers of member functions
		for len(rest) > 0 && (rest[0] == 'K' || rest[0] == 'V' || rest[0] == 'r') {
			rest = rest[1:]
		}
	}
	var parts []string
	for len(rest) > 0 && rest[0] >= '1' && rest[0] <= '9' {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(rest[:i])
		if err != nil || i+n > len(rest) {
			return ""
		}
		parts = append(parts, rest[i:i+n])
		rest = rest[i+n:]
		if !nested {
			break
		}
	}
	if len(parts) == 0 || nested && !strings.HasPrefix(rest, "E") {
		return ""
	}
	return identName(strings.Join(parts, "_"))
}

// cxxAllocators are the C++ allocation functions: operator new, new[],
// delete and delete[] (sized and unsized).
var cxxAllocators = map[string]bool{"_Znwm": true, "_Znam": true}
var cxxFrees = map[string]bool{"_ZdlPv": true, "_ZdaPv": true, "_ZdlPvm": true, "_ZdaPvm": true}

// cxxFailure says what a call of a C++ runtime function that only runs
// when the program throws or terminates means, or "" for other functions.
// Exceptions are off (-fno-exceptions): libstdc++'s std::__throw_X helpers
// (declared, defined in the shared library) and __cxa_throw end the
// program through std::terminate, so each is a failure at the call, as
// std::terminate itself is.
func cxxFailure(name string) string {
	switch name {
	case "_ZSt9terminatev", "__cxa_throw", "__cxa_rethrow", "__cxa_bad_cast", "__cxa_bad_typeid", "__cxa_pure_virtual", "__cxa_deleted_virtual", "_ZSt17rethrow_exceptionNSt15__exception_ptr13exception_ptrE":
		return "std::terminate: the program throws an exception or terminates (exceptions are off)"
	}
	rest, ok := strings.CutPrefix(name, "_ZSt")
	if !ok {
		return ""
	}
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(rest[:i])
	if err != nil || i+n > len(rest) {
		return ""
	}
	what, ok := strings.CutPrefix(rest[i:i+n], "__throw_")
	if !ok {
		return ""
	}
	what = strings.TrimSuffix(what, "_fmt")
	return "the program throws std::" + what + " (exceptions are off: std::terminate)"
}

// globalCtors lists the procedures of the program's static constructors
// (llvm.global_ctors: C++ globals with constructors, and C functions with
// __attribute__((constructor))), in priority order: main runs them first.
// Their destructors, registered with __cxa_atexit, are not run: the
// program ends when main returns.
func (t *translator) globalCtors() []string {
	type ctor struct {
		prio int64
		name string
	}
	var out []ctor
	for _, st := range t.ctorEntries() {
		prio := int64(65535)
		if p, ok := st.Fields[0].(*constant.Int); ok {
			prio = bigInt(p.X)
		}
		fn := calledFunc(st.Fields[1])
		if fn == nil {
			continue
		}
		if def := t.resolveFunc(fn); def != nil {
			out = append(out, ctor{prio, t.procs[def]})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].prio < out[j].prio })
	var names []string
	for _, c := range out {
		names = append(names, c.name)
	}
	return names
}

// ctorEntries are the entries {priority, function, data} of every
// module's llvm.global_ctors, in order.
func (t *translator) ctorEntries() []*constant.Struct {
	var out []*constant.Struct
	for _, mod := range t.mods {
		for _, g := range mod.m.Globals {
			if g.Name() != "llvm.global_ctors" || g.Init == nil {
				continue
			}
			arr, ok := g.Init.(*constant.Array)
			if !ok {
				continue
			}
			for _, e := range arr.Elems {
				st, ok := e.(*constant.Struct)
				if !ok || len(st.Fields) < 2 {
					continue
				}
				out = append(out, st)
			}
		}
	}
	return out
}

// ctorCalls are the calls of the static constructors at the start of main.
func (t *translator) ctorCalls(pos diag.Pos) []lsl.Stmt {
	var out []lsl.Stmt
	for _, name := range t.globalCtors() {
		out = append(out, &lsl.Call{Proc: name, Pos: pos})
	}
	return out
}

// dtorCalls are the calls of the static destructors the constructors
// register with __cxa_atexit(dtor, object, dso) — found in the
// constructors' code, with constant arguments — in reverse order: main
// runs them when it returns, so that the memory they free is no leak.
func (t *translator) dtorCalls(pos diag.Pos) []lsl.Stmt {
	var out []lsl.Stmt
	for _, st := range t.ctorEntries() {
		if fn := calledFunc(st.Fields[1]); fn != nil {
			out = append(out, t.atexitCalls(t.resolveFunc(fn), pos, 0)...)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// atexitCalls finds the __cxa_atexit registrations of fn and the
// functions it calls.
func (t *translator) atexitCalls(fn *ir.Func, pos diag.Pos, depth int) []lsl.Stmt {
	if fn == nil || depth > 4 {
		return nil
	}
	var out []lsl.Stmt
	for _, b := range fn.Blocks {
		for _, in := range b.Insts {
			c, ok := in.(*ir.InstCall)
			if !ok {
				continue
			}
			if calleeName(c) != "__cxa_atexit" {
				if callee := calledFunc(c.Callee); callee != nil && len(callee.Blocks) > 0 {
					out = append(out, t.atexitCalls(callee, pos, depth+1)...)
				}
				continue
			}
			if len(c.Args) < 2 {
				continue
			}
			dtor := calledFunc(c.Args[0])
			obj, ok := stripCasts(c.Args[1]).(*ir.Global)
			if dtor == nil || !ok {
				continue
			}
			def := t.resolveFunc(dtor)
			base, err := t.globalBase(obj)
			if def == nil || err != nil || len(def.Params) != 1 {
				continue
			}
			out = append(out, &lsl.Call{Proc: t.procs[def], Args: []lsl.Operand{lsl.Const{V: lsl.Ptr(base)}}, Pos: pos})
		}
	}
	return out
}
