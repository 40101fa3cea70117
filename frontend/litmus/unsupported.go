package litmus

import (
	"errors"

	"github.com/checkfence/checkfence/diag"
)

// Unsupported is the outcome of a well-formed litmus test that uses a
// feature the front end does not translate (mixed-size accesses, loops,
// an instruction outside the supported list). It is neither an input
// error nor a verdict: the litmus command counts such tests by Reason.
type Unsupported struct {
	Pos    diag.Pos
	Reason string // a short category: "mixed-size access", "loop", …
	Detail string
}

func (u *Unsupported) Error() string {
	return (&diag.Error{Pos: u.Pos, Msg: "unsupported: " + u.Detail}).Error()
}

// Unsupported reasons.
const (
	ReasonMixedSize   = "mixed-size access"
	ReasonLoop        = "loop (backward jump)"
	ReasonInstruction = "unsupported instruction"
	ReasonOffset      = "address offset"
	ReasonWide        = "value wider than 32 bits"
	ReasonArray       = "array location"
	ReasonUnsequenced = "unsequenced accesses"
	ReasonNoCondition = "no final condition"
	ReasonOther       = "other"
)

// IsUnsupported returns the Unsupported error in err, if any.
func IsUnsupported(err error) (*Unsupported, bool) {
	var u *Unsupported
	ok := errors.As(err, &u)
	return u, ok
}

func (p *parser) unsupported(pos diag.Pos, reason, format string, args ...any) {
	panic(bail{&Unsupported{Pos: pos, Reason: reason, Detail: diag.Errorf(pos, format, args...).Msg}})
}
