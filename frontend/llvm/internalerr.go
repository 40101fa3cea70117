package llvmfront

import (
	"errors"

	"github.com/checkfence/checkfence/diag"
)

// internalErrors reports a program the front end made that fails
// lsl.Sanity: at the C positions the errors carry, else at file (the .ll
// file).
func internalErrors(err error, file string) diag.ErrorList {
	var list diag.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		out := make(diag.ErrorList, len(list))
		for i, e := range list {
			out[i] = diag.ErrorfCode(e.Pos, diag.CodeInternal, "internal error in the LLVM front end: %s", e.Msg)
		}
		return out
	}
	return diag.ErrorList{diag.ErrorfCode(diag.Pos{File: file}, diag.CodeInternal, "internal error in the LLVM front end: %v", err)}
}
