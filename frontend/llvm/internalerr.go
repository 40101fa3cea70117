package llvmfront

import (
	"errors"

	"github.com/checkfence/checkfence/lsl"
)

// internalErrors reports a program the front end made that fails
// lsl.Sanity: at the C positions the errors carry, else at file (the .ll
// file).
func internalErrors(err error, file string) lsl.ErrorList {
	var list lsl.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		out := make(lsl.ErrorList, len(list))
		for i, e := range list {
			out[i] = lsl.ErrorfCode(e.Pos, lsl.CodeInternal, "internal error in the LLVM front end: %s", e.Msg)
		}
		return out
	}
	return lsl.ErrorList{lsl.ErrorfCode(lsl.Pos{File: file}, lsl.CodeInternal, "internal error in the LLVM front end: %v", err)}
}
