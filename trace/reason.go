package trace

// Failure reasons (Failure.Reason), as in the --json "reason" field.
const (
	ReasonAssertion    = "assertion"
	ReasonRuntimeError = "runtime-error"
	ReasonDeadlock     = "deadlock"
	ReasonLivelock     = "livelock"
	ReasonConsistency  = "consistency"
	ReasonDataRace     = "data-race"
)
