package llvmfront

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/source"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
)

// Debug information (clang -g) supplies source positions, the names of
// variables and struct fields, and the C type of heap blocks. Without it,
// positions are lines of the .ll file and names are made up.

// attached is anything that carries metadata attachments.
type attached interface {
	MDAttachments() []*metadata.Attachment
}

// dbgLoc returns the !dbg location of an instruction, or nil.
func dbgLoc(x any) *metadata.DILocation {
	a, ok := x.(attached)
	if !ok {
		return nil
	}
	for _, md := range a.MDAttachments() {
		if md.Name == "dbg" {
			if loc, ok := md.Node.(*metadata.DILocation); ok {
				return loc
			}
		}
	}
	return nil
}

// dbgSubprogram returns the !dbg subprogram of a function, or nil.
func dbgSubprogram(f *ir.Func) *metadata.DISubprogram {
	for _, md := range f.Metadata {
		if md.Name == "dbg" {
			if sp, ok := md.Node.(*metadata.DISubprogram); ok {
				return sp
			}
		}
	}
	return nil
}

// scopeFile finds the file of a debug scope.
func scopeFile(scope metadata.Field) *metadata.DIFile {
	for i := 0; i < 100 && scope != nil; i++ {
		switch s := scope.(type) {
		case *metadata.DISubprogram:
			return s.File
		case *metadata.DILexicalBlock:
			if s.File != nil {
				return s.File
			}
			scope = s.Scope
		case *metadata.DILexicalBlockFile:
			if s.File != nil {
				return s.File
			}
			scope = s.Scope
		case *metadata.DIFile:
			return s
		default:
			return nil
		}
	}
	return nil
}

// sourceName turns a DIFile into the path the user would use: the file
// name as clang was given it if that resolves from here, else joined with
// the compilation directory.
func sourceName(f *metadata.DIFile) string {
	if f == nil {
		return ""
	}
	name := f.Filename
	if filepath.IsAbs(name) || f.Directory == "" {
		return name
	}
	if _, err := os.Stat(name); err == nil {
		return name
	}
	return filepath.Join(f.Directory, name)
}

// locPos converts a debug location to a position.
func locPos(loc *metadata.DILocation) diag.Pos {
	if loc == nil || loc.Line <= 0 {
		return diag.Pos{}
	}
	return diag.Pos{File: sourceName(scopeFile(loc.Scope)), Line: int(loc.Line), Col: int(loc.Column)}
}

// structFieldNames reads the member names of the C structs described in a
// module's debug info, by struct tag (or typedef name for anonymous ones).
func structFieldNames(m *ir.Module) map[string][]string {
	out := map[string][]string{}
	add := func(name string, ct *metadata.DICompositeType) {
		if name == "" || ct.Elements == nil {
			return
		}
		if _, ok := out[name]; ok {
			return
		}
		var names []string
		for _, e := range ct.Elements.Fields {
			dt, ok := e.(*metadata.DIDerivedType)
			if !ok || dt.Tag != enum.DwarfTagMember {
				return
			}
			names = append(names, dt.Name)
		}
		out[name] = names
	}
	for _, d := range m.MetadataDefs {
		switch x := d.(type) {
		case *metadata.DICompositeType:
			if x.Tag == enum.DwarfTagStructureType || x.Tag == enum.DwarfTagClassType {
				add(x.Name, x)
			}
		case *metadata.DIDerivedType:
			if x.Tag == enum.DwarfTagTypedef {
				if ct, ok := x.BaseType.(*metadata.DICompositeType); ok && ct.Name == "" {
					add(x.Name, ct)
				}
			}
		}
	}
	return out
}

// diPointeeStruct returns the struct tag a C pointer type points to ("node"
// for node_t *), looking through typedefs and qualifiers; "" otherwise.
func diPointeeStruct(t metadata.Field) string {
	t = stripQualifiers(t)
	d, ok := t.(*metadata.DIDerivedType)
	if !ok || d.Tag != enum.DwarfTagPointerType {
		return ""
	}
	if ct, ok := stripQualifiers(d.BaseType).(*metadata.DICompositeType); ok {
		if ct.Name != "" {
			return ct.Name
		}
	}
	// an anonymous struct is known by its typedef name
	for b := d.BaseType; b != nil; {
		td, ok := b.(*metadata.DIDerivedType)
		if !ok {
			break
		}
		if td.Tag == enum.DwarfTagTypedef {
			if ct, ok := stripQualifiers(td.BaseType).(*metadata.DICompositeType); ok && ct.Name == "" {
				return td.Name
			}
		}
		b = td.BaseType
	}
	return ""
}

