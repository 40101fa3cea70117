package llvmfront

import (
	"sort"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
)

// Packed words (SPEC §3, dissertation §7.2.5): lsl_make_T(a1, …, ak)
// declares the composite T with fields named by its parameters;
// lsl_get_T_F and lsl_set_T_F read and replace a field. The LLVM front end
// needs the parameter names, which only a definition of lsl_make_T carries
// (its body is ignored), and the word type must be a scalar (an integer or
// pointer type): a struct returned by value is split by the ABI beyond
// recognition.

func isPackedName(name string) bool {
	if strings.HasPrefix(name, "lsl_make_") {
		return true
	}
	if strings.HasPrefix(name, "lsl_get_") || strings.HasPrefix(name, "lsl_set_") {
		return !apiFuncs[name]
	}
	return false
}

// declareComposites finds the lsl_make_T functions of all modules.
func (t *translator) declareComposites() {
	t.composites = map[string]*lsl.Composite{}
	for _, mod := range t.mods {
		for _, f := range mod.m.Funcs {
			name := f.Name()
			if !strings.HasPrefix(name, "lsl_make_") || len(name) == len("lsl_make_") {
				continue
			}
			tag := identName(name[len("lsl_make_"):])
			if _, ok := t.composites[tag]; ok {
				continue
			}
			names := paramNames(f)
			if names == nil {
				continue
			}
			c := &lsl.Composite{Name: tag, Fields: names, Pos: t.funcPos(mod, f)}
			t.composites[tag] = c
			t.prog.Composites = append(t.prog.Composites, c)
		}
	}
}

// paramNames names the parameters of a function definition (nil if any is
// unknown).
func paramNames(f *ir.Func) []string {
	if len(f.Blocks) == 0 {
		return nil
	}
	names := make([]string, len(f.Params))
	for i, p := range f.Params {
		if !p.IsUnnamed() {
			names[i] = identName(p.Name())
		}
	}
	for _, b := range f.Blocks {
		for _, in := range b.Insts {
			c, ok := in.(*ir.InstCall)
			if !ok || len(c.Args) < 2 || !strings.HasPrefix(calleeName(c), "llvm.dbg.") {
				continue
			}
			if mv, ok := c.Args[1].(*metadata.Value); ok {
				if dv, ok := mv.Value.(*metadata.DILocalVariable); ok && dv.Arg >= 1 && int(dv.Arg) <= len(names) && names[dv.Arg-1] == "" {
					names[dv.Arg-1] = identName(dv.Name)
				}
			}
		}
	}
	for _, n := range names {
		if n == "" {
			return nil
		}
	}
	return names
}

// packedCall returns the handler of a packed-word function.
func packedCall(name string) (apiHandler, bool) {
	if !isPackedName(name) {
		return nil, false
	}
	return packedOp, true
}

func packedOp(f *fn, c *ir.InstCall) {
	name := calleeName(c)
	if !isScalar(c.Type()) {
		f.fail(diag.CodeType, "%s: packed words must have an integer or pointer type for the LLVM front end (a struct returned by value is split by the ABI)", name)
	}
	if tag, ok := strings.CutPrefix(name, "lsl_make_"); ok {
		comp := f.t.composites[identName(tag)]
		if comp == nil {
			f.fail(diag.CodeUndefined, "%s must be defined (its body is ignored) so that its parameter names name the fields of %s", name, tag)
		}
		if len(c.Args) != len(comp.Fields) {
			f.fail(diag.CodeArgCount, "%s takes %d arguments, but is called with %d", name, len(comp.Fields), len(c.Args))
		}
		var args []lsl.Operand
		for _, a := range c.Args {
			args = append(args, f.val(a))
		}
		r := f.reg(c)
		f.emit(&lsl.Assign{Dst: r, Op: lsl.OpMake, Comp: comp.Name, Args: args})
		return
	}
	get := strings.HasPrefix(name, "lsl_get_")
	rest := name[len("lsl_get_"):]
	comp, field := f.t.splitPacked(rest)
	if comp == nil {
		f.fail(diag.CodeUndeclared, "%s does not name a packed word and field (no lsl_make_ definition matches)", name)
	}
	op := lsl.OpSet
	n := 2
	if get {
		op, n = lsl.OpGet, 1
	}
	if len(c.Args) != n {
		f.fail(diag.CodeArgCount, "%s takes %d arguments, but is called with %d", name, n, len(c.Args))
	}
	var args []lsl.Operand
	for _, a := range c.Args {
		args = append(args, f.val(a))
	}
	f.emit(&lsl.Assign{Dst: f.reg(c), Op: op, Comp: comp.Name, Field: field, Args: args})
}

// splitPacked splits "T_F" into a declared composite T and its field F
// (the longest T wins).
func (t *translator) splitPacked(s string) (*lsl.Composite, string) {
	var tags []string
	for tag := range t.composites {
		tags = append(tags, tag)
	}
	sort.Slice(tags, func(i, j int) bool { return len(tags[i]) > len(tags[j]) })
	for _, tag := range tags {
		if field, ok := strings.CutPrefix(s, tag+"_"); ok {
			c := t.composites[tag]
			if c.FieldIndex(field) >= 0 {
				return c, field
			}
		}
	}
	return nil, ""
}

var _ types.Type
