package mining

import (
	"time"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// Verdict is the answer for one test.
type Verdict string

const (
	Pass         Verdict = "PASS"
	Fail         Verdict = "FAIL"
	Inconclusive Verdict = "INCONCLUSIVE"
)

// Reasons for FAIL and INCONCLUSIVE (the --json "reason" field).
const (
	ReasonConsistency  = trace.ReasonConsistency
	ReasonAssertion    = trace.ReasonAssertion
	ReasonRuntimeError = trace.ReasonRuntimeError
	ReasonDeadlock     = trace.ReasonDeadlock
	ReasonDataRace     = trace.ReasonDataRace
	ReasonLivelock     = trace.ReasonLivelock
	ReasonTimeout      = "timeout"
	ReasonUnrollLimit  = "unroll-limit"
	ReasonMemory       = "memory-limit"
	ReasonInterrupted  = "interrupted"
	ReasonSpecError    = "spec-error"
	ReasonNoSerial     = "no-serial-execution"
)

// Result is the outcome of checking one test.
type Result struct {
	Test    string
	Verdict Verdict
	Reason  string // why FAIL or INCONCLUSIVE
	Message string
	Stats   Stats
	// Trace is the counterexample (FAIL) or a witness execution (PASS),
	// with its program; nil when none was computed.
	Trace *trace.Execution
	// FairNote says which rounds fair progress counts toward the bound
	// on this model although they change nothing others see
	// (encode.Encoding.CatFairNote, StoringRoundsNote), for the hint of an unroll-limit
	// result; "" when it counts none.
	FairNote string
	// enc is the encoding the result is about while it is checked; a
	// result's outputs read its Trace (with its unrolled program), and a
	// run's results do not keep their circuits alive.
	enc *encode.Encoding
	// paramChoices: in a counterexample, what the threads rewritten to
	// choose their arguments chose (encode/paramsym.go; ParamChoices)
	paramChoices []encode.ParamChoice
	// Observation is the non-serializable observation of a consistency
	// failure; Mined is the observation set it was checked against.
	Observation *trace.Observation
	Mined       []trace.Observation
	// Unrolled is the unrolled serial program the observations were mined
	// from (for naming threads and pointers in them).
	Unrolled *lsl.Unrolled
	Bounds   lsl.Bounds // final loop bounds of the concurrent encoding
	// Flags are the flags of a cat model that fire in some complete
	// execution of a PASS (rc11's racy: a data race). They do not change
	// the verdict.
	Flags []string
	// FlagEvents names, per flag of Flags, the events or the pair of
	// events it fires on in one such execution ("" if it names none).
	FlagEvents []string
	// Warnings are what the outputs report beside the verdict: the flags
	// that fire (not rc11's racy when Options.Races decides races), and a
	// data race under RacesWarn.
	Warnings []Warning
}

// finish hands the result out: it takes from its encoding what the
// outputs read and drops the encoding.
func (k *checker) finish() *Result {
	r := k.res
	k.distrustMultiLocationBlocks(r)
	if r.enc != nil {
		r.FairNote = r.enc.CatFairNote()
		if n := r.enc.StoringRoundsNote(); n != "" {
			r.FairNote = n
		}
		r.enc = nil
	}
	return r
}

// Stats are the columns of the results table (dissertation Fig. 8.4).
type Stats struct {
	Instrs, Loads, Stores int // unrolled code
	Vars, Clauses         int // CNF of the final concurrent encoding
	Observations          int // size of the mined observation set
	Rounds                int // lazy-unrolling rounds (concurrent + serial)
	Width                 int
	Encode                time.Duration // building encodings (all rounds)
	Mine                  time.Duration // enumerating serial observations
	Solve                 time.Duration // error, unrolling and consistency queries
	Total                 time.Duration

	// The SAT solver of the final concurrent encoding: the backend that
	// answered its last query (--solver), and its conflicts.
	Solver    string
	Conflicts int64
}

// ParamChoices reports, for a counterexample, the arguments each thread
// that was rewritten to choose them ran with (encode.Encoding.
// ParamChoices): its own in every counterexample the check reports.
func (r *Result) ParamChoices() []encode.ParamChoice { return r.paramChoices }
