// Package headers holds the C headers checkfence ships: lsl_protos.h,
// checkfence.h (the programs' API), the minimal C library headers, and the
// predefined macros. The C front end preprocesses with them as its only
// system include directory, so no C compiler or system headers are
// needed; the LLVM front end hands the same files to clang, so that both
// front ends compile the same C.
package headers

import (
	"embed"
	"io/fs"
)

//go:embed include/*.h
var includeFS embed.FS

// FS returns the headers, by their names (stdlib.h, checkfence.h, …).
// predefined.h holds the predefined macros (Predefined), not a header a
// program includes.
func FS() fs.FS {
	sub, err := fs.Sub(includeFS, "include")
	if err != nil {
		panic(err) // embedded at build time
	}
	return sub
}

// Predefined is the source of the predefined macros (predefined.h).
func Predefined() []byte {
	b, err := includeFS.ReadFile("include/predefined.h")
	if err != nil {
		panic(err) // embedded at build time
	}
	return b
}
