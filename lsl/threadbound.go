package lsl

import "strings"

// ThreadBoundMsg starts the message of the Abort a front end places where
// a program would start more threads than it unrolled thread creation for
// (a pthread_create in a loop whose count is known only at run time):
// reaching it means the bound was too small, so a check that reaches it is
// INCONCLUSIVE, not FAIL (mining).
const ThreadBoundMsg = "thread creation bound reached"

// IsThreadBound reports whether s is such a bound.
func IsThreadBound(s Stmt) bool {
	a, ok := s.(*Abort)
	return ok && strings.HasPrefix(a.Msg, ThreadBoundMsg)
}
