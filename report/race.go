package report

import (
	"fmt"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// Data races. A data-race counterexample (mining.ReasonDataRace) names
// two accesses (trace.Race): the failure is at the first, whose message
// says why neither happens before the other; the second gets a failure
// line of its own under its operation, so both are marked wherever the
// trace is shown, and both events carry Race (1, 2) for the highlighting.

// raceAccesses marks the racing accesses of x and puts the second one's
// failure line under its operation.
func (t *traceView) raceAccesses(x *trace.Execution) {
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
	t.markAfterRace()
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

// JSONRace is the pair of a data race under "failure" in --json.
type JSONRace struct {
	First  JSONRaceAccess `json:"first"`
	Second JSONRaceAccess `json:"second"`
	// Why says why neither access happens before the other.
	Why string `json:"why"`
}

// JSONRaceAccess is one access of a data race.
type JSONRaceAccess struct {
	ID      int    `json:"id"` // the event's id in the trace
	Thread  string `json:"thread"`
	Op      string `json:"op,omitempty"`
	Kind    string `json:"kind"` // load or store
	Pos     string `json:"pos"`
	Address string `json:"address"`
	Expr    string `json:"expr,omitempty"`
	Source  string `json:"source_line,omitempty"`
}

func (t *traceView) jsonRace() *JSONRace {
	rc := t.race
	if rc == nil {
		return nil
	}
	access := func(ev *eventView) JSONRaceAccess {
		a := JSONRaceAccess{ID: ev.Instr, Thread: ev.Thread.Name, Kind: ev.Kind, Pos: ev.Pos.String(), Address: ev.Addr, Expr: ev.Expr, Source: ev.Snippet}
		if op := opOf(ev); op != nil {
			a.Op = op.Name
		}
		return a
	}
	return &JSONRace{First: access(rc.First), Second: access(rc.Second), Why: rc.Why}
}

// JSONWarning is one warning of a result in --json: a data race under
// --races=warn, or a flag of a cat model that fires.
type JSONWarning struct {
	Kind    string   `json:"kind"` // data-race or flag
	Name    string   `json:"name,omitempty"`
	Message string   `json:"message"`
	Pos     string   `json:"pos,omitempty"`
	Related []string `json:"related,omitempty"`
}

func jsonWarnings(r *mining.Result) []JSONWarning {
	var out []JSONWarning
	for _, w := range r.Warnings {
		jw := JSONWarning{Kind: w.Kind, Name: w.Name, Message: w.Message}
		if w.Pos.IsValid() {
			jw.Pos = w.Pos.String()
		}
		for _, p := range w.Related {
			jw.Related = append(jw.Related, p.String())
		}
		out = append(out, jw)
	}
	return out
}

// raceRelated is the second access of a data race as a SARIF related
// location, the result being at the first.
func raceRelated(t *traceView) []sarifLocation {
	rc := t.race
	if rc == nil || !rc.Second.Pos.IsValid() {
		return nil
	}
	return []sarifLocation{sarifLoc(rc.Second.Pos, fmt.Sprintf("%s: the other access of the data race, %s (%s)", rc.Second.Thread.Name, raceAccess(rc.Second), rc.Why))}
}

// renumber gives related locations the ids 1, 2, … in order.
func renumber(locs []sarifLocation) []sarifLocation {
	for i := range locs {
		id := i + 1
		locs[i].ID = &id
	}
	return locs
}

// warningResults are a result's warnings as SARIF results of level
// warning: a data race under --races=warn, a cat flag that fires.
func warningResults(r *mining.Result, model string, ruleIndex map[string]int) []sarifResult {
	var out []sarifResult
	for _, w := range r.Warnings {
		idx, ok := ruleIndex[w.Kind]
		if !ok {
			continue
		}
		res := sarifResult{RuleID: w.Kind, RuleIndex: idx, Level: "warning",
			Message:    sarifMessage{fmt.Sprintf("%s on %s: %s", r.Test, model, w.Message)},
			Locations:  []sarifLocation{},
			Properties: map[string]string{"test": r.Test, "verdict": string(r.Verdict), "model": model}}
		if w.Name != "" {
			res.Properties["flag"] = w.Name
		}
		if w.Pos.IsValid() {
			res.Locations = []sarifLocation{sarifLoc(w.Pos, "")}
		}
		for i, p := range w.Related {
			if !p.IsValid() {
				continue
			}
			loc := sarifLoc(p, "")
			id := i + 1
			loc.ID = &id
			res.RelatedLocations = append(res.RelatedLocations, loc)
		}
		out = append(out, res)
	}
	return out
}

// warningTexts are a result's warnings, one line each.
func warningTexts(r *mining.Result) []string {
	var out []string
	for _, w := range r.Warnings {
		out = append(out, w.Message)
	}
	return out
}

// warningLines are the warnings as lines for JUnit's system-out.
func warningLines(r *mining.Result) string {
	s := ""
	for _, w := range warningTexts(r) {
		s += "\nwarning: " + w
	}
	return s
}

// markAfterRace sets AfterRace on the events that the racing accesses do
// not depend on: the execution up to the race is the accesses before
// either one in its thread, those the stores they read depend on, and so
// on (a prefix closed under program order and reads-from; the init
// thread comes before every other thread). What comes after a race is
// undefined, and the trace folds it away.
func (t *traceView) markAfterRace() {
	rc := t.race
	last := map[*threadView]int{} // the latest kept instruction per thread
	var grow func(ev *eventView)
	grow = func(ev *eventView) {
		th := ev.Thread
		if l, ok := last[th]; ok && l >= ev.Instr {
			return
		}
		last[th] = ev.Instr
		for _, op := range th.Ops {
			for _, e := range op.Events {
				if e.Instr <= ev.Instr && e.Source != nil {
					grow(e.Source)
				}
			}
		}
		if th.Kind == lsl.ThreadConcurrent {
			for _, o := range t.threads {
				if o.Kind == lsl.ThreadInit {
					for _, op := range o.Ops {
						for _, e := range op.Events {
							grow(e)
						}
					}
				}
			}
		}
	}
	grow(rc.First)
	grow(rc.Second)
	for _, th := range t.threads {
		l, ok := last[th]
		for _, op := range th.Ops {
			for _, e := range op.Events {
				e.AfterRace = !ok || e.Instr > l
			}
		}
	}
}
