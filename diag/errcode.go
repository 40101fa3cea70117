package diag

import "errors"

// ErrorCode classifies an input error, as go/types' Code does: a tool or
// a test asks what kind of error it got by its code, not by its message,
// which stays free to be reworded. The zero value, CodeUnclassified, is
// the code of an error no class fits.
type ErrorCode int

const (
	CodeUnclassified ErrorCode = iota

	// Input files (internal/source).
	CodeNoFile       // the file does not exist
	CodeNotRegular   // a directory, FIFO, socket or device
	CodeFileTooLarge // beyond MaxSourceSize
	CodeUnreadable   // any other failure to read it

	// The LSL and .tst parsers.
	CodeSyntax           // the grammar (or the lexer) rejects the input
	CodeTooDeep          // nested beyond the parser's limit
	CodeDuplicateDecl    // a name declared twice (struct, field, global, procedure, parameter, test, cell)
	CodeUndeclared       // a reference to no declaration (global, composite, function, label, operation, test)
	CodeInvalidName      // a name that may not be declared (undef, an operation name)
	CodeBadLiteral       // a constant out of range, negative where it may not be, or malformed
	CodeArgCount         // the wrong number of arguments or values, or a non-constant width
	CodeUnknownKind      // an unknown fence, allocation or free kind
	CodeInvalidConstruct // a well-formed statement or declaration that is not allowed where it is
	CodeInternal         // a parser failure that is a bug of checkfence

	// The front ends (C, LLVM IR) and the model files (.mm, .cat).
	CodeUnsupported  // a construct checkfence does not translate ("unsupported: …")
	CodeCompiler     // the C compiler (modernc cc, clang) or the IR parser rejects the input, in its words
	CodeUndefined    // declared but never defined (a link error)
	CodeType         // an operand of the wrong type (void, a set for a relation, a pointer to the wrong width)
	CodeNotConstant  // a value that must be a compile-time constant is not
	CodeUnknownModel // a memory model name that is neither built in nor a path to a model file
	CodeVacuous      // a memory model that admits no execution (an axiom or check is always false)
)

var codeNames = [...]string{
	CodeUnclassified:     "unclassified",
	CodeNoFile:           "no-file",
	CodeNotRegular:       "not-regular",
	CodeFileTooLarge:     "file-too-large",
	CodeUnreadable:       "unreadable",
	CodeSyntax:           "syntax",
	CodeTooDeep:          "too-deep",
	CodeDuplicateDecl:    "duplicate-decl",
	CodeUndeclared:       "undeclared",
	CodeInvalidName:      "invalid-name",
	CodeBadLiteral:       "bad-literal",
	CodeArgCount:         "arg-count",
	CodeUnknownKind:      "unknown-kind",
	CodeInvalidConstruct: "invalid-construct",
	CodeInternal:         "internal",
	CodeUnsupported:      "unsupported",
	CodeCompiler:         "compiler",
	CodeUndefined:        "undefined",
	CodeType:             "type",
	CodeNotConstant:      "not-constant",
	CodeUnknownModel:     "unknown-model",
	CodeVacuous:          "vacuous",
}

func (c ErrorCode) String() string {
	if c >= 0 && int(c) < len(codeNames) {
		return codeNames[c]
	}
	return "ErrorCode(?)"
}

// ErrorfCode returns an *Error at pos with a code.
func ErrorfCode(pos Pos, code ErrorCode, format string, args ...any) *Error {
	e := Errorf(pos, format, args...)
	e.Code = code
	return e
}

// Codes lists the codes of the input errors in err (an *Error, an
// ErrorList, or an error wrapping one), in ErrorList's order; nil when
// err holds none.
func Codes(err error) []ErrorCode {
	var l ErrorList
	if errors.As(err, &l) {
		_ = l.Error() // sorts by position
		out := make([]ErrorCode, len(l))
		for i, e := range l {
			out[i] = e.Code
		}
		return out
	}
	var e *Error
	if errors.As(err, &e) {
		return []ErrorCode{e.Code}
	}
	return nil
}
