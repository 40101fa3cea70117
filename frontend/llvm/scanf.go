package llvmfront

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/frontend/scanf"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// The scanf family (docs/c-conventions.md, "Input"): what scanf and
// fscanf read is input, any value, as SV-COMP's verifiers model it: the
// result is any number from EOF (-1) to the number of conversions, and
// the targets of the first that many conversions get any value of their
// type (the others keep theirs). sscanf of a string constant reads the
// constant, exactly; of another string it is modelled as input too, its
// choices marked as over-approximated (scanf.OverApproximated). Only
// number conversions and %c are supported, with a constant format.

func init() {
	apiHandlers["scanf"] = scanfCall(0)
	apiHandlers["__isoc99_scanf"] = scanfCall(0)
	apiHandlers["fscanf"] = scanfCall(1)
	apiHandlers["__isoc99_fscanf"] = scanfCall(1)
	apiHandlers["sscanf"] = scanfCall(1)
	apiHandlers["__isoc99_sscanf"] = scanfCall(1)
}

// scanfCall lowers a call whose format is argument fmtArg.
func scanfCall(fmtArg int) apiHandler {
	return func(f *fn, c *ir.InstCall) {
		name := calleeName(c)
		if len(c.Args) <= fmtArg {
			f.fail(diag.CodeArgCount, "%s needs a format", name)
		}
		format, ok := stringArg(c.Args[fmtArg])
		if !ok {
			f.fail(diag.CodeUnsupported, "%s with a format that is not a string constant is not supported", name)
		}
		for _, a := range c.Args[:fmtArg] {
			if _, isPtr := a.Type().(*types.PointerType); !isPtr {
				f.val(a)
			}
		}
		longBits := 64 // long is as wide as a pointer (ILP32, LP64)
		if tr := f.mod.m.TargetTriple; strings.HasPrefix(tr, "i386") || strings.HasPrefix(tr, "i486") || strings.HasPrefix(tr, "i586") || strings.HasPrefix(tr, "i686") || strings.Contains(tr, "arm-") {
			longBits = 32
		}
		convs, err := scanf.Parse(format, longBits)
		if err != nil {
			f.fail(diag.CodeInvalidConstruct, "%s: %v", name, err)
		}
		targets := c.Args[fmtArg+1:]
		if len(targets) != len(convs) {
			f.fail(diag.CodeArgCount, "%s: the format has %d conversions, the call %d targets", name, len(convs), len(targets))
		}
		for i, t := range targets {
			pt, ok := t.Type().(*types.PointerType)
			it, isInt := pt.ElemType.(*types.IntType)
			if !ok || !isInt || int(it.BitSize) != convs[i].Bits {
				f.fail(diag.CodeType, "%s: target %d of %%%c must point to a %d-bit integer, not %s", name, i+1, convs[i].Verb, convs[i].Bits, t.Type())
			}
			if f.promotedOf(t) != nil {
				f.fail(diag.CodeInternal, "internal: the target of %s is a promoted local", name)
			}
		}
		expr := func(what string) string { return fmt.Sprintf("%s(…) %s", name, what) }
		isSscanf := name == "sscanf" || name == "__isoc99_sscanf"
		if isSscanf {
			if input, ok := stringArg(c.Args[0]); ok {
				vals, ret, err := scanf.Run(input, format, longBits)
				if err != nil {
					f.fail(diag.CodeInvalidConstruct, "%s: %v", name, err)
				}
				for i, v := range vals {
					f.scanfStore(targets[i], num(v), name)
				}
				f.emit(&lsl.Assign{Dst: f.reg(c), Op: lsl.OpCopy, Args: []lsl.Operand{num(int64(ret))}})
				return
			}
			expr = func(what string) string { return fmt.Sprintf("%s(…) %s%s", name, what, scanf.OverApproximated) }
		}
		ret := f.reg(c)
		f.emit(&lsl.Choose{Dst: ret, Lo: -1, Hi: int64(len(convs)), Expr: expr("result")})
		for i, t := range targets {
			lo, hi := scanf.Range(convs[i].Bits)
			v := f.newReg("scanf.value")
			assigned := f.apply(lsl.OpLt, num(int64(i)), ret)
			f.emit(&lsl.If{Cond: assigned, Then: f.sub(func() {
				f.emit(&lsl.Choose{Dst: v, Lo: lo, Hi: hi, Expr: expr(fmt.Sprintf("value %d", i+1))})
				f.scanfStore(t, v, name)
			})})
		}
	}
}

// scanfStore stores v through target, a pointer to an integer.
func (f *fn) scanfStore(target value.Value, v lsl.Operand, name string) {
	et := target.Type().(*types.PointerType).ElemType
	f.emit(&lsl.Store{Addr: f.access(f.ptr(target), et), Val: v, Expr: "*(" + name + " target)"})
}
