package encode

import (
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// ObsIs is the literal "the observation key is present and has value v"
// (an observation that is absent has no value: false).
func (e *Encoding) ObsIs(k trace.ObsKey, v lsl.Value) z.Lit {
	s, ok := e.Obs[k]
	if !ok {
		return e.C.F
	}
	return e.C.And(s.Present, e.vx.same(s.Val, e.vx.constVal(v)))
}

// ObsPresent is the literal "the observation key is present".
func (e *Encoding) ObsPresent(k trace.ObsKey) z.Lit {
	s, ok := e.Obs[k]
	if !ok {
		return e.C.F
	}
	return s.Present
}

// ObsSame is the literal "the two observation keys have equal values"
// (both absent: both undefined, equal).
func (e *Encoding) ObsSame(a, b trace.ObsKey) z.Lit {
	c := e.C
	pa, pb := e.ObsPresent(a), e.ObsPresent(b)
	both := c.F
	if sa, ok := e.Obs[a]; ok {
		if sb, ok := e.Obs[b]; ok {
			both = c.Ands(sa.Present, sb.Present, e.vx.same(sa.Val, sb.Val))
		}
	}
	return c.Or(both, c.And(pa.Not(), pb.Not()))
}
