package cfront

import (
	"fmt"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/frontend/scanf"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// The scanf family, as the LLVM front end models it (docs/c-conventions.md,
// "Input"): scanf and fscanf read any values (the result is any number
// from EOF to the number of conversions, and the targets of the first
// that many conversions get any value of their type); sscanf of a string
// literal reads it; of another string it reads any values, marked as an
// over-approximation (scanf.OverApproximated).

func init() {
	for name, fmtArg := range map[string]int{"scanf": 0, "fscanf": 1, "sscanf": 1} {
		builtins[name] = scanfBuiltin(fmtArg)
		apiNames[name] = true
	}
}

func scanfBuiltin(fmtArg int) builtin {
	return func(f *fn, x *cc.PostfixExpression, args []cc.ExpressionNode, _ bool, _ cc.Type) val {
		name := callee(x).Name()
		if len(args) <= fmtArg {
			f.errorf(x, diag.CodeArgCount, "%s needs a format", name)
			return bad
		}
		format, ok := stringArg(args[fmtArg])
		if !ok {
			f.errorf(x, diag.CodeUnsupported, "%s with a format that is not a string literal is not supported", name)
			return bad
		}
		longBits := 64 // the C front end's data model is LP64
		convs, err := scanf.Parse(format, longBits)
		if err != nil {
			f.errorf(x, diag.CodeInvalidConstruct, "%s: %v", name, err)
			return bad
		}
		targets := args[fmtArg+1:]
		if len(targets) != len(convs) {
			f.errorf(x, diag.CodeArgCount, "%s: the format has %d conversions, the call %d targets", name, len(convs), len(targets))
			return bad
		}
		input, constInput := "", false
		if name == "sscanf" {
			input, constInput = stringArg(args[0])
		}
		if !constInput && fmtArg > 0 {
			f.rvalue(args[0]) // the stream or string pointer
		}
		var lvs []lval
		for i, t := range targets {
			pt, ok := t.Type().(*cc.PointerType)
			if !ok || !cc.IsIntegerType(pt.Elem()) || int(pt.Elem().Size())*8 != convs[i].Bits {
				f.errorf(t, diag.CodeType, "%s: target %d of %%%c must point to a %d-bit integer", name, i+1, convs[i].Verb, convs[i].Bits)
				return bad
			}
			p := f.rvalue(t)
			lvs = append(lvs, lval{addr: p.op, prov: p.prov, typ: pt.Elem(), text: "*" + srcText(t)})
		}
		if constInput {
			vals, ret, err := scanf.Run(input, format, longBits)
			if err != nil {
				f.errorf(x, diag.CodeInvalidConstruct, "%s: %v", name, err)
				return bad
			}
			for i, v := range vals {
				f.storeLV(lvs[i], lsl.Const{V: lsl.Num(v)})
			}
			return val{op: lsl.Const{V: lsl.Num(int64(ret))}}
		}
		note := ""
		if name == "sscanf" {
			note = scanf.OverApproximated
		}
		ret := f.temp()
		f.emit(&lsl.Choose{Dst: ret, Lo: -1, Hi: int64(len(convs)), Expr: fmt.Sprintf("%s(…) result%s", name, note)})
		for i, lv := range lvs {
			lo, hi := scanf.Range(convs[i].Bits)
			v := f.temp()
			assigned := f.apply(lsl.OpLt, lsl.Const{V: lsl.Num(int64(i))}, ret)
			f.emit(&lsl.If{Cond: assigned, Then: f.sub(func() {
				f.emit(&lsl.Choose{Dst: v, Lo: lo, Hi: hi, Expr: fmt.Sprintf("%s(…) value %d%s", name, i+1, note)})
				f.storeLV(lv, v)
			})})
		}
		return val{op: ret}
	}
}
