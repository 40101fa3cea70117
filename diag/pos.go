package diag

import "strconv"

// Pos is a source position: in the C (or LLVM, litmus) source the statement
// was translated from, or in the .lsl file itself.
type Pos struct {
	File string
	Line int
	Col  int
}

// IsValid reports whether p names a line.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats p as file:line:col (col omitted when 0).
func (p Pos) String() string {
	if !p.IsValid() {
		if p.File != "" {
			return QuoteFileName(p.File)
		}
		return "-"
	}
	s := QuoteFileName(p.File) + ":" + strconv.Itoa(p.Line)
	if p.Col > 0 {
		s += ":" + strconv.Itoa(p.Col)
	}
	return s
}
