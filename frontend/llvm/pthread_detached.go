package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
)

// Threads main does not join. SV-COMP's pthread programs often start
// their threads and check a condition in main while they run, then return
// (fib_bench: `if (i >= 46368 || j >= 46368) reach_error();` with no
// pthread_join at all). Returning from main ends the program, so the
// threads stop wherever they are.
//
// Such a main is split as if it joined its threads where it returns:
// main's code after its last pthread_create runs as main_self, beside the
// threads, and main_final is empty. The test marks the threads detached
// (lsl.Test.Detached, by the empty procedure main_detached), so that one
// that blocks, or goes round a cycle forever, after main returned is no
// deadlock or livelock: the program has ended (encode's status). Every
// failure found is one of the program: a thread's steps after main's
// return read nothing main wrote after it (main wrote nothing more), so
// the execution in which main returns only after the failure has the same
// accesses in the same order. And every failure of the program is found:
// its execution up to the failure is the prefix of one in which main
// returns last (docs/semantics.md, "Threads main does not join").
//
// A main that joins some of its threads but not all is refused: which
// threads a join waits for is not tracked without handles.

// joinAtReturn returns main's statements with a join of every started
// thread at the end, and the index of the last one.
func (f *fn) joinAtReturn(stmts []lsl.Stmt, starts []*threadStart) ([]lsl.Stmt, int) {
	// after pthread_exit in main the program runs until every thread ends
	f.detached = !f.t.pthread.exits
	out := append([]lsl.Stmt{}, stmts...)
	pos := f.proc.Pos
	for k := range starts {
		m := &lsl.Call{Proc: joinMarker, Pos: pos}
		if f.t.pthread.handles {
			// a join's operand is the thread's number (joinOperands)
			m.Args = []lsl.Operand{num(int64(k + 1))}
		}
		out = append(out, m)
	}
	return out, len(out) - 1
}

// detachCall: pthread_detach(t). Without a pthread_join in main every
// thread is detached already (joinAtReturn), so the call changes nothing.
// A main that joins threads must join every one, and a detached thread
// cannot be joined, so there it is refused.
func detachCall(f *fn, c *ir.InstCall) {
	f.args(c, 1)
	f.refuseDetachWithJoins("pthread_detach")
	f.zeroResult(c)
}

// setDetachStateCall: pthread_attr_setdetachstate(attr, state). The
// detached state is what a main without pthread_join gives its threads;
// beside joins it is refused, as pthread_detach is.
func setDetachStateCall(f *fn, c *ir.InstCall) {
	f.args(c, 2)
	v := f.val(c.Args[1])
	n, ok := v.(lsl.Const)
	if !ok || n.V.Kind != lsl.KNum {
		f.fail(diag.CodeNotConstant, "%s needs a constant argument", calleeName(c))
	} else if n.V.Num == pthreadCreateDetached {
		f.refuseDetachWithJoins("the detached attribute")
	}
	f.zeroResult(c)
}

func (f *fn) refuseDetachWithJoins(what string) {
	if f.t.pthread == nil {
		f.fail(diag.CodeInvalidConstruct, "%s needs a main that starts threads with pthread_create", what)
	}
	if f.t.pthread.joins {
		f.fail(diag.CodeUnsupported, "%s is only supported when main joins none of its threads (they are then all detached); this main calls pthread_join", what)
	}
}

// callsFunc reports whether fn calls the function named name.
func callsFunc(fn *ir.Func, name string) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Insts {
			if c, ok := in.(*ir.InstCall); ok && calleeName(c) == name {
				return true
			}
		}
	}
	return false
}
