package llvmfront

import (
	"strconv"

	"github.com/checkfence/checkfence/lsl"
)

// LSL-level inlining, for the functions that start or join threads
// (pthread_spawn.go): their thread operations must become statements of
// the code that runs them (main, before it is split; a thread's own
// instance), so a call of such a function is replaced by a copy of its
// body whose registers and labels are renamed apart.

// renamer copies statements, renaming registers and labels by a suffix.
type renamer struct {
	suffix      string // of registers
	labelSuffix string
	// markers maps each copied thread marker to its original
	markers map[*lsl.Call]*lsl.Call
}

func (r *renamer) reg(x lsl.Reg) lsl.Reg {
	if x == "" {
		return ""
	}
	return x + lsl.Reg(r.suffix)
}

func (r *renamer) label(l string) string {
	if l == "" {
		return ""
	}
	return l + r.labelSuffix
}

func (r *renamer) op(o lsl.Operand) lsl.Operand {
	if x, ok := o.(lsl.Reg); ok {
		return r.reg(x)
	}
	return o
}

func (r *renamer) ops(os []lsl.Operand) []lsl.Operand {
	if os == nil {
		return nil
	}
	out := make([]lsl.Operand, len(os))
	for i, o := range os {
		out[i] = r.op(o)
	}
	return out
}

func (r *renamer) regs(rs []lsl.Reg) []lsl.Reg {
	if rs == nil {
		return nil
	}
	out := make([]lsl.Reg, len(rs))
	for i, x := range rs {
		out[i] = r.reg(x)
	}
	return out
}

func (r *renamer) block(b *lsl.Block) *lsl.Block {
	if b == nil {
		return nil
	}
	out := &lsl.Block{Label: r.label(b.Label), Pos: b.Pos, Iter: b.Iter, Loop: b.Loop}
	for _, s := range b.Stmts {
		out.Stmts = append(out.Stmts, r.stmt(s))
	}
	return out
}

func (r *renamer) stmt(s lsl.Stmt) lsl.Stmt {
	switch s := s.(type) {
	case *lsl.Block:
		return r.block(s)
	case *lsl.Assign:
		return &lsl.Assign{Dst: r.reg(s.Dst), Op: s.Op, Comp: s.Comp, Field: s.Field, Args: r.ops(s.Args), Pos: s.Pos}
	case *lsl.Load:
		return &lsl.Load{Dst: r.reg(s.Dst), Addr: r.op(s.Addr), Expr: s.Expr, Tags: s.Tags, Pos: s.Pos}
	case *lsl.Store:
		return &lsl.Store{Addr: r.op(s.Addr), Val: r.op(s.Val), Expr: s.Expr, Tags: s.Tags, Status: r.reg(s.Status), Pos: s.Pos}
	case *lsl.Fence:
		x := *s
		return &x
	case *lsl.If:
		return &lsl.If{Cond: r.op(s.Cond), Then: r.block(s.Then), Else: r.block(s.Else), Pos: s.Pos}
	case *lsl.Break:
		return &lsl.Break{Label: r.label(s.Label), Pos: s.Pos}
	case *lsl.Continue:
		return &lsl.Continue{Label: r.label(s.Label), Pos: s.Pos}
	case *lsl.Abort:
		x := *s
		return &x
	case *lsl.Call:
		c := &lsl.Call{Proc: s.Proc, Args: r.ops(s.Args), Results: r.regs(s.Results), Pos: s.Pos}
		if s.Proc == createMarker || s.Proc == joinMarker {
			r.markers[c] = s
		}
		return c
	case *lsl.Choose:
		return &lsl.Choose{Dst: r.reg(s.Dst), Lo: s.Lo, Hi: s.Hi, Expr: s.Expr, Pos: s.Pos}
	case *lsl.Atomic:
		return &lsl.Atomic{Body: r.block(s.Body), Pos: s.Pos}
	case *lsl.Spin:
		return &lsl.Spin{Label: r.label(s.Label), Body: r.block(s.Body), Pos: s.Pos}
	case *lsl.Assert:
		return &lsl.Assert{Cond: r.op(s.Cond), Msg: s.Msg, Pos: s.Pos}
	case *lsl.Assume:
		return &lsl.Assume{Cond: r.op(s.Cond), Pos: s.Pos}
	case *lsl.Observe:
		o := &lsl.Observe{Kind: s.Kind, Name: s.Name, Pos: s.Pos}
		if s.Val != nil {
			o.Val = r.op(s.Val)
		}
		return o
	case *lsl.Alloc:
		return &lsl.Alloc{Dst: r.reg(s.Dst), Kind: s.Kind, Type: s.Type, Name: s.Name, Pos: s.Pos}
	case *lsl.Free:
		return &lsl.Free{Ptr: r.op(s.Ptr), Kind: s.Kind, Pos: s.Pos}
	case *lsl.Pruned:
		x := *s
		return &x
	}
	panic("inline: unknown statement")
}

// inlinedCall is the code of a call of proc inlined in place: its parameters
// take the arguments, its body runs (a return breaks out of its "ret"
// block, renamed) and the call's result registers take its results. n
// makes the renaming unique.
func inlinedCall(call *lsl.Call, proc *lsl.Proc, n int) ([]lsl.Stmt, *renamer) {
	r := &renamer{suffix: "$" + strconv.Itoa(n), labelSuffix: "_i" + strconv.Itoa(n), markers: map[*lsl.Call]*lsl.Call{}}
	var out []lsl.Stmt
	for i, p := range proc.Params {
		var a lsl.Operand = lsl.Const{V: lsl.Undef}
		if i < len(call.Args) {
			a = call.Args[i]
		}
		out = append(out, &lsl.Assign{Dst: r.reg(p), Op: lsl.OpCopy, Args: []lsl.Operand{a}, Pos: call.Pos})
	}
	out = append(out, r.block(proc.Body))
	for i, res := range call.Results {
		if i < len(proc.Results) {
			out = append(out, &lsl.Assign{Dst: res, Op: lsl.OpCopy, Args: []lsl.Operand{r.reg(proc.Results[i])}, Pos: call.Pos})
		}
	}
	return out, r
}
