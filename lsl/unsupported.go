package lsl

import (
	"regexp"
	"strings"
)

// Refusals. A front end that meets a construct it does not translate
// reports it as "file:line:col: unsupported: WHAT (why or what to do
// instead)" with exit status 2 (docs/c-conventions.md lists them).

var (
	notSupported  = regexp.MustCompile(`^(.*?),? (?:is|are) not supported(.*)$`)
	onlySupported = regexp.MustCompile(`^(.*?) (?:is|are) only supported (.*)$`)
	colonNot      = regexp.MustCompile(`^(.*): not supported$`)
	// "x: floating point", "field s.u: unions": the subject comes first
	subject = regexp.MustCompile(`^([^ :]+(?: [^ :]+)?): (.+)$`)
)

// Unsupported gives a front end's message of the form "X is not supported
// …" or "X is only supported in Y" the form of a refusal, "unsupported:
// X …" and "unsupported: X (only in Y)" ("d: X is not supported", where d
// names the declaration, becomes "unsupported: X (d)"); other messages
// are returned as they are.
func Unsupported(msg string) string {
	if strings.HasPrefix(msg, "unsupported: ") {
		return msg
	}
	if m := notSupported.FindStringSubmatch(msg); m != nil {
		what := m[1]
		if sm := subject.FindStringSubmatch(what); sm != nil {
			what = sm[2] + " (" + sm[1] + ")"
		}
		return "unsupported: " + what + m[2]
	}
	if m := colonNot.FindStringSubmatch(msg); m != nil {
		return "unsupported: " + m[1]
	}
	if m := onlySupported.FindStringSubmatch(msg); m != nil {
		return "unsupported: " + m[1] + " (only " + m[2] + ")"
	}
	return msg
}
