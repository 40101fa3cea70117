package lsl

import "strings"

// ThreadBoundMsg starts the message of the Abort a front end places where
// a program would start more threads than it unrolled thread creation for
// (a pthread_create in a loop whose count is known only at run time):
// reaching it means the bound was too small, so a check that reaches it is
// INCONCLUSIVE, not FAIL (mining).
const ThreadBoundMsg = "thread creation bound reached"

// ThreadBoundLoop follows ThreadBoundMsg in the message: what reached the
// bound. A result's message starting with a position and it is an
// INCONCLUSIVE at the thread-creation bound (report.Hint names the flag
// that raises it).
const ThreadBoundLoop = "the loop that starts or joins threads here goes round"

// IsThreadBoundMessage reports whether a result's message is that of a
// thread-creation bound (the message of mining's INCONCLUSIVE result: the
// position, then what follows ThreadBoundMsg).
func IsThreadBoundMessage(msg string) bool {
	return strings.Contains(msg, ThreadBoundLoop)
}

// IsThreadBound reports whether s is such a bound.
func IsThreadBound(s Stmt) bool {
	a, ok := s.(*Abort)
	return ok && strings.HasPrefix(a.Msg, ThreadBoundMsg)
}
