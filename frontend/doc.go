// Package frontend turns input files into one LSL program. Each front end
// (LSL text, C, LLVM IR) registers the file extensions it reads; Load groups
// the command line's implementation files by extension, translates each group
// and links the results into one program.
package frontend