func stripQualifiers(t metadata.Field) metadata.Field {
	for i := 0; i < 100; i++ {
		d, ok := t.(*metadata.DIDerivedType)
		if !ok {
			return t
		}
		switch d.Tag {
		case enum.DwarfTagTypedef, enum.DwarfTagConstType, enum.DwarfTagVolatileType, enum.DwarfTagAtomicType, enum.DwarfTagRestrictType:
			t = d.BaseType
		default:
			return t
		}
	}
	return t
}

// sourceLines caches source files for assertion messages.
type sourceLines map[string][]string

// line returns line n of file name ("" if unavailable).
func (s sourceLines) line(name string, n int) string {
	lines, ok := s[name]
	if !ok {
		// only input files: !DIFile can name any file
		if b := source.ReadShownSource(name, source.MaxSourceSize); b != nil {
			lines = strings.Split(string(b), "\n")
		}
		s[name] = lines
	}
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

// assertText extracts the condition of the assert call at pos from the
// source ("r1 == 1" from "assert(r1 == 1);"), or "" if it cannot.
func (s sourceLines) assertText(pos diag.Pos, names ...string) string {
	line := s.line(pos.File, pos.Line)
	if line == "" {
		return ""
	}
	from := pos.Col - 1
	if from < 0 || from > len(line) {
		from = 0
	}
	for _, start := range []int{from, 0} {
		for _, name := range names {
			i := strings.Index(line[start:], name)
			if i < 0 {
				continue
			}
			rest := line[start+i+len(name):]
			rest = strings.TrimLeft(rest, " \t")
			if !strings.HasPrefix(rest, "(") {
				continue
			}
			depth := 0
			for j, c := range rest {
				switch c {
				case '(':
					depth++
				case ')':
					depth--
					if depth == 0 {
						return strings.TrimSpace(rest[1:j])
					}
				}
			}
		}
	}
	return ""
}

// regName turns a C or LLVM name into a register name (letters, digits,
// _ . $), with the % sigil.
func regName(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c == '_' || c == '.' || c == '$' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
			b.WriteByte(c)
		} else {
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "%t"
	}
	return "%" + b.String()
}

// identName turns a name into an LSL identifier (globals, procedures,
// structs, fields): letters, digits and _, not starting with a digit.
func identName(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
			b.WriteByte(c)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		s = "_" + s
	}
	return s
}

// uniqueName returns name, or name_2, name_3, … if taken.
func uniqueName(name string, taken map[string]bool) string {
	n := name
	for i := 2; taken[n]; i++ {
		n = name + "_" + strconv.Itoa(i)
	}
	taken[n] = true
	return n
}

// bitFieldError reports the first bit-field member of a struct the debug
// info describes, as the C front end does: clang reads and writes a
// bit-field as masking of its storage unit, and the first write to a
// bit-field of a local or malloc'd struct would read the unit before
// anything was stored there (a runtime error of a correct program).
func bitFieldError(name string, m *ir.Module) error {
	for _, d := range m.MetadataDefs {
		ct, ok := d.(*metadata.DICompositeType)
		if !ok || ct.Elements == nil || (ct.Tag != enum.DwarfTagStructureType && ct.Tag != enum.DwarfTagClassType) {
			continue
		}
		for _, e := range ct.Elements.Fields {
			dt, ok := e.(*metadata.DIDerivedType)
			if !ok || dt.Tag != enum.DwarfTagMember || dt.Flags&enum.DIFlagBitField == 0 {
				continue
			}
			file := sourceName(dt.File)
			if file == "" {
				file = name
			}
			tag := ct.Name
			if tag == "" {
				tag = "(anonymous)"
			}
			return diag.ErrorfCode(diag.Pos{File: file, Line: int(dt.Line), Col: 1}, diag.CodeUnsupported, "struct %s: bit-field %s is not supported (use a packed word, or an integer and masks)", tag, dt.Name)
		}
	}
	return nil
}
