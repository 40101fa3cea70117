package llvmfront

import "github.com/checkfence/checkfence/lsl"

// Structuring wraps main's code in labeled blocks wherever control flow
// joins: `if (i >= 21 || j >= 21) __VERIFIER_error();` after the joins
// (SV-COMP's fib_bench, and most of its pthread programs) becomes
//
//	b3: { create; create; join; join; if %c1 { } else { if %c2 { } else { break b3 } }; assert 0 }
//
// and an abort() there makes main break to its return label from the
// middle. The thread operations must be main's own statements for the
// split into main_init, the threads and main_final, so they are moved out
// of such blocks first: a block that is no loop runs its statements in
// order, so the longest prefix of them that cannot leave the block (no
// break or continue to its label or beyond) runs the same in front of it.

// hoistThreadOps moves the thread operations of main's statements out of
// the labeled blocks around them, as far as the blocks' prefixes allow.
func (f *fn) hoistThreadOps(stmts []lsl.Stmt) []lsl.Stmt {
	var out []lsl.Stmt
	for _, s := range stmts {
		b, ok := s.(*lsl.Block)
		if !ok || !f.hasThreadMarker(b) || b.IsLoop() {
			out = append(out, s)
			continue
		}
		inner := f.hoistThreadOps(b.Stmts)
		k := 0
		for k < len(inner) && !leaves(inner[k]) {
			k++
		}
		out = append(out, inner[:k]...)
		if k < len(inner) {
			rest := *b
			rest.Stmts = inner[k:]
			out = append(out, &rest)
		}
	}
	return out
}
