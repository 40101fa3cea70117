package encode

import (
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// ObsEquals is the formula Ξ = o: the execution's observation vector is o.
func (e *Encoding) ObsEquals(o trace.Observation) z.Lit {
	c := e.C
	want := map[trace.ObsKey]lsl.Value{}
	for _, it := range o.Items {
		want[it.Key] = it.Value
	}
	res := c.T
	for _, it := range o.Items { // sorted: a deterministic circuit
		s, ok := e.Obs[it.Key]
		if !ok {
			return c.F // this encoding can never observe the key
		}
		res = c.And(res, c.And(s.Present, e.vx.same(s.Val, e.vx.constVal(it.Value))))
	}
	for _, k := range e.ObsKeys {
		if _, ok := want[k]; !ok {
			res = c.And(res, e.Obs[k].Present.Not())
		}
	}
	return res
}

// DecodeObs reads the observation vector of a model.
func (e *Encoding) DecodeObs(val func(z.Lit) bool) trace.Observation {
	var o trace.Observation
	for _, k := range e.ObsKeys {
		s := e.Obs[k]
		if val(s.Present) {
			o.Items = append(o.Items, trace.ObsItem{Key: k, Value: e.vx.decode(s.Val, val)})
		}
	}
	return o
}
