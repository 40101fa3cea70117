// Package diag holds checkfence's input errors: a source position (Pos), an
// error at one (Error, "file:line:col: message"), a list of them sorted by
// position (ErrorList), and the code of each (ErrorCode), which says what
// kind of error it is, as go/types' codes do, so that tests and tools match
// the code rather than the wording. IsInputError tells an error of the
// user's input (exit status 2) from a failure of the tool.
//
// Every part of checkfence reports input errors this way: the LSL and .tst
// parsers and checks (package lsl), the C and LLVM front ends, the .mm and
// .cat model readers, and file reading (internal/source). diag is public
// because the root package's API returns these errors, and lsl's program
// carries Pos; it imports nothing of the project.
package diag
