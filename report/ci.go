package report

import (
	"bytes"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
)

// CIRun is what the CI formats (JUnit XML, SARIF) describe: the results of
// one "checkfence run" on one memory model.
type CIRun struct {
	Model   string
	Version string // the tool's version
	Results []*mining.Result
	// Tests are the tests checked (Tests[i] gave Results[i]); their
	// positions locate results that have no failing statement. May be nil.
	Tests []*lsl.Test
}

// test returns the test of result i, or nil.
func (c CIRun) test(i int) *lsl.Test {
	if i < len(c.Tests) {
		return c.Tests[i]
	}
	return nil
}

// traceText is the plain text trace of a result ("" if it has none).
func traceText(r *mining.Result, model string) string {
	var b bytes.Buffer
	WriteTrace(&b, r, TextOptions{Model: model, Verbose: true})
	return b.String()
}

// summary is the one-line account of a FAIL or INCONCLUSIVE result:
// "runtime error in t2 (d): null dereference: `next` is 0".
func summary(r *mining.Result, t *traceView) string {
	s := reasonText(r.Reason)
	if r.Verdict == mining.Inconclusive {
		s = "INCONCLUSIVE: " + s
	}
	switch {
	case t != nil && t.failure != nil && r.Reason != mining.ReasonSpecError:
		s += " in " + t.failure.place() + ": " + t.failure.Msg
	case r.Message != "":
		s += ": " + r.Message
	}
	return s
}
