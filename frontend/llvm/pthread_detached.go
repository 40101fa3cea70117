package llvmfront

import (
	"github.com/checkfence/checkfence/lsl"
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
	f.detached = true
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
