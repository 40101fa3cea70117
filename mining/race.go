package mining

import (
	"context"
	"fmt"
	"slices"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// Data races (docs/semantics.md, "Data races"). In a C11 program two
// conflicting accesses, one of them not atomic, that happens-before does
// not order are undefined behaviour: with RacesFail such an execution is
// a failure of its own, the first one looked for (report: whatever else
// goes wrong in a racy execution may be the race's doing), found in the
// executions the memory model allows (encode/race.go). RacesWarn reports
// a race beside the verdict instead.

// RaceMode says what the check does about data races (--races).
type RaceMode uint8

const (
	// RacesNone, the zero value: no race check; rc11's racy flag is a
	// flag like any other. The CLI uses RacesFail for C11 programs
	// (C11Semantics) unless --races says otherwise.
	RacesNone RaceMode = iota
	// RacesFail: a data race is a FAIL (reason data-race).
	RacesFail
	// RacesWarn: a data race is a warning; the verdict is that of the
	// other checks (checkWarningRaces).
	RacesWarn
	// RacesOff: no race check; rc11's racy flag is not reported and keeps
	// no retry round under fair progress.
	RacesOff
)

// ParseRaceMode reads a --races value: fail, warn or off.
func ParseRaceMode(s string) (RaceMode, error) {
	switch s {
	case "fail":
		return RacesFail, nil
	case "warn":
		return RacesWarn, nil
	case "off":
		return RacesOff, nil
	}
	return RacesNone, fmt.Errorf("unknown --races value %q (use fail, warn or off)", s)
}

func (m RaceMode) String() string {
	return map[RaceMode]string{RacesNone: "none", RacesFail: "fail", RacesWarn: "warn", RacesOff: "off"}[m]
}

// checks reports whether the encoding needs the race check.
func (m RaceMode) checks() bool { return m == RacesFail || m == RacesWarn }

// C11Semantics reports whether a program has C11's semantics, in which
// a data race is undefined behaviour: a front end that reads C11 marked
// it (clang's LLVM IR, C litmus tests), and it does not synchronise with
// CheckFence's own primitives (lsl_fence, lsl_cas), whose programs race
// by design (the data types of the dissertation read shared fields with
// plain loads and order them with fences).
func C11Semantics(prog *lsl.Program) bool { return prog.C11 && !prog.CheckFenceSync }

// Warning is something a check found that does not change its verdict:
// a data race under RacesWarn, or a flag of a cat model that fires.
type Warning struct {
	Kind    string // WarnDataRace or WarnFlag
	Name    string // the flag's name (WarnFlag)
	Message string
	// Pos is where it is (the first racing access, the first event a
	// flag names; invalid if none), Related the other places (the second
	// racing access).
	Pos     diag.Pos
	Related []diag.Pos
}

// Warning kinds.
const (
	WarnDataRace = trace.ReasonDataRace
	WarnFlag     = "flag"
)

// raceLit is what the race check adds to a round's failures: the race
// literal under RacesFail, false otherwise.
func (k *checker) raceLit(e *encode.Encoding) z.Lit {
	if k.opt.Races != RacesFail || e.Race == nil {
		return e.C.F
	}
	return e.Race.Lit
}

// reportRace reports a data race of p as the failure, if there is one:
// in an execution where no thread is cut off at a loop bound first.
func (k *checker) reportRace(p *problem) (bool, error) {
	e := p.enc
	race := k.raceLit(e)
	if race == e.C.F {
		return false, nil
	}
	for _, q := range []z.Lit{e.C.And(race, e.AnyPruned.Not()), race} {
		r, err := k.solve(p, q)
		if err != nil {
			return false, err
		}
		if r == sat.Sat {
			return true, k.failRace(p)
		}
	}
	return false, nil
}

// failRace records the race of the last model of p as the counterexample.
func (k *checker) failRace(p *problem) error {
	val := p.s.Value
	x := p.enc.Decode(val)
	k.res.paramChoices = p.enc.ParamChoices(val)
	f := p.enc.RaceFailure(val, x)
	if f == nil {
		return fmt.Errorf("internal error: a data race was found but names no racing pair")
	}
	x.Failure = f
	k.res.Verdict = Fail
	k.res.Reason = ReasonDataRace
	k.res.Trace = x
	k.stats(p)
	k.describeFailure(p, x)
	return errStop
}

// checkWarningRaces is Check under RacesWarn: the check of RacesFail,
// and when it finds a race, the race as a warning and the verdict of a
// check that ignores races. Two checks and not one query: fair progress
// leaves out retry rounds that only repeat earlier ones, unless their
// accesses race (encode.Options.RaceCycles), which only a check in which
// a race is a failure may ask; without it a race that only such a round
// shows would go unreported.
func checkWarningRaces(ctx context.Context, prog *lsl.Program, test *lsl.Test, opt Options) (*Result, error) {
	opt.Races = RacesFail
	first, err := check(ctx, prog, test, opt)
	if err != nil || first.Verdict != Fail || first.Reason != ReasonDataRace {
		return first, err
	}
	w := raceWarning(first)
	opt.Races = RacesOff
	r, err := check(ctx, prog, test, opt)
	if err != nil {
		return nil, err
	}
	r.Warnings = append([]Warning{w}, r.Warnings...)
	r.Stats.Total += first.Stats.Total
	return r, nil
}

// raceWarning is the data race of a data-race FAIL as a warning.
func raceWarning(r *Result) Warning {
	x := r.Trace
	f := x.Failure
	w := Warning{Kind: WarnDataRace, Pos: f.Pos, Message: "data race: " + r.Message}
	for _, ii := range f.Related {
		if ev := x.Events[ii]; ev != nil {
			w.Related = append(w.Related, ev.Pos)
		}
	}
	return w
}

// flagWarning is the warning of a flag that fires, with the positions of
// the events it names.
func flagWarning(e *encode.Encoding, f *encode.CatFlag, val func(z.Lit) bool) Warning {
	w := Warning{Kind: WarnFlag, Name: f.Name, Message: "flag " + f.Name + " fires in some execution"}
	if on := e.FlagWitness(f, val); on != "" {
		w.Message += ", on " + on
	}
	for i, ii := range e.FlagInstrs(f, val) {
		if i == 0 {
			w.Pos = e.Instrs[ii].Pos()
		} else {
			w.Related = append(w.Related, e.Instrs[ii].Pos())
		}
	}
	return w
}

// isRaceFlag reports whether f is rc11's racy flag, the relation the
// race check decides.
func (k *checker) isRaceFlag(e *encode.Encoding, f *encode.CatFlag) bool {
	return encode.IsRC11RaceFlag(e, f)
}

// RaceFlag is the flag under which Executions and Decide report a data
// race that the program-level check finds (Options.Races warn or fail):
// rc11's name for it, herd's "Flag racy".
const RaceFlag = "racy"

// racyExecution reports whether some complete execution of p has a data
// race by the program-level check, when its encoding has one and the
// model reported no flag of that name already (rc11's own).
func (k *checker) racyExecution(p *problem, flags []string, sat func(z.Lit) (bool, error)) (bool, error) {
	if p.enc.Race == nil || slices.Contains(flags, RaceFlag) {
		return false, nil
	}
	return sat(p.enc.C.And(p.enc.AllDone, p.enc.Race.Lit))
}
