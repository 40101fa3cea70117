package diag

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Error is an input error at a source position. Its text is
// "file:line:col: message", the form every checkfence diagnostic takes.
type Error struct {
	Pos  Pos
	Msg  string
	Code ErrorCode // what kind of error (errcode.go); not part of the text
}

func (e *Error) Error() string {
	if e.Pos.File == "" && !e.Pos.IsValid() {
		return e.Msg
	}
	p := e.Pos
	if p.Line <= 0 {
		p.Line = 1
	}
	if p.Col <= 0 {
		p.Col = 1
	}
	return fmt.Sprintf("%s:%d:%d: %s", QuoteFileName(p.File), p.Line, p.Col, e.Msg)
}

// QuoteFileName returns name as it is, or quoted as a Go string when it
// holds a control character (a newline, an escape) or is not UTF-8: a
// file named "a.c\nb.c:9:9: error" must not print as two diagnostics, nor
// one whose name clears the terminal.
func QuoteFileName(name string) string {
	if !utf8.ValidString(name) {
		return strconv.Quote(name)
	}
	for _, r := range name {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return strconv.Quote(name)
		}
	}
	return name
}

// Errorf returns an *Error at pos.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// ErrorList collects several errors; its text is one error per line, sorted
// by position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	var s []string
	for _, e := range l {
		s = append(s, e.Error())
	}
	return strings.Join(s, "\n")
}

// Err returns nil for an empty list, else the list.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// IsInputError reports whether err is (or wraps) an *Error or ErrorList: a
// problem with the user's input (exit status 2) rather than a failure of the
// tool.
func IsInputError(err error) bool {
	var e *Error
	var l ErrorList
	return errors.As(err, &e) || errors.As(err, &l)
}
