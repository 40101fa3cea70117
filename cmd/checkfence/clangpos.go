package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/diag"
)

// toSourcePositions rewrites the errors of the LLVM front end that point
// into a temporary .ll file clang made (lls[i], from files[i]) to name the
// C file: the .ll file is gone when the user reads the message. Errors at
// a C line (the usual case: the IR's debug information) are kept.
func toSourcePositions(err error, lls, files []string) error {
	var list diag.ErrorList
	if err == nil || !errors.As(err, &list) {
		return err
	}
	var msgs []string
	moved := false
	for _, e := range list {
		msg := e.Error()
		for i, ll := range lls {
			if e.Pos.File == ll && ll != files[i] {
				msg = fmt.Sprintf("%s: %s (no C line is known: line %d of the LLVM IR clang made of it)", files[i], e.Msg, max(e.Pos.Line, 1))
				moved = true
			}
		}
		msgs = append(msgs, msg)
	}
	if !moved {
		return err
	}
	return errors.New(strings.Join(msgs, "\n"))
}
