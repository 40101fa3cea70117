package report

import (
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/mining"
)

// Data races. A data-race counterexample (mining.ReasonDataRace) names
// two accesses (encode.Race): the failure is at the first, whose message
// says why neither happens before the other; the second gets a failure
// line of its own under its operation, so both are marked wherever the
// trace is shown, and both events carry Race (1, 2) for the highlighting.

// raceAccesses marks the racing accesses of x and puts the second one's
// failure line under its operation.
func (t *trace) raceAccesses(x *encode.Execution) {
	rc := x.Race
	if rc == nil || t.failure == nil || t.res.Reason != mining.ReasonDataRace {
		return
	}
	first, second := t.events[rc.First], t.events[rc.Second]
	if first == nil || second == nil {
		return
	}
	first.Race, second.Race = 1, 2
	t.race = &raceView{First: first, Second: second, Why: rc.Why}
	op := opOf(second)
	if op == nil || op.Failure != nil {
		return
	}
	op.Failure = &failureView{Reason: mining.ReasonDataRace, Thread: second.Thread, Op: op, Pos: second.Pos,
		Where: second.Where, Snippet: second.Snippet,
		Msg: "the other access of the race: this " + raceAccess(second) + " and the " + raceAccess(first) + " of " +
			first.Thread.Name + " at " + first.Where}
}

// raceView is the pair of a data race.
type raceView struct {
	First, Second *eventView
	Why           string
}

// opOf finds the operation an event belongs to.
func opOf(ev *eventView) *opView {
	for _, op := range ev.Thread.Ops {
		for _, e := range op.Events {
			if e == ev {
				return op
			}
		}
	}
	return nil
}

// raceAccess is "store to counter" or "load of q.head (q->head)".
func raceAccess(ev *eventView) string {
	s := ev.Kind + " of " + ev.Addr
	if ev.Kind == "store" {
		s = "store to " + ev.Addr
	}
	if ev.Expr != "" && ev.Expr != ev.Addr {
		s += " (" + ev.Expr + ")"
	}
	return s
}

// raceNote marks a racing access in the text trace's note column.
func raceNote(ev *eventView) string {
	switch ev.Race {
	case 1:
		return "✗ data race (1 of 2)"
	case 2:
		return "✗ data race (2 of 2)"
	}
	return ""
}

// RaceLegend explains a data-race trace (under TraceLegend).
const RaceLegend = `  ✗ data race (1 of 2)  the two accesses of the race: they touch the same
                        location, at least one writes and one is not atomic,
                        and neither happens before the other (no release store
                        read by an acquire load, lock, or thread start or join
                        orders them); what the program does after a race is
                        undefined
`
