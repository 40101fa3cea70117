package llvmfront

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/checkfence/checkfence/diag"
)

// Opaque pointers. clang 15 and later write every pointer as ptr, without
// the type it points to; the parser (github.com/llir/llvm v0.3.6, the
// last version the Go module proxy serves) reads only typed pointers
// (i32*, %struct.node*), which clang 14 writes, and the translation is
// built on those types: it follows a pointer's static type to find the
// fields a load or store reaches, to type heap blocks, and to give
// pointers one path when they escape (doc.go, "Pointers").
//
// So opaque-pointer IR is rewritten into the typed-pointer IR clang 14
// would have written for the same program, and read as before:
//
//   - every ptr gets a pointee type: first the C types of the debug
//     information (clang -g, which Compile always passes) of variables,
//     parameters, globals, struct members and return types; then the
//     types the instructions give (an alloca's, a getelementptr's source
//     and result, a load's or store's value, a call's signature), linked
//     through loads, stores, calls and phis (opaque_infer.go); a pointer
//     nothing types is i8*, as void* is;
//   - a value has the type of what defines it, and an operand whose use
//     wants another type is cast, by a bitcast on the same line (so line
//     numbers stay), a constant bitcast, or, for an array where a pointer
//     to its element is wanted, a decay (&a[0]): the casts clang 14 wrote
//     for the casts of the C program (opaque_emit.go); byte offsets into
//     char arrays, and variable byte offsets into other arrays (LLVM 19
//     -O1), index the array, as clang 14 wrote them;
//   - overloaded intrinsics take their typed names (llvm.memcpy.p0.p0.i64
//     becomes llvm.memcpy.p0i8.p0i8.i64), debug records (#dbg_declare,
//     clang 19) become the intrinsic calls they stand for, and the
//     attributes, flags and debug fields of newer versions that llir
//     cannot read and that change nothing the front end models are
//     removed (memory(…), or disjoint, getelementptr nuw, DIAssignID, …:
//     opaque_compat.go), as is the explicit padding of clang 20 and later
//     (opaque_padding.go).
//
// The translation treats a bitcast of a pointer as the same pointer to the
// same object (pointers.go: retype), so a cast the rewrite adds where
// clang 14 wrote none changes no path. Without debug information a pointer
// has only the types its instructions give it; the repository's programs
// still translate as with clang 14 (tests/clang_versions_test.go compares
// them with debug information).

// readableSources prepares the sources for llir: integer constant
// expressions on addresses from null folded (constfold.go), opaque
// pointers typed.
func readableSources(srcs []Source) ([]Source, error) {
	out := make([]Source, len(srcs))
	for i, s := range srcs {
		out[i] = Source{Name: s.Name, Text: foldConstants(s.Name, s.Text)}
	}
	return retypeOpaque(out)
}

// isOpaque reports whether a source uses opaque pointers.
func isOpaque(src []byte) bool { return opaquePointerLine(src) > 0 }

// retypeOpaque rewrites the sources that use opaque pointers into
// typed-pointer IR; the others are returned as they are. The modules are
// typed together, so that a declaration takes the types of the definition
// another module has.
func retypeOpaque(srcs []Source) ([]Source, error) {
	var mods []*omod
	var at []int
	for i, s := range srcs {
		if !isOpaque(s.Text) {
			continue
		}
		if len(s.Text) > maxSource {
			return nil, diag.ErrorfCode(diag.Pos{File: s.Name, Line: 1, Col: 1}, diag.CodeFileTooLarge, "file too large (%d bytes)", len(s.Text))
		}
		m, err := parseOpaque(s.Name, s.Text)
		if err != nil {
			line := 1
			var pe *parseError
			if errors.As(err, &pe) {
				line = pe.line
				err = errors.New(pe.msg)
			}
			return nil, readError(s.Name, s.Text, line, "cannot read LLVM IR with opaque pointers: %v", err)
		}
		mods = append(mods, m)
		at = append(at, i)
	}
	if len(mods) == 0 {
		return srcs, nil
	}
	out := append([]Source(nil), srcs...)
	p, err := safeInfer(mods)
	if err != nil {
		return nil, diag.ErrorfCode(diag.Pos{File: mods[0].name, Line: 1, Col: 1}, diag.CodeUnsupported, "cannot type the pointers of LLVM IR with opaque pointers: %v", err)
	}
	for k, m := range mods {
		text, err := safeEmit(p, m)
		if err != nil {
			return nil, diag.ErrorfCode(diag.Pos{File: m.name, Line: 1, Col: 1}, diag.CodeUnsupported, "cannot type the pointers of LLVM IR with opaque pointers: %v", err)
		}
		if line := opaquePointerLine(text); line > 0 {
			// a ptr outside anything the reader knows: not LLVM IR it reads
			return nil, readError(m.name, text, line, "cannot read LLVM IR with opaque pointers: ptr where the reader does not expect it")
		}
		out[at[k]] = Source{Name: m.name, Text: text}
	}
	return out, nil
}

// readError is an error at a line of an .ll file, or, when clang compiled
// the line from C (it has a debug location), at that C line: a construct
// the front end cannot read, "unsupported", with the .ll line for
// reference.
func readError(name string, src []byte, line int, format string, args ...any) *diag.Error {
	msg := fmt.Sprintf(format, args...)
	if pos, ok := linePos(src, line); ok {
		return diag.ErrorfCode(pos, diag.CodeUnsupported, "unsupported: %s (%s:%d)", msg, filepath.Base(name), line)
	}
	return diag.ErrorfCode(diag.Pos{File: name, Line: line, Col: 1}, diag.CodeCompiler, "%s", msg)
}

// safeInfer and safeEmit turn a panic (a bug, or input the reader does
// not expect) into an error.
func safeInfer(mods []*omod) (p *opaqueProg, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	return inferOpaque(mods), nil
}

func safeEmit(p *opaqueProg, m *omod) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	return p.emitOpaque(m), nil
}
