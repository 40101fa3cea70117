package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/llir/llvm/ir"
)

// C99 inline functions. A function defined with plain `inline` (neither
// static nor extern) has, in C99, no external definition in its file, so
// clang at -O0 calls an external symbol no file defines, and SV-COMP's
// programs (and much C code written for gcc) expect the definition to be
// used. ClangFlags therefore compile C with -fgnu89-inline: a plain inline
// definition is then an ordinary external one (and `extern inline` is
// inline-only, as in GNU C). A header's inline function then has a
// definition in each file that includes it: the copies of one source
// definition are one function (sameSource).

// sameSource reports whether two external definitions of a function come
// from the same place in the same source file (an inline function of a
// header included twice) and so are one definition.
func (t *translator) sameSource(prev, f *ir.Func, pos diag.Pos) bool {
	pm := t.procMod[prev]
	if pm == nil {
		return false
	}
	pp := t.funcPos(pm, prev)
	return pp.IsValid() && pp == pos
}
